import { expect, test, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { createGraph, importText, newPage, pathEnds, waitSynced } from './helpers.ts'

// Imports look like their source (issue 27, item 4), with Mermaid's own examples as material: the
// top-down example of Mermaid's README, and the subgraph example of its flowchart syntax page (corpus
// doc-097, with its source in packages/model/src/formats/corpus/SOURCES.md).
const CHRISTMAS = `flowchart TD
    A[Christmas] -->|Get money| B(Go shopping)
    B --> C{Let me think}
    C -->|One| D[Laptop]
    C -->|Two| E[iPhone]
    C -->|Three| F[fa:fa-car Car]
`
const corpus = (name: string): string =>
  readFileSync(new URL(`../../packages/model/src/formats/corpus/mermaid/${name}`, import.meta.url), 'utf8')

interface Drawn {
  id: string
  source: string
  target: string
  kind: string
  d: string
  a: { x: number; y: number; width: number; height: number }
  b: { x: number; y: number; width: number; height: number }
}

/** Every edge the canvas draws (in the DOM), with its path and its ends' boxes in flow coordinates. */
async function drawnEdges(page: Page): Promise<Drawn[]> {
  return page.evaluate(() => {
    const ws = window.__plexus!
    const box = (id: string) => {
      const n = ws.model.node(id)
      const p = n?.position ?? ws.model.positionOf(id)!
      const s = n?.data.frame ?? ws.model.sizeOf(id)
      return { x: p.x, y: p.y, width: s.width, height: s.height }
    }
    const byId = new Map(ws.model.edges.map((e) => [e.id, e]))
    return Array.from(document.querySelectorAll<SVGGElement>('.react-flow__edge')).flatMap((g) => {
      const e = byId.get(g.dataset.id!)
      const d = g.querySelector('path.pedge')?.getAttribute('d')
      if (!e || !d) return []
      return [
        {
          id: e.id,
          source: e.source,
          target: e.target,
          kind: e.data?.kind ?? '',
          d,
          a: box(e.source),
          b: box(e.target),
        },
      ]
    })
  })
}

/** Edge labels on screen that overlap another label or a node (not a frame, which holds them). */
async function labelOverlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const r = (el: Element) => ({ ...el.getBoundingClientRect().toJSON(), text: el.textContent ?? '' })
    const labels = Array.from(document.querySelectorAll('.pedge-label')).map(r)
    const nodes = Array.from(document.querySelectorAll('[data-testid="node"]:not(.shape-group)')).map(r)
    const hit = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
    const out: string[] = []
    labels.forEach((a, i) => {
      labels.slice(i + 1).forEach((b) => hit(a, b) && out.push(`${a.text} / ${b.text}`))
      nodes.forEach((b) => hit(a, b) && out.push(`${a.text} on ${b.text}`))
    })
    return out
  })
}

test('a top-down Mermaid import has no lines from the root, edges attach top and bottom, labels clear', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await page.setViewportSize({ width: 1440, height: 900 })
  await createGraph(page, 'Holidays')
  await importText(page, 'christmas.mmd', CHRISTMAS)
  await expect.poll(async () => (await drawnEdges(page)).filter((e) => e.kind !== 'tree').length).toBe(5)
  await page.waitForTimeout(300)
  const edges = await drawnEdges(page)
  const root = await page.evaluate(() => window.__plexus!.session.doc.getMap('meta').get('root') as string)
  // The file has no root: no line leaves the graph's root.
  expect(edges.filter((e) => e.source === root || e.target === root).map((e) => e.id)).toEqual([])
  // Each link of the file goes down: out of its source's bottom, into its target's top.
  const wrong: string[] = []
  for (const e of edges) {
    if (e.kind === 'tree') continue
    const [x0, y0, x1, y1] = pathEnds(e.d)
    const bottom = Math.abs(y0 - (e.a.y + e.a.height)) < 2 && x0 > e.a.x && x0 < e.a.x + e.a.width
    const top = Math.abs(y1 - e.b.y) < 2 && x1 > e.b.x && x1 < e.b.x + e.b.width
    if (!bottom || !top) wrong.push(`${e.id}: ${e.d}`)
  }
  expect(wrong).toEqual([])
  // The labels ("Get money", "One", "Two", "Three") are clear of each other and of every node.
  const overlaps = [await page.locator('.pedge-label').count(), await labelOverlaps(page)]

  expect(overlaps).toEqual([4, []])
  await page.screenshot({ path: 'test-results/import-christmas.png' })
  await waitSynced(page)
  await context.close()
})

test('subgraphs are blocks of their own, edges between them top to bottom', async ({ browser }) => {
  const { context, page } = await newPage(browser)
  await page.setViewportSize({ width: 1440, height: 900 })
  await createGraph(page, 'Subgraphs')
  await importText(page, 'subgraphs.mmd', corpus('doc-097.mmd'))
  await expect(page.locator('[data-testid="node"].shape-group')).toHaveCount(4)
  await page.waitForTimeout(300)
  const edges = await drawnEdges(page)
  const root = await page.evaluate(() => window.__plexus!.session.doc.getMap('meta').get('root') as string)
  expect(edges.filter((e) => e.source === root).length).toBe(0)
  // A frame shows what it holds: no tree line is drawn from a frame to its members.
  expect(edges.filter((e) => e.kind === 'tree').map((e) => e.id)).toEqual([])
  // The three subgraphs' frames do not overlap one another.
  const frames = await page.locator('[data-testid="node"].shape-group').evaluateAll((els) =>
    els.map(
      (e) =>
        ({ text: e.textContent ?? '', ...e.getBoundingClientRect().toJSON() }) as DOMRect & {
          text: string
        },
    ),
  )
  const inner = frames.filter((f) => ['one', 'two', 'three'].some((t) => f.text.trim().startsWith(t)))
  expect(inner.length).toBe(3)
  const hits: string[] = []
  inner.forEach((a, i) =>
    inner.slice(i + 1).forEach((b) => {
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        hits.push(`${a.text}/${b.text}`)
    }),
  )
  expect(hits).toEqual([])
  // Every link between ranks leaves a bottom and enters a top (the diagram reads top-down).
  const sideways: string[] = []
  for (const e of edges) {
    if (e.kind === 'tree') continue
    const [, y0, , y1] = pathEnds(e.d)
    const down = e.b.y >= e.a.y + e.a.height
    if (down && (Math.abs(y0 - (e.a.y + e.a.height)) > 2 || Math.abs(y1 - e.b.y) > 2)) sideways.push(e.id)
  }
  expect(sideways).toEqual([])
  await page.screenshot({ path: 'test-results/import-subgraphs.png' })
  await waitSynced(page)
  await context.close()
})

test('a second, unrelated file does not merge into the first: its own nodes, and the person is told', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Two files')
  await importText(page, 'christmas.mmd', CHRISTMAS)
  // Mermaid's shape example (corpus doc-017): a node A named Christmas, the same id and name as above.
  await importText(page, 'shapes.mmd', corpus('doc-017.mmd'))
  const toast = page.getByTestId('toast').filter({ hasText: 'Imported shapes.mmd' })
  await expect(toast).toContainText('1 node created')
  await expect(toast).toContainText(/kept apart.*Christmas/)
  const named = await page.evaluate(() => {
    const ix = window.__plexus!.session.g.index
    const s = ix.struct()
    return [...ix.nodes.values()]
      .filter((n) => ix.live(n.id) && n.summary === 'Christmas')
      .map((n) => ix.nodes.get(s.parent.get(n.id) ?? '')?.summary ?? null)
  })
  // Two nodes, each in the frame of the file it came from.
  expect(named.sort()).toEqual(['christmas', 'shapes'])
  await waitSynced(page)
  await context.close()
})

test('left to right: edges leave on the right and enter on the left, long labels clear of the nodes', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await page.setViewportSize({ width: 1440, height: 900 })
  await createGraph(page, 'Sideways')
  // Two examples of Mermaid's flowchart page: a decision with labelled links, and a long link text.
  await importText(page, 'decision.mmd', corpus('doc-111.mmd'))
  await importText(page, 'text.mmd', corpus('doc-072.mmd'))
  await expect.poll(async () => (await drawnEdges(page)).filter((e) => e.kind !== 'tree').length).toBe(5)
  await page.keyboard.press('Escape')
  await page.getByTestId('canvas').focus()
  await page.keyboard.press('Shift+Digit1')
  await expect(page.locator('.pedge-label')).toHaveCount(4)
  await page.waitForTimeout(300)
  const wrong: string[] = []
  for (const e of await drawnEdges(page)) {
    if (e.kind === 'tree') continue
    const [x0, , x1] = pathEnds(e.d)
    if (Math.abs(x0 - (e.a.x + e.a.width)) > 2 || Math.abs(x1 - e.b.x) > 2) wrong.push(`${e.id}: ${e.d}`)
  }
  expect(wrong).toEqual([])
  await page.screenshot({ path: 'test-results/import-sideways.png' })
  const overlaps = await labelOverlaps(page)
  expect(overlaps).toEqual([])
  await waitSynced(page)
  await context.close()
})
