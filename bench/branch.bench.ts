// Branch operations in the model (issue 27): prints figures and writes bench/reports/branch.md. Never
// passes or fails. Run: npx tsx bench/branch.bench.ts   (PLEXUS_BENCH_QUICK=1 for a short run)
//
// On an agent-written plan (areas, steps, details, 3 levels, with relations across branches), what a
// person's key costs in the model: Delete of a branch (forgetBranches), the Ctrl+Z that brings it back,
// Ctrl+C of a branch (copyBranches) and Ctrl+V of it under another node (pasteBranches). Sizes: a
// branch of 40 nodes (what a person deletes), of 1,000 and of 2,000 (the most one paste makes).
import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import * as Y from 'yjs'
import {
  connect,
  copyBranches,
  counterIds,
  createNodes,
  forgetBranches,
  initGraph,
  openGraph,
  pasteBranches,
  undoManager,
  type Graph,
} from '../packages/model/src/index.ts'

const QUICK = process.env.PLEXUS_BENCH_QUICK === '1'
const SAMPLES = QUICK ? 3 : 9

function plan(branchSize: number): { g: Graph; top: string; other: string } {
  let t = 1_700_000_000_000
  const g = openGraph(new Y.Doc(), { actor: 'bench', now: () => t++, newId: counterIds('n') })
  const root = initGraph(g, { id: 'bench', title: 'Plan' })
  if (!root.ok) throw new Error(root.message)
  const tops: string[] = []
  for (const name of ['Big', 'Other']) {
    const r = createNodes(g, [{ summary: name, parent: root.root }], { mode: 'force' })
    if (!r.ok) throw new Error(r.message)
    tops.push(r.created[0]!.id)
  }
  // Areas of 1 + 4 steps x 4 details (21 nodes) under the big top, up to the size asked.
  const areas = Math.max(1, Math.round((branchSize - 1) / 21))
  const made: string[] = []
  for (let a = 0; a < areas; a += 40) {
    const items = []
    for (let k = a; k < Math.min(areas, a + 40); k++) {
      items.push({ ref: `a${k}`, summary: `Area ${k}`, parent: tops[0]! })
      for (let s = 0; s < 4; s++) {
        items.push({ ref: `s${k}.${s}`, summary: `Step ${k}.${s}`, parent_ref: `a${k}` })
        for (let d = 0; d < 4; d++)
          items.push({ ref: `d${k}.${s}.${d}`, summary: `Detail ${k}.${s}.${d}`, parent_ref: `s${k}.${s}` })
      }
    }
    const r = createNodes(g, items, { mode: 'force' })
    if (!r.ok) throw new Error(r.message)
    made.push(...r.created.map((c) => c.id))
  }
  // Relations: one in ten nodes relates to one 7 further on (inside the branch), and to "Other".
  const edges = made
    .filter((_, i) => i % 10 === 0)
    .flatMap((id, i) => [
      { from: id, to: made[(i * 10 + 7) % made.length]!, type: 'relates_to' },
      { from: tops[1]!, to: id, type: 'relates_to', label: `r${i}` },
    ])
  for (let i = 0; i < edges.length; i += 1000) connect(g, edges.slice(i, i + 1000), { atomic: false })
  return { g, top: tops[0]!, other: tops[1]! }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const time = (f: () => void): number => {
  const t0 = performance.now()
  f()
  return performance.now() - t0
}

const rows: string[] = []
const load0 = loadavg()[0]!
for (const size of [40, 1000, 2000]) {
  const del: number[] = []
  const und: number[] = []
  const cop: number[] = []
  const pas: number[] = []
  let nodes = 0
  for (let s = 0; s < SAMPLES; s++) {
    const { g, top, other } = plan(size)
    const um = undoManager(g)
    del.push(
      time(() => {
        const r = forgetBranches(g, [top])
        if (!r.ok) throw new Error(r.message)
        nodes = r.forgotten.length
      }),
    )
    und.push(time(() => um.undo()))
    let copy: ReturnType<typeof copyBranches> | null = null
    cop.push(time(() => (copy = copyBranches(g, [top]))))
    pas.push(
      time(() => {
        const r = pasteBranches(g, copy!, { parent: other })
        if (!r.ok) throw new Error(r.message)
      }),
    )
  }
  const row = `| ${nodes} | ${median(del).toFixed(1)} | ${median(und).toFixed(1)} | ${median(cop).toFixed(1)} | ${median(pas).toFixed(1)} |`
  console.log(row)
  rows.push(row)
}
const load1 = loadavg()[0]!
const report = `# Branch operations (bench/branch.bench.ts)

Medians of ${SAMPLES} runs, ms, in the model alone (no rendering), on an agent-written plan with relations
inside the branch and from outside it. Load average ${load0.toFixed(1)} at the start, ${load1.toFixed(1)} at the end, on 2 cores.

| branch nodes | delete (forgetBranches) | undo | copy (copyBranches) | paste (pasteBranches) |
|---|---|---|---|---|
${rows.join('\n')}
`
writeFileSync(new URL('./reports/branch.md', import.meta.url), report)
console.log(`load ${load0.toFixed(1)} -> ${load1.toFixed(1)}`)
