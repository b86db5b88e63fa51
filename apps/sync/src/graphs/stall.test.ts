/**
 * Whole-document work does not hold other clients up (issue 23): while a large import is built and
 * applied, and while a large graph is compacted, `/healthz` is answered and an update between two
 * stock y-websocket clients is relayed, before that work completes. The work waits on the offload
 * worker's own word that it started (`offload.onStart`), never on a clock; what the test asserts is
 * an order of events, so it holds on a loaded machine. And the import's result stays exactly right.
 */
import { afterEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { Job } from './offload-jobs.ts'
import { provider, synced, testServer, waitFor, type TestServer } from '../test/server-harness.ts'

let server: TestServer
afterEach(async () => server?.dispose())

// Enough for a few hundred slices: ordering, not size, is what the test is about.
const CARDS = 1500

/** A JSON Canvas of `count` text cards and a chain of edges between them. */
function canvas(count: number): string {
  const nodes = Array.from({ length: count }, (_, i) => ({
    id: `c${i}`,
    type: 'text',
    text: `Card ${i}`,
    x: (i % 100) * 300,
    y: Math.floor(i / 100) * 200,
    width: 250,
    height: 120,
  }))
  const edges = Array.from({ length: count - 1 }, (_, i) => ({
    id: `e${i}`,
    fromNode: `c${i}`,
    toNode: `c${i + 1}`,
  }))
  return JSON.stringify({ nodes, edges })
}

function started(kind: Job['kind']): Promise<void> {
  return new Promise((resolve) => {
    const off = server.offload.onStart((job) => {
      if (job.kind !== kind) return
      off()
      resolve()
    })
  })
}

/** Two stock clients on a graph of their own; `relayed()` sends from one and waits at the other. */
async function chat() {
  const a = provider(server, 'chat')
  const b = provider(server, 'chat')
  await Promise.all([synced(a), synced(b)])
  let n = 0
  return async () => {
    const key = `m${n++}`
    a.doc.getMap('checkpoints').set(key, n)
    await waitFor(() => b.doc.getMap('checkpoints').has(key), `update ${key} relayed to the other client`)
  }
}

const liveNodes = (doc: Y.Doc) => {
  let n = 0
  for (const node of doc.getMap<Y.Map<unknown>>('nodes').values())
    if (node instanceof Y.Map && !node.get('deleted_at')) n++
  return n
}

describe('whole-document work off the request thread', () => {
  it('serves /healthz and relays while a large import is under way, and the import is whole', async () => {
    server = await testServer()
    const relayed = await chat()
    const watcher = provider(server, 'big')
    await synced(watcher)
    const begun = started('import')
    let finished = false
    const importing = fetch(`${server.url}/api/graphs/big/import?format=canvas`, {
      method: 'POST',
      body: canvas(CARDS),
    }).then(async (r) => {
      finished = true
      return { status: r.status, body: (await r.json()) as Record<string, unknown> }
    })
    const live = server.docs.peek('big')!
    const firstSlice = new Promise<void>((resolve) => {
      const heard = (_update: Uint8Array, origin: unknown) => {
        if (origin !== 'import') return
        live.off('update', heard)
        resolve()
      }
      live.on('update', heard)
    })
    // While the worker builds the import,
    await begun
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    expect(finished, '/healthz answered before the import completed').toBe(false)
    await relayed()
    expect(finished, 'an update relayed before the import completed').toBe(false)
    // and once the live document has taken the first of its slices.
    await firstSlice
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    await relayed()
    expect(finished, 'served between the slices, before the import completed').toBe(false)

    const { status, body } = await importing
    expect(status).toBe(200)
    expect(body).toMatchObject({ ok: true, created: CARDS, edges: CARDS - 1 })
    // One graph, whole: the summary, and a client that watched it arrive, hold every card once
    // (and the root a new graph is made with).
    const summary = (await (await fetch(`${server.url}/api/graphs/big`)).json()) as Record<string, unknown>
    expect(summary).toMatchObject({ nodes: CARDS + 1, edges: CARDS - 1 })
    await waitFor(() => liveNodes(watcher.doc) === CARDS + 1, 'the watching client to hold every card')
    expect(watcher.doc.store.pendingStructs).toBeNull()
    // Imported again, nothing changes (nodes match by their id in the file).
    const again = await fetch(`${server.url}/api/graphs/big/import?format=canvas`, {
      method: 'POST',
      body: canvas(CARDS),
    })
    expect(await again.json()).toMatchObject({ ok: true, created: 0, matched: CARDS })
  })

  it('serves /healthz and relays while a large graph is compacted, and the snapshot is whole', async () => {
    server = await testServer({ compactInWorker: true })
    const r = await fetch(`${server.url}/api/graphs/big/import?format=canvas`, {
      method: 'POST',
      body: canvas(CARDS),
    })
    expect(r.status).toBe(200)
    const relayed = await chat()
    const before = server.metrics.compactions
    const begun = started('compact')
    const compacting = Promise.resolve(server.docs.compact('big'))
    await begun
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    await relayed()
    expect(server.metrics.compactions, 'served before the compaction was stored').toBe(before)
    await compacting
    expect(server.metrics.compactions).toBe(before + 1)
    // What a fresh load reads is the whole graph, from the snapshot alone.
    const stored = await server.docs.stored('big')
    expect(stored?.updates).toEqual([])
    const doc = new Y.Doc()
    Y.applyUpdate(doc, stored!.snapshot!)
    expect(liveNodes(doc)).toBe(CARDS + 1)
  })
})

describe('a stopping server', () => {
  // With compaction in the worker, a stop started the worker only to compact, and held on while it
  // booted and encoded (14 s at load 15): packages/tools/src/claims.test.ts, "with the server
  // stopped…", timed out behind it (its agents had done all their offline work before the stop
  // returned). Invariants: a stop never starts the worker; the log it leaves is whole and the next
  // compaction folds it; a worker already up compacts at the stop as before. (Peers are closed
  // before any of this: `sync.close()` comes first in the stop.)
  async function written(graph: string, count: number) {
    const writer = provider(server, graph)
    const reader = provider(server, graph)
    await Promise.all([synced(writer), synced(reader)])
    for (let i = 0; i < count; i++) writer.doc.getMap('checkpoints').set(`n${i}`, i)
    // Stored before relayed: once the reader has the last write, the store holds them all.
    await waitFor(() => reader.doc.getMap('checkpoints').size === count, 'the writes to be stored')
    return [writer, reader]
  }
  const whole = (stored: { snapshot: Uint8Array | null; updates: Uint8Array[] } | null) => {
    const doc = new Y.Doc()
    if (stored?.snapshot) Y.applyUpdate(doc, stored.snapshot)
    for (const u of stored?.updates ?? []) Y.applyUpdate(doc, u)
    return doc.getMap('checkpoints').size
  }

  it('does not start the worker to compact; the log it leaves is whole and folded after', async () => {
    server = await testServer({ compactInWorker: true })
    await written('g', 50)
    expect((await server.docs.stored('g'))!.updates.length).toBeGreaterThan(0)
    let compactions = 0
    server.offload.onStart((job) => void (job.kind === 'compact' && compactions++))
    const dir = server.dataDir
    await server.stop()
    expect(compactions, 'a compaction job started during the stop').toBe(0)
    server = await testServer({ compactInWorker: true }, dir)
    expect(whole(await server.docs.stored('g'))).toBe(50)
    await server.docs.load('g')
    await server.docs.compact('g')
    const folded = await server.docs.stored('g')
    expect(folded?.updates).toEqual([])
    expect(whole(folded)).toBe(50)
  })

  it('with the worker up, compacts the log at the stop', async () => {
    server = await testServer({ compactInWorker: true })
    const peers = await written('g', 50)
    await server.docs.compact('g') // the worker is up from here
    for (let i = 50; i < 60; i++) peers[0]!.doc.getMap('checkpoints').set(`n${i}`, i)
    await waitFor(() => peers[1]!.doc.getMap('checkpoints').size === 60, 'the later writes to be stored')
    expect((await server.docs.stored('g'))!.updates.length).toBeGreaterThan(0)
    const dir = server.dataDir
    await server.stop()
    server = await testServer({ compactInWorker: true }, dir)
    const stored = await server.docs.stored('g')
    expect(stored?.updates).toEqual([])
    expect(whole(stored)).toBe(60)
  })
})
