import { expect, test } from '@playwright/test'
import {
  canvasHasKeyboard,
  createGraph,
  graphState,
  newPage,
  node,
  recordToasts,
  waitSynced,
  type GraphState,
} from './helpers.ts'

/** The tree as summaries: each node's parent's summary. */
function shape(s: GraphState): Record<string, string | null> {
  const byId = new Map(s.nodes.map((n) => [n.id, n.summary]))
  return Object.fromEntries(s.nodes.map((n) => [n.summary, n.parent ? byId.get(n.parent)! : null]))
}

test('keyboard mind mapping builds a three-level tree without the mouse, and a reload keeps it', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Holiday')
  const k = page.keyboard

  // Nothing selected: Enter selects the root. Tab adds a child and starts editing it.
  await k.press('Enter')
  await k.press('Tab')
  await k.type('Travel')
  await k.press('Tab') // commits, adds a child of Travel
  await k.type('Trains')
  await k.press('Tab')
  await k.type('Book seats')
  await k.press('Enter') // commits, leaves editing; Book seats stays selected
  await k.press('Enter') // a sibling of Book seats
  await k.type('Check timetable')
  await k.press('Enter')
  await k.press('ArrowLeft') // Trains
  await k.press('Enter') // a sibling of Trains
  await k.type('Ferries')
  await k.press('Escape') // Escape also finishes editing
  await k.press('ArrowLeft') // Travel
  await k.press('ArrowLeft') // the root
  await k.press('Tab')
  await k.type('Food')
  await k.press('Enter')
  // Typing on a selected node starts editing it, replacing its text.
  await k.type('Food and drink')
  await k.press('Enter')

  const want = {
    Holiday: null,
    Travel: 'Holiday',
    Trains: 'Travel',
    'Book seats': 'Trains',
    'Check timetable': 'Trains',
    Ferries: 'Travel',
    'Food and drink': 'Holiday',
  }
  await expect.poll(async () => shape(await graphState(page))).toEqual(want)
  await k.press('Shift+Digit1') // fit view: only what is on screen is rendered
  for (const s of Object.keys(want)) await expect(node(page, s)).toBeVisible()
  await expect(page.locator('.react-flow__edge')).toHaveCount(6) // the tree, drawn as it grew

  // Still without the mouse: go to the inspector and make Ferries depend on Trains.
  await k.press('Escape')
  await expect(page.locator('.pnode.is-selected')).toHaveCount(0)
  await canvasHasKeyboard(page)
  await k.press('Enter') // the root
  await k.press('ArrowRight') // Travel or Food and drink: walk until Ferries is selected
  const selected = async () => (await page.evaluate(() => window.__plexus!.model.selection()))[0]
  const byName = async (s: string) => (await graphState(page)).nodes.find((n) => n.summary === s)!.id
  const ferries = await byName('Ferries')
  const travel = await byName('Travel')
  if ((await selected()) !== travel) await k.press('ArrowUp')
  if ((await selected()) !== travel) await k.press('ArrowDown')
  expect(await selected()).toBe(travel)
  await k.press('ArrowRight') // a child of Travel
  for (let i = 0; i < 3 && (await selected()) !== ferries; i++) await k.press('ArrowDown')
  expect(await selected()).toBe(ferries)
  await k.press('Control+i')
  for (let i = 0; i < 15; i++) {
    if (await page.getByTestId('add-relation').evaluate((el) => el === document.activeElement)) break
    await k.press('Tab')
  }
  await k.type('Trains')
  await k.press('Enter')
  await expect(node(page, 'Ferries')).toHaveAttribute('data-status', 'blocked')
  await k.press('Escape')
  await expect(page.getByTestId('canvas')).toBeFocused()
  await waitSynced(page)

  await page.reload()
  await expect(node(page, 'Book seats')).toBeVisible()
  await k.press('Shift+Digit1')
  await expect(page.locator('.react-flow__edge')).toHaveCount(7) // six tree edges and the dependency
  expect(shape(await graphState(page))).toEqual(want)
  await context.close()
})

test('Shift+M splits the branches into two halves of about the same size, in order round the root', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Compass')
  const k = page.keyboard
  await k.press('Enter')
  // Four branches, each of three or four nodes: two on each side balance (3 + 3 against 3 + 4).
  for (const [i, [b, n]] of (
    [
      ['North', 2],
      ['East', 2],
      ['South', 2],
      ['West', 3],
    ] as const
  ).entries()) {
    await k.press(i === 0 ? 'Tab' : 'Enter')
    await k.type(b)
    for (let c = 1; c <= n; c++) {
      await k.press(c === 1 ? 'Tab' : 'Enter') // a child of the branch, then siblings of it
      await k.type(`${b} ${c}`)
      await k.press('Enter') // commits
    }
    await k.press('ArrowLeft')
  }
  await k.press('Escape')
  // The keys are waited on by what they did, not by time: every node named as typed, nothing selected,
  // and the canvas holding the keyboard, before Shift+M.
  const typed = ['North', 'East', 'South', 'West'].flatMap((b) => [b, `${b} 1`, `${b} 2`])
  await expect
    .poll(async () => (await graphState(page)).nodes.map((n) => n.summary).sort())
    .toEqual(['Compass', ...typed, 'West 3'].sort())
  await expect(page.locator('.pnode.is-selected')).toHaveCount(0)
  await canvasHasKeyboard(page)
  const toasts = await recordToasts(page)
  await k.press('Shift+M')
  await expect.poll(async () => (await toasts()).some((t) => t.includes('as a mind map'))).toBe(true)
  await waitSynced(page)
  const s = await graphState(page)
  // Where each is drawn: a mind map is derived from the tree (layout/derived.ts), no position stored.
  const drawnX = await page.evaluate(() => {
    const ws = window.__plexus!
    const out: Record<string, number> = {}
    for (const n of ws.session.g.index.nodes.values()) out[n.summary] = ws.model.positionOf(n.id)!.x
    return out
  })
  const side = (b: string) => (drawnX[b]! > drawnX['Compass']! ? 'right' : 'left')
  expect(['North', 'East', 'South', 'West'].map(side)).toEqual(['right', 'right', 'left', 'left'])
  expect(s.nodes.filter((n) => n.x !== null)).toEqual([])
  expect(s.nodes.length).toBe(1 + 4 + 9)
  await context.close()
})
