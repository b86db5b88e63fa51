import { expect, test, type Page } from '@playwright/test'
import { mindMap, newPage, node, waitSynced } from './helpers.ts'

// A node that grows pushes its siblings and the branches below it (shape-room.spec.ts). These are the
// two halves that make the push something a person can take back: a node that shrinks again gives back
// the room it no longer needs (a shape set back, a name shortened: no gap left behind, however often it
// is done), and the room made while typing a name is part of the rename's undo step.

/** Positions as the document has them, by node id (a rename keeps the id). */
async function places(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const ix = window.__plexus!.session.g.index
    const out: Record<string, string> = {}
    for (const n of ix.nodes.values()) if (ix.live(n.id)) out[n.id] = `${n.x},${n.y}`
    return out
  })
}

async function idOf(page: Page, summary: string): Promise<string> {
  return (await node(page, summary).getAttribute('data-id'))!
}

const LONG = 'North one, now with a name long enough to wrap onto three lines of its node'

/** Selects the node and types a new name in its inline editor (a letter starts the editor over). */
async function retype(page: Page, from: string, to: string): Promise<void> {
  await node(page, from).click()
  await page.getByTestId('canvas').focus()
  await page.keyboard.type(to)
  await page.keyboard.press('Enter')
  await expect(node(page, to)).toBeVisible()
}

test('a shape set back in the inspector gives back the room it took, in its own undo step', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await mindMap(page, 'Room given back')
  const before = await places(page)
  const two = await idOf(page, 'North two')
  await node(page, 'North one').click()
  await page.getByTestId('insp-shape').selectOption('diamond')
  await expect(node(page, 'North one')).toHaveClass(/shape-diamond/)
  await expect.poll(async () => (await places(page))[two]).not.toBe(before[two])
  await waitSynced(page)
  const pushed = await places(page)

  await page.getByTestId('insp-shape').selectOption('rect')
  await expect(node(page, 'North one')).not.toHaveClass(/shape-diamond/)
  await expect.poll(() => places(page)).toEqual(before)
  await waitSynced(page)

  // Ctrl+Z takes back the rectangle and its give-back together; redo does both again.
  await page.getByTestId('canvas').focus()
  await page.keyboard.press('Control+z')
  await expect(node(page, 'North one')).toHaveClass(/shape-diamond/)
  await expect.poll(() => places(page)).toEqual(pushed)
  await page.keyboard.press('Control+Shift+z')
  await expect(node(page, 'North one')).not.toHaveClass(/shape-diamond/)
  await expect.poll(() => places(page)).toEqual(before)
  await context.close()
})

test('stepping a node through every shape with Alt+S leaves the map as it was', async ({ browser }) => {
  const { context, page } = await newPage(browser)
  await mindMap(page, 'Shapes round')
  const before = await places(page)
  await node(page, 'North two').click()
  await page.getByTestId('canvas').focus()
  const shapes = await page
    .getByTestId('insp-shape')
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
  // Twice round: a gap left by one round would be doubled by the second.
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < 8; i++) {
      const was = await page.getByTestId('insp-shape').inputValue()
      await page.keyboard.press('Alt+KeyS')
      await expect(page.getByTestId('insp-shape')).not.toHaveValue(was)
      // Two frames: the node is measured at its new shape and its push or give-back written.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      )
    }
    await expect(page.getByTestId('insp-shape')).toHaveValue('rect')
    await expect.poll(() => places(page), { message: `round ${round + 1}` }).toEqual(before)
  }
  expect(shapes).toContain('diamond')
  await context.close()
})

test('a name typed long and then shortened gives the room back', async ({ browser }) => {
  const { context, page } = await newPage(browser)
  await mindMap(page, 'Long then short')
  const before = await places(page)
  const two = await idOf(page, 'North two')
  await retype(page, 'North one', LONG)
  await expect.poll(async () => (await places(page))[two]).not.toBe(before[two])
  await retype(page, LONG, 'N1')
  await expect.poll(() => places(page)).toEqual(before)
  await context.close()
})

test('one Ctrl+Z after typing a longer name restores the name and every position; redo does both', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await mindMap(page, 'Typing pushes')
  const before = await places(page)
  const two = await idOf(page, 'North two')
  await retype(page, 'North one', LONG)
  await expect.poll(async () => (await places(page))[two]).not.toBe(before[two])
  await waitSynced(page)
  const pushed = await places(page)
  await page.screenshot({ path: '/tmp/h15room-typed.png' })

  await page.getByTestId('canvas').focus()
  await page.keyboard.press('Control+z')
  await expect(node(page, 'North one')).toBeVisible()
  await expect.poll(() => places(page)).toEqual(before)
  await page.keyboard.press('Control+Shift+z')
  await expect(node(page, LONG)).toBeVisible()
  await expect.poll(() => places(page)).toEqual(pushed)
  await context.close()
})
