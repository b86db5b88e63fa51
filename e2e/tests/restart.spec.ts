import { expect, test } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startServer, type RunningServer } from '../../apps/sync/src/start-server.ts'
import { createGraph, graphState, newPage, node, openGraph, selectNode, waitSynced } from './helpers.ts'

const XSS = '<img src=x onerror=alert(1)>'

test('restarting the server loses nothing, and markup in a summary stays text', async ({ browser }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'plexus-restart-'))
  const webDist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url))
  let server: RunningServer = await startServer({ port: 0, host: '127.0.0.1', dataDir, webDist })
  const port = server.port
  try {
    const a = await newPage(browser, server.url)
    const id = await createGraph(a.page, 'Survives restarts')
    const k = a.page.keyboard
    await k.press('Enter')
    await k.press('Tab')
    await k.type(XSS)
    await k.press('Enter')
    await k.press('Enter')
    await k.type('Plain sibling')
    await k.press('Enter')
    await waitSynced(a.page)

    // The markup is text on the canvas: no element was made from it and no script ran.
    const hostile = node(a.page, XSS)
    await expect(hostile).toBeVisible()
    await expect(hostile.getByTestId('node-summary')).toHaveText(XSS)
    await expect(a.page.locator('.react-flow__nodes img')).toHaveCount(0)

    await server.close()
    await expect(a.page.getByTestId('sync')).toHaveAttribute('data-state', /offline|connecting/)
    // Written while the server is down: kept locally, synced after the restart.
    await selectNode(a.page, 'Plain sibling')
    await k.press('Tab')
    await k.type('While the server was down')
    await k.press('Enter')

    server = await startServer({ port, host: '127.0.0.1', dataDir, webDist })
    await waitSynced(a.page)

    // A browser that has never seen the graph gets all of it from the restarted server.
    const b = await newPage(browser, server.url)
    await openGraph(b.page, id)
    for (const s of ['Survives restarts', XSS, 'Plain sibling', 'While the server was down'])
      await expect(node(b.page, s)).toBeVisible()
    expect((await graphState(b.page)).nodes).toHaveLength(4)
    await expect(b.page.locator('.react-flow__nodes img')).toHaveCount(0)

    // Inspector, search and board render it as text too.
    await node(b.page, XSS).click()
    await expect(b.page.getByTestId('insp-summary')).toHaveValue(XSS)
    await b.page.keyboard.press('Control+k')
    await b.page.getByTestId('search-input').fill('img')
    await expect(b.page.locator('.search-results li').first()).toContainText(XSS)
    await b.page.keyboard.press('Escape')
    await b.page.getByTestId('view-board').click()
    await expect(b.page.getByTestId('board-card').filter({ hasText: XSS })).toHaveCount(1)
    await expect(b.page.locator('.board img')).toHaveCount(0)

    expect(a.dialogs).toEqual([])
    expect(b.dialogs).toEqual([])
    await a.context.close()
    await b.context.close()
  } finally {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
