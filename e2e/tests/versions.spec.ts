import { expect, test, type Page } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startServer } from '../../apps/sync/src/start-server.ts'
import { olderBuildMakes } from '../../apps/sync/src/test/older-build.ts'
import { SCHEMA_VERSION } from '../../packages/model/src/index.ts'
import {
  baseUrl,
  centre,
  createGraph,
  graphState,
  newPage,
  node,
  openGraph,
  selectNode,
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

  // The title cannot be edited here; a change written anyway (as a script or an extension could) is
  // refused by the server, with its reason, and kept in the tab.
  const title = page.getByTestId('graph-title')
  await expect(title).toBeDisabled()
  await page.evaluate(() =>
    window.__plexus!.session.doc.getMap('meta').set('title', 'Renamed by the older build'),
  )
  await expect(banner).toContainText(
    /update Plexus to edit this graph: it uses schema \d+, your client writes/,
  )
  await expect(title).toHaveValue('Renamed by the older build')
  expect(await serverTitle(id)).toBe('Written by a newer build')
  await context.close()
  await newer.context.close()
})

test('this build upgrades a graph an older build wrote, once, with nothing lost', async ({ browser }) => {
  // A build of the previous schema makes the graph and a node in it, through the stock client that
  // declares that schema, as that build would send it: all under its own client id, without this
  // build's shared skeleton (whose ids depend on the schema).
  const id = `older-${Date.now().toString(36)}`
  await olderBuildMakes(baseUrl(), {
    graph: id,
    title: 'Older graph',
    child: 'Written by the older build',
    version: SCHEMA_VERSION - 1,
  })
  const { context, page } = await newPage(browser)
  await openGraph(page, id)
  // This build notices and upgrades it at once, and the server takes the upgrade.
  await expect.poll(async () => (await metaOf(page)).schema).toBe(SCHEMA_VERSION)
  await waitSynced(page)
  await expect(page.getByTestId('version-banner')).toHaveCount(0)
  const other = await newPage(browser)
  await openGraph(other.page, id)
  await expect.poll(async () => (await metaOf(other.page)).schema).toBe(SCHEMA_VERSION)
  await expect(other.page.getByTestId('version-banner')).toHaveCount(0)
  await expect(other.page.getByTestId('graph-title')).toHaveValue('Older graph')
  await expect(node(other.page, 'Written by the older build')).toBeVisible()
  // One top: the older build's root is still the root, and no second one was made.
  const state = await graphState(other.page)
  expect(state.nodes.map((n) => n.summary).sort()).toEqual(['Older graph', 'Written by the older build'])
  expect(await serverTitle(id)).toBe('Older graph')
  // Nothing lost: the older build's graph still edits here.
  await selectNode(other.page, 'Written by the older build')
  await other.page.keyboard.press('Tab')
  await other.page.keyboard.type('Added after the upgrade')
  await other.page.keyboard.press('Enter')
  await expect(node(page, 'Added after the upgrade')).toBeVisible()
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
  await selectNode(tab.page, 'Trip plan')
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

/** The graph as a person would notice a change to it: text, place, status, edges, look, meta. */
function snapshot(page: Page): Promise<string> {
  return page.evaluate(() => {
    const doc = window.__plexus!.session.doc
    const { nodes, edges, meta } = doc.toJSON() as Record<string, Record<string, unknown>>
    return JSON.stringify({ nodes, edges, title: meta?.title })
  })
}

/**
 * Tries every way the canvas offers to change a graph that is read-only here (nodes "Plan" and "Risk"
 * exist), and checks each is refused before it reaches the document, and that the page says why.
 */
async function tryEveryEdit(page: Page, why: RegExp): Promise<void> {
  const before = await snapshot(page)
  const plan = node(page, 'Plan')
  const risk = node(page, 'Risk')
  await expect(risk).toBeVisible()

  // Drag a node.
  const at = await centre(risk)
  await page.mouse.move(at.x, at.y)
  await page.mouse.down()
  for (let i = 1; i <= 8; i++) await page.mouse.move(at.x + i * 15, at.y + i * 10)
  await page.mouse.up()
  // Connect: no handle to drag from.
  await plan.hover()
  await expect(page.locator('.react-flow__handle.connectable')).toHaveCount(0)

  // The keyboard: typing, Tab, Enter, Delete, fold, move, resolve, style, layout, paste.
  await risk.click()
  await expect(risk).toHaveClass(/is-selected/)
  for (const key of [
    'x',
    'F2',
    'Tab',
    'Enter',
    'Delete',
    'Alt+ArrowDown',
    'Control+Enter',
    'Alt+KeyS',
    'Alt+KeyC',
    'Shift+M',
  ])
    await page.keyboard.press(key)
  await expect(page.locator('.pnode-editor')).toHaveCount(0)
  // The person is told why, where they pressed.
  await expect(page.getByTestId('toast').filter({ hasText: why }).first()).toBeVisible()
  await page.getByTestId('canvas').focus()
  await page.evaluate(() => {
    const data = new DataTransfer()
    data.setData('text/plain', 'Pasted one\nPasted two')
    document
      .querySelector('.canvas-wrap')!
      .dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  })
  // Import a file.
  await page.getByTestId('import-input').setInputFiles({
    name: 'more.mmd',
    mimeType: 'text/plain',
    buffer: Buffer.from('flowchart LR\n  a[Imported] --> b[Also imported]\n'),
  })
  // Double click on empty canvas.
  const box = (await page.getByTestId('canvas').boundingBox())!
  await page.mouse.dblclick(box.x + box.width - 260, box.y + 120)

  // The toolbar's editing tools are off, and say why.
  const add = page.getByTestId('add-node')
  await expect(add).toBeDisabled()
  await expect(add).toHaveAttribute('title', why)
  await expect(page.getByTestId('layout-mindmap')).toBeDisabled()

  // The inspector shows everything and edits nothing.
  await risk.click()
  await expect(page.getByTestId('insp-summary')).toHaveValue('Risk')
  await expect(page.getByTestId('insp-summary')).toBeDisabled()
  await expect(page.getByTestId('resolve-toggle')).toBeDisabled()
  await expect(page.getByTestId('inspector')).toContainText(why)

  // The board: a card dragged to Done stays where it was.
  await page.getByTestId('view-board').click()
  const card = page.getByTestId('board-card').filter({ hasText: 'Risk' })
  const done = page.locator('[data-column="resolved"]')
  const from = await centre(card)
  const to = await centre(done)
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(from.x + ((to.x - from.x) * i) / 10, from.y + ((to.y - from.y) * i) / 10)
  await page.mouse.up()
  await page.getByTestId('view-canvas').click()

  expect(await snapshot(page)).toBe(before)
}

/** A graph with a root "Plan" and one child "Risk", written by `page`. */
async function planWithRisk(page: Page): Promise<string> {
  const id = await createGraph(page, 'Plan')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Risk')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Escape')
  await waitSynced(page)
  return id
}

test('read-only because a newer build wrote the graph: no canvas edit goes through, and the page says why', async ({
  browser,
}) => {
  const newer = await newPage(browser)
  const id = await planWithRisk(newer.page)
  // A newer build raises the schema (the server takes it: that client speaks the newer schema).
  await speakNewer(newer.page)
  const schema = (await metaOf(newer.page)).schema as number
  await newer.page.evaluate((s) => window.__plexus!.session.doc.getMap('meta').set('schema', s + 1), schema)
  await waitSynced(newer.page)

  const { context, page } = await newPage(browser)
  await openGraph(page, id)
  await expect(page.getByTestId('version-banner')).toContainText('update Plexus to edit this graph')
  await tryEveryEdit(page, /update Plexus to edit this graph/)
  await context.close()
  await newer.context.close()
})

test('read-only because the token only reads: no canvas edit goes through, and the page says why', async ({
  browser,
}) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'plexus-readonly-'))
  const webDist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url))
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    webDist,
    tokens: [
      { name: 'owner', role: 'write', token: 'owner-token-0001' },
      { name: 'viewer', role: 'read', token: 'viewer-token-0001' },
    ],
  })
  try {
    const owner = await newPage(browser, server.url)
    // The owner's token is on the device before the first page runs (the viewer's comes in the link).
    await owner.context.addInitScript(() => localStorage.setItem('plexus.token', 'owner-token-0001'))
    const id = await planWithRisk(owner.page)

    const viewer = await newPage(browser, server.url)
    await viewer.page.goto(`/g/${encodeURIComponent(id)}?token=viewer-token-0001`)
    await expect(node(viewer.page, 'Risk')).toBeVisible()
    const banner = viewer.page.getByTestId('readonly-banner')
    await expect(banner).toContainText('your token can read this graph, not change it')
    await tryEveryEdit(viewer.page, /your token can read this graph, not change it/)
    // What the owner changes still arrives.
    await selectNode(owner.page, 'Risk')
    await owner.page.keyboard.press('F2')
    await owner.page.keyboard.type('Risk review')
    await owner.page.keyboard.press('Enter')
    await expect(node(viewer.page, 'Risk review')).toBeVisible()
    await owner.context.close()
    await viewer.context.close()
  } finally {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
