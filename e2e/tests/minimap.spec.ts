import { expect, test } from '@playwright/test'
import { createGraph, importText, newPage } from './helpers.ts'

/** A root with 150 children on one side: a column several screens tall and one node wide. */
function column(): string {
  const lines = ['flowchart LR', '  r[Everything]']
  for (let i = 1; i <= 150; i++) lines.push(`  r --> n${i}[Item ${i}]`)
  return lines.join('\n') + '\n'
}

declare global {
  interface Window {
    /** rect() calls on the minimap's canvas: how many node rectangles its layer drew. */
    __minimapRects?: number
  }
}

test('the minimap does not redraw its node layer while the view moves over a tall graph', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Column')
  await importText(page, 'column.mmd', column())
  await expect.poll(() => page.evaluate(() => window.__plexus!.model.nodes.length)).toBeGreaterThan(150)
  await page.evaluate(() => {
    window.__minimapRects = 0
    const rect = CanvasRenderingContext2D.prototype.rect
    CanvasRenderingContext2D.prototype.rect = function (this: CanvasRenderingContext2D, ...a) {
      if (this.canvas.closest('[data-testid=minimap]')) window.__minimapRects! += 1
      return rect.apply(this, a)
    }
  })
  // At 100 %, over the middle of the column.
  await page.evaluate(() => {
    const ws = window.__plexus!
    const mid = ws.model.nodes[Math.floor(ws.model.nodes.length / 2)]!.position
    const box = document.querySelector('.react-flow')!.getBoundingClientRect()
    return ws.rf!.setViewport({ x: box.width / 2 - mid.x, y: box.height / 2 - mid.y, zoom: 1 })
  })
  const box = (await page.locator('.react-flow').boundingBox())!
  await page.mouse.move(box.x + 40, box.y + box.height / 2)
  const frame = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))))
  /** Scrolls the canvas (a pan) down and back up, a frame per step. */
  const panAround = async () => {
    for (const dy of [60, -60])
      for (let i = 0; i < 6; i++) {
        await page.mouse.wheel(0, dy)
        await frame()
      }
  }
  // The first pass mounts and measures the nodes it passes (a measured node may redraw the layer, at
  // most a few times a second); over the same ground again nothing about the graph changes.
  await panAround()
  await page.waitForTimeout(1000)
  const before = await page.evaluate(() => window.__minimapRects!)
  await panAround()
  await page.waitForTimeout(1000)
  const after = await page.evaluate(() => window.__minimapRects!)
  expect(after - before, 'node rectangles drawn').toBe(0)
  // The view box still follows the view.
  const boxTransform = () =>
    page.locator('.pminimap-view').evaluate((e) => (e as HTMLElement).style.transform)
  const t0 = await boxTransform()
  await page.mouse.wheel(0, 200)
  await expect.poll(boxTransform).not.toBe(t0)
  await context.close()
})
