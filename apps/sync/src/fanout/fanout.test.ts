/**
 * Two servers on one PostgreSQL and one Redis (a Redis of the test's own, so it can be killed):
 * an update taken by one reaches the other's clients, presence crosses too, MCP writes on one are
 * seen through the other, and while Redis is away each keeps serving its own clients, says
 * degraded, and catches up when Redis is back.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { RunningServer } from '../start-server.ts'
import { cleanupAfterEach, cluster as startCluster } from '../test/cluster.ts'
import { destroyProvider, provider, synced, waitFor } from '../test/server-harness.ts'
import { startRedis, type RedisService } from '../test/services.ts'
import { httpAgent, ok, type Agent } from '@plexus/tools/test/clients'

const cleanup = cleanupAfterEach()

async function cluster(n: number, redis: RedisService): Promise<RunningServer[]> {
  return (await startCluster(cleanup, 'fanout', n, redis)).servers
}

const wsUrl = (s: RunningServer) => ({ wsUrl: s.url.replace(/^http/, 'ws') + '/sync' })

function client(s: RunningServer, graph: string) {
  const p = provider(wsUrl(s), graph)
  cleanup.push(async () => destroyProvider(p))
  return p
}

const health = async (s: RunningServer) =>
  (await (await fetch(`${s.url}/healthz`)).json()) as Record<string, unknown>

describe('servers sharing PostgreSQL and Redis', () => {
  it('relays an update taken by one server to the clients of another, and presence too', async () => {
    const redis = await startRedis()
    cleanup.push(() => redis.stop())
    const [a, b] = await cluster(2, redis)
    const pa = client(a!, 'shared')
    const pb = client(b!, 'shared')
    await Promise.all([synced(pa), synced(pb)])
    pa.doc.getMap('checkpoints').set('from-a', 1)
    await waitFor(() => pb.doc.getMap('checkpoints').get('from-a') === 1, 'B to see A’s edit')
    pb.doc.getMap('checkpoints').set('from-b', 2)
    await waitFor(() => pa.doc.getMap('checkpoints').get('from-b') === 2, 'A to see B’s edit')
    pa.awareness.setLocalStateField('user', { name: 'Ada' })
    await waitFor(
      () => [...pb.awareness.getStates().values()].some((s) => (s.user as { name?: string })?.name === 'Ada'),
      'B’s client to see Ada’s presence',
    )
    expect((await health(a!)).status).toBe('ok')
  })

  it('shows an agent’s write on one server to a client of another', async () => {
    const redis = await startRedis()
    cleanup.push(() => redis.stop())
    const [a, b] = await cluster(2, redis)
    const agent: Agent = await httpAgent(a!.url, {})
    cleanup.push(() => agent.close())
    await ok(agent.client, 'graph_open', { project: 'plan', goal: 'Ship across servers' })
    const pb = client(b!, 'plan')
    await synced(pb)
    await waitFor(() => pb.doc.getMap('nodes').size > 0, 'B’s client to see the graph the agent made on A')
  })

  it('keeps serving its own clients while Redis is away, says degraded, and catches up after', async () => {
    const redis = await startRedis()
    cleanup.push(() => redis.stop())
    const [a, b] = await cluster(2, redis)
    const pa1 = client(a!, 'g')
    const pa2 = client(a!, 'g')
    const pb = client(b!, 'g')
    await Promise.all([synced(pa1), synced(pa2), synced(pb)])
    await redis.stop()
    await waitFor(() => a!.docs.size > 0, 'graph loaded')
    let h: Record<string, unknown> = {}
    await waitFor(() => {
      void health(a!).then((x) => (h = x))
      return h.status === 'degraded'
    }, '/healthz on A to say degraded')
    expect(String(h.fanout)).toMatch(/Redis unreachable/)
    pa1.doc.getMap('checkpoints').set('while-away', 1)
    await waitFor(
      () => pa2.doc.getMap('checkpoints').get('while-away') === 1,
      'A’s other client to see the edit',
    )
    expect(pb.doc.getMap('checkpoints').get('while-away')).toBeUndefined()
    await redis.start()
    await waitFor(
      () => pb.doc.getMap('checkpoints').get('while-away') === 1,
      'B’s client to catch up after Redis returns',
    )
    await waitFor(() => {
      void health(a!).then((x) => (h = x))
      return h.status === 'ok'
    }, '/healthz on A to say ok again')
  })

  it('fills a gap: an update published while a server could not hear it arrives once it can', async () => {
    const redis = await startRedis()
    cleanup.push(() => redis.stop())
    const [a, b] = await cluster(2, redis)
    const pa = client(a!, 'gap')
    const pb = client(b!, 'gap')
    await Promise.all([synced(pa), synced(pb)])
    const doc = new Y.Doc()
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(pa.doc))
    await redis.stop()
    for (let i = 0; i < 5; i++) pa.doc.getMap('checkpoints').set(`k${i}`, i)
    await redis.start()
    pa.doc.getMap('checkpoints').set('after', true)
    await waitFor(
      () => pb.doc.getMap('checkpoints').size === 6,
      'B’s client to have every update, the ones sent while Redis was away included',
    )
  })
})
