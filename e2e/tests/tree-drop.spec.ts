import { expect, test, type Page } from '@playwright/test'
import { centre, mindMap, newPage, node, recordToasts, waitSynced } from './helpers.ts'

// Mind-map manipulation (issue 27): a branch dragged with the real mouse onto a node becomes its last
// child, dropped between two siblings goes between them, dropped on its own child is refused and goes
// back; a live preview shows where it will go while the button is down; one Ctrl+Z undoes a drop; the
// dropped node is selected after; Alt moves a node freely instead.

type Box = { x: number; y: number; width: number; height: number }

/** Each live node's parent's summary and where the page draws it (flow coordinates), by summary. */
async function tree(page: Page): Promise<Record<string, { parent: string | null; at: Box }>> {
  return page.evaluate(() => {
    const ws = window.__plexus!
    const ix = ws.session.g.index
    const s = ix.struct()
    const out: Record<string, { parent: string | null; at: Box }> = {}
    for (const n of ix.nodes.values()) {
      if (!ix.live(n.id)) continue
      const p = s.parent.get(n.id)
      out[n.summary] = {
        parent: p ? (ix.nodes.get(p)?.summary ?? null) : null,
        at: { ...ws.model.positionOf(n.id)!, ...ws.model.sizeOf(n.id) },
      }
    }
    return out
  })
}

/** The summaries of the selected nodes. */
const selected = (page: Page) =>
  page.evaluate(() => {
    const ws = window.__plexus!
    return ws.model.selection().map((id) => ws.session.g.index.nodes.get(id)!.summary)
  })

/** The children of `parent` as drawn, top to bottom. */
async function childrenDrawn(page: Page, parent: string): Promise<string[]> {
  const t = await tree(page)
  return Object.entries(t)
    .filter(([, v]) => v.parent === parent)
    .sort(([, a], [, b]) => a.at.y - b.at.y)
    .map(([s]) => s)
}

/** Presses the mouse on `summary`'s node and moves it to `to` in steps, leaving the button down. */
async function pick(page: Page, summary: string, to: { x: number; y: number }): Promise<void> {
  const from = await centre(node(page, summary))
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(to.x, to.y, { steps: 12 })
}

test('a branch dropped onto a node, between siblings, onto its own child; a preview while dragging; Ctrl+Z', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await mindMap(page, 'Tree drop')
  const toasts = await recordToasts(page)
  expect(await childrenDrawn(page, 'South')).toEqual(['South one', 'South two', 'South three'])

  // 1. "South two" onto the middle of "North one": the node is highlighted as the new parent.
  await pick(page, 'South two', await centre(node(page, 'North one')))
  const preview = page.getByTestId('drop-preview')
  await expect(preview).toHaveAttribute('data-kind', 'parent')
  // The dragged node is drawn over the others while it moves.
  const z = await page.evaluate(() => {
    const el = [...document.querySelectorAll<HTMLElement>('.react-flow__node')].find((e) =>
      e.innerText.startsWith('South two'),
    )!
    const other = [...document.querySelectorAll<HTMLElement>('.react-flow__node')].find((e) =>
      e.innerText.startsWith('North one'),
    )!
    return [Number(getComputedStyle(el).zIndex), Number(getComputedStyle(other).zIndex)]
  })
  expect(z[0]).toBeGreaterThan(z[1]!)
  await page.mouse.up()
  await expect(preview).toHaveCount(0)
  await expect.poll(async () => (await tree(page))['South two']!.parent).toBe('North one')
  // Selection follows the drag (the node may now be out of view: the model's selection is read).
  expect(await selected(page)).toEqual(['South two'])
  expect(await childrenDrawn(page, 'South')).toEqual(['South one', 'South three'])
  // Nothing was pinned: it is drawn where the tree puts it, under its new parent.
  const afterOne = await tree(page)
  expect(afterOne['South two']!.at.x).toBeGreaterThan(
    afterOne['North one']!.at.x + afterOne['North one']!.at.width,
  )
  await waitSynced(page)

  // One Ctrl+Z puts it back, in its old place among its old siblings.
  await page.keyboard.press('Control+z')
  await expect.poll(async () => (await tree(page))['South two']!.parent).toBe('South')
  expect(await childrenDrawn(page, 'South')).toEqual(['South one', 'South two', 'South three'])

  // 2. "North three" into the gap between "South one" and "South two": a line marks the place.
  const one = (await node(page, 'South one').boundingBox())!
  const two = (await node(page, 'South two').boundingBox())!
  await pick(page, 'North three', { x: one.x + one.width / 2, y: (one.y + one.height + two.y) / 2 })
  await expect(preview).toHaveAttribute('data-kind', 'line')
  await page.mouse.up()
  await expect
    .poll(() => childrenDrawn(page, 'South'))
    .toEqual(['South one', 'North three', 'South two', 'South three'])
  expect(await childrenDrawn(page, 'North')).toEqual(['North one', 'North two'])
  await waitSynced(page)

  // 3. "North" onto its own child "North two": refused, visibly; the branch goes back.
  const before = await tree(page)
  await pick(page, 'North', await centre(node(page, 'North two')))
  await expect(preview).toHaveAttribute('data-kind', 'refused')
  await expect(preview).toContainText('Not inside itself')
  await page.mouse.up()
  await expect(preview).toHaveCount(0)
  await expect
    .poll(async () => (await toasts()).some((t) => t.includes('cannot go inside itself')))
    .toBe(true)
  await expect.poll(async () => (await tree(page))['North']!.at).toEqual(before['North']!.at)
  expect((await tree(page))['North']!.parent).toBe('Tree drop')
  expect(await tree(page)).toEqual(before)

  // Ctrl+Z now undoes drop 2: "North three" back under North, last.
  await page.keyboard.press('Control+z')
  await expect.poll(() => childrenDrawn(page, 'North')).toEqual(['North one', 'North two', 'North three'])
  expect(await childrenDrawn(page, 'South')).toEqual(['South one', 'South two', 'South three'])
  await context.close()
})

test('with Alt a node moves freely: placed where it is let go, no parent changed', async ({ browser }) => {
  const { context, page } = await newPage(browser)
  await mindMap(page, 'Free move')
  const from = await centre(node(page, 'South two'))
  await page.keyboard.down('Alt')
  await pick(page, 'South two', { x: from.x + 60, y: from.y + 160 })
  await expect(page.getByTestId('drop-preview')).toHaveCount(0)
  await page.mouse.up()
  await page.keyboard.up('Alt')
  await waitSynced(page)
  const t = await tree(page)
  expect(t['South two']!.parent).toBe('South')
  const stored = await page.evaluate(
    () => [...window.__plexus!.session.g.index.nodes.values()].find((n) => n.summary === 'South two')!.x,
  )
  expect(stored).not.toBe(null)
  expect(await selected(page)).toEqual(['South two'])
  await context.close()
})
