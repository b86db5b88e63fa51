/**
 * A big graph built as the tools build one, for bench/open.bench.ts: a tree of plans under the root
 * (branches of about 40 steps, each step with a few sub-steps), every node with a summary, notes on
 * one in five, properties on one in ten, `depends_on` between neighbouring steps and a `relates_to`
 * across branches on one in fifty, and one in three resolved afterwards by `updateNodes`, so history
 * holds what `graph_plan` and `graph_update` write. Ids as peers write them (`randomIds`), from a
 * seeded source: the same graph every run. Stored as a server leaves a compacted graph: one snapshot
 * with its summary in a real SQLite store.
 */
import { join } from 'node:path'
import {
  connect,
  createNodes,
  initGraph,
  openGraph,
  randomIds,
  updateNodes,
  type CreateItem,
  type EdgeInput,
} from '@plexus/model'
import { DB_FILE, SqliteStore } from '@plexus/sync'
import * as Y from 'yjs'

const BATCH = 2000

/** A seeded source of bytes (mulberry32): ids and choices the same every run. */
function seeded(seed: number) {
  let s = seed >>> 0
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, bytes: (b: Uint8Array) => b.forEach((_, i) => (b[i] = Math.floor(next() * 256))) }
}

const WORDS = (
  'parse config loader cache index search render export import sync relay store queue worker ' +
  'token claim review deploy test bench schema migrate layout canvas history memory agent plan'
).split(' ')

export interface BuiltGraph {
  doc: Y.Doc
  nodes: number
  edges: number
  buildMs: number
}

export function buildGraph(graph: string, total: number, seed = 20261129): BuiltGraph {
  const t0 = performance.now()
  const rnd = seeded(seed)
  const word = () => WORDS[Math.floor(rnd.next() * WORDS.length)]!
  let clock = Date.UTC(2026, 0, 1)
  const doc = new Y.Doc()
  const g = openGraph(doc, {
    actor: 'bench-agent',
    now: () => (clock += 250),
    newId: randomIds('n_', rnd.bytes),
  })
  const init = initGraph(g, { id: graph, title: `Big graph ${graph}`, goal: 'Open fast' })
  if (!init.ok) throw new Error(init.message)
  const ids: string[] = [init.root]
  // Level by level: branches under the root, steps under branches, sub-steps under steps.
  const pending: Array<{ parent: string; depth: number }> = [{ parent: init.root, depth: 0 }]
  let made = 1
  const edges: EdgeInput[] = []
  while (made < total && pending.length > 0) {
    const items: CreateItem[] = []
    while (items.length < BATCH && made + items.length < total && pending.length > 0) {
      const { parent, depth } = pending[0]!
      const fan = depth === 0 ? 40 : depth === 1 ? 40 : 4
      for (let k = 0; k < fan && items.length < BATCH && made + items.length < total; k++) {
        const n = made + items.length
        items.push({
          summary: `${word()} the ${word()} ${word()} (${n})`,
          kind: depth === 0 ? 'plan' : 'task',
          parent,
          ...(n % 5 === 0
            ? { notes: `Why: the ${word()} ${word()} needs ${word()}.\nSee step ${n - 1}.` }
            : {}),
          ...(n % 10 === 0 ? { properties: { owner: `agent-${n % 7}`, estimate: n % 13 } } : {}),
        })
      }
      pending.shift()
    }
    const r = createNodes(g, items, { mode: 'force' })
    if (!r.ok) throw new Error(r.message)
    for (const c of r.created) {
      const depth = ids.length < 41 ? 1 : 2
      ids.push(c.id)
      pending.push({ parent: c.id, depth })
    }
    made = ids.length
  }
  // Relations: a step depends on the one before it (one in four), a relates_to across branches (one in fifty).
  for (let i = 42; i < ids.length; i++) {
    if (i % 4 === 0) edges.push({ from: ids[i]!, to: ids[i - 1]!, type: 'depends_on' })
    const j = (i * 7919) % ids.length
    if (i % 50 === 0 && j !== i) edges.push({ from: ids[i]!, to: ids[j]!, type: 'relates_to' })
  }
  for (let i = 0; i < edges.length; i += BATCH) {
    const r = connect(g, edges.slice(i, i + BATCH))
    if (!r.ok) throw new Error(r.message)
  }
  const done = ids.filter((_, i) => i > 0 && i % 3 === 0)
  for (let i = 0; i < done.length; i += BATCH) {
    const r = updateNodes(
      g,
      done.slice(i, i + BATCH).map((id) => ({ id, resolved: true })),
    )
    if (!r.ok) throw new Error(r.message)
  }
  return { doc, nodes: ids.length, edges: edges.length, buildMs: performance.now() - t0 }
}

/** Stores the graph as a compaction leaves it: one snapshot through the last seq, with its summary. */
export function storeGraph(dataDir: string, graph: string, doc: Y.Doc, summary: unknown): number {
  const store = new SqliteStore(join(dataDir, DB_FILE))
  try {
    const snapshot = Y.encodeStateAsUpdate(doc)
    const seq = store.append(graph, snapshot)
    store.compact(graph, { snapshot, throughSeq: seq, summary: JSON.stringify(summary) })
    return snapshot.length
  } finally {
    store.close()
  }
}
