import { expect, test, type Page } from '@playwright/test'
import { Agent } from './agent.ts'
import { baseUrl, createGraph, newPage, node, nodeId, openGraph, selectNode, waitSynced } from './helpers.ts'

async function addChildOfRoot(page: Page, root: string, summary: string): Promise<void> {
  await selectNode(page, root)
  await page.keyboard.press('Tab')
  await page.keyboard.type(summary)
  await page.keyboard.press('Enter')
}

async function rename(page: Page, from: string, to: string): Promise<void> {
  await node(page, from).dblclick()
  await page.keyboard.type(to)
  await page.keyboard.press('Enter')
  await expect(node(page, to)).toBeVisible()
}

test("Ctrl+Z undoes the person's own edit, never an agent's", async ({ browser }) => {
  const { context, page } = await newPage(browser)
  const id = await createGraph(page, 'Undo with an agent')
  const agent = await Agent.connect(baseUrl(), 'e2e-editor')
  try {
    const plan = await agent.call<{ created: Array<{ ref: string; id: string }> }>('graph_plan', {
      project: id,
      nodes: [{ ref: 't', summary: 'Agent task' }],
    })
    const agentNode = plan.created[0]!.id
    await expect(node(page, 'Agent task')).toBeVisible()
    await addChildOfRoot(page, 'Undo with an agent', 'Mine')

    await rename(page, 'Mine', 'Mine, edited') // the person edits
    await agent.call('graph_update', {
      updates: [{ node_id: agentNode, summary: 'Agent task, edited' }],
    }) // then the agent
    await expect(node(page, 'Agent task, edited')).toBeVisible()

    await page.keyboard.press('Control+z')
    await expect(node(page, 'Mine')).toBeVisible()
    await expect(node(page, 'Mine, edited')).toHaveCount(0)
    await expect(node(page, 'Agent task, edited')).toBeVisible()

    await page.keyboard.press('Control+z') // the person's node itself goes; the agent's stays
    await expect(node(page, 'Mine')).toHaveCount(0)
    await expect(node(page, 'Agent task, edited')).toBeVisible()

    await page.keyboard.press('Control+Shift+z')
    await page.keyboard.press('Control+Shift+z')
    await expect(node(page, 'Mine, edited')).toBeVisible()
  } finally {
    await agent.close()
    await context.close()
  }
})

test("Ctrl+Z leaves another person's edits alone", async ({ browser }) => {
  const a = await newPage(browser)
  const b = await newPage(browser)
  const id = await createGraph(a.page, 'Undo with a colleague')
  await openGraph(b.page, id)
  await addChildOfRoot(a.page, 'Undo with a colleague', 'From A')
  await expect(node(b.page, 'From A')).toBeVisible()
  await addChildOfRoot(b.page, 'Undo with a colleague', 'From B')
  await expect(node(a.page, 'From B')).toBeVisible()

  await rename(a.page, 'From A', 'A edited')
  await rename(b.page, 'From B', 'B edited')
  await expect(node(a.page, 'B edited')).toBeVisible()
  const bNode = await nodeId(a.page, 'B edited')

  await a.page.keyboard.press('Control+z')
  await expect(node(a.page, 'From A')).toBeVisible()
  await expect(node(a.page, 'B edited')).toBeVisible()
  await expect(node(b.page, 'From A')).toBeVisible()
  await expect(node(b.page, 'B edited')).toHaveAttribute('data-id', bNode)
  await waitSynced(a.page)
  await a.context.close()
  await b.context.close()
})
