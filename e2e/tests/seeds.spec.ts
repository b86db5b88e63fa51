import { expect, test } from '@playwright/test'
import { Agent } from './agent.ts'
import { baseUrl, newPage, node, openGraph, waitSynced } from './helpers.ts'

test("a task status seed 002's agents set on an edge shows in the inspector, and a person's edit reaches their board", async ({
  browser,
}) => {
  const agent = await Agent.connect(baseUrl(), 'e2e-board', '/mcp/board')
  const { context, page } = await newPage(browser)
  const graph = 'e2e-board'
  try {
    const project = await agent.call<{ node_id: string }>('create_knowledge_note', {
      graph,
      text: '# Launch checklist project',
    })
    const task = await agent.call<{ node_id: string }>('create_knowledge_note', {
      graph,
      text: '# Write release notes',
    })
    const edge = await agent.call<{ edge_id: string }>('create_edge', {
      from_node_id: project.node_id,
      to_node_id: task.node_id,
      type: 'parent_of',
      properties: { status: 'doing', priority: 'high' },
    })

    await openGraph(page, graph)
    await node(page, 'Write release notes').click()
    const status = page.getByTestId('edge-prop-status')
    await expect(status).toHaveValue('doing')
    await expect(page.getByTestId('edge-prop-priority')).toHaveValue('high')

    // The agent finishes: the person sees it.
    await agent.call('update_edge_properties', { edge_id: edge.edge_id, properties: { status: 'done' } })
    await expect(status).toHaveValue('done')

    // The person puts it back on the board; the agents' board shows it to do.
    await status.fill('todo')
    await status.press('Enter')
    await waitSynced(page)
    await expect
      .poll(async () => {
        const b = await agent.call<{ todo: Array<{ node_id: string }> }>('get_project_tasks', {
          project_node_id: project.node_id,
        })
        return b.todo.map((t) => t.node_id)
      })
      .toEqual([task.node_id])
  } finally {
    await agent.close()
    await context.close()
  }
})

test("a concept created through seed 001's graph tool appears on the canvas", async ({ browser }) => {
  const agent = await Agent.connect(baseUrl(), 'e2e-concepts', '/mcp/concepts')
  const { context, page } = await newPage(browser)
  try {
    await agent.call('graph', { graph: 'e2e-concepts', action: 'create', label: 'CAP Theorem' })
    await agent.call('graph', { graph: 'e2e-concepts', action: 'create', label: 'Partition Tolerance' })
    await agent.call('graph', {
      graph: 'e2e-concepts',
      action: 'connect',
      from_label: 'CAP Theorem',
      to_label: 'Partition Tolerance',
      relationship: 'requires',
    })
    await openGraph(page, 'e2e-concepts')
    await expect(node(page, 'CAP Theorem')).toBeVisible()
    await expect(node(page, 'Partition Tolerance')).toBeVisible()
  } finally {
    await agent.close()
    await context.close()
  }
})

test("seed 002's Kanban on the board: an agent's edge status shows in its column, and a person's move reaches the agent", async ({
  browser,
}) => {
  const agent = await Agent.connect(baseUrl(), 'e2e-kanban', '/mcp/board')
  const { context, page } = await newPage(browser)
  const graph = 'e2e-kanban'
  try {
    const note = (text: string) => agent.call<{ node_id: string }>('create_knowledge_note', { graph, text })
    const project = await note('# Website relaunch project')
    const tasks: Record<string, { node_id: string }> = {}
    for (const [title, status] of [
      ['Draft the copy', 'todo'],
      ['Build the pages', 'doing'],
      ['Pick the fonts', 'done'],
    ] as const) {
      tasks[title] = await note(`# ${title}`)
      await agent.call('create_edge', {
        from_node_id: project.node_id,
        to_node_id: tasks[title]!.node_id,
        type: 'parent_of',
        properties: { status, ...(status === 'doing' ? { assigned_to: 'agent-2' } : {}) },
      })
    }

    await openGraph(page, graph)
    await page.getByTestId('view-board').click()
    await page.getByTestId('board-mode-status').click()
    await expect(page.getByTestId('board-project')).toContainText('Website relaunch project')
    const col = (key: string) => page.getByTestId(`status-${key}`).getByTestId('status-card')
    await expect(col('todo')).toHaveText(['Draft the copy'])
    await expect(col('doing').locator('.card-summary')).toHaveText(['Build the pages'])
    await expect(col('doing')).toContainText('assigned_to: agent-2')
    await expect(col('done')).toHaveText(['Pick the fonts'])

    // An agent moves a task: the board follows.
    const edges = await agent.call<{ edges: Array<{ edge_id: string; type: string }> }>('get_edges', {
      node_id: tasks['Draft the copy']!.node_id,
      direction: 'incoming',
      type: 'parent_of',
    })
    await agent.call('update_edge_properties', {
      edge_id: edges.edges[0]!.edge_id,
      properties: { status: 'doing' },
    })
    await expect(col('doing').locator('.card-summary')).toHaveText(['Build the pages', 'Draft the copy'])
    await expect(col('todo')).toHaveCount(0)

    // A person moves one: the agent's board says so.
    await col('doing').filter({ hasText: 'Build the pages' }).dragTo(page.getByTestId('status-done'))
    await expect(col('done').locator('.card-summary')).toHaveText(['Build the pages', 'Pick the fonts'])
    await waitSynced(page)
    await expect
      .poll(async () => {
        const b = await agent.call<{ done: Array<{ node_id: string }> }>('get_project_tasks', {
          project_node_id: project.node_id,
          status: 'done',
        })
        return b.done.map((t) => t.node_id).sort()
      })
      .toEqual([tasks['Build the pages']!.node_id, tasks['Pick the fonts']!.node_id].sort())

    // The readiness board is one click away.
    await page.getByTestId('board-mode-readiness').click()
    await expect(page.getByTestId('board-actionable')).toBeVisible()
  } finally {
    await agent.close()
    await context.close()
  }
})
