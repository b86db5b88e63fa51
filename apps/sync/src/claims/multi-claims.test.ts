/**
 * Several servers on one PostgreSQL and one Redis (a Redis of the test's own), in this process:
 * - agents over MCP, each on its own server, race `graph_next {claim: true}` -> resolve on one graph
 *   of tasks with seeded random delays: no node is ever held by two agents, every task is resolved
 *   exactly once (the claims table decides, whatever each server's copy shows at that instant);
 * - a batch committed to PostgreSQL and never published (its server killed between the two) reaches
 *   the other servers' clients through the periodic reconciliation, even when later batches from
 *   other servers were announced meanwhile.
 *
 * Replay a failing race with PLEXUS_SEED=<seed printed in the failure>.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { httpAgent, ok, type Agent } from '@plexus/tools/test/clients'
import { PgStore } from '../storage/postgres/pg-store.ts'
import { TEST_DATABASE_URL } from '../test/test-db.ts'
import type { RunningServer, StartOptions } from '../start-server.ts'
import { cleanupAfterEach, cluster as startCluster } from '../test/cluster.ts'
import { WAIT_LIMIT_MS, destroyProvider, provider, synced, waitFor } from '../test/server-harness.ts'
import { rng } from '../../../../packages/model/src/test/harness.ts'
import { startRedis, type RedisService } from '../test/services.ts'

const SEED = Number(process.env.PLEXUS_SEED ?? 20261124)

const cleanup = cleanupAfterEach()

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function cluster(n: number, redis: RedisService, extra: Partial<StartOptions> = {}) {
  return startCluster(cleanup, 'claims', n, redis, extra)
}

/**
 * Two servers on one Redis, no reconciliation (with Redis down, B's copy learns of A's writes only
 * when it asks PostgreSQL); agent x on both, y on B; one task planned on A and seen on B.
 */
async function handover(project: string) {
  const redis = await startRedis()
  cleanup.push(() => redis.stop())
  const tokens = ['x', 'y'].map((name) => ({ name, role: 'write' as const, token: `${name}-token-secret` }))
  const { servers } = await cluster(2, redis, { tokens, reconcileMs: 0 })
  const [a, b] = servers as [RunningServer, RunningServer]
  const agent = async (s: RunningServer, name: string) => {
    const ag = await httpAgent(s.url, { name, token: `${name}-token-secret` })
    cleanup.push(() => ag.close())
    return ag.client
  }
  const xOnA = await agent(a, 'x')
  const xOnB = await agent(b, 'x')
  const yOnB = await agent(b, 'y')
  await ok(xOnA, 'graph_open', { project, goal: 'One task' })
  const [task] = (await ok(xOnA, 'graph_plan', { project, nodes: [{ ref: 't', summary: 'Task' }] })).created
  /** The task as B's copy shows it, null while B has not seen it. */
  const onB = async () =>
    (
      (await ok(yOnB, 'graph_query', { project })).nodes as Array<{
        id: string
        properties: Record<string, unknown>
      }>
    ).find((n) => n.id === task.id) ?? null
  for (let tries = 0; !(await onB()); tries++) {
    if (tries > 200) throw new Error('B never saw the task')
    await sleep(50)
  }
  return { redis, xOnA, xOnB, yOnB, task, onB }
}

interface Worker {
  name: string
  agent: Agent
  random: () => number
}

describe('claims across servers', () => {
  it('agents on different servers racing claim -> resolve: never two holders, each task resolved once', async () => {
    const redis = await startRedis()
    cleanup.push(() => redis.stop())
    // Each agent its own token: the name claims are held by (behind several servers MCP is stateless,
    // so a client's own name does not carry from one request to the next).
    const names = Array.from({ length: 6 }, (_, i) => `agent-${i}`)
    const tokens = names.map((name) => ({ name, role: 'write' as const, token: `${name}-token-secret` }))
    const { servers } = await cluster(3, redis, { tokens })
    const random = rng(SEED)
    const workers: Worker[] = []
    for (let i = 0; i < 6; i++) {
      const server = servers[i % servers.length]!
      const agent = await httpAgent(server.url, { name: names[i], token: `${names[i]}-token-secret` })
      cleanup.push(() => agent.close())
      workers.push({ name: `agent-${i}@${i % servers.length}`, agent, random: rng(random() * 2 ** 32) })
    }
    const project = 'race'
    const first = workers[0]!.agent.client
    await ok(first, 'graph_open', { project, goal: 'Forty tasks, three servers' })
    const nodes = Array.from({ length: 40 }, (_, i) => ({ ref: `t${i}`, summary: `Task ${i}`, kind: 'task' }))
    const created = (await ok(first, 'graph_plan', { project, nodes })).created as Array<{ id: string }>
    const ids = created.map((c) => c.id)
    // Every server has the tasks before the race starts (else a server's copy offers nothing). The
    // harness's limit only ends a hang (this wait had its own, 30 s).
    for (const w of workers) {
      const deadline = Date.now() + WAIT_LIMIT_MS
      while (((await ok(w.agent.client, 'graph_open', { project })).summary.unresolved as number) < 40) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${w.name} to see the tasks`)
        await sleep(50)
      }
    }

    const held = new Map<string, string>()
    const overlaps: string[] = []
    const resolvedBy = new Map<string, string[]>()
    const loop = async (w: Worker) => {
      let idle = 0
      while (idle < 40) {
        const r = await ok(w.agent.client, 'graph_next', { project, claim: true })
        const id = ((r.claimed as string[] | undefined) ?? [])[0]
        if (!id) {
          const left = (await ok(w.agent.client, 'graph_open', { project })).summary.unresolved as number
          if (left === 0) return
          idle++
          await sleep(20 + w.random() * 30)
          continue
        }
        idle = 0
        const other = held.get(id)
        if (other) overlaps.push(`${id} held by ${other} and ${w.name}`)
        held.set(id, w.name)
        await sleep(w.random() * 20)
        await ok(w.agent.client, 'graph_update', {
          project,
          updates: [
            { node_id: id, resolved: true, add_evidence: [{ type: 'note', ref: `done by ${w.name}` }] },
          ],
        })
        if (held.get(id) === w.name) held.delete(id)
        resolvedBy.set(id, [...(resolvedBy.get(id) ?? []), w.name])
        await sleep(w.random() * 10)
      }
    }
    await Promise.all(workers.map(loop))

    const twice = [...resolvedBy].filter(([, by]) => by.length > 1)
    const why =
      `seed ${SEED} (replay: PLEXUS_SEED=${SEED}): ${twice.length} resolved more than once ` +
      `(${twice
        .slice(0, 5)
        .map(([id, by]) => `${id} by ${by.join('+')}`)
        .join(', ')}); overlaps: ${overlaps.slice(0, 5).join('; ')}`
    expect(overlaps, why).toEqual([])
    expect(
      twice.map(([id]) => id),
      why,
    ).toEqual([])
    for (const id of ids) expect(resolvedBy.get(id)?.length ?? 0, `${id}: ${why}`).toBe(1)
  }, 180_000)

  it('a claim released through another server whose copy has not seen it yet is freed, not kept', async () => {
    const project = 'handover'
    const { redis, xOnA, xOnB, yOnB, task } = await handover(project)

    // Redis goes away; x claims on A (its claim reaches PostgreSQL, not B's copy), then A is gone for
    // x, which releases through B as an agent does when its server dies.
    await redis.stop()
    expect((await ok(xOnA, 'graph_next', { project, claim: true })).claimed).toEqual([task.id])
    await ok(xOnB, 'graph_update', { project, updates: [{ node_id: task.id, release: true }] })

    // Released: y can claim it, and B shows it held by y, not x.
    expect((await ok(yOnB, 'graph_next', { project, claim: true })).claimed).toEqual([task.id])
    const row = (await ok(yOnB, 'graph_query', { project, filter: { claimed_by: 'y' } })).nodes
    expect(row.map((n: { id: string }) => n.id)).toEqual([task.id])
    await redis.start()
  })

  it('a claim made again elsewhere, after one walked from here lapsed, is freed by a release sent here', async () => {
    const project = 'walked-from'
    const { redis, xOnA, xOnB, yOnB, task, onB } = await handover(project)
    const untilOnB = async () => {
      const claimedUntil = (await onB())?.properties._claimed_until
      return typeof claimedUntil === 'number' ? claimedUntil : 0
    }

    // x claims on B with a short lease and walks away; B's copy keeps its lapsed claim.
    const short = await ok(xOnB, 'graph_next', { project, claim: true, ttl_minutes: 0.002 })
    expect(short.claimed).toEqual([task.id])
    const lapses = await untilOnB()
    while (Date.now() <= lapses + 50) await sleep(lapses + 60 - Date.now())

    // Redis goes away; x claims the task again on A (PostgreSQL's row is x's for an hour, B's copy
    // still shows the lapsed claim), then releases it through B.
    await redis.stop()
    expect((await ok(xOnA, 'graph_next', { project, claim: true })).claimed).toEqual([task.id])
    await ok(xOnB, 'graph_update', { project, updates: [{ node_id: task.id, release: true }] })

    // Released: y can claim it on B.
    expect((await ok(yOnB, 'graph_next', { project, claim: true })).claimed).toEqual([task.id])
    await redis.start()
  })

  it.each([
    ['left in the log', false],
    ['folded into a snapshot at once', true],
  ])(
    'a batch stored but never published (%s) reaches the other servers’ clients, though later batches were announced',
    async (_, folded) => {
      const redis = await startRedis()
      cleanup.push(() => redis.stop())
      const { servers, schema } = await cluster(2, redis, { reconcileMs: 200 })
      const [a, b] = servers as [RunningServer, RunningServer]
      const at = (s: RunningServer) => ({ wsUrl: s.url.replace(/^http/, 'ws') + '/sync' })
      const pa = provider(at(a), 'quiet')
      const pb = provider(at(b), 'quiet')
      cleanup.push(async () => [pa, pb].forEach(destroyProvider))
      await Promise.all([synced(pa), synced(pb)])
      pa.doc.getMap('checkpoints').set('before', 1)
      await waitFor(() => pb.doc.getMap('checkpoints').get('before') === 1, 'B to see A’s first edit')

      // A server that committed and died before publishing: the update is in PostgreSQL, nowhere else.
      const dead = await PgStore.open(TEST_DATABASE_URL, { schema })
      cleanup.push(() => dead.close())
      const lost = new Y.Doc()
      Y.applyUpdate(lost, Y.encodeStateAsUpdate(pa.doc))
      const sv = Y.encodeStateVector(lost)
      lost.getMap('checkpoints').set('unpublished', 42)
      const seq = await dead.append('quiet', Y.encodeStateAsUpdate(lost, sv))
      // Worse: before anyone checks, that server folded the log into a snapshot (rows gone).
      if (folded) await dead.compact('quiet', { snapshot: Y.encodeStateAsUpdate(lost), throughSeq: seq })
      // Later batches are announced as usual: the gap does not show as a "newest seq" behind.
      pa.doc.getMap('checkpoints').set('after', 2)
      await waitFor(() => pb.doc.getMap('checkpoints').get('after') === 2, 'B to see A’s later edit')

      await waitFor(
        () =>
          pa.doc.getMap('checkpoints').get('unpublished') === 42 &&
          pb.doc.getMap('checkpoints').get('unpublished') === 42,
        'both servers’ clients to receive the batch nobody published',
        30_000,
      )
    },
    60_000,
  )
})
