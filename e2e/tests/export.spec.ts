import { expect, test } from '@playwright/test'
import { createGraph, newPage, node, pathEnds, saveExport, waitSynced } from './helpers.ts'

test('SVG and PNG exports draw edges where the canvas does, and wrap text inside its box', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Launch')
  const k = page.keyboard
  await k.press('Enter')
  const branches = [
    'Budget',
    'Venue with a name long enough that it has to wrap over several lines inside its box',
    'Catering',
    'Speakers',
    'Marketing',
    'Tickets',
  ]
  for (const [i, b] of branches.entries()) {
    await k.press(i === 0 ? 'Tab' : 'Enter')
    await k.type(b)
    if (i % 2 === 0) {
      await k.press('Tab')
      await k.type(`${b} detail`)
      await k.press('Enter')
      await k.press('ArrowLeft')
    } else await k.press('Enter')
  }
  await k.press('Escape')
  await k.press('Escape')
  await k.press('Shift+M') // mind map: half the branches go to the left
  await k.press('Shift+Digit1')
  await waitSynced(page)

  // A dependency between two branches, made in the inspector (connect.spec covers dropping one on a
  // node; here only the drawing matters).
  await node(page, 'Catering').click()
  const to = page.getByRole('combobox', { name: 'Connect to a node' })
  await to.fill('Tickets')
  await expect(page.getByRole('option', { name: /Tickets/ }).first()).toBeVisible()
  await to.press('Enter')
  await page.keyboard.press('Escape')

  const edgesOnCanvas = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<SVGGElement>('.react-flow__edge')).map((g) => ({
        id: g.dataset.id!,
        d: g.querySelector('path.pedge')!.getAttribute('d')!,
      })),
    )
  // The new edge and the relaid branches are drawn a few frames after the drop.
  await expect
    .poll(async () => (await edgesOnCanvas()).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(branches.length + 3 + 1)
  const onCanvas = await edgesOnCanvas()
  // Where the nodes are drawn: a mind map stores no positions (layout/derived.ts puts them).
  const lefts = await page.evaluate(() => {
    const ws = window.__plexus!
    const ix = ws.session.g.index
    return [...ix.nodes.keys()].filter((id) => ix.live(id) && (ws.model.positionOf(id)?.x ?? 0) < -100).length
  })
  expect(lefts, 'the mind map has branches on the left').toBeGreaterThan(0)

  const svg = (await saveExport(page, 'export-svg')).toString('utf8')
  const unescape = (s: string) => s.replace(/&gt;/g, '>').replace(/&lt;/g, '<').replace(/&amp;/g, '&')
  const exported = new Map(
    [...svg.matchAll(/<path data-edge="([^"]+)" d="([^"]+)"/g)].map((m) => [unescape(m[1]!), m[2]!]),
  )
  const off: string[] = []
  for (const e of onCanvas) {
    const d = exported.get(e.id)
    if (!d) {
      off.push(`${e.id}: not in the export`)
      continue
    }
    const a = pathEnds(e.d)
    const b = pathEnds(d)
    if (a.some((v, i) => Math.abs(v - b[i]!) > 3))
      off.push(`${e.id}: canvas ${a.join(',')} export ${b.join(',')}`)
  }
  expect(off).toEqual([])

  // Every line of text stays inside its node's box.
  const spills = await page.evaluate((text) => {
    const host = document.createElement('div')
    host.innerHTML = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement.outerHTML
    document.body.append(host)
    const out: string[] = []
    for (const g of Array.from(host.querySelectorAll('g[data-node]'))) {
      const r = (g.querySelector('rect') as SVGRectElement).getBBox()
      for (const t of Array.from(g.querySelectorAll('text'))) {
        const b = t.getBBox()
        if (b.x + b.width > r.x + r.width - 4 || b.y + b.height > r.y + r.height + 1)
          out.push(`${t.textContent}: ${b.x + b.width} > ${r.x + r.width}`)
      }
    }
    host.remove()
    return out
  }, svg)
  expect(spills).toEqual([])

  // The PNG is the same picture, rasterised: its size is the SVG's at 2x.
  const png = await saveExport(page, 'export-png')
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
  const [w, h] = [Number(/width="(\d+)"/.exec(svg)![1]), Number(/height="(\d+)"/.exec(svg)![1])]
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([w * 2, h * 2])
  // And its edges are where the canvas draws them: along every edge on the canvas (its path, in flow
  // coordinates, sampled between the ends so no node's border counts), the PNG has a line within 3 px.
  const [ox, oy] = /viewBox="([-\d.]+) ([-\d.]+)/.exec(svg)!.slice(1).map(Number) as [number, number]
  const missing = await page.evaluate(
    async ({ b64, ox, oy, scale }) => {
      const img = new Image()
      img.src = `data:image/png;base64,${b64}`
      await img.decode()
      const c = document.createElement('canvas')
      c.width = img.width
      c.height = img.height
      const ctx = c.getContext('2d')!
      ctx.drawImage(img, 0, 0)
      const data = ctx.getImageData(0, 0, c.width, c.height).data
      const px = (x: number, y: number) =>
        Array.from(data.subarray((y * c.width + x) * 4, (y * c.width + x) * 4 + 4))
      const bg = px(1, 1)
      const r = Math.round(3 * scale)
      const ink = (x: number, y: number) => {
        for (let dy = -r; dy <= r; dy++)
          for (let dx = -r; dx <= r; dx++) {
            const [qx, qy] = [x + dx, y + dy]
            if (qx < 0 || qy < 0 || qx >= c.width || qy >= c.height) continue
            if (px(qx, qy).reduce((a, v, i) => a + Math.abs(v - bg[i]!), 0) > 60) return true
          }
        return false
      }
      const out: string[] = []
      for (const g of Array.from(document.querySelectorAll<SVGGElement>('.react-flow__edge'))) {
        const path = g.querySelector<SVGPathElement>('path.pedge')!
        const len = path.getTotalLength()
        for (const f of [0.3, 0.5, 0.7]) {
          const p = path.getPointAtLength(len * f)
          const [x, y] = [Math.round((p.x - ox) * scale), Math.round((p.y - oy) * scale)]
          if (!ink(x, y)) out.push(`${g.dataset.id} at ${f}: no line in the PNG near ${x},${y}`)
        }
      }
      return out
    },
    { b64: png.toString('base64'), ox, oy, scale: 2 },
  )
  expect(missing).toEqual([])
  await context.close()
})
