/**
 * Compaction while the room is busy, step by step: an asynchronous store whose every append waits
 * until the test commits or refuses it, so what is stored, what is in flight and what waits is known
 * at each step. (compact-busy.test.ts checks the same under a writer that never pauses, by numbers.)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { DocRegistry, defaultDocsOptions } from './registry.ts'
import { Metrics } from './metrics.ts'
import { SqliteStore } from '../storage/sqlite-store.ts'
import type { StorageAdapter } from '../storage/adapter.ts'

const root = mkdtempSync(join(tmpdir(), 'plexus-compaction-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let n = 0

const tick = () => new Promise((resolve) => setImmediate(resolve))

/** SQLite behind promises; each `appendMany` is held until `commit()` or `refuse()`. */
function heldStore() {
  const sqlite = new SqliteStore(join(root, `db-${n++}`, 'plexus.db'))
  const held: Array<{ commit(): void; refuse(error: Error): void }> = []
  const store: StorageAdapter = {
    append: async (graph, update) => sqlite.append(graph, update),
    appendMany: (graph, updates) =>
      new Promise((resolve, reject) =>
        held.push({ commit: () => resolve(sqlite.appendMany(graph, updates)), refuse: reject }),
      ),
    load: async (graph) => sqlite.load(graph),
    compact: async (graph, compaction) => sqlite.compact(graph, compaction),
    has: async (graph) => sqlite.has(graph),
    list: async () => sqlite.list(),
    remove: async (graph) => sqlite.remove(graph),
    close: async () => sqlite.close(),
  }
  /** Waits for the next write the room hands storage, and lets it go. */
  const next = async (outcome: 'commit' | 'refuse') => {
    while (held.length === 0) await tick()
    const write = held.shift()!
    if (outcome === 'commit') write.commit()
    else write.refuse(new Error('database or disk is full'))
    await tick()
  }
  return { store, sqlite, next }
}

function setup() {
  const { store, sqlite, next } = heldStore()
  const metrics = new Metrics()
  const docs = new DocRegistry(store, metrics, {
    ...defaultDocsOptions,
    compactAfterUpdates: 3,
    summarize: (_id, doc) => ({ nodes: doc.getMap('nodes').size }),
  })
  return { docs, metrics, sqlite, next }
}

function snapshotOf(sqlite: SqliteStore, graph: string): Record<string, unknown> | null {
  const snapshot = sqlite.load(graph)?.snapshot
  if (!snapshot) return null
  const doc = new Y.Doc()
  Y.applyUpdate(doc, snapshot)
  return doc.getMap('nodes').toJSON()
}

/** What a fresh load of the graph reads: the snapshot and the log after it. */
function replay(sqlite: SqliteStore, graph: string): Record<string, unknown> {
  const doc = new Y.Doc()
  const stored = sqlite.load(graph)
  if (stored?.snapshot) Y.applyUpdate(doc, stored.snapshot)
  for (const update of stored?.updates ?? []) Y.applyUpdate(doc, update)
  return doc.getMap('nodes').toJSON()
}

/**
 * Writes a, b and c (stored as two writes: the log then reaches the threshold of 3 while the room is
 * still busy with the second) and d, which waits meanwhile: the room then hands storage d, carrying
 * the compaction that came due.
 */
async function dueWhileBusy(setup_: ReturnType<typeof setup>) {
  const { docs, next } = setup_
  const h = await docs.openAsync('g')
  const nodes = h.doc.getMap('nodes')
  nodes.set('a', 1)
  nodes.set('b', 2)
  nodes.set('c', 3)
  await next('commit') // a
  nodes.set('d', 4)
  await next('commit') // b and c; d is taken at once, with the capture
  return { h, nodes }
}

describe('compaction while the room is busy', () => {
  it('is carried by the next write the room takes and covers the log through that write', async () => {
    const s = setup()
    const { h, nodes } = await dueWhileBusy(s)
    await tick() // the queued compaction finds the room busy and one under way
    nodes.set('e', 5) // waits behind d
    await s.next('commit') // d, then the snapshot through d's seq; e is taken meanwhile
    expect(s.metrics.compactions).toBe(1)
    // The document as d was taken: what was stored plus d, not e, which is not stored yet.
    expect(snapshotOf(s.sqlite, 'g')).toEqual({ a: 1, b: 2, c: 3, d: 4 })
    expect(s.sqlite.load('g')?.updates).toHaveLength(0)
    await s.next('commit') // e
    await h.saved()
    expect(replay(s.sqlite, 'g')).toEqual({ a: 1, b: 2, c: 3, d: 4, e: 5 })
    h.release()
  })

  it('never stores the capture of a write storage refused, and compacts again once reloaded', async () => {
    const s = setup()
    const { h } = await dueWhileBusy(s)
    await s.next('refuse') // d
    await expect(h.saved()).rejects.toThrow(/database or disk is full/)
    h.release()
    expect(s.metrics.compactions).toBe(0)
    expect(snapshotOf(s.sqlite, 'g')).toBeNull()
    const again = await s.docs.openAsync('g')
    expect(again.doc.getMap('nodes').toJSON()).toEqual({ a: 1, b: 2, c: 3 })
    again.doc.getMap('nodes').set('x', 9)
    await s.next('commit')
    await again.saved()
    await tick()
    expect(s.metrics.compactions).toBe(1)
    expect(snapshotOf(s.sqlite, 'g')).toEqual({ a: 1, b: 2, c: 3, x: 9 })
    again.release()
  })
})
