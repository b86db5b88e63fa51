import { expect, test } from '@playwright/test'
import { createGraph, importText, newPage } from './helpers.ts'

/** A root with 1,200 children all on one side: a column about a hundred thousand pixels tall. */
function tallTree(): string {
  const lines = ['flowchart LR', '  r[Everything]']
  for (let i = 1; i <= 1200; i++) lines.push(`  r --> n${i}[Item ${i}]`)
  return lines.join('\n') + '\n'
}

test('a tall one-sided tree fits on screen, and zooming out reaches it', async ({ browser }) => {
  // Importing 1,200 nodes and drawing them first at 100 % takes a minute on a loaded machine.
  test.setTimeout(240_000)
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Tall')
  await importText(page, 'tall.mmd', tallTree())
  await expect.poll(() => page.evaluate(() => window.__plexus!.model.nodes.length)).toBeGreaterThan(1200)
  // The import fits what it brought; start again from the canvas's usual minimum zoom (0.05), where
  // the column still runs far off screen. (Not from 100 %: next to a root with 1,200 edges a frame
  // takes seconds in a software-rendered browser, which is not what this test is about.)
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
  await page.evaluate(() => window.__plexus!.rf!.setViewport({ x: 400, y: 300, zoom: 0.05 }))
  await page.keyboard.press('Escape')
  await page.getByTestId('canvas').focus()

  /** The graph's box on screen, and the canvas's. */
  const onScreen = () =>
    page.evaluate(() => {
      const ws = window.__plexus!
      const ix = ws.session.g.index
      let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity]
      for (const id of ix.nodes.keys()) {
        const p = ws.model.positionOf(id)
        if (!ix.live(id) || !p) continue
        const s = ws.model.sizeOf(id)
        x0 = Math.min(x0, p.x)
        y0 = Math.min(y0, p.y)
        x1 = Math.max(x1, p.x + s.width)
        y1 = Math.max(y1, p.y + s.height)
      }
      const a = ws.rf!.flowToScreenPosition({ x: x0, y: y0 })
      const b = ws.rf!.flowToScreenPosition({ x: x1, y: y1 })
      const c = document.querySelector('.react-flow')!.getBoundingClientRect()
      return {
        graph: { top: a.y, bottom: b.y, left: a.x, right: b.x, height: y1 - y0 },
        canvas: { top: c.top, bottom: c.bottom, left: c.left, right: c.right },
      }
    })
  const tall = await onScreen()
  expect(tall.graph.height, 'the tree is one tall column').toBeGreaterThan(20 * tall.canvas.bottom)
  expect(tall.graph.bottom - tall.graph.top, 'at 0.05 it does not fit').toBeGreaterThan(tall.canvas.bottom)

  await page.keyboard.press('Shift+Digit1')
  await expect
    .poll(
      async () => {
        const { graph, canvas } = await onScreen()
        return (
          graph.top >= canvas.top - 1 &&
          graph.bottom <= canvas.bottom + 1 &&
          graph.left >= canvas.left - 1 &&
          graph.right <= canvas.right + 1
        )
      },
      { timeout: 60_000 },
    )
    .toBe(true)
  // Zooming out with the controls goes as far as fit went (not stopped at a fixed minimum).
  const fitted = await page.evaluate(() => window.__plexus!.rf!.getViewport().zoom)
  await page.evaluate(() => window.__plexus!.rf!.setViewport({ x: 0, y: 0, zoom: 0.5 }))
  await page.evaluate((z) => window.__plexus!.rf!.zoomTo(z), fitted)
  await expect.poll(() => page.evaluate(() => window.__plexus!.rf!.getViewport().zoom)).toBeCloseTo(fitted, 4)
  await context.close()
})
