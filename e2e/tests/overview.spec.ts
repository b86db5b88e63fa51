import { expect, test } from '@playwright/test'
import { createGraph, importText, newPage, waitSynced } from './helpers.ts'

/** A Mermaid tree of 8 branches x 6 x 8 = 440 nodes. */
function bigTree(): string {
  const lines = ['flowchart LR']
  for (let b = 1; b <= 8; b++) {
    lines.push(`  b${b}[Branch ${b}]`)
    for (let t = 1; t <= 6; t++) {
      lines.push(`  b${b} --> b${b}t${t}[Topic ${b}.${t}]`)
      for (let l = 1; l <= 8; l++) lines.push(`  b${b}t${t} --> b${b}t${t}l${l}[Leaf ${b}.${t}.${l}]`)
    }
  }
  return lines.join('\n') + '\n'
}

test('far out, a big graph becomes an overview of labelled branches; zooming in brings the nodes back', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Survey')
  await importText(page, 'tree.mmd', bigTree())
  await expect.poll(() => page.evaluate(() => window.__plexus!.model.nodes.length)).toBeGreaterThan(400)

  // The whole graph in view: far too small for DOM nodes to be read, so an overview is drawn instead.
  await page.keyboard.press('Escape')
  await page.getByTestId('canvas').focus()
  await page.keyboard.press('Shift+Digit1')
  await expect.poll(() => page.evaluate(() => window.__plexus!.rf!.getViewport().zoom)).toBeLessThan(0.3)
  await expect(page.getByTestId('overview')).toBeVisible()
  await expect(page.locator('.react-flow__node')).toHaveCount(0)
  // What it draws: some of it is not background.
  const inked = await page.getByTestId('overview').evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data
    let n = 0
    for (let i = 3; i < d.length; i += 4 * 16) if (d[i]! > 0) n++
    return n
  })
  // (Fit now shows all of this 19,000 px tall tree, at ~0.04, where 0.05 used to cut it off: less ink.)
  expect(inked).toBeGreaterThan(300)

  // Panned with the mouse, the blocks are still drawn where the nodes are (the canvas is moved, not
  // redrawn, while the zoom stays).
  const pane = (await page.locator('.react-flow__pane').boundingBox())!
  const from = { x: pane.x + 60, y: pane.y + pane.height - 60 }
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  for (let i = 1; i <= 8; i++) await page.mouse.move(from.x + i * 20, from.y - i * 10)
  await page.mouse.up()
  const unseen = await page.evaluate(() => {
    const ws = window.__plexus!
    const c = document.querySelector<HTMLCanvasElement>('[data-testid=overview]')!
    const r = c.getBoundingClientRect()
    const flow = document.querySelector('.react-flow')!.getBoundingClientRect()
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data
    const { x, y, zoom } = ws.rf!.getViewport()
    const missed: string[] = []
    let seen = 0
    for (const n of ws.model.nodes.filter((n) => n.data.view.summary.startsWith('Topic'))) {
      const s = ws.model.sizeOf(n.id)
      const sx = flow.left + x + (n.position.x + s.width / 2) * zoom
      const sy = flow.top + y + (n.position.y + s.height / 2) * zoom
      if (sx < flow.left || sy < flow.top || sx > flow.right || sy > flow.bottom) continue
      const px = Math.floor(((sx - r.left) * c.width) / r.width)
      const py = Math.floor(((sy - r.top) * c.height) / r.height)
      seen++
      if (!(d[(py * c.width + px) * 4 + 3]! > 0)) missed.push(n.data.view.summary)
    }
    return { seen, missed }
  })
  expect(unseen.seen).toBeGreaterThan(20)
  expect(unseen.missed).toEqual([])

  // At 100 % the nodes are DOM nodes again, and the overview is gone.
  await page.evaluate(() => window.__plexus!.rf!.setViewport({ x: 200, y: 200, zoom: 1 }))
  await expect(page.getByTestId('overview')).toHaveCount(0)
  await expect.poll(() => page.locator('.react-flow__node').count()).toBeGreaterThan(0)
  await waitSynced(page)
  await context.close()
})

declare global {
  interface Window {
    /** Text the overview's latest drawing wrote, in its canvas's pixels (reset when it is cleared). */
    __overviewText?: Array<{ text: string; x: number; y: number }>
  }
}

/** A DSL outline under one top node, as an imported file usually is: 6 areas x 6 topics x 10 items. */
function oneBranch(): string {
  const lines: string[] = []
  for (let a = 1; a <= 6; a++) {
    lines.push(`Plan contains "Area ${a}"`)
    for (let t = 1; t <= 6; t++) {
      lines.push(`"Area ${a}" contains "Topic ${a}.${t}"`)
      for (let i = 1; i <= 10; i++) lines.push(`"Topic ${a}.${t}" contains "Item ${a}.${t}.${i}"`)
    }
  }
  return lines.join('\n') + '\n'
}

test('an imported outline (one node on top) is surveyed by its branches, each labelled, none under the toolbar', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.addInitScript(() => {
    window.__overviewText = []
    const mine = (c: HTMLCanvasElement) => c.dataset.testid === 'overview'
    const clear = CanvasRenderingContext2D.prototype.clearRect
    CanvasRenderingContext2D.prototype.clearRect = function (this: CanvasRenderingContext2D, ...a) {
      if (mine(this.canvas)) window.__overviewText = []
      return clear.apply(this, a)
    }
    const fill = CanvasRenderingContext2D.prototype.fillText
    CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, t, x, y, ...a) {
      if (mine(this.canvas)) {
        const m = this.getTransform()
        window.__overviewText!.push({ text: t, x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f })
      }
      return fill.call(this, t, x, y, ...a)
    }
  })
  await createGraph(page, 'Survey outline')
  await importText(page, 'plan.txt', oneBranch())
  await expect.poll(() => page.evaluate(() => window.__plexus!.model.nodes.length)).toBeGreaterThan(400)
  await page.keyboard.press('Escape')
  await page.getByTestId('canvas').focus()
  await page.keyboard.press('Shift+Digit1')
  await expect(page.getByTestId('overview')).toBeVisible()
  /** The labels drawn, with the top of each on the screen. */
  const labels = () =>
    page.evaluate(() => {
      const c = document.querySelector<HTMLCanvasElement>('[data-testid=overview]')!
      const r = c.getBoundingClientRect()
      const k = r.width / c.width
      // Branch labels are drawn 15 px tall with their baseline at y.
      return window
        .__overviewText!.filter((t) => t.text.includes(' · '))
        .map((t) => ({ text: t.text, top: r.top + t.y * k - 15 }))
    })
  // The areas, not only "Plan", each with its size.
  await expect
    .poll(async () => (await labels()).map((l) => l.text).sort())
    .toEqual(['Area 1 · 67', 'Area 2 · 67', 'Area 3 · 67', 'Area 4 · 67', 'Area 5 · 67', 'Area 6 · 67'])
  const toolbar = (await page.locator('.toolbar').boundingBox())!
  for (const l of await labels()) expect(l.top, l.text).toBeGreaterThanOrEqual(toolbar.y + toolbar.height)
  await context.close()
})
