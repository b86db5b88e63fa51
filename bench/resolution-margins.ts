// How far the best candidate stands ahead of the runner-up, on every labelled set (held-out sets 1-6 and
// the development sets): the data the near-twin margin of resolve.ts (issue 24) was chosen from.
// For each query, resolveLabel's top two candidates (the label path; a parent-scoped bestMatch-like
// reading for dedup), whether the top is the node the query names, and the gap between them.
// Prints a table of gaps among queries whose top scores MATCH_CONFIDENCE or more; never passes or fails.
// Run: npx tsx bench/resolution-margins.ts [--all]   (--all lists every pair with a gap under 0.1)
import { readFileSync, readdirSync } from 'node:fs'
import { write } from '../packages/model/src/graph.ts'
import { MATCH_CONFIDENCE, resolveLabel } from '../packages/model/src/resolve.ts'
import { namedGraph } from '../packages/model/src/test/harness.ts'

interface Q {
  query: string
  expect: string | null
}
interface Set {
  name: string
  nodes: Array<{ ref: string; parent?: string; label: string }>
  queries: Q[]
}

const fixtures = new URL('./fixtures/', import.meta.url)
const sets: Set[] = []
for (const dir of readdirSync(fixtures).filter((d) => /^resolution-heldout[2-6]?$/.test(d))) {
  for (const f of readdirSync(new URL(`${dir}/`, fixtures)).filter((x) => x.endsWith('.json'))) {
    const fx = JSON.parse(readFileSync(new URL(`${dir}/${f}`, fixtures), 'utf8')) as Set
    sets.push({ name: `${dir}/${f}`, nodes: fx.nodes, queries: fx.queries })
  }
}
for (const f of ['resolution-dev.json', 'resolution-dev-erp.json']) {
  const fx = JSON.parse(readFileSync(new URL(f, fixtures), 'utf8')) as {
    nodes: Array<{ key: string; summary: string }>
    queries: Array<{ q: string; resolve: string | null }>
  }
  sets.push({
    name: f,
    nodes: fx.nodes.map((n) => ({ ref: n.key, label: n.summary })),
    queries: fx.queries.map((q) => ({ query: q.q, expect: q.resolve })),
  })
}

const all = process.argv.includes('--all')
type Row = {
  set: string
  q: string
  top: number
  second: number
  right: boolean
  topLabel: string
  secondLabel: string
}
const rows: Row[] = []
for (const s of sets) {
  const { g, root } = namedGraph()
  const id = new Map<string, string>()
  write(g, (w) => {
    // Groups first: a node's parent is another node of the set, or the root.
    for (const n of s.nodes) id.set(n.ref, `fx_${n.ref}`)
    for (const n of s.nodes.filter((x) => x.parent === undefined))
      w.newNode(id.get(n.ref)!, { summary: n.label, parent: root })
    for (const n of s.nodes.filter((x) => x.parent !== undefined))
      w.newNode(id.get(n.ref)!, { summary: n.label, parent: id.get(n.parent!)! })
  })
  for (const q of s.queries) {
    const [top, second] = resolveLabel(g, q.query, { limit: 5 })
    if (!top || top.confidence < MATCH_CONFIDENCE) continue
    rows.push({
      set: s.name,
      q: q.query,
      top: top.confidence,
      second: second?.confidence ?? 0,
      right: q.expect !== null && top.id === id.get(q.expect),
      topLabel: top.summary,
      secondLabel: second?.summary ?? '',
    })
  }
}
const buckets = [0, 0.005, 0.01, 0.02, 0.03, 0.04, 0.05, 0.07, 0.1, 0.2, 1.01]
console.log(`queries whose best candidate scores >= ${MATCH_CONFIDENCE}: ${rows.length}`)
console.log('| gap to runner-up | right | wrong |')
console.log('|---|---|---|')
for (let i = 0; i + 1 < buckets.length; i++) {
  const lo = buckets[i]!
  const hi = buckets[i + 1]!
  const inB = rows.filter((r) => r.top - r.second >= lo && r.top - r.second < hi)
  console.log(
    `| [${lo}, ${hi}) | ${inB.filter((r) => r.right).length} | ${inB.filter((r) => !r.right).length} |`,
  )
}
for (const r of rows
  .filter((x) => x.top - x.second < (all ? 0.1 : 0.05))
  .sort((a, b) => a.top - a.second - (b.top - b.second)))
  console.log(
    `${r.right ? 'right' : 'WRONG'} gap ${(r.top - r.second).toFixed(3)} ${r.set}: "${r.q}" → "${r.topLabel}" ${r.top} / "${r.secondLabel}" ${r.second}`,
  )
