import { expect, test, type Page } from '@playwright/test'
import { Agent } from './agent.ts'
import { baseUrl, centre, mindMap, newPage, node, nodeId, openGraph, waitSynced } from './helpers.ts'

// Layout is derived, positions are chosen (issue 27): in a mind map an agent's child lands in its
// branch and the branches below make room, the same on every tab and after a reload, and no tab
// writes a position because of what it merely saw.

type Box = { x: number; y: number; width: number; height: number }

/** Where the page's model draws every live node (flow coordinates, layout boxes), by summary. */
async function drawn(page: Page): Promise<Record<string, Box>> {
  return page.evaluate(() => {
    const ws = window.__plexus!
    const ix = ws.session.g.index
    const out: Record<string, Box> = {}
    for (const n of ix.nodes.values()) {
      if (!ix.live(n.id)) continue
      const p = ws.model.positionOf(n.id)
      if (p) out[n.summary] = { ...p, ...ws.model.sizeOf(n.id) }
    }
    return out
  })
}

/** Counts this tab's own transactions that wrote a node's x or y (not what arrived from the server). */
async function countPositionWrites(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __positionWrites: number }
    w.__positionWrites = 0
    window.__plexus!.session.doc.on('afterTransaction', (tr) => {
      if (!tr.local) return
      for (const keys of tr.changed.values()) if (keys.has('x') || keys.has('y')) w.__positionWrites++
    })
  })
}

const positionWrites = (page: Page) =>
  page.evaluate(() => (window as unknown as { __positionWrites: number }).__positionWrites)

/** Two frames, for the measure of what was just rendered and whatever a tab does about it. */
const frames = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))

/** No two node boxes on the screen overlap. */
async function noOverlaps(page: Page): Promise<void> {
  const boxes = await page.getByTestId('node').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect()
      return { id: (e as HTMLElement).innerText.split('\n')[0], x: r.x, y: r.y, w: r.width, h: r.height }
    }),
  )
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!
      const b = boxes[j]!
      const over = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
      expect(over, `"${a.id}" and "${b.id}" overlap on the screen`).toBe(false)
    }
}

test('an agent’s child lands in its branch beside its siblings, the branch below makes room, and a reload shows the same map', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await mindMap(page, 'Grown by an agent')
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!)
  const north = await nodeId(page, 'North')
  const before = await drawn(page)
  const agent = await Agent.connect(baseUrl(), 'e2e-mapper')
  try {
    await agent.call('graph_plan', {
      project: id,
      nodes: [{ ref: 'four', parent_ref: north, summary: 'North four' }],
    })
    await expect(node(page, 'North four')).toBeVisible()
    await expect.poll(async () => (await drawn(page))['South']!.y).toBeGreaterThan(before['South']!.y)
    const after = await drawn(page)
    const four = after['North four']!
    // In North's column, right under its last sibling, above the South branch.
    expect(four.x).toBe(after['North three']!.x)
    expect(four.x).toBeGreaterThanOrEqual(after['North']!.x + after['North']!.width)
    expect(four.y).toBeGreaterThanOrEqual(after['North three']!.y + after['North three']!.height)
    for (const s of ['South', 'South one', 'South two', 'South three'])
      expect(after[s]!.y, `${s} is below the North branch`).toBeGreaterThan(four.y + four.height)
    await page.keyboard.press('Shift+Digit1')
    await noOverlaps(page)
    // Nobody chose a place for it: the document holds none.
    const stored = await page.evaluate(
      (s) => [...window.__plexus!.session.g.index.nodes.values()].find((n) => n.summary === s)!.x,
      'North four',
    )
    expect(stored).toBeNull()
    await waitSynced(page)
    await page.reload()
    await expect(node(page, 'North four')).toBeVisible()
    expect(await drawn(page)).toEqual(after)
  } finally {
    await agent.close()
    await context.close()
  }
})

test('with two tabs open, neither writes a position when an agent renames a node', async ({ browser }) => {
  const one = await newPage(browser)
  await mindMap(one.page, 'Two tabs watching')
  const id = decodeURIComponent(new URL(one.page.url()).pathname.split('/')[2]!)
  const two = await newPage(browser)
  await openGraph(two.page, id)
  await expect(node(two.page, 'South three')).toBeVisible()
  await waitSynced(two.page)
  for (const p of [one.page, two.page]) await countPositionWrites(p)
  const target = await nodeId(one.page, 'North one')
  const agent = await Agent.connect(baseUrl(), 'e2e-renamer')
  try {
    const long = 'North one, renamed by an agent to a name long enough to take three lines'
    await agent.call('graph_update', { project: id, updates: [{ node_id: target, summary: long }] })
    for (const p of [one.page, two.page]) {
      await expect(node(p, long)).toBeVisible()
      await frames(p)
    }
    for (const p of [one.page, two.page]) await waitSynced(p)
    expect(await positionWrites(one.page)).toBe(0)
    expect(await positionWrites(two.page)).toBe(0)
    // And both draw the grown node's branch the same, the nodes below it moved for it.
    expect(await drawn(two.page)).toEqual(await drawn(one.page))
    await noOverlaps(one.page)
  } finally {
    await agent.close()
    await one.context.close()
    await two.context.close()
  }
})

test('dragging a branch’s node with Alt takes its branch along: the node is placed by hand, its children follow it', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await mindMap(page, 'Branch drag')
  const before = await drawn(page)
  const from = await centre(node(page, 'North'))
  await page.mouse.move(from.x, from.y)
  // Alt: a free move (without it the branch is dropped into the tree, tree-drop.spec.ts).
  await page.keyboard.down('Alt')
  await page.mouse.down()
  await page.mouse.move(from.x + 240, from.y - 160, { steps: 12 })
  await page.mouse.up()
  await page.keyboard.up('Alt')
  await waitSynced(page)
  const after = await drawn(page)
  const dx = after['North']!.x - before['North']!.x
  const dy = after['North']!.y - before['North']!.y
  expect(Math.abs(dx)).toBeGreaterThan(100)
  // Each child keeps its place relative to North: the branch moved as one.
  for (const s of ['North one', 'North two', 'North three']) {
    // (within a pixel: the tree rounds each place it computes)
    expect(Math.abs(after[s]!.x - before[s]!.x - dx), s).toBeLessThanOrEqual(1)
    expect(Math.abs(after[s]!.y - before[s]!.y - dy), s).toBeLessThanOrEqual(1)
  }
  // Only North's place was chosen; its children are still where the tree puts them.
  const stored = await page.evaluate(() =>
    Object.fromEntries(
      [...window.__plexus!.session.g.index.nodes.values()].map((n) => [n.summary, n.x !== null]),
    ),
  )
  expect(
    Object.entries(stored)
      .filter(([, pinned]) => pinned)
      .map(([s]) => s),
  ).toEqual(['North'])
  await context.close()
})
