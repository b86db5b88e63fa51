import { expect, test } from '@playwright/test'
import { createGraph, importText, newPage, saveExport, waitSynced } from './helpers.ts'

// Exports are what you see (issue 27, item 5): the picture's bounds hold every edge path, arrowhead and
// label, a group is painted behind the edges inside it, and no text of a node covers another.

// Three cards stacked in one column inside a group: the canvas draws the links between them as curves
// that bulge out right of every card, with their labels out there too.
const CANVAS = JSON.stringify({
  nodes: [
    { id: 'g', type: 'group', x: -20, y: -40, width: 280, height: 380, label: 'Plan' },
    { id: 'a', type: 'text', x: 0, y: 0, width: 240, height: 60, text: 'Book the venue' },
    { id: 'b', type: 'text', x: 0, y: 120, width: 240, height: 60, text: 'Send invitations' },
    { id: 'c', type: 'text', x: 0, y: 260, width: 240, height: 60, text: 'Print badges' },
  ],
  edges: [
    { id: 'e1', fromNode: 'a', toNode: 'c', label: 'needs' },
    { id: 'e2', fromNode: 'b', toNode: 'c', label: 'before the day' },
  ],
})

test('the SVG export holds every edge and label, groups behind their edges, node texts apart', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Event')
  await importText(page, 'plan.canvas', CANVAS)
  await expect(page.locator('.pedge-label')).toHaveCount(2)
  await waitSynced(page)
  // The screen: the two links leave the hull of the nodes (that is what this test is about).
  const screen = await page.evaluate(() => {
    const ws = window.__plexus!
    const ids = [...ws.session.g.index.nodes.keys()].filter((id) => ws.session.g.index.live(id))
    let right = -Infinity
    for (const id of ids) {
      const n = ws.model.node(id)
      const p = n?.position ?? ws.model.positionOf(id)!
      const s = n?.data.frame ?? ws.model.sizeOf(id)
      right = Math.max(right, p.x + s.width)
    }
    const paths = Array.from(document.querySelectorAll<SVGPathElement>('.react-flow__edge path.pedge'))
    const far = Math.max(...paths.map((p) => p.getBBox().x + p.getBBox().width))
    return { right, far, paths: paths.map((p) => p.getAttribute('d')!) }
  })
  expect(screen.far).toBeGreaterThan(screen.right + 20)

  const svg = (await saveExport(page, 'export-svg')).toString('utf8')
  const found = await page.evaluate((text) => {
    const host = document.createElement('div')
    host.style.cssText = 'position:fixed;left:0;top:0;z-index:99999;background:#fff'
    host.innerHTML = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement.outerHTML
    document.body.append(host)
    const root = host.querySelector('svg')!
    const [vx, vy, vw, vh] = root.getAttribute('viewBox')!.split(' ').map(Number) as [
      number,
      number,
      number,
      number,
    ]
    const out: string[] = []
    const inside = (b: DOMRect, what: string, slack = 0) => {
      if (
        b.x < vx - slack ||
        b.y < vy - slack ||
        b.x + b.width > vx + vw + slack ||
        b.y + b.height > vy + vh + slack
      )
        out.push(
          `${what} ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}x${Math.round(b.height)} outside ${vx},${vy} ${vw}x${vh}`,
        )
    }
    const edges = Array.from(root.querySelectorAll<SVGPathElement>('path[data-edge]'))
    // Every edge path, with its arrowhead's reach (7 px marker at stroke 1.6), and every text.
    for (const p of edges) {
      const b = p.getBBox()
      inside(new DOMRect(b.x - 12, b.y - 12, b.width + 24, b.height + 24), `edge ${p.dataset.edge}`)
    }
    for (const t of Array.from(root.querySelectorAll('text'))) inside(t.getBBox(), `text "${t.textContent}"`)
    // What is painted at the middle of each edge is the edge (or its label), not a box drawn over it.
    // (Solid for the test: a point in a dash's gap would show the background.)
    const ctm = root.getScreenCTM()!
    for (const p of edges) {
      p.setAttribute('stroke-dasharray', 'none')
      for (const k of [1, 2, 3]) {
        const m = p.getPointAtLength((p.getTotalLength() * k) / 4).matrixTransform(ctm)
        const over = document.elementFromPoint(m.x, m.y)?.closest('g[data-node]')
        if (over) out.push(`edge ${p.dataset.edge} is covered by node ${over.textContent?.trim()}`)
      }
    }
    // The texts of one node do not cover each other (the root's "goal" under its title).
    for (const g of Array.from(root.querySelectorAll('g[data-node]'))) {
      const ts = Array.from(g.querySelectorAll('text')).map((t) => [t.textContent, t.getBBox()] as const)
      ts.forEach(([a, x], i) =>
        ts.slice(i + 1).forEach(([b, y]) => {
          if (x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height)
            out.push(`"${a}" overlaps "${b}"`)
        }),
      )
    }
    return { out, edges: edges.map((p) => p.getAttribute('d')!) }
  }, svg)
  await page.screenshot({ path: 'test-results/export-bounds.png' })
  expect(found.out).toEqual([])
  // The export draws the screen's edges: the same paths.
  for (const d of screen.paths.filter((d) => d.includes('C'))) expect(found.edges).toContain(d)
  await waitSynced(page)
  await context.close()
})
