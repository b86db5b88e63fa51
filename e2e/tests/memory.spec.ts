import { expect, test } from '@playwright/test'
import { Agent } from './agent.ts'
import { baseUrl, newPage, node, openGraph, waitSynced } from './helpers.ts'

test('what an agent remembers through /mcp/memory is on the canvas, and what a person adds there reaches its kg_sync', async ({
  browser,
}) => {
  const memory = await Agent.connect(baseUrl(), 'e2e-memory', '/mcp/memory')
  const { context, page } = await newPage(browser)
  try {
    const start = await memory.call<{ session_id: string; project: { graph: string } }>('kg_read', {
      cwd: '/home/dev/src/payments-service',
    })
    const sid = start.session_id
    await memory.call('kg_put_node', {
      session_id: sid,
      level: 'project',
      id: 'api-rate-limiting',
      gist: 'Redis-backed sliding window; 429 response includes Retry-After header',
      touches: ['src/middleware/rate_limit.py'],
    })
    await memory.call('kg_put_edge', {
      session_id: sid,
      level: 'project',
      from: 'api-rate-limiting',
      to: 'src/config.yaml',
      rel: 'reads-config',
    })

    await openGraph(page, start.project.graph)
    const remembered = node(page, 'Redis-backed sliding window; 429 response includes Retry-After header')
    await expect(remembered).toBeVisible()
    await expect(node(page, 'src/config.yaml')).toBeVisible()
    await waitSynced(page)

    // The person adds a child under the agent's node, from the keyboard.
    await remembered.click()
    await page.keyboard.press('Tab')
    await page.keyboard.type('Burst limit is 20 per second')
    await page.keyboard.press('Enter')
    await expect(node(page, 'Burst limit is 20 per second')).toBeVisible()
    await waitSynced(page)

    await expect
      .poll(async () => {
        const s = await memory.call<{ project: { nodes: Array<{ gist?: string }> } }>('kg_sync', {
          session_id: sid,
        })
        return s.project.nodes.map((n) => n.gist)
      })
      .toContain('Burst limit is 20 per second')
  } finally {
    await memory.close()
    await context.close()
  }
})

test('the canvas shows what memory archived faintly, hides it on request, and a read brings it back', async ({
  browser,
}) => {
  const memory = await Agent.connect(baseUrl(), 'e2e-archivist', '/mcp/memory')
  const { context, page } = await newPage(browser)
  try {
    const cwd = '/home/dev/src/legacy-batch'
    const start = await memory.call<{ session_id: string; project: { graph: string } }>('kg_read', { cwd })
    await memory.call('kg_put_node', {
      session_id: start.session_id,
      level: 'project',
      id: 'nightly-cron',
      gist: 'A nightly cron rebuilds the search index',
    })
    await memory.call('kg_put_node', {
      session_id: start.session_id,
      level: 'project',
      id: 'queue-workers',
      gist: 'Queue workers scale on backlog',
    })
    await openGraph(page, start.project.graph)
    const stale = node(page, 'A nightly cron rebuilds the search index')
    await expect(stale).toBeVisible()
    await waitSynced(page)
    // A month on, memory's archive rules mark it (as a sweep on any peer would write it).
    await page.evaluate((summary) => {
      const ws = window.__plexus!
      const ix = ws.session.g.index
      const id = [...ix.nodes.values()].find((n) => n.summary === summary)!.id
      const m = ws.session.doc.getMap('nodes').get(id) as { set(k: string, v: unknown): void }
      // With its history event, as the model writes a tier (the server refuses a node change without one).
      const event = {
        id: `e_archive_${id}`,
        ts: Date.now(),
        actor: ws.session.g.env.actor,
        node: id,
        action: 'update',
        changes: [{ field: 'tier', before: null, after: 'archived' }],
      }
      ws.session.doc.transact(() => {
        m.set('tier', 'archived')
        ws.session.doc.getArray('history').push([event])
      })
    }, 'A nightly cron rebuilds the search index')
    await expect(stale).toHaveAttribute('data-tier', 'archived')

    await page.getByTestId('toggle-archived').click()
    await expect(stale).toBeHidden()
    await expect(node(page, 'Queue workers scale on backlog')).toBeVisible()
    await page.getByTestId('toggle-archived').click()
    await expect(stale).toBeVisible()

    // The agent reads it in full: promoted to active for everyone.
    const read = await memory.call<{ tier: string; promoted?: boolean }>('kg_read', {
      cwd,
      id: 'nightly-cron',
    })
    expect(read).toMatchObject({ tier: 'active', promoted: true })
    await expect(stale).not.toHaveAttribute('data-tier', 'archived')
  } finally {
    await memory.close()
    await context.close()
  }
})
