import { expect, test } from '@playwright/test'
import { createGraph, newPage, node, selectNode, waitForServiceWorker } from './helpers.ts'

// Two tabs of one graph in one browser sync each other over a BroadcastChannel, with no network:
// one that went offline while open and one opened offline (service worker + IndexedDB). The link
// is made only once the tabs find each other (packages/sync-client/src/tabs.ts).
test('two tabs of a graph sync each other offline', async ({ browser }) => {
  const { context, page: a } = await newPage(browser)
  const id = await createGraph(a, 'Two tabs')
  await waitForServiceWorker(a)

  await context.setOffline(true)
  await expect(a.getByTestId('sync')).toHaveAttribute('data-state', 'offline')
  const b = await context.newPage()
  await b.goto(`/g/${encodeURIComponent(id)}`)
  await expect(node(b, 'Two tabs')).toBeVisible()

  await selectNode(a, 'Two tabs')
  await a.keyboard.press('Tab')
  await expect(a.locator('.pnode-editor')).toBeFocused()
  await a.keyboard.type('Written in tab A')
  await a.keyboard.press('Enter')
  await expect(node(b, 'Written in tab A')).toBeVisible()

  await selectNode(b, 'Two tabs')
  await b.keyboard.press('Tab')
  await expect(b.locator('.pnode-editor')).toBeFocused()
  await b.keyboard.type('Written in tab B')
  await b.keyboard.press('Enter')
  await expect(node(a, 'Written in tab B')).toBeVisible()

  await context.close()
})
