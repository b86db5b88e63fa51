import { expect, test } from '@playwright/test'
import { copyFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Agent } from './agent.ts'
import { baseUrl, createGraph, graphState, newPage, node } from './helpers.ts'

// A real plan of some 30 nodes, written by an agent through /mcp, worked on by two people. The picture
// is kept with the test run; PLEXUS_SCREENSHOT=1 also copies the pictures to docs/ for the README: the
// mind map (docs/screenshot.png), the same plan as a layered dependency plan (docs/plan.png) and the
// board (docs/board.png).

const PLAN = [
  { ref: 'research', summary: 'Research', kind: 'goal' },
  {
    ref: 'interviews',
    summary: 'Interview 8 design partners',
    kind: 'task',
    parent_ref: 'research',
    resolved: true,
  },
  {
    ref: 'competitors',
    summary: 'Map competing tools',
    kind: 'task',
    parent_ref: 'research',
    resolved: true,
  },
  {
    ref: 'pricing',
    summary: 'Pricing survey',
    kind: 'task',
    parent_ref: 'research',
    depends_on: ['interviews'],
  },
  { ref: 'license', summary: 'Which license?', kind: 'question', parent_ref: 'research' },
  { ref: 'sync', summary: 'Sync engine', kind: 'goal' },
  { ref: 'schema', summary: 'CRDT document schema', kind: 'task', parent_ref: 'sync', resolved: true },
  {
    ref: 'relay',
    summary: 'WebSocket relay',
    kind: 'task',
    parent_ref: 'sync',
    depends_on: ['schema'],
    resolved: true,
  },
  {
    ref: 'sqlite',
    summary: 'SQLite persistence',
    kind: 'task',
    parent_ref: 'sync',
    depends_on: ['relay'],
    properties: { priority: 'high', estimate: '3d' },
    notes:
      'Append every update to a **write-ahead log** before relaying it; fold the log into snapshots.\n\n- survives `kill -9` mid-write\n- idle documents unload\n\nSee [the design](https://example.com/plexus/design#storage).',
    context_links: ['apps/sync/src/storage/sqlite-store.ts'],
  },
  {
    ref: 'reconnect',
    summary: 'Offline reconnect tests',
    kind: 'task',
    parent_ref: 'sync',
    depends_on: ['sqlite'],
  },
  { ref: 'security', summary: 'Security review', kind: 'task', parent_ref: 'sync' },
  { ref: 'canvas', summary: 'Web canvas', kind: 'goal' },
  { ref: 'render', summary: 'Canvas rendering', kind: 'task', parent_ref: 'canvas', resolved: true },
  {
    ref: 'keyboard',
    summary: 'Keyboard mind mapping',
    kind: 'task',
    parent_ref: 'canvas',
    depends_on: ['render'],
  },
  { ref: 'cursors', summary: 'Presence cursors', kind: 'task', parent_ref: 'canvas', depends_on: ['relay'] },
  { ref: 'board', summary: 'Board view', kind: 'task', parent_ref: 'canvas' },
  {
    ref: 'a11y',
    summary: 'Accessibility audit',
    kind: 'task',
    parent_ref: 'canvas',
    depends_on: ['keyboard'],
  },
  { ref: 'agents', summary: 'Agents', kind: 'goal' },
  { ref: 'mcp', summary: 'MCP endpoint', kind: 'task', parent_ref: 'agents', depends_on: ['relay'] },
  { ref: 'next', summary: 'graph_next ranking', kind: 'task', parent_ref: 'agents', depends_on: ['mcp'] },
  { ref: 'claims', summary: 'Claims and TTL', kind: 'task', parent_ref: 'agents' },
  { ref: 'launch', summary: 'Launch', kind: 'goal' },
  { ref: 'docs', summary: 'Docs site', kind: 'task', parent_ref: 'launch' },
  { ref: 'post', summary: 'Announcement post', kind: 'task', parent_ref: 'launch', depends_on: ['docs'] },
  {
    ref: 'video',
    summary: 'Demo video',
    kind: 'task',
    parent_ref: 'launch',
    depends_on: ['keyboard', 'cursors'],
  },
  { ref: 'press', summary: 'Press kit', kind: 'task', parent_ref: 'launch' },
  {
    ref: 'day',
    summary: 'Launch day checklist',
    kind: 'task',
    parent_ref: 'launch',
    depends_on: ['post', 'video'],
  },
]

test('a real graph of some 30 nodes, for the README', async ({ browser }) => {
  const { context, page } = await newPage(browser)
  await page.setViewportSize({ width: 1600, height: 980 })
  const id = await createGraph(page, 'Plexus 1.0 launch')
  const agent = await Agent.connect(baseUrl(), 'claude-code')
  try {
    await agent.call('graph_plan', { project: id, nodes: PLAN, mode: 'force' })
    const next = await agent.call<{ nodes: Array<{ node: { id: string } }> }>('graph_next', {
      project: id,
      claim: true,
    })
    await agent.call('graph_update', {
      updates: [
        {
          node_id: next.nodes[0]!.node.id,
          add_evidence: [{ type: 'note', ref: 'WAL mode on; fsync per append costs 0.2 ms' }],
        },
      ],
    })
    await expect.poll(async () => (await graphState(page)).nodes.length).toBe(PLAN.length + 1)

    // The agent's plan is a mind map as it arrives: every node where the tree puts it (layout/derived.ts).
    const canvas = page.getByTestId('canvas')
    await canvas.focus()
    await page.keyboard.press('Shift+Digit1')
    await page.waitForTimeout(500)
    await expect(page.getByTestId('node')).toHaveCount(PLAN.length + 1)
    // A person gives the open question and the launch checklist their shapes, and the goals colours.
    const look = async (summary: string, shape: string | null, color: string | null) => {
      await node(page, summary).click()
      if (shape) await page.getByTestId('insp-shape').selectOption(shape)
      if (color) await page.getByTestId(`insp-color-${color}`).click()
    }
    await look('Which license?', 'diamond', '3')
    await look('Launch day checklist', 'hexagon', null)
    await look('Research', 'stadium', '4')
    await look('Sync engine', 'stadium', '5')
    await look('Web canvas', 'stadium', '6')
    await look('Agents', 'stadium', '2')
    await look('Launch', 'stadium', '1')
    await canvas.focus()
    await page.keyboard.press('Escape')
    await page.keyboard.press('Shift+Digit1')
    await page.waitForTimeout(500)

    // A colleague looks at the same graph: their cursor and selection show up.
    const grace = await browser.newContext({ baseURL: baseUrl() })
    await grace.addInitScript(() =>
      localStorage.setItem('plexus.identity', JSON.stringify({ name: 'Grace', color: '#e5484d' })),
    )
    const gp = await grace.newPage()
    await gp.setViewportSize({ width: 1600, height: 980 })
    await gp.goto(`/g/${id}`)
    await node(gp, 'Presence cursors').click()
    const box = (await node(gp, 'Board view').boundingBox())!
    await gp.mouse.move(box.x + box.width + 40, box.y + box.height / 2, { steps: 4 })

    await node(page, 'SQLite persistence').click()
    await expect(page.getByTestId('peer-cursor')).toBeVisible()
    await page.mouse.move(5, 500)
    await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 10_000 })
    await page.waitForTimeout(300)
    const shot = async (name: string) => {
      const out = test.info().outputPath(name)
      await page.screenshot({ path: out })
      if (process.env.PLEXUS_SCREENSHOT)
        copyFileSync(out, fileURLToPath(new URL(`../../docs/${name}`, import.meta.url)))
    }
    await shot('screenshot.png')
    await grace.close()

    // The same plan as a dependency plan: the layered layout, left to right.
    await page.keyboard.press('Escape')
    await canvas.focus()
    await page.keyboard.press('Shift+L')
    await page.waitForTimeout(400)
    await page.keyboard.press('Shift+Digit1')
    await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 10_000 })
    await page.waitForTimeout(500)
    await shot('plan.png')

    // And as a board.
    await page.getByTestId('view-board').click()
    await expect(page.getByTestId('board-claimed').getByTestId('board-card')).toHaveCount(1)
    await shot('board.png')
  } finally {
    await agent.close()
    await context.close()
  }
})
