import { expect, test, type Page } from '@playwright/test'
import { centre, mindMap, newPage, node, openGraph, waitSynced } from './helpers.ts'

// A node that grows pushes its siblings and the branches below it (shape-room.spec.ts). These are the
// two halves that make the push something a person can take back: a node that shrinks again gives back
// the room it no longer needs (a shape set back, a name shortened: no gap left behind, however often it
// is done), and the room made while typing a name is part of the rename's undo step.

/** Where the page draws each node (chosen or derived, layout/derived.ts), by node id (a rename keeps the id). */
async function places(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const ws = window.__plexus!
    const ix = ws.session.g.index
    const out: Record<string, string> = {}
    for (const n of ix.nodes.values()) {
      const p = ws.model.positionOf(n.id)
      if (ix.live(n.id)) out[n.id] = p ? `${p.x},${p.y}` : 'null'
    }
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

test('a peer sees the same push and give-back, and a node it moved by hand meanwhile stays put', async ({
  browser,
}) => {
  const a = await newPage(browser)
  const b = await newPage(browser)
  await mindMap(a.page, 'Room with a peer')
  const before = await places(a.page)
  await b.page.setViewportSize({ width: 1440, height: 900 })
  await openGraph(b.page, decodeURIComponent(new URL(a.page.url()).pathname.split('/')[2]!))
  await expect(node(b.page, 'South three')).toBeVisible()
  const two = await idOf(a.page, 'North two')
  const three = await idOf(a.page, 'North three')
  const one = await idOf(a.page, 'North one')

  await node(a.page, 'North one').click()
  await a.page.getByTestId('insp-shape').selectOption('diamond')
  await expect.poll(async () => (await places(b.page))[two]).not.toBe(before[two])
  await waitSynced(a.page)
  // The peer drags North three away by hand after it was pushed.
  await expect(node(b.page, 'North one')).toHaveClass(/shape-diamond/)
  await expect.poll(async () => (await places(b.page))[three]).toBe((await places(a.page))[three])
  const from = await centre(node(b.page, 'North three'))
  await b.page.mouse.move(from.x, from.y)
  // Alt: placed by hand (without it the drag drops the branch into the tree, tree-drop.spec.ts).
  await b.page.keyboard.down('Alt')
  await b.page.mouse.down()
  await b.page.mouse.move(from.x + 260, from.y + 30, { steps: 12 })
  await b.page.mouse.up()
  await b.page.keyboard.up('Alt')
  await waitSynced(b.page)
  const placed = (await places(b.page))[three]
  expect(placed).not.toBe(before[three])
  await expect.poll(async () => (await places(a.page))[three]).toBe(placed)

  await a.page.getByTestId('insp-shape').selectOption('rect')
  // North three, placed by hand, left the tree's flow and stays where the peer put it; North two closes
  // up under North one again (the diamond's room given back), alike in both tabs.
  await expect(node(b.page, 'North one')).not.toHaveClass(/shape-diamond/)
  const y = (p: Record<string, string>, id: string) => Number(p[id]!.split(',')[1])
  const gap = (p: Record<string, string>) => y(p, two) - y(p, one)
  await expect.poll(async () => gap(await places(a.page))).toBe(gap(before))
  await expect.poll(async () => gap(await places(b.page))).toBe(gap(before))
  expect((await places(a.page))[three]).toBe(placed)
  expect(await places(b.page)).toEqual(await places(a.page))
  await a.context.close()
  await b.context.close()
})
