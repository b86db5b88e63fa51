// Formats benchmark: a dependency graph of a large monorepo (packages at versions, depends_on edges,
// cycles among them) imported from the DSL, exported in every format and imported again; then a
// 5,000-topic mind map (notes, links, colours, icons, relations across branches) through every map
// format of @plexus/formats, in and out; the Markdown parsers compared on that map's Markdown (why
// markdown.ts reads with markdown-it); and each map format on a chain (nesting depth) and a star
// (width) of N/4 and N topics, where a reader or the import that is superlinear shows as a ratio far
// above 4. Prints figures with the load average and writes bench/reports/formats.md; never passes or
// fails.
// Run: npx tsx bench/formats.bench.ts   (PLEXUS_BENCH_NODES=5000, PLEXUS_BENCH_CYCLES=25)
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import * as Y from 'yjs'
import { exportGraph, importGraph, type Format } from '../packages/model/src/formats/index.ts'
import { initGraph, openGraph, type Graph } from '../packages/model/src/graph.ts'
import { integrity } from '../packages/model/src/integrity.ts'
import { rng } from '../packages/model/src/test/harness.ts'
import { exportFile, importFile, type FileFormat } from '../packages/formats/src/index.ts'
import { shaped } from '../packages/formats/src/test/graph.ts'
import { connect } from '../packages/model/src/edges.ts'
import MarkdownIt from 'markdown-it'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { parse as micromarkParse, postprocess, preprocess } from 'micromark'
import { readMarkdown } from '../packages/formats/src/markdown.ts'

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

// A mind map as people keep them: a central topic, 8 branches, 4-6 children each level, notes on a
// third, a link on a fifth, a colour and icon on some; 1% of topics linked across branches.
const MAP_FORMATS: FileFormat[] = ['opml', 'freemind', 'markdown', 'mindmap', 'xmind', 'graphml']
function mapOPML(): string {
  const rand = rng(20261128)
  let made = 0
  const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  const outline = (depth: number, path: string): string => {
    const i = made++
    const name = `Topic ${path}`
    const note = rand() < 0.33 ? ` _note="${esc(`Why ${name} matters.\nSecond line ${i}.`)}"` : ''
    const url = rand() < 0.2 ? ` url="https://example.org/t/${i}"` : ''
    let kids = ''
    const n = depth === 0 ? 8 : 4 + Math.floor(rand() * 3)
    for (let k = 0; k < n && made < N && depth < 6; k++) kids += outline(depth + 1, `${path}.${k + 1}`)
    return `<outline text="${esc(name)}"${note}${url}>${kids}</outline>`
  }
  return `<?xml version="1.0"?><opml version="2.0"><head><title>Map</title></head><body>${outline(0, '1')}</body></opml>`
}
const mapSource = mapOPML()
const map = fresh('map')
const [built, buildMs] = time(() => importFile(map, 'opml', mapSource))
if (!built.ok) throw new Error(built.message)
{
  const rand = rng(7)
  const ids = [...map.index.nodes.keys()].filter((id) => map.index.live(id))
  const links = []
  for (let i = 0; i < Math.floor(ids.length / 100); i++)
    links.push({
      from: ids[Math.floor(rand() * ids.length)]!,
      to: ids[Math.floor(rand() * ids.length)]!,
      type: 'relates_to',
    })
  const c = connect(
    map,
    links.filter((l) => l.from !== l.to),
  )
  if (!c.ok) throw new Error(c.message)
}
console.log(`map: ${built.created} topics from ${kb(mapSource)} KiB OPML in ${ms(buildMs)} ms`)
const size = (d: string | Uint8Array): string =>
  ((typeof d === 'string' ? d.length : d.byteLength) / 1024).toFixed(0)
const mapRows: string[] = []
for (const f of MAP_FORMATS) {
  const [out, exportMs] = time(() => exportFile(map, f))
  const back = fresh('back')
  const [r, backMs] = time(() => importFile(back, f, out.data))
  if (!r.ok) throw new Error(`${f}: ${r.message}`)
  const [again, againMs] = time(() => importFile(map, f, out.data))
  if (!again.ok) throw new Error(`${f} again: ${again.message}`)
  const lost = out.lost.map((l) => `${l.count} ${l.kind}`).join(', ') || 'nothing'
  const row = `| ${f} | ${size(out.data)} | ${ms(exportMs)} | ${ms(backMs)} | ${r.created} | ${r.edges} | ${ms(againMs)} | ${again.created} / ${again.edges} | ${lost} |`
  mapRows.push(row)
  console.log(row)
}

// The Markdown parsers on the map's own Markdown export, best of three each, in this run.
const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')
const best = (fn: () => unknown): number => Math.min(...[0, 1, 2].map(() => time(fn)[1]))
const mapMarkdown = exportFile(map, 'markdown').data as string
const mdIt = new MarkdownIt('commonmark')
const parserRows = [
  ['mdast-util-from-markdown (micromark, then the mdast tree)', () => fromMarkdown(mapMarkdown)],
  [
    "micromark's event stream alone (no tree)",
    () =>
      postprocess(
        micromarkParse()
          .document()
          .write(preprocess()(mapMarkdown, undefined, true)),
      ),
  ],
  ["markdown-it's token stream", () => mdIt.parse(mapMarkdown, {})],
  ['readMarkdown (markdown-it tokens to the outline)', () => readMarkdown(mapMarkdown)],
].map(([label, fn]) => {
  const row = `| ${label as string} | ${ms(best(fn as () => unknown))} |`
  console.log(row)
  return row
})
console.log(`load average ${load()}`)

// Worst shapes: a chain N deep and a star N wide, through each format's export and import, at N/4 and N.
const shapeRows: string[] = []
for (const kind of ['chain', 'star'] as const) {
  // A chain past 480 is past what the Markdown reader nests (500 list levels): 120 and 480 deep.
  const [a4, n4] = kind === 'chain' ? [120, 480] : [Math.floor(N / 4), N]
  const small = shaped(kind, a4)
  const large = shaped(kind, n4)
  for (const f of MAP_FORMATS) {
    const run = (m: Graph): { out: number; in: number; again: number; err?: string } => {
      let outcome: ReturnType<typeof exportFile> | Error
      const [, outMs] = time(() => {
        try {
          outcome = exportFile(m, f)
        } catch (e) {
          outcome = e as Error
        }
      })
      if (outcome! instanceof Error) return { out: outMs, in: 0, again: 0, err: outcome.message.slice(0, 90) }
      const out = outcome!
      const back = fresh('back')
      const [r, inMs] = time(() => importFile(back, f, out.data))
      const [again, againMs] = time(() => importFile(m, f, out.data))
      const err = !r.ok
        ? r.message
        : !again.ok
          ? again.message
          : again.created
            ? `re-import made ${again.created}`
            : undefined
      return { out: outMs, in: inMs, again: againMs, ...(err ? { err: err.slice(0, 90) } : {}) }
    }
    const a = run(small)
    const b = run(large)
    const ratio = (x: number, y: number): string => (x > 0 ? (y / x).toFixed(1) : '-')
    const row = `| ${kind} | ${f} | ${ms(a.out)} / ${ms(b.out)} (×${ratio(a.out, b.out)}) | ${ms(a.in)} / ${ms(b.in)} (×${ratio(a.in, b.in)}) | ${ms(a.again)} / ${ms(b.again)} (×${ratio(a.again, b.again)}) | ${b.err ?? a.err ?? 'ok'} |`
    shapeRows.push(row)
    console.log(row)
  }
}
console.log(`load average ${load()}`)

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

## Mind maps through the map formats

A ${built.created}-topic mind map (a central topic, 8 branches, 4-6 children a level; notes on a third of
the topics, a link on a fifth; ${Math.floor(built.created / 100)} relations drawn across branches), built by
importing it as OPML (${kb(mapSource)} KiB) in ${ms(buildMs)} ms. Each map format of \`@plexus/formats\`: the
whole map exported; imported into an empty graph (one node more than the map: the graph's root is the
export's central topic); imported again into the map it came from, where it must change nothing. The
last column is the export's ledger (what the format has no place for). XMind's size is the zip's.

| format | KiB | export | into a fresh graph | nodes | edges | re-import | created / edges | not kept |
|---|---|---|---|---|---|---|---|---|
${mapRows.join('\n')}

## Markdown parsers

The map's own Markdown export (${kb(mapMarkdown)} KiB, ${built.created} topics as headings and nested lists with notes)
parsed by each, best of three, in this run (ms). \`packages/formats/src/markdown.ts\` reads with markdown-it's
tokens by this measure.

| parser | ms |
|---|---|
${parserRows.join('\n')}

## Worst shapes

Each map format on a chain (every topic under the one before: nesting depth) 120 and 480 topics deep,
and a star (every topic under the root: width) of ${Math.floor(N / 4)} and ${N} topics, a note on every third:
export, import into a fresh graph, and again into the graph it came from (where it adds nothing); ms
small / large and the ratio (4 is linear, 16 quadratic). Deeper chains are refused with the depth: the
map formats are written at most 1,000 levels deep and the XML readers read that deep; Markdown nests
lists at most 500 deep (a chain that deep is a file quadratic in its topics: each line indented by its
depth).

| shape | format | export | import | re-import | result |
|---|---|---|---|---|---|
${shapeRows.join('\n')}
`
mkdirSync(new URL('./reports/', import.meta.url), { recursive: true })
writeFileSync(new URL('./reports/formats.md', import.meta.url), report)
