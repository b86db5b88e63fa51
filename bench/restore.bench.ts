// Whole-graph restore benchmark (issue 30, docs/time-travel.md): what the canvas's "Restore the graph to
// this moment" costs on a big graph — the question's preview (previewGraphRestore: the same restore on
// a copy of the document) and the restore itself (restoreGraphAsOf) — at moments from recent to early.
// Prints figures and writes bench/reports/restore.md. Never passes or fails.
// Run: npx tsx bench/restore.bench.ts   (PLEXUS_BENCH_NODES, default 9,000: under MAX_RESTORE_NODES
// then and now; PLEXUS_BENCH_EVENTS, default 30,000; PLEXUS_BENCH_RUNS, default 3)
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import * as Y from 'yjs'
import {
  MAX_RESTORE_NODES,
  allEvents,
  counterIds,
  createNodes,
  initGraph,
  openGraph,
  previewGraphRestore,
  restoreGraphAsOf,
  updateNodes,
  type CreateItem,
} from '../packages/model/src/index.ts'
import { rng } from '../packages/model/src/test/harness.ts'

const NODES = Number(process.env.PLEXUS_BENCH_NODES ?? 9_000)
const EVENTS = Number(process.env.PLEXUS_BENCH_EVENTS ?? 30_000)
const RUNS = Number(process.env.PLEXUS_BENCH_RUNS ?? 3)
const loadStart = loadavg().map((x) => x.toFixed(2))

let clock = 1_700_000_000_000
const rand = rng(31)
const doc = new Y.Doc()
const g = openGraph(doc, { actor: 'bench', now: () => clock, newId: counterIds('n_') })
const root = (initGraph(g, { id: 'bench', title: 'Bench' }) as { root: string }).root
const ids: string[] = [root]
const t0 = performance.now()
// Half the nodes at first; the rest made while the graph is edited, so an early moment has fewer.
const grow = (n: number) => {
  const items: CreateItem[] = []
  for (let i = 0; i < n; i++)
    items.push({ summary: `Task ${ids.length + i}`, parent: ids[Math.floor(ids.length * Math.sqrt(rand()))] })
  clock += 1000
  const r = createNodes(g, items, { mode: 'force' })
  if (!r.ok) throw new Error(r.message)
  for (const c of r.created) ids.push(c.id)
}
while (ids.length < NODES / 2) grow(500)
let step = 0
while (doc.getArray('history').length < EVENTS || ids.length < NODES) {
  clock += 1000
  if (ids.length < NODES && step % 3 === 0) grow(Math.min(100, NODES - ids.length))
  const batch = [
    ...new Set(Array.from({ length: 100 }, () => ids[1 + Math.floor(rand() * (ids.length - 1))]!)),
  ]
  const r =
    step % 2 === 0
      ? updateNodes(
          g,
          batch.map((id) => ({ id, summary: `Task ${id} v${step}` })),
        )
      : updateNodes(
          g,
          batch.map((id) => ({ id, resolved: rand() < 0.5 })),
        )
  if (!r.ok) throw new Error(r.message)
  step++
}
const built = performance.now() - t0
const events = allEvents(g)
const update = Y.encodeStateAsUpdate(doc)

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const moments = [
  ['recent (1% of events after it)', events[Math.floor(events.length * 0.99)]!.ts],
  ['middle (50% after)', events[Math.floor(events.length * 0.5)]!.ts],
  ['early (95% after)', events[Math.floor(events.length * 0.05)]!.ts],
] as const
const rows: string[] = []
for (const [name, at] of moments) {
  const preview: number[] = []
  const restore: number[] = []
  let changed = ''
  for (let run = 0; run < RUNS; run++) {
    // Each run on a fresh copy loaded from the encoding, its index built, as a tab holds the graph.
    const copy = new Y.Doc()
    Y.applyUpdate(copy, update)
    const live = openGraph(copy, { actor: 'person', now: () => clock, newId: counterIds(`r${run}_`) })
    void live.index.nodes.size
    let t = performance.now()
    const p = previewGraphRestore(live, { at })
    preview.push(performance.now() - t)
    t = performance.now()
    const r = restoreGraphAsOf(live, { at })
    restore.push(performance.now() - t)
    if (!p.ok || !r.ok) throw new Error(`${name}: ${p.ok ? '' : p.message} ${r.ok ? '' : r.message}`)
    changed = `${r.restored.length} changed, ${r.brought_back.length} brought back, ${r.forgotten.length} removed`
    copy.destroy()
  }
  const line = `| ${name} | ${median(preview).toFixed(0)} | ${median(restore).toFixed(0)} | ${changed} |`
  console.log(line)
  rows.push(line)
}
const loadEnd = loadavg().map((x) => x.toFixed(2))
const report = `# Whole-graph restore: ${ids.length.toLocaleString('en')} nodes, ${events.length.toLocaleString('en')} history events

\`npx tsx bench/restore.bench.ts\` (${new Date().toISOString()}, node ${process.version}). Load average
${loadStart.join(' ')} at start, ${loadEnd.join(' ')} at end (1, 5, 15 min), on the 2-core machine shared
with other work. ${RUNS} runs per moment, each on a fresh copy of the document (its index built).

Graph: half its nodes made first, the rest while edits of 100 nodes a call (summaries, resolves) ran
until history held ${events.length.toLocaleString('en')} events. Document ${(update.length / 1024 / 1024).toFixed(1)} MiB encoded; built in ${(built / 1000).toFixed(1)} s. A whole-graph
restore takes at most ${MAX_RESTORE_NODES.toLocaleString('en')} nodes then and now.

\`preview\`: previewGraphRestore, what the canvas's question computes before anything is written (the
same restore on a copy of the document). \`restore\`: restoreGraphAsOf on the live graph, one
transaction. Milliseconds, median.

| moment | preview p50 | restore p50 | what the restore did |
|---|---|---|---|
${rows.join('\n')}
`
mkdirSync('bench/reports', { recursive: true })
writeFileSync('bench/reports/restore.md', report)
console.log(report)
