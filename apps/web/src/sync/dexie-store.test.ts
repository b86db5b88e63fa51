import { runStoreContract } from '@plexus/store-contract/contract'
import type { StorageAdapter } from '@plexus/store-contract'
import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { PlexusDB } from './db.ts'
import { DexieStore } from './dexie-store.ts'

// fake-indexeddb keeps its databases in memory for the life of the process: reopening one by name
// finds the rows a closed handle wrote, as a reloaded page finds them in the browser.
const open = (name: string) => new DexieStore(new PlexusDB(name, { indexedDB, IDBKeyRange }))
const nameOf = (store: StorageAdapter) => (store as DexieStore).database.name
let n = 0

runStoreContract('dexie (fake-indexeddb)', {
  create: () => open(`contract-${n++}`),
  reopen: async (store) => {
    const name = nameOf(store)
    await store.close()
    return open(name)
  },
  // Every tab of an origin opens the same database.
  second: (store) => open(nameOf(store)),
})

describe('DexieStore', () => {
  it('reads a database written before snapshot rows existed', async () => {
    const database = new PlexusDB(`legacy-${n++}`, { indexedDB, IDBKeyRange })
    const doc = new Y.Doc()
    doc.getMap('nodes').set('a', 1)
    // What the version-1 compaction worker left: one merged row, no `through`, no `at`.
    await database.updates.add({ graph: 'g', bytes: Y.encodeStateAsUpdate(doc) })
    const store = new DexieStore(database)
    const stored = (await store.load('g'))!
    expect(stored.snapshot).toBeNull()
    expect(stored.updates).toHaveLength(1)
    const seq = stored.lastSeq
    doc.getMap('nodes').set('b', 2)
    await store.compact('g', { snapshot: Y.encodeStateAsUpdate(doc), throughSeq: seq })
    const after = (await store.load('g'))!
    expect(after.updates).toEqual([])
    const back = new Y.Doc()
    Y.applyUpdate(back, after.snapshot!)
    expect(back.getMap('nodes').toJSON()).toEqual({ a: 1, b: 2 })
    store.close()
  })

  it('removes the graph from the home page list with its rows', async () => {
    const database = new PlexusDB(`forget-${n++}`, { indexedDB, IDBKeyRange })
    const store = new DexieStore(database)
    await store.append('g', Y.encodeStateAsUpdate(new Y.Doc()))
    const line = { id: 'g', title: 'G', nodes: 0, edges: 0, actionable: 0, resolved: 0 }
    await database.graphs.put({ ...line, updated_at: 1, opened_at: 1 })
    expect(await store.remove('g')).toBe(true)
    expect(await database.graphs.get('g')).toBeUndefined()
    store.close()
  })
})

describe('DexieStore compaction in the worker', () => {
  it('folds the log into the snapshot when handed an empty update', async () => {
    const store = open(`worker-${n++}`)
    const doc = new Y.Doc()
    const appends: Promise<number>[] = []
    doc.on('update', (u: Uint8Array) => appends.push(store.append('g', u)))
    for (const k of ['a', 'b', 'c']) doc.getMap('nodes').set(k, k)
    await Promise.all(appends)
    const before = (await store.load('g'))!
    expect(before.updates).toHaveLength(3)
    const empty = Y.encodeStateAsUpdate(new Y.Doc())
    await store.compact('g', { snapshot: empty, throughSeq: before.lastSeq })
    const after = (await store.load('g'))!
    expect(after.updates).toEqual([])
    const back = new Y.Doc()
    Y.applyUpdate(back, after.snapshot!)
    expect(back.getMap('nodes').toJSON()).toEqual({ a: 'a', b: 'b', c: 'c' })
    store.close()
  })
})
