/**
 * A graph deleted through one server, on two servers sharing PostgreSQL and Redis (issue 23, finding
 * 8): the deletion reaches the other server and closes its writers (4410), and a writer still
 * connected to a stale copy there never brings the graph back, with Redis working and with Redis
 * away when the graph is deleted (the news lost).
 */
import { createNodes, initGraph, openGraph } from '@plexus/model'
import { describe, expect, it } from 'vitest'
import type { WebsocketProvider } from 'y-websocket'
import { CloseCode } from '../access/server-limits.ts'
import { PgStore } from '../storage/postgres/pg-store.ts'
import { TEST_DATABASE_URL } from '../test/test-db.ts'
import type { RunningServer } from '../start-server.ts'
import { cleanupAfterEach, cluster } from '../test/cluster.ts'
import { nextClose, provider, synced, waitFor } from '../test/server-harness.ts'
import { startRedis } from '../test/services.ts'

const cleanup = cleanupAfterEach()
let ids = 0
const env = (actor: string) => ({ actor, now: () => Date.now(), newId: () => `n_del${ids++}` })
const ws = (s: RunningServer) => ({ wsUrl: s.url.replace(/^http/, 'ws') + '/sync' })

/** Two servers, a graph made through A, and a writer on each that has it. */
async function setup(what: string) {
  const redis = await startRedis()
  cleanup.push(() => redis.stop())
  const { servers, schema } = await cluster(cleanup, what, 2, redis)
  const [a, b] = servers as [RunningServer, RunningServer]
  const store = await PgStore.open(TEST_DATABASE_URL, { schema })
  cleanup.push(() => store.close())
  const onA = provider(ws(a), 'g')
  await synced(onA)
  const g = openGraph(onA.doc, env('local'))
  initGraph(g, { id: 'g', title: 'Doomed' })
  const made = createNodes(g, [{ summary: 'First' }])
  if (!made.ok) throw new Error(made.message)
  const onB = provider(ws(b), 'g')
  await synced(onB)
  await waitFor(() => onB.doc.getMap('nodes').has(made.created[0]!.id), 'B’s writer to have the graph')
  return { redis, a, b, store, onA, onB }
}

async function remove(s: RunningServer): Promise<number> {
  return (await fetch(`${s.url}/api/graphs/g`, { method: 'DELETE' })).status
}

/**
 * B's writer edits its copy after the deletion. Answers how it ended: closed (with the code), or
 * `back` when its edit reached PostgreSQL first (the deleted graph came back).
 */
async function staleEdit(onB: WebsocketProvider, store: PgStore): Promise<number | 'back'> {
  let closed: number | null = null
  void nextClose(onB).then((c) => (closed = c.code))
  createNodes(openGraph(onB.doc, env('local')), [{ summary: 'From a stale writer' }])
  for (;;) {
    if (closed !== null) return closed
    if ((await store.load('g')) !== null) return 'back'
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('finding 8: a deletion reaches every server', () => {
  it('with Redis: B’s writers are closed with 4410, and the graph stays deleted', async () => {
    const { a, store, onA, onB } = await setup('delete_fanout')
    const closedA = nextClose(onA)
    const closedB = nextClose(onB)
    expect(await remove(a)).toBe(200)
    expect((await closedA).code).toBe(CloseCode.gone)
    expect((await closedB).code).toBe(CloseCode.gone)
    expect(await store.load('g')).toBeNull()
  })

  it('with the news lost (Redis away): a stale copy’s edit is refused as gone, and the graph stays deleted', async () => {
    const { redis, a, store, onB } = await setup('delete_stale')
    await redis.stop()
    expect(await remove(a)).toBe(200)
    // B never heard: its writer edits its stale copy.
    expect(await staleEdit(onB, store)).toBe(CloseCode.gone)
    expect(await store.load('g')).toBeNull()
    // Redis back (the servers close cleanly); the graph is still deleted.
    await redis.start()
    expect(await store.load('g')).toBeNull()
  })
})
