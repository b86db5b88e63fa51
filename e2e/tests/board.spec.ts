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
