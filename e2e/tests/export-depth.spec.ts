import { expect, test } from '@playwright/test'
import { Agent } from './agent.ts'
import { baseUrl, createGraph, graphState, newPage, recordToasts } from './helpers.ts'

// A map deeper than a map format is written (1,000 levels, issue 28): exporting it as OPML tells the
// person the depth and what to do, as a toast, instead of nothing (the refusal was an uncaught error).
test('exporting a tree too deep for OPML says how deep it is and what to do', async ({ browser }) => {
  const { context, page } = await newPage(browser)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const id = await createGraph(page, 'Deep outline')
  const agent = await Agent.connect(baseUrl(), 'e2e-deepener')
  try {
    // Under the root, a chain of 1,001 topics, each under the one before: 1,002 levels.
    const nodes = Array.from({ length: 1001 }, (_, i) => ({
      ref: `t${i}`,
      summary: `Level ${i + 2}`,
      ...(i > 0 ? { parent_ref: `t${i - 1}` } : {}),
    }))
    await agent.call('graph_plan', { project: id, mode: 'force', nodes })
  } finally {
    await agent.close()
  }
  await expect.poll(async () => (await graphState(page)).nodes.length, { timeout: 60_000 }).toBe(1002)
  const toasts = await recordToasts(page)
  let downloaded = false
  page.on('download', () => (downloaded = true))
  await page.getByTestId('io-menu').click()
  await page.getByTestId('export-opml').click()
  await expect
    .poll(async () => (await toasts()).join('\n'), { timeout: 30_000 })
    .toMatch(/1002 levels deep.*at most 1000.*json or dsl/)
  expect(downloaded).toBe(false)
  expect(errors).toEqual([])
  await context.close()
})
