/**
 * What every Store must do, as one suite, run against each implementation with a factory that
 * creates an empty store and reopens one over the same data (how durability across restarts is
 * checked). New stores call `runStoreContract(name, factory)` from their own test file.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { Store } from './store.ts'

export interface StoreFactory {
  /** A fresh, empty store. */
  create(): Store
  /** Closes `store` and opens another over the same data. */
  reopen(store: Store): Store
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

function replay(stored: { snapshot: Uint8Array | null; updates: Uint8Array[] }): Y.Doc {
  const doc = new Y.Doc()
  if (stored.snapshot) Y.applyUpdate(doc, stored.snapshot)
  for (const u of stored.updates) Y.applyUpdate(doc, u)
  return doc
}

export function runStoreContract(name: string, factory: StoreFactory): void {
  describe(`Store contract: ${name}`, () => {
    it('returns null for a graph never written', () => {
      const store = factory.create()
      expect(store.load('nothing')).toBeNull()
      expect(store.has('nothing')).toBe(false)
      expect(store.list()).toEqual([])
      store.close()
    })

    it('returns appended updates in order with increasing sequence numbers', () => {
      const store = factory.create()
      const doc = new Y.Doc()
      const updates = ['a', 'b', 'c'].map((k) => edit(doc, k, k.toUpperCase()))
      const seqs = updates.map((u) => store.append('g1', u))
      expect([...seqs].sort((x, y) => x - y)).toEqual(seqs)
      expect(new Set(seqs).size).toBe(3)
      const stored = store.load('g1')
      expect(stored?.updates).toEqual(updates)
      expect(stored?.snapshot).toBeNull()
      expect(stored?.lastSeq).toBe(seqs[2])
      expect(stored?.bytes).toBe(updates.reduce((n, u) => n + u.length, 0))
      expect(replay(stored!).getMap('nodes').toJSON()).toEqual({ a: 'A', b: 'B', c: 'C' })
      expect(store.has('g1')).toBe(true)
      store.close()
    })

    it('appends a batch in order and atomically', () => {
      const store = factory.create()
      const doc = new Y.Doc()
      const first = store.append('g', edit(doc, 'a', '1'))
      const batch = ['b', 'c', 'd'].map((k) => edit(doc, k, k))
      const last = store.appendMany('g', batch)
      expect(last).toBeGreaterThan(first)
      const stored = store.load('g')!
      expect(stored.updates.slice(1)).toEqual(batch)
      expect(stored.lastSeq).toBe(last)
      expect(replay(stored).getMap('nodes').toJSON()).toEqual({ a: '1', b: 'b', c: 'c', d: 'd' })
      store.close()
    })

    it('keeps graphs apart', () => {
      const store = factory.create()
      store.append('one', edit(new Y.Doc(), 'x', '1'))
      store.append('two', edit(new Y.Doc(), 'y', '2'))
      expect(replay(store.load('one')!).getMap('nodes').toJSON()).toEqual({ x: '1' })
      expect(replay(store.load('two')!).getMap('nodes').toJSON()).toEqual({ y: '2' })
      expect(store.list().map((g) => g.id)).toEqual(['one', 'two'])
      store.close()
    })

    it('compaction replaces the log up to a sequence number and keeps later updates', () => {
      const store = factory.create()
      const doc = new Y.Doc()
      store.append('g', edit(doc, 'a', '1'))
      const through = store.append('g', edit(doc, 'b', '2'))
      const snapshot = Y.encodeStateAsUpdate(doc)
      const late = edit(doc, 'c', '3')
      const lateSeq = store.append('g', late)
      store.compact('g', { snapshot, throughSeq: through, summary: '{"title":"T"}' })
      const stored = store.load('g')!
      expect(stored.snapshot).toEqual(snapshot)
      expect(stored.updates).toEqual([late])
      expect(stored.lastSeq).toBe(lateSeq)
      expect(replay(stored).getMap('nodes').toJSON()).toEqual({ a: '1', b: '2', c: '3' })
      const [record] = store.list()
      expect(record).toMatchObject({ id: 'g', pendingUpdates: 1, summary: '{"title":"T"}' })
      expect(record?.bytes).toBe(snapshot.length + late.length)
      store.close()
    })

    it('keeps the last sequence number after compacting everything', () => {
      const store = factory.create()
      const doc = new Y.Doc()
      const seq = store.append('g', edit(doc, 'a', '1'))
      store.compact('g', { snapshot: Y.encodeStateAsUpdate(doc), throughSeq: seq })
      const stored = store.load('g')!
      expect(stored.updates).toEqual([])
      expect(stored.lastSeq).toBe(seq)
      expect(store.append('g', edit(doc, 'b', '2'))).toBeGreaterThan(seq)
      store.close()
    })

    it('keeps a summary across compactions that do not give one', () => {
      const store = factory.create()
      const doc = new Y.Doc()
      const s1 = store.append('g', edit(doc, 'a', '1'))
      store.compact('g', { snapshot: Y.encodeStateAsUpdate(doc), throughSeq: s1, summary: 'S' })
      const s2 = store.append('g', edit(doc, 'b', '2'))
      store.compact('g', { snapshot: Y.encodeStateAsUpdate(doc), throughSeq: s2 })
      expect(store.list()[0]?.summary).toBe('S')
      store.close()
    })

    it('reports the time of the last change', () => {
      const store = factory.create()
      store.append('g', edit(new Y.Doc(), 'a', '1'))
      const [record] = store.list()
      expect(record?.updatedAt).toBeGreaterThan(0)
      store.close()
    })

    it('removes a graph and says whether there was one', () => {
      const store = factory.create()
      const doc = new Y.Doc()
      const seq = store.append('g', edit(doc, 'a', '1'))
      store.compact('g', { snapshot: Y.encodeStateAsUpdate(doc), throughSeq: seq })
      store.append('g', edit(doc, 'b', '2'))
      expect(store.remove('g')).toBe(true)
      expect(store.load('g')).toBeNull()
      expect(store.has('g')).toBe(false)
      expect(store.list()).toEqual([])
      expect(store.remove('g')).toBe(false)
      store.close()
    })

    it('keeps everything across a reopen', () => {
      let store = factory.create()
      const doc = new Y.Doc()
      const seq = store.append('g', edit(doc, 'a', '1'))
      store.compact('g', { snapshot: Y.encodeStateAsUpdate(doc), throughSeq: seq })
      store.append('g', edit(doc, 'b', '2'))
      store = factory.reopen(store)
      expect(replay(store.load('g')!).getMap('nodes').toJSON()).toEqual({ a: '1', b: '2' })
      store.close()
    })

    it('stores large updates byte for byte', () => {
      const store = factory.create()
      const doc = new Y.Doc()
      const big = edit(doc, 'big', 'x'.repeat(3_000_000))
      store.append('g', big)
      const stored = store.load('g')?.updates[0]
      // Buffer.equals: a deep equal over three million elements takes seconds.
      expect(stored && Buffer.from(stored).equals(big)).toBe(true)
      store.close()
    })
  })
}
