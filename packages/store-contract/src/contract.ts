/**
 * What every storage adapter must do, as one suite, run against each implementation with a factory
 * that creates an empty store and reopens one over the same data (how durability across restarts is
 * checked). A store calls `runStoreContract(name, factory)` from its own test file; the root vitest
 * run (CI) runs all of them: SQLite, PostgreSQL, Dexie over fake-indexeddb, the agent's file cache.
 *
 * What a store cannot honour is said in the factory's options, and the suite checks the weaker
 * promise instead: nothing is skipped in silence.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { StorageAdapter, StoredGraph } from './index.ts'

export interface StoreFactory {
  /** A fresh, empty store. */
  create(): StorageAdapter | Promise<StorageAdapter>
  /** Closes `store` and opens another over the same data. */
  reopen(store: StorageAdapter): StorageAdapter | Promise<StorageAdapter>
  /**
   * For a store several processes share (servers on one database, agents on one cache directory):
   * another handle on the same data, as a second process would open it (`store` stays open). The
   * shared-store tests run only when given; a store no two processes open leaves it out.
   */
  second?(store: StorageAdapter): StorageAdapter | Promise<StorageAdapter>
  /**
   * How `appendMany` keeps a batch. `each` (the default): every update as given, in order.
   * `merged`: the batch as one merged Yjs update with one sequence number (the file cache, whose
   * entries are one file each); the suite then checks the batch's state, not its bytes.
   */
  batches?: 'each' | 'merged'
}

function edit(doc: Y.Doc, key: string, value: string): Uint8Array {
  let update: Uint8Array | null = null
  const grab = (u: Uint8Array) => (update = u)
  doc.on('update', grab)
  doc.getMap('nodes').set(key, value)
  doc.off('update', grab)
  if (!update) throw new Error('no update produced')
  return update
}

function replay(stored: Pick<StoredGraph, 'snapshot' | 'updates'>): Y.Doc {
  const doc = new Y.Doc()
  if (stored.snapshot) Y.applyUpdate(doc, stored.snapshot)
  for (const u of stored.updates) Y.applyUpdate(doc, u)
  return doc
}

export function runStoreContract(name: string, factory: StoreFactory): void {
  describe(`Store contract: ${name}`, () => {
    it('returns null for a graph never written', async () => {
      const store = await factory.create()
      expect(await store.load('nothing')).toBeNull()
      expect(await store.has('nothing')).toBe(false)
      expect(await store.list()).toEqual([])
      await store.close()
    })

    it('returns appended updates in order with increasing sequence numbers', async () => {
      const store = await factory.create()
      const doc = new Y.Doc()
      const updates = ['a', 'b', 'c'].map((k) => edit(doc, k, k.toUpperCase()))
      const seqs: number[] = []
      for (const u of updates) seqs.push(await store.append('g1', u))
      expect([...seqs].sort((x, y) => x - y)).toEqual(seqs)
      expect(new Set(seqs).size).toBe(3)
      const stored = await store.load('g1')
      expect(stored?.updates).toEqual(updates)
      expect(stored?.snapshot).toBeNull()
      expect(stored?.lastSeq).toBe(seqs[2])
      expect(stored?.bytes).toBe(updates.reduce((n, u) => n + u.length, 0))
      expect(replay(stored!).getMap('nodes').toJSON()).toEqual({ a: 'A', b: 'B', c: 'C' })
      expect(await store.has('g1')).toBe(true)
      await store.close()
    })

    it('appends a batch in order and atomically', async () => {
      const store = await factory.create()
      const doc = new Y.Doc()
      const first = await store.append('g', edit(doc, 'a', '1'))
      const batch = ['b', 'c', 'd'].map((k) => edit(doc, k, k))
      const last = await store.appendMany('g', batch)
      expect(last).toBeGreaterThan(first)
      const stored = (await store.load('g'))!
      // A merged batch is one update after the first; the replay below checks its content.
      if (factory.batches === 'merged') expect(stored.updates.length).toBe(2)
      else expect(stored.updates.slice(1)).toEqual(batch)
      expect(stored.lastSeq).toBe(last)
      expect(replay(stored).getMap('nodes').toJSON()).toEqual({ a: '1', b: 'b', c: 'c', d: 'd' })
      await store.close()
    })

    it('keeps graphs apart', async () => {
      const store = await factory.create()
      await store.append('one', edit(new Y.Doc(), 'x', '1'))
      await store.append('two', edit(new Y.Doc(), 'y', '2'))
      expect(
        replay((await store.load('one'))!)
          .getMap('nodes')
          .toJSON(),
      ).toEqual({ x: '1' })
      expect(
        replay((await store.load('two'))!)
          .getMap('nodes')
          .toJSON(),
      ).toEqual({ y: '2' })
      expect((await store.list()).map((g) => g.id)).toEqual(['one', 'two'])
      await store.close()
    })

    it('compaction replaces the log up to a sequence number and keeps later updates', async () => {
      const store = await factory.create()
      const doc = new Y.Doc()
      await store.append('g', edit(doc, 'a', '1'))
      const through = await store.append('g', edit(doc, 'b', '2'))
      const snapshot = Y.encodeStateAsUpdate(doc)
      const late = edit(doc, 'c', '3')
      const lateSeq = await store.append('g', late)
      await store.compact('g', { snapshot, throughSeq: through, summary: '{"title":"T"}' })
      const stored = (await store.load('g'))!
      expect(stored.snapshot).toEqual(snapshot)
      expect(stored.updates).toEqual([late])
      expect(stored.lastSeq).toBe(lateSeq)
      expect(replay(stored).getMap('nodes').toJSON()).toEqual({ a: '1', b: '2', c: '3' })
      const [record] = await store.list()
      expect(record).toMatchObject({ id: 'g', pendingUpdates: 1, summary: '{"title":"T"}' })
      expect(record?.bytes).toBe(snapshot.length + late.length)
      await store.close()
    })

    it('keeps the last sequence number after compacting everything', async () => {
      const store = await factory.create()
      const doc = new Y.Doc()
      const seq = await store.append('g', edit(doc, 'a', '1'))
      await store.compact('g', { snapshot: Y.encodeStateAsUpdate(doc), throughSeq: seq })
      const stored = (await store.load('g'))!
      expect(stored.updates).toEqual([])
      expect(stored.lastSeq).toBe(seq)
      expect(await store.append('g', edit(doc, 'b', '2'))).toBeGreaterThan(seq)
      await store.close()
    })

    it('keeps a summary across compactions that do not give one', async () => {
      const store = await factory.create()
      const doc = new Y.Doc()
      const s1 = await store.append('g', edit(doc, 'a', '1'))
      await store.compact('g', { snapshot: Y.encodeStateAsUpdate(doc), throughSeq: s1, summary: 'S' })
      const s2 = await store.append('g', edit(doc, 'b', '2'))
      await store.compact('g', { snapshot: Y.encodeStateAsUpdate(doc), throughSeq: s2 })
      expect((await store.list())[0]?.summary).toBe('S')
      await store.close()
    })

    it('reports the time of the last change', async () => {
      const store = await factory.create()
      await store.append('g', edit(new Y.Doc(), 'a', '1'))
      const [record] = await store.list()
      expect(record?.updatedAt).toBeGreaterThan(0)
      await store.close()
    })

    it('removes a graph and says whether there was one', async () => {
      const store = await factory.create()
      const doc = new Y.Doc()
      const seq = await store.append('g', edit(doc, 'a', '1'))
      await store.compact('g', { snapshot: Y.encodeStateAsUpdate(doc), throughSeq: seq })
      await store.append('g', edit(doc, 'b', '2'))
      expect(await store.remove('g')).toBe(true)
      expect(await store.load('g')).toBeNull()
      expect(await store.has('g')).toBe(false)
      expect(await store.list()).toEqual([])
      expect(await store.remove('g')).toBe(false)
      await store.close()
    })

    it('keeps everything across a reopen', async () => {
      let store = await factory.create()
      const doc = new Y.Doc()
      const seq = await store.append('g', edit(doc, 'a', '1'))
      await store.compact('g', { snapshot: Y.encodeStateAsUpdate(doc), throughSeq: seq })
      await store.append('g', edit(doc, 'b', '2'))
      store = await factory.reopen(store)
      expect(
        replay((await store.load('g'))!)
          .getMap('nodes')
          .toJSON(),
      ).toEqual({ a: '1', b: '2' })
      await store.close()
    })

    it('stores large updates byte for byte', async () => {
      const store = await factory.create()
      const doc = new Y.Doc()
      const big = edit(doc, 'big', 'x'.repeat(3_000_000))
      await store.append('g', big)
      const stored = (await store.load('g'))?.updates[0]
      // Buffer.equals: a deep equal over three million elements takes seconds.
      expect(stored && Buffer.from(stored).equals(big)).toBe(true)
      await store.close()
    })

    if (factory.second) {
      const second = factory.second.bind(factory)
      it('sees what another server appended', async () => {
        const a = await factory.create()
        const b = await second(a)
        const doc = new Y.Doc()
        const first = await a.append('g', edit(doc, 'a', '1'))
        const next = await b.append('g', edit(doc, 'b', '2'))
        expect(next).toBeGreaterThan(first)
        expect(
          replay((await a.load('g'))!)
            .getMap('nodes')
            .toJSON(),
        ).toEqual({ a: '1', b: '2' })
        expect(await a.has('g')).toBe(true)
        await b.close()
        await a.close()
      })

      it('compaction keeps an update another server appended that the compacting one never applied', async () => {
        const a = await factory.create()
        const b = await second(a)
        const mine = new Y.Doc()
        const theirs = new Y.Doc()
        await a.append('g', edit(mine, 'a', '1'))
        // B's update lands in the log before A's next one; A has not received it when it compacts.
        await b.append('g', edit(theirs, 'b', '2'))
        const through = await a.append('g', edit(mine, 'c', '3'))
        await a.compact('g', { snapshot: Y.encodeStateAsUpdate(mine), throughSeq: through })
        const stored = (await b.load('g'))!
        expect(stored.updates).toEqual([])
        expect(replay(stored).getMap('nodes').toJSON()).toEqual({ a: '1', b: '2', c: '3' })
        await b.close()
        await a.close()
      })

      it('two servers compacting the same graph at once lose nothing', async () => {
        const a = await factory.create()
        const b = await second(a)
        const docA = new Y.Doc()
        const docB = new Y.Doc()
        let throughA = 0
        let throughB = 0
        for (let i = 0; i < 20; i++) {
          throughA = await a.append('g', edit(docA, `a${i}`, 'x'))
          throughB = await b.append('g', edit(docB, `b${i}`, 'y'))
        }
        await Promise.all([
          a.compact('g', { snapshot: Y.encodeStateAsUpdate(docA), throughSeq: throughA }),
          b.compact('g', { snapshot: Y.encodeStateAsUpdate(docB), throughSeq: throughB }),
        ])
        const nodes = replay((await a.load('g'))!)
          .getMap('nodes')
          .toJSON()
        expect(Object.keys(nodes).length).toBe(40)
        await b.close()
        await a.close()
      })
    }
  })
}
