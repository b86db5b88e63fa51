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

test('a change to one node redraws only the part of the minimap it covers, and it looks as drawn whole', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Column')
  await importText(page, 'column.mmd', column())
  await expect.poll(() => page.evaluate(() => window.__plexus!.model.nodes.length)).toBeGreaterThan(150)
  await page.waitForTimeout(1500)
  await page.evaluate(() => {
    window.__minimapRects = 0
    const rect = CanvasRenderingContext2D.prototype.rect
    CanvasRenderingContext2D.prototype.rect = function (this: CanvasRenderingContext2D, ...a) {
      if (this.canvas.closest('[data-testid=minimap]')) window.__minimapRects! += 1
      return rect.apply(this, a)
    }
  })
  const pixels = () =>
    page.locator('[data-testid=minimap] canvas').evaluate((c: HTMLCanvasElement) => c.toDataURL())
  // The theme toggled round to where it was draws the layer whole (for the graph and view as they are).
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme)
  const start = await theme()
  const redrawWhole = async () => {
    for (let i = 0; i < 3; i++) await page.getByTestId('theme-toggle').click()
    await expect.poll(theme).toBe(start)
    await page.waitForTimeout(500)
  }
  // One node changes colour (resolved: the minimap draws it grey), as an agent's resolve would.
  const id = await page.evaluate(() => {
    const box = document.querySelector('.react-flow')!.getBoundingClientRect()
    const on = Array.from(document.querySelectorAll<HTMLElement>('.react-flow__node')).find((el) => {
      const r = el.getBoundingClientRect()
      return el.innerText.startsWith('Item') && r.top > box.top + 40 && r.bottom < box.bottom - 160
    })
    return on!.dataset.id!
  })
  await redrawWhole()
  const before = await pixels()
  await page.locator(`.react-flow__node[data-id="${id}"]`).click()
  await page.waitForTimeout(1000)
  expect(await pixels(), 'a selection changes no colour').toBe(before)
  await page.evaluate(() => {
    window.__minimapRects = 0
  })
  await page.keyboard.press('Control+Enter')
  await expect
    .poll(() => page.evaluate((id) => window.__plexus!.model.node(id)?.data.status, id))
    .toBe('resolved')
  await expect.poll(pixels, { timeout: 5000 }).not.toBe(before)
  // Changes are drawn a few times a second at most, when the page is idle.
  await page.waitForTimeout(2500)
  const drawn = await page.evaluate(() => window.__minimapRects!)
  // Drawn whole, the layer is a rectangle per node (151); patched, the few cells around the one node.
  expect(drawn, 'rectangles drawn for one node').toBeLessThan(60)
  const patched = await pixels()
  // Drawn whole again, the layer looks the same as patched.
  await redrawWhole()
  expect(await pixels()).toBe(patched)
  await context.close()
})
