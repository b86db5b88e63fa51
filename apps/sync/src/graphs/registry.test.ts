import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import * as Y from 'yjs'
import { DocRegistry, defaultDocsOptions, type DocsOptions, type PeerHandle } from './registry.ts'
import { Metrics } from './metrics.ts'
import { SqliteStore } from '../storage/sqlite-store.ts'

const root = mkdtempSync(join(tmpdir(), 'plexus-docs-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
afterEach(() => vi.useRealTimers())
let n = 0

function setup(options: Partial<DocsOptions> = {}) {
  const path = join(root, `db-${n++}`, 'plexus.db')
  const store = new SqliteStore(path)
  const metrics = new Metrics()
  const make = (s = store) =>
    new DocRegistry(s, metrics, {
      ...defaultDocsOptions,
      summarize: (id, doc) => ({ id, nodes: doc.getMap('nodes').size }),
      ...options,
    })
  return { store, metrics, docs: make(), path, make }
}

const tick = () => new Promise((resolve) => setImmediate(resolve))
const transport = () => ({ sent: 0, closed: [] as Array<[number, string]> })

describe('DocRegistry', () => {
  it('stores writes to a loaded doc and loads them again in a new process', () => {
    const { docs, store, path } = setup()
    const handle = docs.open('g')
    handle.doc.getMap('nodes').set('a', 1)
    handle.doc.getMap('nodes').set('b', 2)
    handle.release()
    store.close()
    const again = new DocRegistry(new SqliteStore(path), new Metrics(), {
      ...defaultDocsOptions,
      summarize: () => null,
    })
    expect(again.open('g').doc.getMap('nodes').toJSON()).toEqual({ a: 1, b: 2 })
  })

  it('unloads a graph once nobody has used it for the idle time, then loads it on demand', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { docs, metrics, store } = setup({ idleUnloadMs: 5000 })
    const t = transport()
    const peer = docs.join('g', { canWrite: true, identity: 'x' }, { send: () => t.sent++, close: () => {} })
    const writer = docs.open('g')
    writer.doc.getMap('nodes').set('k', 'v')
    peer.leave()
    vi.advanceTimersByTime(6000)
    expect(docs.isLoaded('g')).toBe(true) // the writer still holds it
    writer.release()
    vi.advanceTimersByTime(4000)
    expect(docs.isLoaded('g')).toBe(true)
    vi.advanceTimersByTime(1001)
    expect(docs.isLoaded('g')).toBe(false)
    expect(metrics.documentUnloads).toBe(1)
    // Unloading folded the log into a snapshot.
    expect(store.list()[0]).toMatchObject({ id: 'g', pendingUpdates: 0 })
    expect(docs.open('g').doc.getMap('nodes').get('k')).toBe('v')
    expect(metrics.documentLoads).toBe(2)
  })

  it('closes peers when unloaded under them, and leaves a reloaded graph alone afterwards', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { docs } = setup({ idleUnloadMs: 1000 })
    const closed: number[] = []
    const info = { canWrite: true, identity: 'x' }
    // Like the WebSocket edge: closing a connection makes its peer leave.
    const peer: PeerHandle = docs.join('g', info, {
      send: () => {},
      close: (code) => {
        closed.push(code)
        peer.leave()
      },
    })
    docs.unload('g')
    expect(closed).toEqual([1001])
    expect(docs.isLoaded('g')).toBe(false)
    docs.join('g', info, { send: () => {}, close: (code) => closed.push(code) })
    vi.advanceTimersByTime(10_000)
    expect(docs.isLoaded('g')).toBe(true)
    expect(closed).toEqual([1001])
  })

  it('does not store a graph that was only visited', async () => {
    const { docs, store } = setup({ idleUnloadMs: 0 })
    docs.open('visited').release()
    expect(docs.isLoaded('visited')).toBe(false)
    expect(store.has('visited')).toBe(false)
    expect(await docs.exists('visited')).toBe(false)
  })

  it('compacts the log after enough updates, off the relay path', async () => {
    const { docs, store, metrics } = setup({ compactAfterUpdates: 10 })
    const h = docs.open('g')
    for (let i = 0; i < 25; i++) h.doc.getMap('nodes').set(`n${i}`, i)
    expect(store.list()[0]?.pendingUpdates).toBe(25)
    await tick()
    expect(metrics.compactions).toBe(1)
    expect(store.list()[0]?.pendingUpdates).toBe(0)
    h.doc.getMap('nodes').set('late', true)
    const stored = store.load('g')!
    const replay = new Y.Doc()
    Y.applyUpdate(replay, stored.snapshot!)
    for (const u of stored.updates) Y.applyUpdate(replay, u)
    expect(replay.getMap('nodes').size).toBe(26)
    h.release()
  })

  it('lists stored graphs with summaries, summarizing graphs never compacted', async () => {
    const { docs, store, make } = setup({ idleUnloadMs: 0 })
    const h = docs.open('b')
    h.doc.getMap('nodes').set('x', 1)
    // A crash before compaction: the log exists, no summary was stored.
    const other = make()
    const h2 = other.open('a')
    h2.doc.getMap('nodes').set('y', 1)
    h2.doc.getMap('nodes').set('z', 1)
    expect(store.list().find((g) => g.id === 'a')?.summary).toBeNull()
    const listed = await make().list()
    expect(listed.map((g) => [g.id, JSON.parse(g.summary!).nodes])).toEqual([
      ['a', 2],
      ['b', 1],
    ])
    h.release()
    h2.release()
  })

  it('deletes a graph and closes its peers with 4410', async () => {
    const { docs, store } = setup()
    const closed: number[] = []
    docs.join('g', { canWrite: true, identity: 'x' }, { send: () => {}, close: (code) => closed.push(code) })
    docs.open('g').doc.getMap('nodes').set('k', 1)
    expect(await docs.remove('g')).toBe(true)
    expect(closed).toEqual([4410])
    expect(store.has('g')).toBe(false)
    expect(docs.isLoaded('g')).toBe(false)
  })

  it('reloads a graph from storage after storage refused a write, losing nothing stored', async () => {
    const { docs, store, metrics } = setup()
    const writer = docs.open('g')
    writer.doc.getMap('nodes').set('saved', 1)
    writer.release()
    const closed: Array<[number, string]> = []
    docs.join(
      'g',
      { canWrite: true, identity: 'x' },
      { send: () => {}, close: (c, r) => closed.push([c, r]) },
    )
    const append = vi.spyOn(store, 'appendMany').mockImplementation(() => {
      throw new Error('database or disk is full')
    })
    const failing = docs.open('g')
    expect(() => failing.doc.getMap('nodes').set('refused', 2)).toThrow(
      /storage refused the update \(database or disk is full\)/,
    )
    failing.release()
    expect(metrics.storageError?.message).toBe('database or disk is full')
    await tick()
    // Dropped without compacting (which would have stored the refused write), peers told why.
    expect(docs.isLoaded('g')).toBe(false)
    expect(closed).toEqual([[1011, expect.stringContaining('database or disk is full')]])
    append.mockRestore()
    const again = docs.open('g')
    expect(again.doc.getMap('nodes').toJSON()).toEqual({ saved: 1 })
    again.doc.getMap('nodes').set('later', 3)
    again.release()
    expect(metrics.storageError).toBeNull()
    expect(store.load('g')?.updates.length).toBe(2)
  })

  it('tells load listeners about every graph it loads', () => {
    const { docs } = setup()
    const seen: string[] = []
    docs.onLoaded((graph) => seen.push(graph))
    docs.open('one').release()
    docs.open('two').release()
    docs.open('one').release()
    expect(seen).toEqual(['one', 'two'])
  })

  it('compacts everything and closes peers on shutdown', () => {
    const { docs, store } = setup()
    const closed: string[] = []
    docs.join(
      'g',
      { canWrite: true, identity: 'x' },
      { send: () => {}, close: (_c, reason) => closed.push(reason) },
    )
    docs.open('g').doc.getMap('nodes').set('k', 1)
    docs.closeAll()
    expect(closed).toEqual(['server shutting down'])
    expect(store.list()[0]).toMatchObject({ pendingUpdates: 0 })
    expect(docs.size).toBe(0)
  })
})
