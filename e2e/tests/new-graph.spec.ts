import { expect, test } from '@playwright/test'
import { graphState, newPage, node, waitSynced } from './helpers.ts'

// A new graph opens with its root (the central idea) selected, so a person who creates one and types
// at once names the root, and the keyboard mind-mapping flow (Tab a child, Enter a sibling) starts there.

test('a graph created from the home page selects its root: typing at once renames it, Tab adds a child', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/')
  // As a person does it: click the name field, type, click Create.
  await page.getByTestId('new-graph-title').click()
  await page.keyboard.type('Quarterly plan')
  await page.getByTestId('new-graph').click()
  await page.waitForURL(/\/g\/[^/]+$/)
  await expect(page.getByTestId('node')).toHaveCount(1)
  await expect(page.getByTestId('node')).toHaveClass(/is-selected/)

  const k = page.keyboard
  await k.type('Q3 launch')
  await k.press('Enter')
  await expect(node(page, 'Q3 launch')).toBeVisible()
  await k.press('Tab')
  await k.type('Pricing')
  await k.press('Enter')
  await expect(node(page, 'Pricing')).toBeVisible()

  await waitSynced(page)
  const s = await graphState(page)
  const root = s.nodes.find((n) => n.id === s.root)
  expect(root?.summary).toBe('Q3 launch')
  expect(s.nodes.find((n) => n.summary === 'Pricing')?.parent).toBe(s.root)
  expect(s.nodes).toHaveLength(2)
  await page.screenshot({ path: '/tmp/h15small-new-graph.png' })
  await context.close()
})

test('an existing graph with more than its root opens with nothing selected', async ({ browser }) => {
  const { context, page } = await newPage(browser)
  await page.goto('/')
  await page.getByTestId('new-graph-title').fill('Reopened')
  await page.keyboard.press('Enter')
  await page.waitForURL(/\/g\/[^/]+$/)
  await expect(page.getByTestId('node')).toHaveClass(/is-selected/)
  await page.keyboard.press('Tab')
  await page.keyboard.type('Child')
  await page.keyboard.press('Enter')
  await expect(node(page, 'Child')).toBeVisible()
  await waitSynced(page)
  await page.reload()
  await expect(page.getByTestId('node')).toHaveCount(2)
  await expect(page.locator('.react-flow__node.selected')).toHaveCount(0)
  await context.close()
})
