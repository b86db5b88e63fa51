import { expect, test, type Page } from '@playwright/test'
import { createGraph, graphState, newPage, waitSynced } from './helpers.ts'

const column = (page: Page, key: string) => page.getByTestId(`board-${key}`)
const card = (page: Page, key: string, text: string) =>
  column(page, key).getByTestId('board-card').filter({ hasText: text })

test('board: natural order, branch paths, and dragging a card resolves, claims and releases it', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await createGraph(page, 'Release')
  const k = page.keyboard
  await k.press('Enter')
  await k.press('Tab')
  await k.type('Backend')
  for (const [i, t] of ['API 1.10', 'API 1.2', 'API 1.9'].entries()) {
    await k.press(i === 0 ? 'Tab' : 'Shift+Enter')
    await k.type(t)
  }
  await k.press('Enter')
  await k.press('Escape')
  await waitSynced(page)
  await page.getByTestId('view-board').click()

  // "API 1.2" before "API 1.10", and each card says which branch it is in.
  const ready = column(page, 'actionable').getByTestId('board-card')
  await expect(ready.locator('.card-summary')).toHaveText(['API 1.2', 'API 1.9', 'API 1.10'])
  await expect(card(page, 'actionable', 'API 1.9').getByTestId('card-path')).toHaveText('Backend')

  // Drag to Done: resolved.
  await card(page, 'actionable', 'API 1.2').dragTo(column(page, 'resolved'))
  await expect(card(page, 'resolved', 'API 1.2')).toBeVisible()
  const resolved = async (s: string) => (await graphState(page)).nodes.find((n) => n.summary === s)!.resolved
  expect(await resolved('API 1.2')).toBe(true)

  // Drag back to In progress: reopened and claimed by this person, who is named on the card.
  await card(page, 'resolved', 'API 1.2').dragTo(column(page, 'claimed'))
  await expect(card(page, 'claimed', 'API 1.2')).toBeVisible()
  expect(await resolved('API 1.2')).toBe(false)
  await expect(card(page, 'claimed', 'API 1.2').getByTestId('card-claim')).toBeVisible()

  // And to Ready: released.
  await card(page, 'claimed', 'API 1.2').dragTo(column(page, 'actionable'))
  await expect(card(page, 'actionable', 'API 1.2')).toBeVisible()
  await expect(card(page, 'actionable', 'API 1.2').getByTestId('card-claim')).toHaveCount(0)
  await waitSynced(page)
  await context.close()
})

/** Whether a card showing `text` is drawn at the screen point: inside its box and inside every box that clips it. */
async function cardShownAt(page: Page, text: string, x: number, y: number): Promise<boolean> {
  return page.evaluate(
    ({ text, x, y }) => {
      const inside = (r: DOMRect) => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom
      for (const el of document.querySelectorAll<HTMLElement>('[data-testid=board-card]')) {
        if (!el.textContent?.includes(text) || getComputedStyle(el).visibility === 'hidden') continue
        if (!inside(el.getBoundingClientRect())) continue
        let clipped = false
        const fixed = getComputedStyle(el).position === 'fixed'
        for (let a = el.parentElement; a && !fixed; a = a.parentElement) {
          const o = getComputedStyle(a)
          if (o.overflowX !== 'visible' || o.overflowY !== 'visible')
            clipped ||= !inside(a.getBoundingClientRect())
        }
        if (!clipped) return true
      }
      return false
    },
    { text, x, y },
  )
}

test('board: a dragged card stays in sight under the pointer as it crosses into another column', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await page.setViewportSize({ width: 1440, height: 900 })
  await createGraph(page, 'Carry')
  const k = page.keyboard
  await k.press('Enter')
  await k.press('Tab')
  await k.type('Write the migration guide')
  await k.press('Enter')
  await k.press('Escape')
  await waitSynced(page)
  await page.getByTestId('view-board').click()

  const from = (await card(page, 'actionable', 'Write the migration guide').boundingBox())!
  const done = (await column(page, 'resolved').boundingBox())!
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 }
  const end = { x: done.x + done.width / 2, y: done.y + done.height / 2 }
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(start.x + ((end.x - start.x) * i) / 12, start.y + ((end.y - start.y) * i) / 12)
  // Over Done, the column says it takes the card, and the card is drawn where the pointer is.
  await expect(column(page, 'resolved')).toHaveClass(/is-drop/)
  expect(await cardShownAt(page, 'Write the migration guide', end.x, end.y)).toBe(true)
  await page.mouse.up()
  await expect(card(page, 'resolved', 'Write the migration guide')).toBeVisible()
  await expect(page.getByTestId('board-card').filter({ hasText: 'Write the migration guide' })).toHaveCount(1)
  await waitSynced(page)
  await context.close()
})

test('board: a card drag cut short by leaving the board leaves the next click alone', async ({ browser }) => {
  const { context, page, dialogs } = await newPage(browser)
  await createGraph(page, 'Leave')
  const k = page.keyboard
  await k.press('Enter')
  await k.press('Tab')
  await k.type('Pack')
  await k.press('Enter')
  await k.press('Escape')
  await waitSynced(page)
  await page.getByTestId('view-board').click()
  const from = (await card(page, 'actionable', 'Pack').boundingBox())!
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2 + 80, from.y + from.height / 2 + 20, { steps: 4 })
  await expect(page.locator('.is-ghost')).toHaveCount(1)
  // Back to the list of graphs mid-drag: the board goes, and so does the drag.
  await page.evaluate(() => history.back())
  await expect(page.getByTestId('graph-list')).toBeVisible()
  await expect(page.locator('.is-ghost')).toHaveCount(0)
  await page.mouse.up()
  // The release was over the list, not a drop: the next click is the person's (Rename asks for a name).
  await page.getByRole('button', { name: 'Rename Leave' }).click()
  await expect.poll(() => dialogs).toEqual(['New name'])
  await context.close()
})
