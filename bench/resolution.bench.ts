// Label-resolution benchmark on held-out vocabularies: prints figures and writes
// bench/reports/resolution.md. Never passes or fails.
// Run: npx tsx bench/resolution.bench.ts   (or pnpm bench:resolution)
//      npx tsx bench/resolution.bench.ts --sets bench/fixtures/resolution-heldout2 --report bench/reports/resolution-heldout2.md
// --sets: a folder of set files (default bench/fixtures/resolution-heldout); --report: where the report
// goes (default bench/reports/resolution.md). Both paths are taken from the working directory.
//
// The sets in bench/fixtures/resolution-heldout/ were written from public issue trackers by someone
// who had not read the matching code; they have been seen and tuned against since session 9 and are now
// a development set (see their README). A fresh folder written the same way is the held-out measure. Each set is loaded
// into fresh graphs of the real sync server, in this process, through the MCP tool catalogue
// (`callTool`, the same entry /mcp and `plexus mcp` use), and every query runs down the paths an agent
// hits when it names a node by its label:
//   label  — `graph_context {project, node_id: <query>}`: labels work wherever ids go;
//   dedup  — `graph_plan {project, mode: "auto", nodes: [{parent_ref, summary: <query>}]}` on a fresh
//            copy of the graph, the item planned where it belongs: under the parent of the node it
//            names (a must-not-match query: under its near-miss sibling's parent; one with no sibling:
//            under each group in turn). A match is reused (`matched`), else a node is created. `auto`
//            matches among the new item's siblings only, so the same query planned at the root is
//            reported as a fifth path, dedup@root;
//   facts  — `graph_add_facts {project, facts: [{from: <query>, rel: "depends_on", to: <new name>}]}`
//            on a fresh copy: names are matched by label or created;
//   search — `graph_search {project, query}`, the first item.
// Per path and set: precision (right / resolved), recall (right / queries that name a node), wrong
// merges (resolved to a node other than the expected one, a must-not-match query resolved to any
// node included), misses, misses that came back without candidates (label path: the refusal names
// none). Search always ranks something, so its figures count the queries that name a node; for the
// must-not-match queries it reports how often the near-miss sibling came first.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { randomIds } from '@plexus/model'
import { startServer } from '@plexus/sync'
import { callTool } from '../packages/tools/src/catalog.ts'
import { registrySource } from '../apps/sync/src/http/mcp/http.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
const { values: args } = parseArgs({
  options: { sets: { type: 'string' }, report: { type: 'string' } },
})
const fixtures = args.sets ? resolve(args.sets) : join(here, 'fixtures', 'resolution-heldout')
const reportPath = args.report ? resolve(args.report) : join(here, 'reports', 'resolution.md')
const setsName = relative(join(here, '..'), fixtures)

interface FixtureNode {
  ref: string
  parent?: string
  label: string
  source: string
}
interface Query {
  query: string
  expect: string | null
  kind: string
  near?: string
}
interface Fixture {
  header: { domain: string; sources: string[]; taken: string }
  nodes: FixtureNode[]
  queries: Query[]
}

const PATHS = ['label', 'dedup', 'dedup@root', 'facts', 'search'] as const
type Path = (typeof PATHS)[number]

interface Outcome {
  set: string
  path: Path
  q: Query
  /** The fixture ref of the node taken, `other` for a node not in the fixture, null for none. */
  took: string | null
  confidence?: number
  /** label path: the refusal listed candidates; search: it returned items. */
  candidates: boolean
  error?: string
}

const load0 = loadavg()
const started = Date.now()
const dataDir = mkdtempSync(join(tmpdir(), 'plexus-resolution-bench-'))
const server = await startServer({
  port: 0,
  dataDir,
  webDist: join(dataDir, 'no-web'),
  idleUnloadMs: 60 * 60_000,
})
// Node ids from a seeded source, so that ties broken by id fall the same way on every run.
let seed = 0x5eed2411
const seeded = (bytes: Uint8Array): void => {
  for (let i = 0; i < bytes.length; i++) {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    bytes[i] = ((t ^ (t >>> 14)) >>> 0) & 0xff
  }
}
const ctx = {
  actor: 'resolution-bench',
  role: 'write' as const,
  session: 'bench',
  source: registrySource(server.docs),
  newId: randomIds('n_', seeded),
  now: Date.now,
}

type Answer = { ok: boolean; sc: Record<string, unknown>; text: string }
async function call(name: string, args: Record<string, unknown>): Promise<Answer> {
  const r = await callTool(ctx, name, args)
  const text = r.content.map((c) => ('text' in c && typeof c.text === 'string' ? c.text : '')).join('\n')
  return { ok: !r.isError, sc: (r.structuredContent ?? {}) as Record<string, unknown>, text }
}

let graphs = 0
/** A fresh graph holding the fixture's nodes; returns node id -> fixture ref. */
async function loadGraph(fx: Fixture, tag: string): Promise<{ project: string; refOf: Map<string, string> }> {
  // Each graph's ids come from its own ordinal: a tie broken by id falls the same way whatever earlier
  // queries created (a change that makes dedup match more must not reorder search's ties).
  seed = (0x5eed2411 + Math.imul(graphs, 0x9e3779b9)) | 0
  // A graph id holds at most 64 characters: a long file name is cut (the ordinal keeps it unique).
  const project = `heldout-${tag.slice(0, 40)}-${graphs++}`
  const open = await call('graph_open', { project, goal: fx.header.domain })
  if (!open.ok) throw new Error(`graph_open ${project}: ${open.text}`)
  const plan = await call('graph_plan', {
    project,
    mode: 'force',
    nodes: fx.nodes.map((n) => ({ ref: n.ref, parent_ref: n.parent, summary: n.label })),
  })
  if (!plan.ok) throw new Error(`loading ${project}: ${plan.text}`)
  const created = (plan.sc.created ?? []) as Array<{ ref: string; id: string }>
  if (created.length !== fx.nodes.length)
    throw new Error(
      `loading ${project}: ${created.length} of ${fx.nodes.length} nodes created: ${plan.text.slice(0, 400)}`,
    )
  return { project, refOf: new Map(created.map((c) => [c.id, c.ref])) }
}

/** Every node id named anywhere in `v` that belongs to the graph, first one first. */
function idsIn(v: unknown, refOf: Map<string, string>, out: string[] = []): string[] {
  if (typeof v === 'string') {
    if (refOf.has(v)) out.push(v)
  } else if (Array.isArray(v)) for (const x of v) idsIn(x, refOf, out)
  else if (v && typeof v === 'object') for (const x of Object.values(v)) idsIn(x, refOf, out)
  return out
}
function confidenceIn(v: unknown): number | undefined {
  if (Array.isArray(v)) {
    for (const x of v) {
      const c = confidenceIn(x)
      if (c !== undefined) return c
    }
  } else if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>
    if (typeof o.confidence === 'number') return o.confidence
    for (const x of Object.values(o)) {
      const c = confidenceIn(x)
      if (c !== undefined) return c
    }
  }
  return undefined
}
const hasCandidates = (text: string): boolean => /candidate|did you mean/i.test(text)

async function runSet(name: string, fx: Fixture): Promise<Outcome[]> {
  const out: Outcome[] = []
  const shared = await loadGraph(fx, `${name}-read`)
  const parentOf = new Map(fx.nodes.map((n) => [n.ref, n.parent]))
  const groups = fx.nodes.filter((n) => n.parent === undefined).map((n) => n.ref)
  const take = (id: string | undefined, refOf: Map<string, string>): string | null =>
    id === undefined ? null : (refOf.get(id) ?? 'other')
  for (const q of fx.queries) {
    // (a) a node argument given by label
    {
      const r = await call('graph_context', { project: shared.project, node_id: q.query, depth: 0 })
      if (r.ok) {
        const node = r.sc.node as { id?: string } | undefined
        out.push({
          set: name,
          path: 'label',
          q,
          took: take(node?.id, shared.refOf),
          confidence: confidenceIn(r.sc.resolved),
          candidates: true,
        })
      } else
        out.push({
          set: name,
          path: 'label',
          q,
          took: null,
          candidates: hasCandidates(r.text),
          error: r.text,
        })
    }
    // (b) create-dedup on a fresh copy (a created node would change what later queries see), the
    // item planned where it belongs, then at the root
    for (const path of ['dedup', 'dedup@root'] as const) {
      const g = await loadGraph(fx, `${name}-${path === 'dedup' ? 'dedup' : 'root'}`)
      const idOf = new Map([...g.refOf].map(([id, ref]) => [ref, id]))
      const home = q.expect ?? q.near
      const parentRef =
        path === 'dedup@root'
          ? undefined
          : home !== undefined
            ? parentOf.get(home)
            : groups[fx.queries.indexOf(q) % groups.length]
      const item: Record<string, unknown> = { ref: 'q', summary: q.query }
      if (parentRef !== undefined) item.parent_ref = idOf.get(parentRef)
      const r = await call('graph_plan', { project: g.project, mode: 'auto', nodes: [item] })
      if (r.ok) {
        const matched = idsIn(r.sc.matched, g.refOf)
        out.push({
          set: name,
          path,
          q,
          took: take(matched[0], g.refOf),
          confidence: matched.length ? confidenceIn(r.sc.matched) : undefined,
          candidates: false,
        })
      } else out.push({ set: name, path, q, took: null, candidates: hasCandidates(r.text), error: r.text })
    }
    // (c) relationship-first entry on a fresh copy
    {
      const g = await loadGraph(fx, `${name}-facts`)
      const probe = `Resolution probe ${graphs} zq`
      const r = await call('graph_add_facts', {
        project: g.project,
        facts: [{ from: q.query, rel: 'depends_on', to: probe }],
      })
      if (r.ok) {
        const matched = idsIn(r.sc.matched, g.refOf)
        out.push({
          set: name,
          path: 'facts',
          q,
          took: take(matched[0], g.refOf),
          confidence: matched.length ? confidenceIn(r.sc.matched) : undefined,
          candidates: false,
        })
      } else
        out.push({
          set: name,
          path: 'facts',
          q,
          took: null,
          candidates: hasCandidates(r.text),
          error: r.text,
        })
    }
    // (d) search, first item
    {
      const r = await call('graph_search', { project: shared.project, query: q.query, limit: 5 })
      if (r.ok) {
        const items = (r.sc.items ?? []) as Array<Record<string, unknown>>
        const first = items[0] ? idsIn(items[0], shared.refOf)[0] : undefined
        out.push({
          set: name,
          path: 'search',
          q,
          took: take(first, shared.refOf),
          candidates: items.length > 0,
        })
      } else out.push({ set: name, path: 'search', q, took: null, candidates: false, error: r.text })
    }
  }
  return out
}

interface Tally {
  queries: number
  positives: number
  right: number
  wrong: number
  wrongOnNegatives: number
  misses: number
  missesBare: number
  errors: number
  nearFirst: number
}
function tally(os: Outcome[]): Tally {
  const t: Tally = {
    queries: os.length,
    positives: 0,
    right: 0,
    wrong: 0,
    wrongOnNegatives: 0,
    misses: 0,
    missesBare: 0,
    errors: 0,
    nearFirst: 0,
  }
  for (const o of os) {
    const search = o.path === 'search'
    if (o.error && !hasCandidates(o.error) && !/not a node id|not found|names \d+ nodes/i.test(o.error))
      t.errors++
    if (o.q.expect !== null) {
      t.positives++
      if (o.took === o.q.expect) t.right++
      else if (o.took !== null) t.wrong++
      else {
        t.misses++
        if (!o.candidates) t.missesBare++
      }
    } else if (search) {
      if (o.q.near && o.took === o.q.near) t.nearFirst++
    } else if (o.took !== null) {
      t.wrong++
      t.wrongOnNegatives++
    }
  }
  return t
}
const pct = (a: number, b: number): string => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)}%`)
const precision = (t: Tally): string => pct(t.right, t.right + t.wrong)
const recall = (t: Tally): string => pct(t.right, t.positives)
/** Only a refusal (label) or a result list (search) can name candidates; a plan or a fact just creates. */
const bare = (p: Path, t: Tally): string => (p === 'label' || p === 'search' ? String(t.missesBare) : '-')

const files = readdirSync(fixtures)
  .filter((f) => f.endsWith('.json'))
  .sort()
const all: Outcome[] = []
const sets: Array<{ name: string; fx: Fixture }> = []
for (const f of files) {
  const fx = JSON.parse(readFileSync(join(fixtures, f), 'utf8')) as Fixture
  const name = f.replace(/\.json$/, '')
  sets.push({ name, fx })
  const t = Date.now()
  all.push(...(await runSet(name, fx)))
  console.log(
    `${name}: ${fx.nodes.length} nodes, ${fx.queries.length} queries, ${((Date.now() - t) / 1000).toFixed(1)} s`,
  )
}
const load1 = loadavg()
const seconds = (Date.now() - started) / 1000

const lines: string[] = []
const say = (s = ''): void => {
  lines.push(s)
}
say(`# Label resolution on \`${setsName}/\``)
say()
say(
  `Measured ${new Date().toISOString()} by \`bench/resolution.bench.ts\` (in-process sync server, tool catalogue); ` +
    `${seconds.toFixed(0)} s; load average ${load0.map((x) => x.toFixed(2)).join(' ')} at start, ` +
    `${load1.map((x) => x.toFixed(2)).join(' ')} at end (2 cores, shared).`,
)
let setsCommit = 'unknown'
try {
  setsCommit = execFileSync('git', ['log', '-1', '--format=%h %cI', '--', fixtures], {
    cwd: here,
    encoding: 'utf8',
  }).trim()
} catch {
  // not a git checkout: the report says so
}
const dirty = (() => {
  try {
    return (
      execFileSync('git', ['status', '--porcelain', '--', fixtures], {
        cwd: here,
        encoding: 'utf8',
      }).trim() !== ''
    )
  } catch {
    return false
  }
})()
say()
say(`Sets as of commit ${setsCommit}${dirty ? ' **with uncommitted changes**' : ''}.`)
say()
say(
  `Sets: \`${setsName}/\` (whether they are held out or seen before: see its README). Paths: **label** ` +
    '`graph_context {node_id: <label>}`; **dedup** `graph_plan {mode: "auto"}` on a fresh copy, the item under ' +
    "the parent of the node it names (a must-not-match query: its near sibling's parent); **dedup@root** the same " +
    'at the root (`auto` matches among siblings only); **facts** ' +
    '`graph_add_facts {facts: [{from: <label>, …}]}` on a fresh copy; **search** `graph_search` first item.',
)
say(
  'Precision = right / resolved; recall = right / queries naming a node; wrong = resolved to another node ' +
    '(a must-not-match query resolved at all included, shown as "of which negatives"); bare misses = ' +
    'unresolved with no candidate named (label: the refusal lists none; search: no items). Search ranks something for every query: its precision and ' +
    'recall count only the queries naming a node, and "near first" counts must-not-match queries whose ' +
    'first item was the near-miss sibling.',
)
say()
say('## Per set and path')
say()
say(
  '| set | path | queries | precision | recall | wrong merges (of which negatives) | misses | bare misses | near first | errors |',
)
say('|---|---|---|---|---|---|---|---|---|---|')
for (const { name } of sets) {
  for (const p of PATHS) {
    const t = tally(all.filter((o) => o.set === name && o.path === p))
    say(
      `| ${name} | ${p} | ${t.queries} | ${precision(t)} | ${recall(t)} | ${t.wrong} (${t.wrongOnNegatives}) | ${t.misses} | ${bare(p, t)} | ${p === 'search' ? t.nearFirst : '-'} | ${t.errors} |`,
    )
  }
}
say()
say('## All sets, per path')
say()
say('| path | queries | precision | recall | wrong merges (of which negatives) | misses | bare misses |')
say('|---|---|---|---|---|---|---|')
for (const p of PATHS) {
  const t = tally(all.filter((o) => o.path === p))
  say(
    `| ${p} | ${t.queries} | ${precision(t)} | ${recall(t)} | ${t.wrong} (${t.wrongOnNegatives}) | ${t.misses} | ${bare(p, t)} |`,
  )
}
say()
say('## Per query kind (all sets)')
say()
say(
  'Kinds that name a node: right / queries (wrong). Must-not-match kinds (`negative-*`): held / queries ' +
    '(for search: near-miss sibling first).',
)
say()
const kinds = [...new Set(all.map((o) => o.q.kind))]
function kindCell(os: Outcome[], k: string, p: Path): string {
  const t = tally(os)
  if (k.startsWith('negative'))
    return p === 'search' ? `near first ${t.nearFirst}` : `${os.length - t.wrong}/${os.length}`
  return `${t.right}/${t.positives} (${t.wrong})`
}
say(`| kind | n | ${PATHS.join(' | ')} |`)
say(`|---|---|${PATHS.map(() => '---').join('|')}|`)
for (const k of kinds) {
  const cells = PATHS.map((p) =>
    kindCell(
      all.filter((o) => o.path === p && o.q.kind === k),
      k,
      p,
    ),
  )
  say(`| ${k} | ${all.filter((o) => o.path === 'label' && o.q.kind === k).length} | ${cells.join(' | ')} |`)
}
say()
say('## Per set and query kind')
for (const { name } of sets) {
  say()
  say(`**${name}**`)
  say()
  say(`| kind | n | ${PATHS.join(' | ')} |`)
  say(`|---|---|${PATHS.map(() => '---').join('|')}|`)
  for (const k of kinds) {
    const n = all.filter((o) => o.set === name && o.path === 'label' && o.q.kind === k).length
    if (!n) continue
    const cells = PATHS.map((p) =>
      kindCell(
        all.filter((o) => o.set === name && o.path === p && o.q.kind === k),
        k,
        p,
      ),
    )
    say(`| ${k} | ${n} | ${cells.join(' | ')} |`)
  }
}
const labelOf = new Map<string, string>()
for (const { name, fx } of sets) for (const n of fx.nodes) labelOf.set(`${name}:${n.ref}`, n.label)
const show = (o: Outcome, ref: string | null): string =>
  ref === null
    ? 'nothing'
    : ref === 'other'
      ? 'a node outside the set'
      : `"${labelOf.get(`${o.set}:${ref}`)}"`
say()
say('## Wrong merges (every one)')
say()
for (const p of PATHS.filter((x) => x !== 'search')) {
  const wrong = all.filter((o) => o.path === p && o.took !== null && o.took !== o.q.expect)
  say(`**${p}** (${wrong.length})`)
  say()
  for (const o of wrong)
    say(
      `- ${o.set} [${o.q.kind}] "${o.q.query}" → ${show(o, o.took)}${o.confidence !== undefined ? ` at ${o.confidence}` : ''}; expected ${show(o, o.q.expect)}`,
    )
  say()
}
say('**search** (first item not the expected node, queries naming a node)')
say()
for (const o of all.filter((x) => x.path === 'search' && x.q.expect !== null && x.took !== x.q.expect))
  say(`- ${o.set} [${o.q.kind}] "${o.q.query}" → ${show(o, o.took)}; expected ${show(o, o.q.expect)}`)
say()
say('## Misses (label path), by kind')
say()
for (const k of kinds.filter((x) => !x.startsWith('negative'))) {
  const miss = all.filter(
    (o) => o.path === 'label' && o.q.kind === k && o.q.expect !== null && o.took === null,
  )
  if (!miss.length) continue
  say(`**${k}** (${miss.length})`)
  say()
  for (const o of miss)
    say(
      `- ${o.set} "${o.q.query}" (expected ${show(o, o.q.expect)})${o.candidates ? '' : ' — no candidates'}: ${(o.error ?? '').replace(/\s+/g, ' ').slice(0, 220)}`,
    )
  say()
}
const errs = all.filter(
  (o) => o.error && !hasCandidates(o.error) && !/not a node id|not found|names \d+ nodes/i.test(o.error),
)
if (errs.length) {
  say('## Tool errors')
  say()
  for (const o of errs.slice(0, 20))
    say(`- ${o.set} ${o.path} "${o.q.query}": ${(o.error ?? '').replace(/\s+/g, ' ').slice(0, 300)}`)
  say()
}
const report = lines.join('\n')
writeFileSync(reportPath, report)
console.log(report)
await server.close()
rmSync(dataDir, { recursive: true, force: true })
process.exit(0)
