import { expect, test, type Page } from '@playwright/test'
import { createGraph, importText, newPage, waitSynced } from './helpers.ts'

/** A Mermaid tree of 12 branches x 12 x 12: 1,884 nodes, more than React Flow is given at once. */
function bigTree(): string {
  const lines = ['flowchart LR']
  for (let b = 1; b <= 12; b++) {
    lines.push(`  b${b}[Branch ${b}]`)
    for (let t = 1; t <= 12; t++) {
      lines.push(`  b${b} --> b${b}t${t}[Topic ${b}.${t}]`)
      for (let l = 1; l <= 12; l++) lines.push(`  b${b}t${t} --> b${b}t${t}l${l}[Leaf ${b}.${t}.${l}]`)
    }
  }
  return lines.join('\n') + '\n'
}

/**
 * What should be on screen and is not: every node whose box is inside the view (with a margin) must be
 * in the DOM, and every tree edge between two nodes whose box meets the view must be drawn.
 */
async function missingOnScreen(page: Page): Promise<{ nodes: string[]; edges: string[]; known: number }> {
  return page.evaluate(() => {
    const ws = window.__plexus!
    const { x, y, zoom } = ws.rf!.getViewport()
    const box = document.querySelector('.react-flow')!.getBoundingClientRect()
    const m = 30 / zoom
    const v = {
      x0: -x / zoom + m,
      y0: -y / zoom + m,
      x1: (box.width - x) / zoom - m,
      y1: (box.height - y) / zoom - m,
    }
    const drawn = new Set(
      Array.from(document.querySelectorAll<HTMLElement>('.react-flow__node')).map((e) => e.dataset.id),
    )
    const drawnEdges = new Set(
      Array.from(document.querySelectorAll<HTMLElement>('.react-flow__edge')).map((e) => e.dataset.id),
    )
    const rect = (id: string) => {
      const p = ws.model.positionOf(id)
      const s = ws.model.sizeOf(id)
      return p ? { x0: p.x, y0: p.y, x1: p.x + s.width, y1: p.y + s.height } : null
    }
    const meets = (r: { x0: number; y0: number; x1: number; y1: number }) =>
      r.x0 < v.x1 && r.x1 > v.x0 && r.y0 < v.y1 && r.y1 > v.y0
    const nodes: string[] = []
    const edges: string[] = []
    for (const n of ws.model.nodes) {
      const r = rect(n.id)
      if (r && meets(r) && !drawn.has(n.id)) nodes.push(n.data.view.summary)
    }
    for (const e of ws.model.edges) {
      // A group's tree lines are never drawn (its box shows what it holds): not missing.
      const from = ws.model.node(e.source)?.data.view as { shape?: unknown } | undefined
      if (e.data?.kind === 'tree' && from?.shape === 'group') continue
      const a = rect(e.source)
      const b = rect(e.target)
      if (!a || !b) continue
      // The edge runs between the two boxes' sides: well inside the box around both.
      const around = {
        x0: Math.min(a.x0, b.x0),
        y0: Math.min(a.y0, b.y0) + 20,
        x1: Math.max(a.x1, b.x1),
        y1: Math.max(a.y1, b.y1) - 20,
      }
      if (meets(around) && around.x1 - around.x0 > 2 * m && !drawnEdges.has(e.id)) edges.push(e.id)
    }
    return { nodes, edges, known: ws.rf!.getNodes().length }
  })
}

test('a big graph: React Flow holds a window around the view, and everything on screen is drawn as the view moves', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const { context, page } = await newPage(browser)
  await context.addInitScript({ content: 'globalThis.__name = (f) => f' })
  await createGraph(page, 'Window')
  await importText(page, 'tree.mmd', bigTree(), 60_000)
  await expect
    .poll(() => page.evaluate(() => window.__plexus!.model.nodes.length), { timeout: 60_000 })
    .toBeGreaterThan(1800)
  await page.keyboard.press('Escape')

  // Look at a leaf in the middle of the map, at 100 %.
  await page.evaluate(() => {
    const ws = window.__plexus!
    const leaf = ws.model.nodes.find((n) => n.data.view.summary === 'Leaf 6.6.6')!
    const box = document.querySelector('.react-flow')!.getBoundingClientRect()
    void ws.rf!.setViewport({
      x: box.width / 2 - leaf.position.x,
      y: box.height / 2 - leaf.position.y,
      zoom: 1,
    })
  })
  await expect(page.locator('.react-flow__node').filter({ hasText: 'Leaf 6.6.6' })).toBeVisible()
  const total = await page.evaluate(() => window.__plexus!.model.nodes.length)

  // Pan with the mouse, a screen at a time, down and across: what is on screen is always drawn.
  const pane = await page.locator('.react-flow__pane').boundingBox()
  const start = { x: pane!.x + pane!.width / 2, y: pane!.y + pane!.height / 2 }
  for (const [dx, dy] of [
    [0, -700],
    [0, -700],
    [-500, -300],
    [600, 900],
  ] as const) {
    // Start on empty canvas: a point on the pane itself.
    const from = await page.evaluate(({ x, y }) => {
      for (let d = 0; d < 400; d += 10)
        for (const [px, py] of [
          [x + d, y],
          [x - d, y],
          [x, y + d],
          [x, y - d],
        ] as const)
          if (document.elementFromPoint(px, py)?.classList.contains('react-flow__pane'))
            return { x: px, y: py }
      return { x, y }
    }, start)
    await page.mouse.move(from.x, from.y)
    await page.mouse.down()
    for (let i = 1; i <= 10; i++) await page.mouse.move(from.x + (dx * i) / 10, from.y + (dy * i) / 10)
    await page.mouse.up()
    await expect
      .poll(() => missingOnScreen(page), { timeout: 10_000 })
      .toMatchObject({ nodes: [], edges: [] })
    const { known } = await missingOnScreen(page)
    // Not the whole graph: the walks React Flow makes on every frame stay small.
    expect(known).toBeLessThan(total / 2)
    expect(known).toBeGreaterThan(0)
  }

  // A node dragged in the window follows the pointer, and its edges with it.
  // One on screen, under nothing: the window also holds nodes around the view.
  const onScreen = await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>('.react-flow__node')) {
      if (!/^Leaf/.test(el.textContent ?? '')) continue
      const r = el.getBoundingClientRect()
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)
      if (hit && el.contains(hit)) return el.dataset.id!
    }
    return null
  })
  expect(onScreen).not.toBeNull()
  const target = page.locator(`.react-flow__node[data-id="${onScreen}"]`)
  const id = await target.getAttribute('data-id')
  const b = (await target.boundingBox())!
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2)
  await page.mouse.down()
  // Ctrl: no snapping to the nodes around (align-guides.spec.ts); this is about following the pointer.
  await page.keyboard.down('Control')
  for (let i = 1; i <= 10; i++) await page.mouse.move(b.x + b.width / 2 + i * 12, b.y + b.height / 2 + i * 8)
  const moved = (await target.boundingBox())!
  expect(Math.abs(moved.x - (b.x + 120))).toBeLessThan(3)
  expect(Math.abs(moved.y - (b.y + 80))).toBeLessThan(3)
  await page.mouse.up()
  await page.keyboard.up('Control')
  // Its edges with it: in a file's frame they are the file's own (a group draws no tree lines).
  const mine = await page.evaluate(
    (nid) =>
      window.__plexus!.model.edges.filter((e) => {
        if (e.source !== nid && e.target !== nid) return false
        const from = window.__plexus!.model.node(e.source)?.data.view as { shape?: unknown } | undefined
        return !(e.data?.kind === 'tree' && from?.shape === 'group')
      }).length,
    id,
  )
  expect(mine).toBeGreaterThan(0)
  await expect(page.locator(`.react-flow__edge[data-id*="${id}"]`)).toHaveCount(mine)
  await expect.poll(() => missingOnScreen(page)).toMatchObject({ nodes: [], edges: [] })
  await waitSynced(page)
  await context.close()
})
