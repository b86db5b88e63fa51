import { expect, test } from '@playwright/test'
import {
  baseUrl,
  createGraph,
  graphState,
  newPage,
  node,
  openGraph,
  waitForServiceWorker,
  waitSynced,
} from './helpers.ts'

/** The graph's meta as the page's document holds it. */
function metaOf(page: import('@playwright/test').Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => window.__plexus!.session.doc.getMap('meta').toJSON())
}

/**
 * Makes the page's connection declare one schema newer than this build, as a newer build's would
 * (`?schema=N`): the server refuses a version raised past what the client declares. The e2e server
 * takes one schema more than this build (global-setup.ts), as a newer server would.
 */
async function speakNewer(page: import('@playwright/test').Page): Promise<void> {
  await page.evaluate(() => {
    const provider = window.__plexus!.session.connection.provider
    provider.disconnect()
    provider.params = { ...provider.params, schema: String(Number(provider.params.schema) + 1) }
    provider.connect()
  })
  await waitSynced(page)
}

async function serverTitle(id: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/graphs/${encodeURIComponent(id)}`)
  return ((await res.json()) as { title: string }).title
}

test('this build opens a graph a newer build wrote read-only, says to update, and saves none of its changes', async ({
  browser,
}) => {
  const newer = await newPage(browser)
  const id = await createGraph(newer.page, 'Written by a newer build')
  // A newer build upgrades the graph past this one's schema (the server takes it: that client speaks
  // the newer schema).
  await speakNewer(newer.page)
  const schema = (await metaOf(newer.page)).schema as number
  await newer.page.evaluate((s) => window.__plexus!.session.doc.getMap('meta').set('schema', s + 1), schema)
  await waitSynced(newer.page)

  const { context, page } = await newPage(browser)
  await openGraph(page, id)
  const banner = page.getByTestId('version-banner')
  await expect(banner).toBeVisible()
  await expect(banner).toContainText('update Plexus to edit this graph')
  await expect(page.getByTestId('graph-title')).toHaveValue('Written by a newer build')

  // A change made here anyway is refused by the server, with its reason, and kept in the tab.
  const title = page.getByTestId('graph-title')
  await title.fill('Renamed by the older build')
  await title.press('Enter')
  await expect(banner).toContainText(
    /update Plexus to edit this graph: it uses schema \d+, your client writes/,
  )
  await expect(title).toHaveValue('Renamed by the older build')
  expect(await serverTitle(id)).toBe('Written by a newer build')
  await context.close()
  await newer.context.close()
})

test('this build upgrades a graph an older build wrote, once, with nothing lost', async ({ browser }) => {
  const { context, page } = await newPage(browser)
  await page.goto('/')
  await waitForServiceWorker(page)
  // As a build of the previous schema wrote it: made offline and left at that schema, so the server
  // first gets it as that build would send it (no client may lower a graph the server holds).
  await context.setOffline(true)
  const input = page.getByTestId('new-graph-title')
  await input.focus()
  await input.fill('Older graph')
  await page.keyboard.press('Enter')
  await page.waitForURL(/\/g\/[^/]+$/)
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!)
  await expect(page.getByTestId('node')).toHaveCount(1)
  const current = (await metaOf(page)).schema as number
  await page.evaluate((s) => {
    const doc = window.__plexus!.session.doc
    doc.transact(() => {
      const meta = doc.getMap('meta')
      meta.set('schema', s - 1)
      for (const key of [...meta.keys()]) if (key.startsWith('schema.')) meta.delete(key)
    })
  }, current)
  expect((await metaOf(page)).schema).toBe(current - 1)
  // Back online, the tab syncs the old graph, notices and upgrades it at once.
  await context.setOffline(false)
  await expect.poll(async () => (await metaOf(page)).schema).toBe(current)
  await waitSynced(page)
  const other = await newPage(browser)
  await openGraph(other.page, id)
  await expect.poll(async () => (await metaOf(other.page)).schema).toBe(current)
  await expect(other.page.getByTestId('version-banner')).toHaveCount(0)
  await expect(other.page.getByTestId('graph-title')).toHaveValue('Older graph')
  expect(await serverTitle(id)).toBe('Older graph')
  await context.close()
  await other.context.close()
})

test('an offline tab coming back to a graph a newer build upgraded meanwhile: its edits are refused with the reason and kept in the tab', async ({
  browser,
}) => {
  const tab = await newPage(browser)
  const id = await createGraph(tab.page, 'Trip plan')
  await waitForServiceWorker(tab.page)
  const newer = await newPage(browser)
  await openGraph(newer.page, id)
  await waitSynced(newer.page)

  await tab.context.setOffline(true)
  await expect(tab.page.getByTestId('sync')).toHaveAttribute('data-state', 'offline')
  await node(tab.page, 'Trip plan').click()
  await tab.page.keyboard.press('Tab')
  await tab.page.keyboard.type('Written on the train')
  await tab.page.keyboard.press('Enter')
  await expect(node(tab.page, 'Written on the train')).toBeVisible()

  // Meanwhile a newer build upgrades the graph past this build's schema.
  await speakNewer(newer.page)
  const schema = (await metaOf(newer.page)).schema as number
  await newer.page.evaluate((s) => window.__plexus!.session.doc.getMap('meta').set('schema', s + 1), schema)
  await waitSynced(newer.page)

  await tab.context.setOffline(false)
  const banner = tab.page.getByTestId('version-banner')
  await expect(banner).toContainText(
    /update Plexus to edit this graph: it uses schema \d+, your client writes/,
  )
  // Refused, not lost: the tab still shows its edit, after a reload too (IndexedDB kept it) ...
  await expect(node(tab.page, 'Written on the train')).toBeVisible()
  await tab.page.reload()
  await expect
    .poll(async () => (await graphState(tab.page)).nodes.map((n) => n.summary))
    .toContain('Written on the train')
  // ... and the graph on the server never got it.
  await expect(node(newer.page, 'Trip plan')).toBeVisible()
  expect((await graphState(newer.page)).nodes.map((n) => n.summary)).not.toContain('Written on the train')
  const fresh = await newPage(browser)
  await openGraph(fresh.page, id)
  await expect(node(fresh.page, 'Trip plan')).toBeVisible()
  expect((await graphState(fresh.page)).nodes.map((n) => n.summary)).not.toContain('Written on the train')
  for (const p of [tab, newer, fresh]) await p.context.close()
})
