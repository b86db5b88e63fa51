/**
 * One `graph_open` of a stored graph reads and decodes it once (issue 29: a 100k-node graph's first
 * answer). graph_open asked whether the graph exists by opening it (`graphExists`), released it,
 * then opened it again to answer (`withGraph`): on a server that unloads an unused graph at once
 * (`PLEXUS_IDLE_UNLOAD_MS=0`) the release unloaded it, and the second open read the whole stored
 * state and `Y.applyUpdate`d it again, twice the decode of the largest step of the open. The
 * existence check now asks the store (`GraphSource.exists`), never loading the graph.
 *
 * A real server on a SQLite store that counts its reads of each graph; the graph is stored before
 * the server starts, as a big graph is found by a server started on it.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createNodes, graphSummary, initGraph, openGraph, randomIds } from '@plexus/model'
import { afterEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { DB_FILE } from '@plexus/sync-client/server-file'
import { SqliteStore } from '../storage/sqlite-store.ts'
import { mcpTry } from '../test/mcp-call.ts'
import { testServer, type TestServer } from '../test/server-harness.ts'

/** A SQLite store that counts its reads of each graph's stored state. */
class CountingStore extends SqliteStore {
  readonly loads = new Map<string, number>()
  override load(graph: string): ReturnType<SqliteStore['load']> {
    this.loads.set(graph, (this.loads.get(graph) ?? 0) + 1)
    return super.load(graph)
  }
}

/** A stored graph of a root and `n` children, compacted to one snapshot as a server leaves it. */
function storeGraph(file: string, graph: string, n: number): void {
  const doc = new Y.Doc()
  let clock = Date.UTC(2026, 0, 1)
  const g = openGraph(doc, {
    actor: 'maker',
    now: () => (clock += 1000),
    newId: randomIds('n_', (b) => crypto.getRandomValues(b)),
  })
  const init = initGraph(g, { id: graph, goal: 'Open once' })
  if (!init.ok) throw new Error(init.message)
  const made = createNodes(
    g,
    Array.from({ length: n }, (_, i) => ({ summary: `step ${i}`, parent: init.root })),
  )
  if (!made.ok) throw new Error(made.message)
  const store = new SqliteStore(file)
  try {
    const snapshot = Y.encodeStateAsUpdate(doc)
    const seq = store.append(graph, snapshot)
    store.compact(graph, { snapshot, throughSeq: seq, summary: JSON.stringify(graphSummary(doc)) })
  } finally {
    store.close()
  }
}

let server: TestServer | undefined
let dir = ''
afterEach(async () => {
  await server?.dispose()
  server = undefined
  rmSync(dir, { recursive: true, force: true })
})

async function serverOn(idleUnloadMs: number): Promise<{ server: TestServer; store: CountingStore }> {
  dir = mkdtempSync(join(tmpdir(), 'plexus-open-once-'))
  storeGraph(join(dir, DB_FILE), 'big', 50)
  const store = new CountingStore(join(dir, DB_FILE))
  server = await testServer({ store, idleUnloadMs }, dir)
  return { server, store }
}

describe('graph_open of a stored graph', () => {
  // The server unloads a graph nobody holds at once: each extra open of the call was a whole load.
  it('reads the stored graph once when unused graphs are unloaded at once', async () => {
    const { server, store } = await serverOn(0)
    const loadsBefore = server.metrics.documentLoads
    const r = await mcpTry(server.url, '/mcp', 'graph_open', { project: 'big' })
    expect(r.isError, r.text).toBe(false)
    expect((r.structured as { summary: { total: number } }).summary.total).toBe(51)
    expect(store.loads.get('big')).toBe(1)
    expect(server.metrics.documentLoads - loadsBefore).toBe(1)
  })

  it('reads the stored graph once with the default idle time, and answers alike', async () => {
    const { server, store } = await serverOn(30_000)
    const r = await mcpTry(server.url, '/mcp', 'graph_open', { project: 'big' })
    expect(r.isError, r.text).toBe(false)
    expect((r.structured as { summary: { total: number } }).summary.total).toBe(51)
    expect(store.loads.get('big')).toBe(1)
  })

  // Stays as it was: a new graph is refused or made as before, with the near names beside it.
  it('still creates a graph that is not there, loading it once', async () => {
    const { server } = await serverOn(0)
    const loadsBefore = server.metrics.documentLoads
    const r = await mcpTry(server.url, '/mcp', 'graph_open', { project: 'bog', goal: 'A new one' })
    expect(r.isError, r.text).toBe(false)
    const out = r.structured as { created?: boolean; did_you_mean?: Array<{ id: string }> }
    expect(out.created).toBe(true)
    expect(out.did_you_mean?.map((g) => g.id)).toEqual(['big'])
    // Counted by the registry: the store is read again after the call, by the compaction of the
    // unloaded new graph, which is not the call's.
    expect(server.metrics.documentLoads - loadsBefore).toBe(1)
  })
})
