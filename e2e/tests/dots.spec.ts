import { expect, test, type Page } from '@playwright/test'
import { createGraph, newPage } from './helpers.ts'

// The dotted background (React Flow's <Background>, canvas/Zoom.tsx): drawn where its lattice is (a dot
// every 22 flow units, 1.2 across), in both themes, after the view has panned and zoomed; left out while
// the view zooms (moving.ts), where its pattern is the largest part of a step's raster, and back at rest.

const GAP = 22
const SIZE = 1.2

/** Where the lattice puts a dot's centre on screen along one axis, as React Flow's Background does. */
const latticePhase = (t: number, zoom: number) => {
  const tile = GAP * zoom
  return ((((t % tile) - tile / 2 + (SIZE * zoom) / 2) % tile) + tile) % tile
}

/** The view at rest: no pan or zoom step for a while, and two frames drawn since. */
async function atRest(page: Page): Promise<void> {
  await expect(page.locator('.react-flow')).not.toHaveClass(/is-moving/)
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
}

/**
 * Pixels of a screenshot of `clip` compared with the canvas's own colour: which differ (a dot), as a
 * grid of booleans, read back in the page (the screenshot decoded by the browser).
 */
async function inked(page: Page, clip: { x: number; y: number; width: number; height: number }) {
  const png = (await page.screenshot({ clip })).toString('base64')
  return page.evaluate(
    async ({ png, width, height }) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0))
      const img = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
      const c = new OffscreenCanvas(width, height)
      const cx = c.getContext('2d')!
      cx.drawImage(img, 0, 0, width, height)
      const px = cx.getImageData(0, 0, width, height).data
      // The canvas colour is what most of the clip shows.
      const count = new Map<number, number>()
      for (let i = 0; i < px.length; i += 4) {
        const k = (px[i]! << 16) | (px[i + 1]! << 8) | px[i + 2]!
        count.set(k, (count.get(k) ?? 0) + 1)
      }
      const bg = [...count].sort((a, b) => b[1] - a[1])[0]![0]
      const rgb = [(bg >> 16) & 255, (bg >> 8) & 255, bg & 255]
      const out: boolean[] = []
      for (let i = 0; i < px.length; i += 4)
        out.push(Math.max(...[0, 1, 2].map((j) => Math.abs(px[i + j]! - rgb[j]!))) > 3)
      return out
    },
    { png, width: clip.width, height: clip.height },
  )
}

/** Checks the screen's dots in an empty stretch of canvas against the lattice of the current view. */
async function dotsOnLattice(page: Page): Promise<void> {
  const canvas = (await page.locator('.react-flow').boundingBox())!
  const view = await page.evaluate(() => window.__plexus!.rf!.getViewport())
  // Below the toolbar, left of the minimap, clear of the root node (panned away, above).
  const clip = { x: Math.round(canvas.x + 300), y: Math.round(canvas.y + 420), width: 240, height: 140 }
  const ink = await inked(page, clip)
  const tile = GAP * view.zoom
  const px = latticePhase(view.x + canvas.x - clip.x, view.zoom)
  const py = latticePhase(view.y + canvas.y - clip.y, view.zoom)
  /** Distance along one axis from pixel centre `p` to the nearest lattice line. */
  const off = (p: number, phase: number) => {
    const d = (((p + 0.5 - phase) % tile) + tile) % tile
    return Math.min(d, tile - d)
  }
  const reach = (SIZE * view.zoom) / 2 + 1
  let stray = 0
  let dots = 0
  for (let y = 0; y < clip.height; y++)
    for (let x = 0; x < clip.width; x++) {
      if (!ink[y * clip.width + x]) continue
      dots++
      if (off(x, px) > reach || off(y, py) > reach) stray++
    }
  // Every dot of the lattice is drawn (a few pixels each), and nothing off it.
  const expected = Math.floor(clip.width / tile) * Math.floor(clip.height / tile)
  expect(stray, `pixels off the lattice (of ${dots} drawn)`).toBe(0)
  expect(dots, `about ${expected} dots drawn`).toBeGreaterThanOrEqual(expected)
}

for (const scheme of ['light', 'dark'] as const)
  test(`the dots lie on the lattice after a pan and a zoom (${scheme})`, async ({ browser }) => {
    const { context, page } = await newPage(browser)
    await page.emulateMedia({ colorScheme: scheme })
    await createGraph(page, 'Dots')
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme)
    const canvas = (await page.locator('.react-flow').boundingBox())!
    // Pan the root node up and away, then zoom in and out about a point: dots at 100 % and zoomed.
    await page.mouse.move(canvas.x + 420, canvas.y + 300)
    await page.mouse.down()
    await page.mouse.move(canvas.x + 437, canvas.y + 50, { steps: 8 })
    await page.mouse.up()
    await atRest(page)
    await dotsOnLattice(page)
    await page.mouse.move(canvas.x + 377, canvas.y + 511)
    await page.keyboard.down('Control')
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -60)
    for (let i = 0; i < 2; i++) await page.mouse.wheel(0, 60)
    await page.keyboard.up('Control')
    await atRest(page)
    expect((await page.evaluate(() => window.__plexus!.rf!.getViewport())).zoom).toBeGreaterThan(1.3)
    await dotsOnLattice(page)
    await context.close()
  })

test('while the view zooms the dots are not drawn; while it pans they are; at rest they are back', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Dots moving')
  await atRest(page)
  // Steps set in one task, read before any frame: what each step leaves showing (moving.ts, canvas.css).
  const seen = await page.evaluate(() => {
    const rf = window.__plexus!.rf!
    const dots = document.querySelector<SVGPatternElement>('.react-flow pattern')!.ownerSVGElement!
    const v = rf.getViewport()
    void rf.setViewport({ ...v, x: v.x + 40 })
    const panning = getComputedStyle(dots).visibility
    void rf.setViewport({ ...v, x: v.x + 40, zoom: v.zoom * 1.2 })
    const zooming = getComputedStyle(dots).visibility
    // A pan after a zoom is still the same move: the dots come back once the view rests. (Up and
    // away from the root node, clear of the stretch dotsOnLattice reads.)
    void rf.setViewport({ ...v, x: v.x + 80, y: v.y - 400, zoom: v.zoom * 1.2 })
    const panningAfterZoom = getComputedStyle(dots).visibility
    return { panning, zooming, panningAfterZoom }
  })
  expect(seen).toEqual({ panning: 'visible', zooming: 'hidden', panningAfterZoom: 'hidden' })
  await atRest(page)
  await expect(
    page.locator('.react-flow pattern').locator('xpath=ancestor::*[local-name()="svg"][1]'),
  ).toBeVisible()
  await dotsOnLattice(page)
  await context.close()
})
