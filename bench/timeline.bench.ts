/**
 * Canvas timeline benchmark (issue 30): what showing one moment costs the page: `openPast` (docAsOf's
 * document of the graph as it was, its index, and the canvas's FlowModel of it, tree layout included),
 * on random trees of 500 to 5,000 nodes with ten edits per node in history (renames, 100 per write), at
 * a moment halfway through the edits. Runs the real model and FlowModel in Node, no browser (a
 * browser's main thread is of the same order). The timeline rebuilds once per moment chosen (on release,
 * or when its slider rests 150 ms), so this is the pause after each step. Figures only.
 *
 *   npx tsx bench/timeline.bench.ts       (PLEXUS_BENCH_SIZES=500,1000 to choose sizes)
 */
import { createNodes, initGraph, openGraph, updateNodes } from '@plexus/model'
import { loadavg } from 'node:os'
import * as Y from 'yjs'
import { rng } from '../packages/model/src/test/harness.ts'
import { openPast } from '../apps/web/src/timeline/past.ts'

const sizes = (process.env.PLEXUS_BENCH_SIZES ?? '500,1000,2000,5000').split(',').map(Number)
const RUNS = 5
const EDITS_PER_NODE = 10

function graph(n: number) {
  const r = rng(n)
  let k = 0
  let t = 1_700_000_000_000
  const g = openGraph(new Y.Doc(), { actor: 'bench', now: () => t, newId: () => `n${k++}` })
  const init = initGraph(g, { id: `timeline-${n}`, title: 'Plan' })
  if (!init.ok) throw new Error(init.message)
  const ids = [init.root]
  for (let from = 1; from < n; from += 100) {
    t += 1000
    const items = []
    for (let i = from; i < Math.min(n, from + 100); i++)
      items.push({ summary: `Step ${i}`, parent: ids[Math.floor(r() * ids.length)]! })
    const made = createNodes(g, items)
    if (!made.ok) throw new Error(made.message)
    ids.push(...made.created.map((c) => c.id))
  }
  const start = t
  for (let e = 0; e < EDITS_PER_NODE; e++)
    for (let from = 0; from < ids.length; from += 100) {
      t += 1000
      const u = updateNodes(
        g,
        ids.slice(from, from + 100).map((id) => ({ id, summary: `Step ${id} v${e}` })),
      )
      if (!u.ok) throw new Error(u.message)
    }
  return { g, mid: Math.round((start + t) / 2) }
}

console.log(
  `timeline: openPast at a moment halfway through the edits; load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
console.log('| nodes | history events | openPast p50 | max |')
console.log('|---|---|---|---|')
for (const n of sizes) {
  const { g, mid } = graph(n)
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    const p = openPast(g, mid)
    times.push(performance.now() - t0)
    p.close()
  }
  times.sort((a, b) => a - b)
  const events = (g.doc.getArray('history') as Y.Array<unknown>).length
  console.log(
    `| ${n} | ${events} | ${times[Math.floor(RUNS / 2)]!.toFixed(0)} ms | ${times[RUNS - 1]!.toFixed(0)} ms |`,
  )
}
