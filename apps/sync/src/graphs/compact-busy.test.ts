/**
 * Compaction under a writer that never pauses (issue 18): the room is never idle, yet the update log
 * stays bounded, and what a fresh load reads equals the writer's document. Runs on the store test
 * servers use (`PLEXUS_TEST_STORE=postgres` for PostgreSQL, SQLite by default).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { DocRegistry, defaultDocsOptions } from './registry.ts'
import { Metrics } from './metrics.ts'
import { PgStore } from '../storage/postgres/pg-store.ts'
import { TEST_DATABASE_URL, dropSchemas, testSchema } from '../test/test-db.ts'
import { encodeSyncStep2, encodeUpdate } from '../relay/protocol.ts'
import { SqliteStore } from '../storage/sqlite-store.ts'
import type { StorageAdapter, StoredGraph } from '../storage/adapter.ts'
import { TEST_STORE } from '../test/server-harness.ts'

const root = mkdtempSync(join(tmpdir(), 'plexus-compact-busy-'))
const schema = testSchema('compact_busy')
afterAll(async () => {
  rmSync(root, { recursive: true, force: true })
  if (TEST_STORE === 'postgres') await dropSchemas(schema)
})

async function openStore(): Promise<{ store: StorageAdapter; close(): Promise<void> }> {
  if (TEST_STORE === 'postgres') {
    const store = await PgStore.open(TEST_DATABASE_URL, { schema })
    return { store, close: () => store.close() }
  }
  const store = new SqliteStore(join(root, 'plexus.db'))
  return { store, close: async () => store.close() }
}

function replay(stored: StoredGraph | null): Y.Doc {
  const doc = new Y.Doc()
  if (stored?.snapshot) Y.applyUpdate(doc, stored.snapshot)
  for (const update of stored?.updates ?? []) Y.applyUpdate(doc, update)
  return doc
}

const THRESHOLD = 50
const WRITES = 20 * THRESHOLD
const tick = () => new Promise((resolve) => setImmediate(resolve))

/** Counts the updates relayed to a watching peer: the relay passes an update on once it is stored. */
function watcher() {
  let relayed = 0
  let waiting: { count: number; resolve(): void } | null = null
  return {
    transport: {
      send(_frame: Uint8Array, kind: string) {
        if (kind !== 'update') return
        relayed++
        if (waiting && relayed >= waiting.count) {
          waiting.resolve()
          waiting = null
        }
      },
      close() {},
    },
    stored(count: number): Promise<void> {
      if (relayed >= count) return Promise.resolve()
      return new Promise((resolve) => (waiting = { count, resolve }))
    },
  }
}

describe(`compaction under a writer that never pauses (${TEST_STORE})`, () => {
  it('keeps the log bounded while the room is never idle, and loses nothing', async () => {
    const { store, close } = await openStore()
    const metrics = new Metrics()
    const docs = new DocRegistry(store, metrics, {
      ...defaultDocsOptions,
      compactAfterUpdates: THRESHOLD,
      summarize: (_id, doc) => ({ nodes: doc.getMap('nodes').size }),
    })
    const writer = new Y.Doc()
    const updates: Uint8Array[] = []
    writer.on('update', (u: Uint8Array) => updates.push(u))
    const peer = await docs.joinAsync('g', { canWrite: true, identity: 'w' }, { send() {}, close() {} })
    peer.receive(encodeSyncStep2(writer))
    const watch = watcher()
    const other = await docs.joinAsync('g', { canWrite: false, identity: 'r' }, watch.transport)
    let sent = 0
    const nodes = writer.getMap<Y.Map<unknown>>('nodes')
    const history = writer.getArray<unknown>('history')
    // A node arrives with its history event, written as the connection's identity (the server
    // refuses a node change without one); moves (x) need none.
    const create = (id: string, node: Y.Map<unknown>): void =>
      writer.transact(() => {
        nodes.set(id, node)
        history.push([{ id: `e_${id}`, ts: 1, actor: 'w', node: id, action: 'create', changes: [] }])
      })
    const node = new Y.Map<unknown>()
    node.set('summary', 'Busy node')
    node.set('x', -1)
    create('n_busy', node)
    const samples: Array<Promise<number>> = []
    for (let i = 0; i < WRITES; i++) {
      node.set('x', i)
      if (i % 7 === 0) create(`n${i}`, new Y.Map([['summary', `Node ${i}`]]))
      for (const u of updates.splice(0)) {
        expect(peer.receive(encodeUpdate(u))).toMatchObject({ ok: true })
        sent++
      }
      if (i % (2 * THRESHOLD) === THRESHOLD) {
        // Counted without pausing the writer.
        samples.push(Promise.resolve(store.load('g')).then((s) => s?.updates.length ?? 0))
      }
      // A turn of the event loop, as between two socket reads (compaction is queued with setImmediate).
      await tick()
      // The next update goes as soon as the one before this is stored, so while one is being stored
      // the next already waits: the room is never idle (with SQLite each is stored at once).
      await watch.stored(sent - 1)
    }
    const logged = await Promise.all(samples)
    const seen = `log rows sampled while writing: ${logged.join(',')}; compactions ${metrics.compactions}`
    expect(Math.max(...logged), seen).toBeLessThanOrEqual(3 * THRESHOLD)
    // Not one compaction per write either: about one per THRESHOLD updates.
    expect(metrics.compactions, seen).toBeLessThanOrEqual(Math.ceil(sent / THRESHOLD) + 1)
    await docs.load('g')
    const fresh = replay(await store.load('g'))
    expect(fresh.getMap('nodes').toJSON()).toEqual(nodes.toJSON())
    expect(fresh.getMap('nodes').get('n_busy')).toBeInstanceOf(Y.Map)
    peer.leave()
    other.leave()
    await docs.closeAll()
    await close()
  }, 120_000)
})
