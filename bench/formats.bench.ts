// Formats benchmark: a dependency graph of a large monorepo (packages at versions, depends_on edges,
// cycles among them) imported from the DSL, exported in every format and imported again. Prints figures
// and writes bench/reports/formats.md; never passes or fails.
// Run: npx tsx bench/formats.bench.ts   (PLEXUS_BENCH_NODES=5000, PLEXUS_BENCH_CYCLES=25)
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import * as Y from 'yjs'
import { exportGraph, importGraph, type Format } from '../packages/model/src/formats/index.ts'
import { initGraph, openGraph, type Graph } from '../packages/model/src/graph.ts'
import { integrity } from '../packages/model/src/integrity.ts'
import { rng } from '../packages/model/src/test/harness.ts'

const N = Number(process.env.PLEXUS_BENCH_NODES ?? 5000)
const CYCLES = Number(process.env.PLEXUS_BENCH_CYCLES ?? 25)
const FORMATS: Format[] = ['dsl', 'mermaid', 'canvas', 'json']

function fresh(id: string): Graph {
  let n = 0
  const g = openGraph(new Y.Doc(), {
    actor: 'bench',
    now: () => 1_700_000_000_000 + n,
    newId: () => `n${(n++).toString(36)}`,
  })
  const r = initGraph(g, { id, title: id })
  if (!r.ok) throw new Error(r.message)
  return g
}

/** Package names like a lockfile's: scoped and not, several versions of some. */
function dependencyText(): string {
  const rand = rng(20261123)
  const names: string[] = []
  for (let i = 0; names.length < N; i++) {
    const scope = rand() < 0.3 ? `@scope${i % 40}/` : ''
    const versions = rand() < 0.15 ? 2 : 1
    for (let v = 0; v < versions && names.length < N; v++)
      names.push(`${scope}pkg-${i.toString(36)}@${1 + (i % 7)}.${v}.${i % 13}`)
  }
  const lines: string[] = []
  // Mostly towards lower indices (a DAG, as lockfiles are), 1-6 each.
  names.forEach((name, i) => {
    if (i === 0) return lines.push(name)
    const k = 1 + Math.floor(rand() * 6)
    for (let d = 0; d < k; d++) lines.push(`${name} depends_on ${names[Math.floor(rand() * i)]}`)
  })
  // And cycles back up, as real monorepos have (a test helper depending on the package it tests).
  for (let c = 0; c < CYCLES; c++) {
    const i = Math.floor(rand() * (N - 1)) + 1
    const back = lines.find((l) => l.startsWith(`${names[i]} depends_on `))
    if (back) lines.push(`${back.slice(names[i]!.length + ' depends_on '.length)} depends_on ${names[i]}`)
  }
  return lines.join('\n') + '\n'
}

const time = <T>(fn: () => T): [T, number] => {
  const t = performance.now()
  const out = fn()
  return [out, performance.now() - t]
}
const ms = (x: number): string => x.toFixed(0)
const kb = (s: string): string => (s.length / 1024).toFixed(0)

const source = dependencyText()
const g = fresh('deps')
const [first, importMs] = time(() => importGraph(g, 'dsl', source))
if (!first.ok) throw new Error(first.message)
const cycles = integrity(g).filter((p) => p.type === 'dependency_cycle').length
console.log(
  `source: ${kb(source)} KiB DSL, ${first.created} nodes, ${first.edges} edges, ${first.problems.length} cycle problems reported, in ${ms(importMs)} ms`,
)
const rows: string[] = []
for (const f of FORMATS) {
  const [text, exportMs] = time(() => exportGraph(g, f))
  const back = fresh('back')
  const [r, backMs] = time(() => importGraph(back, f, text))
  if (!r.ok) throw new Error(`${f}: ${r.message}`)
  const [again, againMs] = time(() => importGraph(g, f, text))
  if (!again.ok) throw new Error(`${f} again: ${again.message}`)
  const row = `| ${f} | ${kb(text)} | ${ms(exportMs)} | ${ms(backMs)} | ${r.created} | ${r.edges} | ${ms(againMs)} | ${again.created} / ${again.edges} |`
  rows.push(row)
  console.log(row)
}

const report = `# Formats benchmark

Node ${process.version}, ${new Date().toISOString()}, ${cpus().length} CPUs, load average at the end ${loadavg()
  .map((x) => x.toFixed(1))
  .join(' ')}. Times in ms, one run each (a shared machine: read them as orders of magnitude).

Graph: ${N} packages of a monorepo's dependency graph (scoped and unscoped names at versions, some at two
versions), 1-6 \`depends_on\` each towards older packages, plus ${CYCLES} edges back that close cycles. Built by
importing it as DSL (${kb(source)} KiB): ${first.created} nodes and ${first.edges} edges in ${ms(importMs)} ms;
the cycles were kept and reported (${first.problems.length} problem(s) in the result, ${cycles} strongly connected
set(s) by \`integrity()\`), not refused.

Then each format: the whole graph exported; that text imported into an empty graph ("into a fresh graph":
nodes and edges it made); and imported again into the graph it came from, where it must change nothing
("re-import": created / edges).

| format | KiB | export | into a fresh graph | nodes | edges | re-import | created / edges |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`
mkdirSync(new URL('./reports/', import.meta.url), { recursive: true })
writeFileSync(new URL('./reports/formats.md', import.meta.url), report)
