import { expect, test, type Page } from '@playwright/test'
import { centre, mindMap, newPage, node, waitSynced } from './helpers.ts'

// Alignment guides in free form (issue 27): a node moved freely with the real mouse (Alt-drag in a mind
// map) whose left edge comes within a few screen pixels of another node's shows a guide on that line,
// and is stored lined up with it; one Ctrl+Z undoes the move; with Ctrl held it goes where it is let go.

/** Where the page draws `summary` (canvas coordinates) and what the document stores for it. */
const placeOf = (page: Page, summary: string) =>
  page.evaluate((s) => {
    const ws = window.__plexus!
    const n = [...ws.session.g.index.nodes.values()].find((v) => v.summary === s)!
    return { drawn: ws.model.positionOf(n.id)!, stored: { x: n.x, y: n.y } }
  }, summary)

/** Presses on `summary`, moves by (dx, dy) screen pixels in steps with Alt held, button still down. */
async function altPick(page: Page, summary: string, dx: number, dy: number): Promise<void> {
  const from = await centre(node(page, summary))
  await page.mouse.move(from.x, from.y)
  await page.keyboard.down('Alt')
  await page.mouse.down()
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 12 })
}

test('a node moved freely near another’s left edge shows a guide, snaps to it, and one Ctrl+Z undoes it', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await mindMap(page, 'Guides')
  const north = (await node(page, 'North').boundingBox())!
  const one = (await node(page, 'South one').boundingBox())!
  const three = (await node(page, 'South three').boundingBox())!
  const before = await placeOf(page, 'South one')
  expect(before.stored).toEqual({ x: null, y: null })
  const target = await placeOf(page, 'North')

  // "South one" (a column right of North) to 4 px right of North's left edge, below the map, where no
  // other line is near.
  const dx = north.x + 4 - one.x
  const dy = three.y + three.height + 90 - one.y
  await altPick(page, 'South one', dx, dy)
  // A guide on North's left line (and on its centre and right too when the two are as wide).
  const guides = page.locator('[data-testid="align-guide"][data-axis="x"]')
  await expect(guides.first()).toBeVisible()
  const lines = await guides.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-at'))))
  expect(
    lines.some((x) => Math.abs(x - target.drawn.x) < 1e-6),
    `${lines} has ${target.drawn.x}`,
  ).toBe(true)
  // Drawn on the line while the button is down, not where the pointer is.
  const held = (await node(page, 'South one').boundingBox())!
  expect(Math.abs(held.x - north.x)).toBeLessThanOrEqual(1)
  await page.mouse.up()
  await page.keyboard.up('Alt')
  await expect(page.getByTestId('align-guide')).toHaveCount(0)
  await waitSynced(page)

  // Stored lined up with North's left edge.
  const after = await placeOf(page, 'South one')
  expect(after.stored.x).toBeCloseTo(target.drawn.x, 6)
  expect(after.stored.y).not.toBe(null)

  // One Ctrl+Z: back where the tree puts it, nothing stored.
  await page.keyboard.press('Control+z')
  await expect.poll(async () => (await placeOf(page, 'South one')).stored).toEqual({ x: null, y: null })
  expect((await placeOf(page, 'South one')).drawn).toEqual(before.drawn)

  // With Ctrl held while moving: no guide, placed 4 px off the line where the pointer let it go.
  const again = (await node(page, 'South one').boundingBox())!
  await altPick(page, 'South one', north.x + 4 - again.x, dy)
  await page.keyboard.down('Control')
  await page.mouse.move(
    again.x + again.width / 2 + north.x + 4 - again.x + 1,
    again.y + again.height / 2 + dy,
  )
  await page.mouse.move(again.x + again.width / 2 + north.x + 4 - again.x, again.y + again.height / 2 + dy)
  await expect(page.getByTestId('align-guide')).toHaveCount(0)
  await page.mouse.up()
  await page.keyboard.up('Control')
  await page.keyboard.up('Alt')
  await waitSynced(page)
  const free = await placeOf(page, 'South one')
  const zoom = await page.evaluate(() => window.__plexus!.rf!.getViewport().zoom)
  expect(Math.abs(free.stored.x! - (target.drawn.x + 4 / zoom))).toBeLessThanOrEqual(1 / zoom)
  await context.close()
})
