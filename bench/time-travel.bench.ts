// Time-travel benchmark (docs/time-travel.md): an `as_of` read on a 10k-node graph with 100k history
// events. Prints figures and writes bench/reports/time-travel.md. Never passes or fails.
// Run: npx tsx bench/time-travel.bench.ts   (PLEXUS_BENCH_NODES, PLEXUS_BENCH_EVENTS, PLEXUS_BENCH_RUNS)
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import * as Y from 'yjs'
import {
  allEvents,
  context,
  counts,
  counterIds,
  createNodes,
  docAsOf,
  initGraph,
  openGraph,
  query,
  restructure,
  updateNodes,
  type CreateItem,
  type Graph,
} from '../packages/model/src/index.ts'
import { rng } from '../packages/model/src/test/harness.ts'

const NODES = Number(process.env.PLEXUS_BENCH_NODES ?? 10_000)
const EVENTS = Number(process.env.PLEXUS_BENCH_EVENTS ?? 100_000)
const RUNS = Number(process.env.PLEXUS_BENCH_RUNS ?? 7)
const loadStart = loadavg()[0]!.toFixed(2)

let clock = 1_700_000_000_000
const rand = rng(30)
const doc = new Y.Doc()
const g = openGraph(doc, { actor: 'bench', now: () => clock, newId: counterIds('n_') })
const root = (initGraph(g, { id: 'bench', title: 'Bench' }) as { root: string }).root
const ids: string[] = [root]

const t0 = performance.now()
for (let made = 0; made < NODES;) {
  const items: CreateItem[] = []
  for (let i = 0; i < 500 && made + i < NODES; i++) {
    const deps = ids.length > 10 && rand() < 0.5 ? [ids[Math.floor(rand() * ids.length)]!] : []
    items.push({
      summary: `Task ${made + i} ${Math.floor(rand() * 1e6)}`,
      parent: ids[Math.floor(ids.length * Math.sqrt(rand()))],
      depends_on: deps,
    })
  }
  clock += 1000
  const r = createNodes(g, items, { mode: 'force' })
  if (!r.ok) throw new Error(r.message)
  for (const c of r.created) ids.push(c.id)
  made += items.length
}
// The rest of the history: edits of 100 nodes a call, spread over the graph's life, a move in 20.
let step = 0
while (doc.getArray('history').length < EVENTS) {
  clock += 1000
  const batch = Array.from({ length: 100 }, () => ids[1 + Math.floor(rand() * (ids.length - 1))]!)
  const kind = step++ % 4
  if (kind === 0)
    updateNodes(
      g,
      [...new Set(batch)].map((id) => ({ id, summary: `Task ${id} v${step}` })),
    )
  else if (kind === 1)
    updateNodes(
      g,
      [...new Set(batch)].map((id) => ({ id, resolved: rand() < 0.5 })),
    )
  else if (kind === 2)
    updateNodes(
      g,
      [...new Set(batch)].map((id) => ({ id, properties: { priority: step % 7 } })),
    )
  else {
    const r = restructure(g, [
      { type: 'move', node: batch[0]!, parent: ids[Math.floor(rand() * ids.length)]! },
    ])
    void r
    updateNodes(
      g,
      [...new Set(batch)].map((id) => ({ id, properties: { owner: `a${step % 5}` } })),
    )
  }
}
const built = performance.now() - t0
const events = allEvents(g)
const bytes = Y.encodeStateAsUpdate(doc).length
// A restart: the document as a server loads it from its store.
const loaded = new Y.Doc()
Y.applyUpdate(loaded, Y.encodeStateAsUpdate(doc))
const live: Graph = openGraph(loaded, { actor: 'reader', now: () => clock, newId: counterIds('r_') })
void live.index.nodes.size // build the index once, as a running server holds it

const quantile = (xs: number[], q: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!
const time = (fn: () => void): number => {
  const t = performance.now()
  fn()
  return performance.now() - t
}

/** One as_of read as graph_query and graph_context answer it: the copy, its index, the query, a context. */
function asOfRead(at: number): { copy: number; read: number } {
  let past!: Y.Doc
  const copy = time(() => (past = docAsOf(live, at)))
  const read = time(() => {
    const pg = openGraph(past, { actor: 'reader', now: () => at, newId: counterIds('p_') })
    counts(pg)
    const r = query(pg, { filter: { actionable: true }, sort: 'readiness', order: 'asc', limit: 20 })
    if (!r.ok) throw new Error(r.message)
    context(pg, ids[Math.floor(ids.length / 2)]!, { depth: 2 })
  })
  return { copy, read }
}

const first = events[0]!.ts
const last = events[events.length - 1]!.ts
const moments = [
  ['recent (1% of events after it)', events[Math.floor(events.length * 0.99)]!.ts],
  ['middle (50% after)', events[Math.floor(events.length * 0.5)]!.ts],
  ['early (95% after)', events[Math.floor(events.length * 0.05)]!.ts],
] as const
const rows: string[] = []
const liveRead = quantile(
  Array.from({ length: RUNS }, () =>
    time(() => {
      counts(live)
      query(live, { filter: { actionable: true }, sort: 'readiness', order: 'asc', limit: 20 })
      context(live, ids[Math.floor(ids.length / 2)]!, { depth: 2 })
    }),
  ),
  0.5,
)
for (const [name, at] of moments) {
  const xs = Array.from({ length: RUNS }, () => asOfRead(at))
  const total = xs.map((x) => x.copy + x.read)
  const line = `| ${name} | ${quantile(
    xs.map((x) => x.copy),
    0.5,
  ).toFixed(0)} | ${quantile(
    xs.map((x) => x.read),
    0.5,
  ).toFixed(0)} | ${quantile(total, 0.5).toFixed(0)} | ${Math.max(...total).toFixed(0)} |`
  console.log(line)
  rows.push(line)
}
const loadEnd = loadavg()[0]!.toFixed(2)
const report = `# Time travel: an as_of read on ${NODES.toLocaleString('en')} nodes, ${events.length.toLocaleString('en')} history events

\`npx tsx bench/time-travel.bench.ts\` (${new Date().toISOString()}, node ${process.version}). Load average
${loadStart} at start, ${loadEnd} at end, on the 2-core machine shared with other work. ${RUNS} runs per moment.

Graph: ${NODES.toLocaleString('en')} nodes in a tree (branching ~6, a dependency on half of them), then
edits of 100 nodes a call (summaries, resolves, properties, a move in 4 calls) until history held
${events.length.toLocaleString('en')} events over ${((last - first) / 1000 / 3600).toFixed(1)} hours of clock. Document: ${(bytes / 1024 / 1024).toFixed(1)} MiB encoded; built in ${(built / 1000).toFixed(1)} s.
Read on a copy loaded from its encoding (as after a restart or a compaction), its index built.

One read as graph_query and graph_context answer it (counts, the first 20 actionable nodes by
readiness, one node's context to depth 2). \`copy\`: docAsOf (every event after the moment reverted,
the past written into a new document, history up to the moment included); \`read\`: the index of
that document and the reads on it. Milliseconds; target ≤ 200 ms for the whole.

| moment | copy p50 | read p50 | as_of total p50 | worst |
|---|---|---|---|---|
${rows.join('\n')}

The same reads on the live graph (index already built): ${liveRead.toFixed(1)} ms p50.
`
mkdirSync('bench/reports', { recursive: true })
writeFileSync('bench/reports/time-travel.md', report)
console.log(report)
