import { expect, test, type Page } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startServer } from '../../apps/sync/src/start-server.ts'
import { createGraph, newPage, node, selectNode, waitSynced } from './helpers.ts'

// A server with tokens: a browser without one is asked to sign in (not told the server is offline),
// a wrong token is called wrong, a token from a link is kept and leaves the address bar, sign-out
// forgets it. apps/web/README.md, "Signing in".

const OWNER = 'owner-token-0001'
const WRITER = 'writer-token-0001'
const VIEWER = 'viewer-token-0001'

async function withTokenServer(run: (url: string) => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'plexus-signin-'))
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    webDist: fileURLToPath(new URL('../../apps/web/dist', import.meta.url)),
    tokens: [
      { name: 'owner', role: 'write', token: OWNER },
      { name: 'writer', role: 'write', token: WRITER },
      { name: 'viewer', role: 'read', token: VIEWER },
    ],
  })
  try {
    await run(server.url)
  } finally {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function signIn(page: Page, token: string): Promise<void> {
  const prompt = page.getByTestId('sign-in')
  await prompt.getByLabel('Token').fill(token)
  await prompt.getByRole('button', { name: 'Sign in' }).click()
}

test('no token: a sign-in prompt, not "Offline"; a wrong token is called wrong; a writer token opens the graph and edits sync', async ({
  browser,
}) => {
  await withTokenServer(async (url) => {
    // The owner comes by a link with ?token=: it is kept, and taken out of the address bar.
    const owner = await newPage(browser, url)
    await owner.page.goto(`/?token=${OWNER}`)
    await expect(owner.page).toHaveURL(/\/$/)
    await expect(owner.page.getByTestId('sign-in')).toHaveCount(0)
    const id = await createGraph(owner.page, 'Trip')

    // Someone without a token, on the graph's address.
    const guest = await newPage(browser, url)
    await guest.page.goto(`/g/${encodeURIComponent(id)}`)
    const prompt = guest.page.getByTestId('sign-in')
    await expect(prompt).toBeVisible()
    await expect(prompt).toContainText('needs a token')
    await expect(guest.page.getByTestId('sync')).not.toHaveAttribute('data-state', 'offline')
    await expect(guest.page.getByTestId('sync')).not.toContainText('Offline')
    // No local graph is offered that could never sync.
    await expect(guest.page.getByTestId('empty-state')).toHaveCount(0)

    await signIn(guest.page, 'not-a-token-at-all')
    await expect(prompt).toContainText(/token not accepted/i)
    await expect(prompt).toBeVisible()

    await signIn(guest.page, WRITER)
    await expect(guest.page.getByTestId('sign-in')).toHaveCount(0)
    await expect(node(guest.page, 'Trip')).toBeVisible()
    await waitSynced(guest.page)
    await selectNode(guest.page, 'Trip')
    await guest.page.keyboard.press('F2')
    await guest.page.keyboard.type('Trip plan')
    await guest.page.keyboard.press('Enter')
    await expect(node(owner.page, 'Trip plan')).toBeVisible()

    // Kept for this server: a reload opens the graph without asking again.
    await guest.page.reload()
    await expect(node(guest.page, 'Trip plan')).toBeVisible()
    await waitSynced(guest.page)
    await expect(guest.page.getByTestId('sign-in')).toHaveCount(0)

    // Sign-out forgets the token: the prompt is back.
    await guest.page.getByTestId('sign-out').click()
    await expect(guest.page.getByTestId('sign-in')).toBeVisible()
    expect(await guest.page.evaluate(() => JSON.stringify(localStorage))).not.toContain(WRITER)

    await owner.context.close()
    await guest.context.close()
  })
})

test('the home page without a token asks to sign in instead of calling the server unreachable; a link with a wrong token is called wrong', async ({
  browser,
}) => {
  await withTokenServer(async (url) => {
    const { context, page } = await newPage(browser, url)
    await page.goto('/')
    await expect(page.getByTestId('sign-in')).toBeVisible()
    await expect(page.getByTestId('server-offline')).toHaveCount(0)
    await signIn(page, WRITER)
    await expect(page.getByTestId('sign-in')).toHaveCount(0)
    await expect(page.getByTestId('server-offline')).toHaveCount(0)
    await expect(page.getByTestId('signed-in-as')).toContainText('writer')
    await context.close()

    // A link with a wrong token: the token is called wrong, and it leaves the address bar too.
    const linked = await newPage(browser, url)
    await linked.page.goto('/?token=expired-token-0001')
    await expect(linked.page.getByTestId('sign-in')).toContainText(/token not accepted/i)
    await expect(linked.page).toHaveURL(/\/$/)
    await expect(linked.page.getByTestId('server-offline')).toHaveCount(0)
    await linked.context.close()
  })
})

test('a reading token pasted in the prompt opens the graph read-only', async ({ browser }) => {
  await withTokenServer(async (url) => {
    const owner = await newPage(browser, url)
    await owner.page.goto(`/?token=${OWNER}`)
    const id = await createGraph(owner.page, 'Budget')

    const viewer = await newPage(browser, url)
    await viewer.page.goto(`/g/${encodeURIComponent(id)}`)
    await signIn(viewer.page, VIEWER)
    await expect(node(viewer.page, 'Budget')).toBeVisible()
    const banner = viewer.page.getByTestId('readonly-banner')
    await expect(banner).toContainText('your token can read this graph, not change it')
    // The banner covers none of the toolbar (it covered half of it).
    const b = (await banner.boundingBox())!
    const t = (await viewer.page.getByRole('toolbar', { name: 'Canvas tools' }).boundingBox())!
    const apart =
      b.y + b.height <= t.y || t.y + t.height <= b.y || b.x + b.width <= t.x || t.x + t.width <= b.x
    expect(apart, `banner ${JSON.stringify(b)} over toolbar ${JSON.stringify(t)}`).toBe(true)
    await owner.context.close()
    await viewer.context.close()
  })
})
