import { expect, test } from '@playwright/test'
import { Agent } from './agent.ts'
import { baseUrl, createGraph, graphState, newPage, node, selectNode } from './helpers.ts'

test('an agent writing through /mcp appears on the canvas; resolving on the canvas unblocks its next work', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  const id = await createGraph(page, 'Agent at work')
  const agent = await Agent.connect(baseUrl(), 'e2e-planner')
  try {
    await agent.call('graph_plan', {
      project: id,
      nodes: [
        { ref: 'schema', summary: 'Write the schema', kind: 'task' },
        { ref: 'api', summary: 'Build the API', kind: 'task', depends_on: ['schema'] },
        { ref: 'ship', summary: 'Ship it', kind: 'task', depends_on: ['api'] },
      ],
    })
    // Nodes arrive without positions and keep none: every tab draws them where the tree puts them
    // (layout/derived.ts), and none writes a place nobody chose.
    for (const s of ['Write the schema', 'Build the API', 'Ship it'])
      await expect(node(page, s)).toBeVisible()
    await expect(node(page, 'Write the schema')).toHaveAttribute('data-status', 'actionable')
    await expect(node(page, 'Build the API')).toHaveAttribute('data-status', 'blocked')
    expect((await graphState(page)).nodes.filter((n) => n.x !== null || n.y !== null)).toEqual([])
    // The agent is shown where it worked, and history says an agent (not a person) made the nodes.
    await expect(page.getByTestId('agent-badge').filter({ hasText: 'e2e-planner' })).toBeVisible()
    await node(page, 'Build the API').click()
    await expect(page.getByTestId('history').locator('.who.agent').first()).toContainText('e2e-planner')

    type Next = { nodes: Array<{ node: { summary: string } }> }
    const before = await agent.call<Next>('graph_next', { project: id })
    expect(before.nodes.map((i) => i.node.summary)).toEqual(['Write the schema'])

    // The person resolves the agent's first task on the canvas; the app says what that unblocked.
    await selectNode(page, 'Write the schema')
    await page.keyboard.press('Control+Enter')
    await expect(node(page, 'Write the schema')).toHaveAttribute('data-status', 'resolved')
    await expect(page.getByTestId('unblocked')).toHaveText(['Build the API'])
    await expect(node(page, 'Build the API')).toHaveAttribute('data-status', 'actionable')

    await expect
      .poll(async () =>
        (await agent.call<Next>('graph_next', { project: id })).nodes.map((i) => i.node.summary),
      )
      .toEqual(['Build the API'])
  } finally {
    await agent.close()
    await context.close()
  }
})
