import { expect, test } from '@playwright/test'
import { createGraph, newPage, node } from './helpers.ts'

test('Space folds a branch away, showing how many nodes it holds, and opens it again', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Trip')
  const k = page.keyboard
  await k.press('Enter')
  await k.press('Tab')
  await k.type('Travel')
  await k.press('Tab')
  await k.type('Trains')
  await k.press('Tab')
  await k.type('Book seats')
  await k.press('Enter')
  await k.press('ArrowLeft')
  await k.press('Enter')
  await k.type('Ferries')
  await k.press('Enter')
  await expect(node(page, 'Book seats')).toBeVisible()
  await node(page, 'Travel').click()
  await k.press('Space')
  for (const s of ['Trains', 'Book seats', 'Ferries']) await expect(node(page, s)).toHaveCount(0)
  await expect(node(page, 'Travel').getByTestId('folded')).toHaveText('+3')
  await expect(page.locator('.react-flow__edge:visible')).toHaveCount(1) // root -> Travel only
  await k.press('Space')
  for (const s of ['Trains', 'Book seats', 'Ferries']) await expect(node(page, s)).toBeVisible()
  await expect(node(page, 'Travel').getByTestId('folded')).toHaveCount(0)
  await context.close()
})

declare global {
  interface Window {
    /** Node rectangles in the minimap's latest drawing of its layer (reset when its canvas is cleared). */
    __minimapDrawn?: number
  }
}

test('a folded branch is folded in the minimap too: it draws the nodes the canvas shows', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await page.addInitScript(() => {
    window.__minimapDrawn = 0
    const inMinimap = (c: HTMLCanvasElement) => !!c.closest('[data-testid=minimap]')
    const rect = CanvasRenderingContext2D.prototype.rect
    CanvasRenderingContext2D.prototype.rect = function (this: CanvasRenderingContext2D, ...a) {
      if (inMinimap(this.canvas)) window.__minimapDrawn! += 1
      return rect.apply(this, a)
    }
    // Setting a canvas's width clears it: a new drawing starts.
    const width = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'width')!
    Object.defineProperty(HTMLCanvasElement.prototype, 'width', {
      ...width,
      set(this: HTMLCanvasElement, v: number) {
        if (inMinimap(this)) window.__minimapDrawn = 0
        width.set!.call(this, v)
      },
    })
  })
  await createGraph(page, 'Trip')
  const k = page.keyboard
  await k.press('Enter')
  await k.press('Tab')
  await k.type('Travel')
  await k.press('Tab')
  await k.type('Trains')
  await k.press('Tab')
  await k.type('Book seats')
  await k.press('Enter')
  await k.press('ArrowLeft')
  await k.press('Enter')
  await k.type('Ferries')
  await k.press('Enter')
  await expect(node(page, 'Book seats')).toBeVisible()
  const drawn = () => page.evaluate(() => window.__minimapDrawn)
  await expect.poll(drawn).toBe(5)
  await node(page, 'Travel').click()
  await k.press('Space')
  await expect(node(page, 'Travel').getByTestId('folded')).toHaveText('+3')
  await expect.poll(drawn).toBe(2) // the root and Travel
  await k.press('Space')
  await expect.poll(drawn).toBe(5)
  await context.close()
})

test('a folded branch on the left of a mind map shows its count on its left, where the branch grows', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Compass')
  const k = page.keyboard
  await k.press('Enter')
  for (const [i, b] of ['North', 'East', 'South', 'West'].entries()) {
    await k.press(i === 0 ? 'Tab' : 'Enter')
    await k.type(b)
    await k.press('Tab')
    await k.type(`${b} 1`)
    await k.press('Enter')
    await k.type(`${b} 2`)
    await k.press('Enter')
    await k.press('ArrowLeft')
  }
  await k.press('Escape')
  await k.press('Shift+M')
  const box = async (s: string) => (await node(page, s).boundingBox())!
  await expect.poll(async () => (await box('West')).x < (await box('Compass')).x).toBe(true)
  for (const [b, side] of [
    ['West', 'left'],
    ['East', 'right'],
  ] as const) {
    await node(page, b).click()
    await k.press('Space')
    const n = await box(b)
    const badge = (await node(page, b).getByTestId('folded').boundingBox())!
    if (side === 'left') expect(badge.x + badge.width, b).toBeLessThanOrEqual(n.x)
    else expect(badge.x, b).toBeGreaterThanOrEqual(n.x + n.width)
  }
  await context.close()
})
