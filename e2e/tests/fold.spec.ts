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
