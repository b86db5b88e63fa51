import { expect, test } from '@playwright/test'
import { createGraph, newPage, waitSynced } from './helpers.ts'

// The server's Content-Security-Policy (no inline script, frame-ancestors 'none'): the app loads,
// edits and syncs under it without a single violation the browser reports.
test('the web app works under the server’s CSP, with no violation reported', async ({ browser }) => {
  const { context, page } = await newPage(browser)
  const violations: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text())
  })
  const main = await page.goto('/')
  const csp = main?.headers()['content-security-policy'] ?? ''
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).toMatch(/script-src 'self'(;|$)/)
  expect(main?.headers()['x-content-type-options']).toBe('nosniff')
  await createGraph(page, 'Under CSP')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  await page.keyboard.type('A child under CSP')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('node')).toHaveCount(2)
  await waitSynced(page)
  // Reload: the app comes back from the server and IndexedDB, still without violations.
  await page.reload()
  await expect(page.getByTestId('node')).toHaveCount(2)
  expect(violations).toEqual([])
  await context.close()
})
