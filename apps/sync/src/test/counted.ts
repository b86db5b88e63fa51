/**
 * A test server whose real store and real Redis fan-out are counted: every stored batch (the store's
 * `appendMany`) and every published one (the fan-out's `publish`). The objects are the ones the server
 * runs on, each method wrapped to count and then call the original, so what is counted is what was
 * stored and sent. For the claim test (claims/one-pass.test.ts and the agent's): a claim is one batch, one
 * publish.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { httpAgent, ok, type Agent } from '@plexus/tools/test/clients'
import { RedisFanout } from '../fanout/fanout.ts'
import { PgStore } from '../storage/postgres/pg-store.ts'
import { TEST_DATABASE_URL, dropSchemas, testSchema } from './test-db.ts'
import { SqliteStore } from '../storage/sqlite-store.ts'
import type { StorageAdapter } from '../storage/adapter.ts'
import { startRedis } from './services.ts'
import { testServer, type TestServer } from './server-harness.ts'

export interface Counts {
  /** Batches the store appended (each one transaction's updates, stored together). */
  stored: number
  /** Batches the fan-out published to the other servers. */
  published: number
}

export interface CountedServer {
  server: TestServer
  counts: Counts
  /** Sets both counts to 0 (after the set-up's own writes). */
  reset(): void
  dispose(): Promise<void>
}

/** A server on SQLite (`sqlite`: the in-process arbiter) or PostgreSQL (`postgres`: the claims table), with a Redis of its own. */
export async function countedServer(backend: 'sqlite' | 'postgres'): Promise<CountedServer> {
  const dir = mkdtempSync(join(tmpdir(), 'plexus-counted-'))
  const redis = await startRedis()
  const schema = testSchema('counted')
  const store: StorageAdapter =
    backend === 'postgres'
      ? await PgStore.open(TEST_DATABASE_URL, { schema })
      : new SqliteStore(join(dir, 'plexus.db'))
  const fanout = await RedisFanout.open(redis.url, { prefix: `counted:${schema}:` })
  const counts: Counts = { stored: 0, published: 0 }
  const append = store.appendMany.bind(store)
  store.appendMany = (graph, updates) => {
    counts.stored++
    return append(graph, updates)
  }
  const publish = fanout.publish.bind(fanout)
  fanout.publish = (graph, updates, seq) => {
    counts.published++
    publish(graph, updates, seq)
  }
  mkdirSync(join(dir, 'data'))
  const server = await testServer({ store, fanout }, join(dir, 'data'))
  return {
    server,
    counts,
    reset: () => {
      counts.stored = 0
      counts.published = 0
    },
    dispose: async () => {
      await server.dispose()
      await fanout.close()
      await store.close()
      await redis.stop()
      if (backend === 'postgres') await dropSchemas(schema)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * Graph `pass` with two tasks, planned by an agent of its own ("planner"), so a claimer's working set
 * does not hold the work yet. Returns the planner, to close.
 */
export async function plannedByAnother(running: CountedServer): Promise<Agent> {
  const planner = await httpAgent(running.server.url, { name: 'planner' })
  await ok(planner.client, 'graph_open', { project: 'pass', goal: 'One pass' })
  await ok(planner.client, 'graph_plan', {
    project: 'pass',
    nodes: [
      { ref: 'a', summary: 'First task' },
      { ref: 'b', summary: 'Second task' },
    ],
  })
  return planner
}

/**
 * `client` claims in `pass`, counted from here; returns what the claim cost and whether the claimed
 * node is in the claimer's working set. The tool answers once what it wrote is stored (over `/mcp`)
 * or acknowledged by the server (`plexus mcp`), so the counts are complete when it returns.
 */
export async function countedClaim(
  running: CountedServer,
  client: Client,
): Promise<{ claimed: string[]; counts: Counts; inWorkingSet: boolean }> {
  running.reset()
  const out = await ok(client, 'graph_next', { project: 'pass', claim: true })
  const counts = { ...running.counts }
  const claimed = out.claimed as string[]
  const ws = await ok(client, 'graph_session', { project: 'pass' })
  return { claimed, counts, inWorkingSet: claimed.length > 0 && JSON.stringify(ws).includes(claimed[0]!) }
}
