// Search and label resolution benchmark: prints figures and writes bench/reports/search.md. Never passes or
// fails. Run: npx tsx bench/search.bench.ts   (PLEXUS_BENCH_SIZES=1000,10000 to limit sizes;
// PLEXUS_BENCH_COMPARE=115000 the size MiniSearch is timed at, 0 to skip). The quality half, on the labelled
// set in fixtures/search-queries.json, and why MiniSearch does not replace the search: search-quality.ts.
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import * as Y from 'yjs'
import { initGraph, meta, openGraph, write, type Graph } from '../packages/model/src/graph.ts'
import { resolveLabel, bestMatch } from '../packages/model/src/resolve.ts'
import { search } from '../packages/model/src/search.ts'
import { searchIndexOf } from '../packages/model/src/search-index.ts'
import { rng } from '../packages/model/src/test/harness.ts'
import {
  addFixture,
  fixture,
  miniSearchOf,
  pct,
  plexusEngine,
  scoreResolve,
  scoreSearch,
} from './search-quality.ts'

const SIZES = (process.env.PLEXUS_BENCH_SIZES ?? '1000,10000,100000').split(',').filter(Boolean).map(Number)
const COMPARE = Number(process.env.PLEXUS_BENCH_COMPARE ?? 115_000)
const SYLL = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'ti',
  'vo',
  'ze',
  'pa',
  'do',
  'fi',
  'gu',
  'he',
  'ja',
  'be',
  'co',
]
const WORDS = Array.from({ length: 5000 }, (_, i) => {
  let w = ''
  for (let n = i; w.length < 4 || n > 0; n = Math.floor(n / SYLL.length)) w += SYLL[n % SYLL.length]
  return w
})

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN
}
const ms = (x: number): string => (x < 1 ? x.toFixed(3) : x.toFixed(1))
const mib = (b: number): string => (b / 1024 / 1024).toFixed(0)

function time(fn: () => void): number {
  const t = performance.now()
  fn()
  return performance.now() - t
}

interface Stats {
  p50: number
  p99: number
}
function sample<T>(inputs: T[], fn: (x: T) => void): Stats {
  for (const x of inputs.slice(0, 20)) fn(x) // warm-up: JIT, not the index
  const xs = inputs.map((x) => time(() => fn(x)))
  return { p50: quantile(xs, 0.5), p99: quantile(xs, 0.99) }
}

/** Word i drawn with probability about 1 / (i + 1): real vocabularies are Zipfian, and it makes long postings. */
function zipf(rand: () => number): () => string {
  const cum: number[] = []
  let sum = 0
  for (let i = 0; i < WORDS.length; i++) cum.push((sum += 1 / (i + 1)))
  return () => {
    const x = rand() * sum
    let lo = 0
    let hi = cum.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cum[mid]! < x) lo = mid + 1
      else hi = mid
    }
    return WORDS[lo]!
  }
}

function build(
  n: number,
  seed: number,
): { g: Graph; summaries: string[]; ids: string[]; tops: string[]; buildMs: number } {
  const rand = rng(seed)
  const word = zipf(rand)
  const phrase = (k: number): string => Array.from({ length: k }, word).join(' ')
  let clock = 1_700_000_000_000
  let next = 0
  const g = openGraph(new Y.Doc(), {
    actor: 'bench',
    now: () => clock++,
    newId: () => 'n' + (next++).toString(36),
  })
  const init = initGraph(g, { id: 'bench' })
  if (!init.ok) throw new Error(init.message)
  const ids: string[] = []
  const summaries: string[] = []
  const tops: string[] = []
  const t0 = performance.now()
  for (let start = 0; start < n; start += 2000) {
    write(g, (w) => {
      for (let i = start; i < Math.min(n, start + 2000); i++) {
        const id = 'b' + i.toString(36)
        const summary = phrase(3 + Math.floor(rand() * 6))
        const parent = ids.length < 20 ? init.root : ids[Math.floor(ids.length * Math.sqrt(rand()))]!
        w.newNode(id, {
          summary,
          parent,
          kind: rand() < 0.2 ? 'task' : 'concept',
          resolved: rand() < 0.2,
          notes: rand() < 0.3 ? phrase(10 + Math.floor(rand() * 50)) : '',
          links: rand() < 0.1 ? [`https://github.com/acme/app/blob/main/src/${word()}.ts`] : [],
        })
        if (ids.length < 20) tops.push(id)
        ids.push(id)
        summaries.push(summary)
      }
    })
  }
  return { g, summaries, ids, tops, buildMs: performance.now() - t0 }
}

const camel = (s: string): string => s.replace(/(^|\s+)(\w)/g, (_, _s: string, c: string) => c.toUpperCase())
function typo(s: string, rand: () => number): string {
  const words = s.split(' ')
  const i = Math.floor(rand() * words.length)
  const w = words[i]!
  const j = 1 + Math.floor(rand() * (w.length - 2))
  words[i] = w.slice(0, j) + w[j + 1] + w[j] + w.slice(j + 2)
  return words.join(' ')
}

const rows: string[] = []
const resolveRows: string[] = []
for (const n of SIZES) {
  const gcFn = (globalThis as { gc?: () => void }).gc
  const { g, summaries, ids, tops, buildMs } = build(n, n)
  const rand = rng(7)
  const pick = (): string => summaries[Math.floor(rand() * summaries.length)]!
  const words = (k: number): string => pick().split(' ').slice(0, k).join(' ')

  gcFn?.()
  const heap0 = process.memoryUsage().heapUsed
  const indexMs = time(() => searchIndexOf(g.index))
  gcFn?.()
  const heap1 = process.memoryUsage().heapUsed
  const labelMs = time(() => resolveLabel(g, 'warm up the label index'))

  const count = 300
  const one = Array.from({ length: count }, () => words(1))
  const two = Array.from({ length: count }, () => words(2))
  const typing = Array.from({ length: count }, () => {
    const s = words(3).split(' ')
    s[s.length - 1] = s[s.length - 1]!.slice(0, 3)
    return s.join(' ')
  })
  const short = Array.from({ length: count }, () => words(1).slice(0, 2))
  const run = (qs: string[], opts = {}) => {
    gcFn?.()
    return sample(qs, (q) => {
      const r = search(g, q, opts)
      if (!r.ok) throw new Error(r.message)
    })
  }
  const mixed = run([...one, ...two, ...typing].sort(() => rand() - 0.5))
  const s1 = run(one)
  const s2 = run(two)
  const s3 = run(typing)
  const s4 = run(short)
  const filtered = run(two, { within: tops[3], includeResolved: false, kind: 'task' })
  const edit = sample(
    Array.from({ length: 200 }, (_, i) => i),
    (i) => {
      const at = (i * 7) % ids.length
      summaries[at] = `${pick()} edited ${i}`
      write(g, (w) => w.set(ids[at]!, 'summary', summaries[at]!))
    },
  )
  rows.push(
    `| ${n} | ${((100 * summaries.filter((x) => x.split(' ').includes(WORDS[0]!)).length) / n).toFixed(0)}% | ${ms(buildMs)} | ${ms(indexMs)} | ${mib(heap1 - heap0)} | ${ms(mixed.p50)} / ${ms(mixed.p99)} | ${ms(s1.p50)} / ${ms(s1.p99)} | ${ms(s2.p50)} / ${ms(s2.p99)} | ${ms(s3.p50)} / ${ms(s3.p99)} | ${ms(s4.p50)} / ${ms(s4.p99)} | ${ms(filtered.p50)} / ${ms(filtered.p99)} | ${ms(edit.p50)} / ${ms(edit.p99)} |`,
  )

  // Labels as batch create meets them: a quarter each exact (other case), camelCase, one typo, and new.
  const kinds = ['exact', 'camel', 'typo', 'new'] as const
  const labels = Array.from({ length: 1000 }, (_, i) => {
    const k = kinds[i % 4]!
    const s = pick()
    const label =
      k === 'exact'
        ? s.toUpperCase()
        : k === 'camel'
          ? camel(s)
          : k === 'typo'
            ? typo(s, rand)
            : words(4) + ' ' + words(1)
    return { k, label }
  })
  // As batch dedup calls it: the best candidate only (bestMatch); and a list of 10 as "did you mean" does.
  gcFn?.()
  const res = sample(labels, ({ label }) => resolveLabel(g, label, { limit: 1 }))
  const res10 = sample(labels, ({ label }) => resolveLabel(g, label))
  const byKind = kinds.map((k) =>
    sample(
      labels.filter((l) => l.k === k),
      ({ label }) => resolveLabel(g, label, { limit: 1 }),
    ),
  )
  const hits = kinds.map((k) => {
    const ls = labels.filter((l) => l.k === k)
    return ls.filter(({ label }) => bestMatch(g, label) !== undefined).length / ls.length
  })
  resolveRows.push(
    `| ${n} | ${ms(labelMs)} | ${ms(res.p50)} / ${ms(res.p99)} | ${ms(res10.p50)} / ${ms(res10.p99)} | ${byKind.map((s) => `${ms(s.p50)} / ${ms(s.p99)}`).join(' | ')} | ${hits.map((h) => (h * 100).toFixed(0) + '%').join(' / ')} |`,
  )
  console.log(`${n} nodes: search ${rows.at(-1)}`)
  console.log(`${n} nodes: resolve ${resolveRows.at(-1)}`)
}

// Quality on the labelled set: the fixture's labels alone, and among 10,000 generated nodes (distractors).
const qualityRows: string[] = []
const resolveQuality: string[] = []
const typeRows = new Map<string, string[]>()
for (const filler of [0, 10_000]) {
  const { g } = build(filler, 11)
  const ids = addFixture(g, meta(g).root!)
  const where = filler ? `among ${filler.toLocaleString('en')} others` : 'alone'
  for (const [name, engine] of [
    ['Plexus search', plexusEngine(g)],
    ['MiniSearch 7.2', miniSearchOf(g).engine],
  ] as const) {
    const s = scoreSearch(engine, ids)
    qualityRows.push(
      `| ${name} | ${fixture.nodes.length} labels ${where} | ${s.searched} | ${pct(s.hit1)} | ${pct(s.precision1)} | ${pct(s.hit5)} |`,
    )
    if (filler)
      typeRows.set(
        name,
        Object.entries(s.byType).map(([t, v]) => `${t} ${v}`),
      )
  }
  const r = scoreResolve(g, ids)
  resolveQuality.push(
    `| ${fixture.nodes.length} labels ${where} | ${fixture.queries.length} | ${r.expected} | ${r.taken} | ${r.wrong} | ${pct(r.precision)} | ${pct(r.recall)} | ${Object.entries(
      r.byType,
    )
      .map(([t, v]) => `${t} ${v}`)
      .join(', ')} |`,
  )
  console.log(qualityRows.slice(-2).join('\n'))
  console.log(resolveQuality.at(-1))
}

// Speed of the two at COMPARE nodes: the same graph, the labelled queries and one-word queries.
let speed = ''
if (COMPARE > 0) {
  const { g, summaries } = build(COMPARE, COMPARE)
  addFixture(g, meta(g).root!)
  const rand = rng(3)
  const qs = [
    ...fixture.queries.map((q) => q.q),
    ...Array.from({ length: 200 }, () => summaries[Math.floor(rand() * summaries.length)]!.split(' ')[0]!),
  ]
  const plexusBuild = time(() => searchIndexOf(g.index))
  const plexus = plexusEngine(g)
  const p = sample(qs, (q) => plexus(q))
  const mini = miniSearchOf(g)
  const m = sample(qs, (q) => mini.engine(q))
  speed = `| ${COMPARE.toLocaleString('en')} | ${ms(plexusBuild)} | ${ms(p.p50)} / ${ms(p.p99)} | ${ms(mini.buildMs)} | ${ms(m.p50)} / ${ms(m.p99)} |`
  console.log(speed)
}

const report = `# Search and label resolution benchmark

Node ${process.version}, ${new Date().toISOString()}, ${cpus().length} CPUs, load average at the end ${loadavg()
  .map((x) => x.toFixed(1))
  .join(' ')}. Times in ms. Targets at 100k nodes: search p50 <= 10, resolveLabel p50 <= 1.
p99 figures are noisy on a shared machine (scheduling and garbage collection); read the p50s.

Graph: summaries of 3-8 words drawn from 5,000 words with Zipf frequencies ("top word" is the share of
summaries holding the commonest word: its posting list is the worst case), notes of 10-60 words on 30% of
nodes, a link on 10%, 20% tasks, 20% resolved.
Queries are words taken from random summaries, so they hit; 300 per cell after 20 warm-up calls.

## search

"index build" is the first search's one-off cost (tokenising every live node); "heap" is the index's size
(exact only when run with --expose-gc). "typing" is three words with the last cut to 3 letters (prefix
completion); "2 letters" is the worst prefix case; "filtered" is two words within a subtree, unresolved tasks
only. "edit" is a summary edit in its own transaction with the index kept current.

| nodes | top word | graph build | index build | heap MiB | mixed p50 / p99 | 1 word | 2 words | typing | 2 letters | filtered | edit |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

## resolveLabel

"first call" includes building the label maps. Labels: an existing summary upper-cased, camelCased, with two
letters swapped in one word, and a new combination of existing words. "match rate" is the share for which
bestMatch finds a node (wanted: 100% / 100% / high / low).

| nodes | first call | limit 1 p50 / p99 | limit 10 | exact (limit 1) | camel | typo | new | match rate exact / camel / typo / new |
|---|---|---|---|---|---|---|---|---|
${resolveRows.join('\n')}

## Quality on the labelled set

\`fixtures/search-queries.json\`: ${fixture.queries.length} queries over ${fixture.nodes.length} labels from real project
vocabularies (a Stripe payments plan, an auth service, infrastructure and front-end backlogs, Plexus's own terms,
a numbered finance plan), of these types: exact text, other case or punctuation, a typo in a label, a typo in
one word, other word forms, abbreviations (DB, Svc, k8s, authn/authz; "Auth" alone is ambiguous), word order,
one distinctive word, and labels of things the graph does not have but nearly has.

### search

Scored on the queries that name a node to find. "first right" is recall at 1 (what an agent reads first);
"precision at 1" counts only queries that returned something; "in top 5" is recall at 5. Among others, the
fixture's labels share the graph with generated nodes (distractors, as in the tables above).

| engine | graph | queries | first right | precision at 1 | in top 5 |
|---|---|---|---|---|---|
${qualityRows.join('\n')}

First right by type, among 10,000 others: ${[...typeRows].map(([k, v]) => `${k}: ${v.join(', ')}`).join('; ')}.

Before issue 12 §3 (commit 46f2b05, measured once on this set, 74 labels alone): first right 73.8%,
precision at 1 94.8%, in top 5 77.3% (typo-word 0/20, form 7/25, abbreviation 14/18); resolution precision
100.0%, recall 78.9% (abbreviation 0/18). The set was written alongside the stemmer and the abbreviation
table it measures: read the Plexus figures as optimistic.

### resolution

A label is taken as the MCP layer takes it: the best candidate at 0.85 or more, with no other as good.
Precision: taken labels that are right; recall: labels that name a node and were taken right. Every query
counts: one that names no node (ambiguous "Auth Svc", a word, a near miss) is right when nothing is taken.

| graph | queries | name a node | taken | taken wrong | precision | recall | right by type |
|---|---|---|---|---|---|---|---|
${resolveQuality.join('\n')}

### speed at ${COMPARE.toLocaleString('en')} nodes

The generated graph above plus the fixture; queries: the labelled set and 200 one-word queries. Times in ms.

| nodes | Plexus index build | Plexus search p50 / p99 | MiniSearch index build | MiniSearch search p50 / p99 |
|---|---|---|---|---|
${speed}
`
mkdirSync(new URL('./reports/', import.meta.url), { recursive: true })
writeFileSync(new URL('./reports/search.md', import.meta.url), report)
console.log(report)
