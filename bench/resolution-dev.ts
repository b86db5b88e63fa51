// Label resolution on the development sets, through the three paths an agent's label takes (issue 24 §6):
//   resolve: a node argument of an MCP tool (node-args.ts: the best candidate at 0.85 or more, no tie);
//   dedup:   batch create in a matching mode (create.ts: bestMatch scoped to the parent);
//   engine:  the engine's matching (findByLabel).
// Prints precision, recall and wrong picks per set and per path, and how often a miss came back with
// candidates holding the right node; writes bench/reports/resolution-dev.md. Never passes or fails.
// Run: npx tsx bench/resolution-dev.ts
// These are DEVELOPMENT sets, read while writing the matcher: search-queries.json (whose "partial" queries
// were written when a part of a label was not to resolve at all) and resolution-dev.json. The held-out
// figures are bench/resolution.bench.ts's, on sets nobody here tuned on.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { execSync } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { findByLabel } from '../packages/model/src/analysis-ask.ts'
import { write, type Graph } from '../packages/model/src/graph.ts'
import { MATCH_CONFIDENCE, bestMatch, resolveLabel } from '../packages/model/src/resolve.ts'
import { namedGraph } from '../packages/model/src/test/harness.ts'

interface Fixture {
  nodes: Array<{ key: string; summary: string; kind: string }>
  queries: Array<{ q: string; type: string; resolve: string | null; search?: string | string[] | null }>
}

/**
 * search-queries.json was written when a part of a label was not to resolve: its "partial", "form" and
 * "typo-word" queries (a word or two of a label) say
 * `resolve: null`. Under issue 24 §6 a part names the node it picks out, so they are scored against their
 * `search` answer when that is one node.
 */
const wanted = (q: Fixture['queries'][number]): string | null =>
  ['partial', 'form', 'typo-word'].includes(q.type) && q.resolve === null && typeof q.search === 'string'
    ? q.search
    : q.resolve

const SETS = ['search-queries.json', 'resolution-dev.json', 'resolution-dev-erp.json']
type Path = 'resolve' | 'dedup' | 'engine'
const PATHS: Path[] = ['resolve', 'dedup', 'engine']

function take(g: Graph, q: string, path: Path, parent: string): string | null {
  if (path === 'dedup') return bestMatch(g, q, { parent })?.id ?? null
  if (path === 'engine') return findByLabel(g, q)?.id ?? null
  const [top, second] = resolveLabel(g, q, { limit: 2 })
  if (!top || top.confidence < MATCH_CONFIDENCE) return null
  return second && second.confidence >= top.confidence ? null : top.id
}

const pct = (a: number, b: number): string => (b ? `${((100 * a) / b).toFixed(1)}%` : '-')
const rows: string[] = []
const wrongs: string[] = []
for (const file of SETS) {
  const fx = JSON.parse(readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8')) as Fixture
  const { g, root } = namedGraph()
  const ids = new Map<string, string>()
  write(g, (w) => {
    for (const n of fx.nodes) {
      w.newNode(`fx_${n.key}`, { summary: n.summary, kind: n.kind, parent: root })
      ids.set(n.key, `fx_${n.key}`)
    }
  })
  for (const path of PATHS) {
    let taken = 0
    let right = 0
    let expected = 0
    let misses = 0
    let offered = 0
    let offeredRight = 0
    let missesWanting = 0
    const types: Record<string, [number, number]> = {}
    for (const q of fx.queries) {
      const key = wanted(q)
      const want = key === null ? null : ids.get(key)!
      const got = take(g, q.q, path, root)
      if (want !== null) expected++
      if (got !== null) taken++
      if (got !== null && got === want) right++
      if (got !== null && got !== want) wrongs.push(`${file} ${path}: '${q.q}' took ${got} (want ${want})`)
      if (got === null) {
        misses++
        const cands = resolveLabel(g, q.q, { limit: 5 }).map((r) => r.id)
        if (cands.length) offered++
        if (want !== null) {
          missesWanting++
          if (cands.includes(want)) offeredRight++
        }
      }
      const t = (types[q.type] ??= [0, 0])
      t[0] += got === want ? 1 : 0
      t[1]++
    }
    const byType = Object.entries(types)
      .map(([k, [a, n]]) => `${k} ${a}/${n}`)
      .join(', ')
    rows.push(
      `| ${file} | ${path} | ${pct(right, taken)} | ${pct(right, expected)} (${right}/${expected}) | ${taken - right} | ${pct(offered, misses)} | ${pct(offeredRight, missesWanting)} | ${byType} |`,
    )
  }
}

// What the readings cost: a generated graph of TIMED nodes (labels of 3-8 words from a small vocabulary,
// so words are common and parts rarely unique: the slow case), p50 of 15 calls per kind of label.
const TIMED = Number(process.env.PLEXUS_BENCH_NODES ?? 20_000)
const VOCAB =
  'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu migrate deploy review cache index service report billing ledger'.split(
    ' ',
  )
const timings: string[] = []
{
  const { g, root } = namedGraph()
  let seed = 7
  const rand = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  write(g, (w) => {
    for (let i = 0; i < TIMED; i++) {
      const k = 3 + Math.floor(rand() * 6)
      const words = Array.from({ length: k }, () => VOCAB[Math.floor(rand() * VOCAB.length)]!)
      w.newNode(`t${i}`, { summary: `${words.join(' ')} ${i}`, parent: root })
    }
  })
  const p50 = (f: () => void): string => {
    const xs: number[] = []
    for (let i = 0; i < 15; i++) {
      const t = performance.now()
      f()
      xs.push(performance.now() - t)
    }
    xs.sort((a, b) => a - b)
    return xs[7]!.toFixed(2)
  }
  const first = (f: () => void): string => {
    const t = performance.now()
    f()
    return (performance.now() - t).toFixed(0)
  }
  resolveLabel(g, 'warm up the indexes')
  const exact = g.index.nodes.get('t17')!.summary
  timings.push(
    `| first acronym (builds the initials index) | ${first(() => resolveLabel(g, 'ABC'))} ms once |`,
  )
  for (const [what, q] of [
    ['a label as it is', exact],
    ['an acronym', 'MDR'],
    ['a part several labels share', 'ledger'],
    ['a miss (common words: search lists candidates)', 'alpha bravo charlie 17'],
    ['a miss (words no label has)', 'nothing like this at all'],
  ] as const)
    timings.push(`| ${what} | ${p50(() => resolveLabel(g, q))} ms p50 |`)
}

const load = loadavg()
  .map((x) => x.toFixed(2))
  .join(' ')
let build = 'unknown'
try {
  build = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim()
} catch {
  // not a git checkout
}
const table = [
  '| set | path | precision | recall | wrong | misses with candidates | misses offering the right node (top 5) | right by type |',
  '|---|---|---|---|---|---|---|---|',
  ...rows,
].join('\n')
const report = `# Label resolution on the development sets

Build ${build}, ${new Date().toISOString()}, load average ${load} on ${cpus().length} cores.
Made by \`npx tsx bench/resolution-dev.ts\`. Development sets: the matcher was written beside them, so read these
as optimistic; the held-out figures come from \`bench/resolution.bench.ts\`.

Paths: resolve = a node argument of an MCP tool (best at >= ${MATCH_CONFIDENCE}, no tie); dedup = bestMatch scoped
to the parent, as batch create in a matching mode; engine = findByLabel. Precision = right picks / picks;
recall = right picks / queries that name a node; wrong = picks of another node (a wrong merge).
search-queries.json's "partial" queries (written as refusals before issue 24) are scored against their search answer.

${table}

What resolveLabel costs with the readings, on a generated graph of ${TIMED} nodes (load average above):

| label | time |
|---|---|
${timings.join('\n')}

Wrong picks:
${wrongs.length ? wrongs.map((w) => `- ${w}`).join('\n') : '- none'}
`
console.log(table)
console.log(wrongs.join('\n'))
console.log(timings.join('\n'))
console.log(`load average ${load}`)
mkdirSync(new URL('./reports/', import.meta.url), { recursive: true })
writeFileSync(new URL('./reports/resolution-dev.md', import.meta.url), report)
