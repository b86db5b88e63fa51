import { expect, test } from '@playwright/test'
import { Agent } from './agent.ts'
import { baseUrl, newPage, node, openGraph } from './helpers.ts'

// Seed 000's goal is the graph's (meta.goal), no longer written into the root's notes (two makers'
// goals ran together there, issue 23): a person opening an agent's project reads it on the root.
test('the goal an agent made its project with shows on the root, whole, and only there', async ({
  browser,
}) => {
  const agent = await Agent.connect(baseUrl(), 'e2e-goal', '/mcp')
  const { context, page } = await newPage(browser)
  try {
    const goal = 'Ship v1 by June\nScope: the web app and the sync server'
    await agent.call('graph_open', { project: 'e2e-goal', goal })
    await agent.call('graph_plan', { project: 'e2e-goal', nodes: [{ ref: 'a', summary: 'Write the API' }] })
    await openGraph(page, 'e2e-goal')
    await node(page, 'Ship v1 by June').click()
    const shown = page.getByTestId('insp-goal')
    await expect(shown).toContainText('Ship v1 by June')
    await expect(shown).toContainText('Scope: the web app and the sync server')
    await node(page, 'Write the API').click()
    await expect(page.getByTestId('inspector')).toBeVisible()
    await expect(shown).toHaveCount(0)
  } finally {
    await agent.close()
    await context.close()
  }
})
