/**
 * Valid arguments for any tool, generated from its zod input schema (fast-check arbitraries), so a
 * tool added later is driven without anyone writing its inputs.
 *
 * Hand-written because the one library that does this (zod-fast-check) generates strings with no
 * meaning: a node id, a label, a graph name, a DSL line are all "a string" to zod. Here a string's
 * key says what it is (`node_id`, `project`, `text`, …, see KEYS) and it is drawn from the fixture the
 * call runs against: existing ids, labels that name one node, labels two nodes share, near misses,
 * unknown names. Values stay inside every bound the schema declares (lengths, item counts, ranges),
 * from the smallest to the documented maximum.
 *
 * Two moods: `dirty` (small batches: colliding labels, unknown ids, duplicate refs, which a tool may
 * refuse with its reason) and `clean` (batches of any size up to the maximum, drawn only from names
 * that resolve, so a big batch is not refused for one bad item and its result is really checked).
 */
import fc from 'fast-check'
import { z } from 'zod'

/**
 * What the generated arguments point at: one graph prepared for each call (results.test.ts). The
 * arbitraries are built before the graph exists, so ids and names here are tokens (`§…`) the test
 * replaces with the real ones once its fixture is made (`bind`).
 */
export interface Fixture {
  project: string
  /** Ids of live nodes, the hub (many depend on it) first. */
  ids: string[]
  /** Labels that name exactly one node. */
  labels: string[]
  /** A label two nodes share, and near misses of real labels. */
  colliding: string[]
  /** Memory: the session, its cwd, and ids that exist there. */
  session?: string
  cwd?: string
  memIds?: string[]
}

type Mood = 'clean' | 'dirty'

/** What a string argument is, by its key; a tool may say otherwise for one of its keys (OVERRIDES). */
type Kind =
  | 'node'
  | 'name'
  | 'ref'
  | 'project'
  | 'words'
  | 'question'
  | 'dsl'
  | 'mermaid'
  | 'cursor'
  | 'cwd'
  | 'session'
  | 'memid'
  | 'rel'
  | 'type'
  | 'link'
  | 'free'

const KEYS: Record<string, Kind> = {
  project: 'project',
  graph: 'project',
  node_id: 'node',
  from_node_id: 'node',
  to_node_id: 'node',
  project_node_id: 'node',
  parent: 'node',
  parent_ref: 'node',
  scope: 'node',
  ancestor: 'node',
  within: 'node',
  new_parent: 'node',
  from: 'node',
  to: 'node',
  source: 'node',
  target: 'node',
  label: 'node',
  depends_on: 'node',
  ids: 'node',
  ref: 'ref',
  summary: 'words',
  goal: 'words',
  title: 'words',
  query: 'question',
  question: 'question',
  notes: 'words',
  note: 'words',
  reason: 'words',
  gist: 'words',
  text: 'dsl',
  knowledge: 'dsl',
  content: 'dsl',
  mermaid: 'mermaid',
  cursor: 'cursor',
  since: 'cursor',
  cwd: 'cwd',
  session_id: 'session',
  session: 'free',
  id: 'memid',
  task_id: 'free',
  rel: 'rel',
  relation: 'rel',
  type: 'type',
  types: 'type',
  kind: 'type',
  has_evidence_type: 'type',
  claimed_by: 'free',
  context_links: 'link',
  add_context_links: 'link',
  remove_context_links: 'link',
  touches: 'link',
  name: 'free',
  file_path: 'free',
}

/** Keys whose meaning differs on one tool: the engine names nodes by label and creates them. */
const OVERRIDES: Record<string, Record<string, Kind>> = {
  add_facts: { from: 'name', to: 'name' },
  graph_add_facts: { from: 'name', to: 'name' },
  kg_put_edge: { from: 'memid', to: 'memid' },
  kg_search: { query: 'words' },
  graph_search: { query: 'words' },
  kg_delete_edge: { from: 'memid', to: 'memid' },
  graph_import: { text: 'dsl' },
  create_knowledge_note: { text: 'words' },
  semantic_search: { query: 'words' },
}

/**
 * Keys that make most calls refuse by design (a stale `expected_rev`, an unsupported `file_path`, a
 * cursor from nowhere): sent rarely in small calls, never in clean batches.
 */
const RISKY = new Set(['expected_rev', 'expected_updated_at', 'file_path', 'cursor', 'since'])

/** Arguments of which a call takes exactly one (the tool refuses none or two, with its reason). */
const ONE_OF: Record<string, string[]> = {
  graph_add_facts: ['facts', 'text', 'mermaid'],
  graph_analyze: ['op', 'question'],
}

/** Plain questions, in the phrasings the tools document and a few they may not. */
const QUESTIONS = (f: Fixture) => [
  `what depends on ${f.labels[0]}`,
  `what does ${f.labels[3]} depend on`,
  `path from ${f.labels[4]} to ${f.labels[0]}`,
  'cycles',
  'orphans',
  'most connected',
  `what uses ${f.labels[0]}`,
]

const WORDS = ['Ship the billing export', 'Rate limiter', 'Payment service', 'Write tests', 'Cache layer']
const DSL = ['API depends_on Database', 'Backend contains API\nAPI depends_on Cache', 'Docs relates_to API']
const MERMAID = ['flowchart TD\n  A[Web] -->|depends_on| B[API]', 'graph LR\n  X --> Y\n  Y --> Z']

function clipTo(s: string, min: number, max: number): string {
  let out = s.length > max ? s.slice(0, max) : s
  while (out.length < min) out += 'x'
  return out
}

function strings(kind: Kind, f: Fixture, mood: Mood): fc.Arbitrary<string> {
  const dirty = mood === 'dirty'
  const pick = (clean: string[], bad: string[] = []) =>
    dirty && bad.length
      ? fc.oneof(
          { arbitrary: fc.constantFrom(...clean), weight: 3 },
          { arbitrary: fc.constantFrom(...bad), weight: 1 },
        )
      : fc.constantFrom(...clean)
  switch (kind) {
    case 'project':
      return pick([f.project], [`${f.project}-new`, 'nowhere'])
    case 'node': {
      // The hub (many nodes wait on it) as often as the other ids together: unblocking it is a case.
      const clean = fc.oneof(fc.constant(f.ids[0]!), fc.constantFrom(...f.ids), fc.constantFrom(...f.labels))
      return dirty
        ? fc.oneof({ arbitrary: clean, weight: 4 }, fc.constantFrom(...f.colliding, 'n_nope', 'a', 'b'))
        : clean
    }
    case 'name':
      return fc.oneof(
        fc.constantFrom(...f.labels),
        fc.nat({ max: 1_000_000 }).map((n) => `Thing ${n}`),
        ...(dirty ? [fc.constantFrom(...f.colliding)] : []),
      )
    case 'ref':
      return dirty
        ? fc.oneof(
            fc.constantFrom('a', 'b', 'c'),
            fc.nat().map((n) => `r${n}`),
          )
        : fc.nat().map((n) => `r${n}`)
    case 'question':
      return fc.oneof({ arbitrary: fc.constantFrom(...QUESTIONS(f)), weight: 3 }, strings('words', f, mood))
    case 'words':
      return fc.oneof(fc.constantFrom(...WORDS, ...f.labels), fc.lorem({ maxCount: 6 }).filter(Boolean))
    case 'dsl':
      return fc.constantFrom(...DSL)
    case 'mermaid':
      return fc.constantFrom(...MERMAID)
    case 'cursor':
      return fc.constantFrom('x1', '0', 'h3.1')
    case 'cwd':
      return fc.constant(f.cwd ?? '/work/prop')
    case 'session':
      return pick([f.session ?? 'none'], ['ffffffffffff'])
    case 'memid':
      return pick(f.memIds?.length ? f.memIds : ['auth-flow'], ['no-such-memory', 'src/app.ts'])
    case 'rel':
      return fc.constantFrom('depends-on', 'uses', 'depends_on', 'relates_to')
    case 'type':
      return fc.constantFrom('depends_on', 'relates_to', 'task', 'note', 'git', 'dropped')
    case 'link':
      return fc.constantFrom('docs/adr/004.md', 'https://example.com/pr/1', 'src/api.ts')
    case 'free':
      return fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/)
  }
}

const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer({ min: -1000, max: 1000 }),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.constantFrom('a', 'b', 'priority'), fc.integer({ min: 0, max: 9 }), { maxKeys: 2 }),
)

interface At {
  tool: string
  key: string
  fixture: Fixture
  mood: Mood
}

/** An arbitrary for any value `schema` accepts, strings drawn as their key says. */
export function arbitrary(schema: z.ZodTypeAny, at: At): fc.Arbitrary<unknown> {
  const def = schema._def as { typeName: string } & Record<string, unknown>
  switch (def.typeName) {
    case 'ZodOptional':
    case 'ZodDefault':
      return arbitrary((schema as z.ZodOptional<z.ZodTypeAny>)._def.innerType, at)
    case 'ZodNullable':
      return fc.oneof(fc.constant(null), arbitrary((schema as z.ZodNullable<z.ZodTypeAny>).unwrap(), at))
    case 'ZodObject':
      return objectOf(schema as z.ZodObject<z.ZodRawShape>, at)
    case 'ZodArray': {
      const a = schema as z.ZodArray<z.ZodTypeAny>
      const min = a._def.minLength?.value ?? a._def.exactLength?.value ?? 0
      const max = a._def.maxLength?.value ?? a._def.exactLength?.value ?? Math.max(min, 8)
      const small = fc.array(arbitrary(a.element, at), { minLength: min, maxLength: Math.min(max, min + 3) })
      if (max <= min + 3) return small
      // Big batches are clean: one bad item would refuse the whole call, and its result is the point.
      const clean = arbitrary(a.element, { ...at, mood: 'clean' })
      return fc.oneof(
        { arbitrary: small, weight: 3 },
        { arbitrary: fc.array(clean, { minLength: max, maxLength: max }), weight: 1 },
        { arbitrary: fc.array(clean, { minLength: min, maxLength: max, size: 'max' }), weight: 1 },
      )
    }
    case 'ZodString': {
      const checks = (def.checks as Array<{ kind: string; value?: number }> | undefined) ?? []
      const min = checks.find((c) => c.kind === 'min')?.value ?? 0
      const max = checks.find((c) => c.kind === 'max')?.value ?? 10_000
      const kind = OVERRIDES[at.tool]?.[at.key] ?? KEYS[at.key] ?? 'free'
      return strings(kind, at.fixture, at.mood).map((s) => clipTo(s, min, max))
    }
    case 'ZodNumber': {
      const checks = (def.checks as Array<{ kind: string; value: number; inclusive?: boolean }>) ?? []
      const int = checks.some((c) => c.kind === 'int')
      const lo = checks.find((c) => c.kind === 'min')
      const hi = checks.find((c) => c.kind === 'max')
      const min = lo ? lo.value + (lo.inclusive === false ? (int ? 1 : 0.001) : 0) : -1000
      const max = hi ? hi.value - (hi.inclusive === false ? (int ? 1 : 0.001) : 0) : 1000
      const range = int
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
      // The ends of the range are where bounds go wrong.
      return fc.oneof(range, fc.constantFrom(int ? Math.ceil(min) : min, int ? Math.floor(max) : max))
    }
    case 'ZodBoolean':
      return fc.boolean()
    case 'ZodEnum':
      return fc.constantFrom(...(def.values as string[]))
    case 'ZodLiteral':
      return fc.constant(def.value)
    case 'ZodUnion':
      return fc.oneof(...(def.options as z.ZodTypeAny[]).map((o) => arbitrary(o, at)))
    case 'ZodRecord':
      return fc.dictionary(fc.constantFrom('priority', 'area', 'owner', 'status'), jsonValue, { maxKeys: 3 })
    case 'ZodEffects':
    case 'ZodAny':
    case 'ZodUnknown':
      return jsonValue
    default:
      throw new Error(`no generator for ${def.typeName} at ${at.tool}.${at.key}: add it to arbitrary.ts`)
  }
}

function objectOf(o: z.ZodObject<z.ZodRawShape>, at: At): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {}
  const required: string[] = []
  for (const [key, s] of Object.entries(o.shape)) {
    if (RISKY.has(key) && s.isOptional()) {
      if (at.mood === 'clean') continue
      // Present one time in six; `undefined` keys are dropped below.
      model[key] = fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 5 },
        { arbitrary: arbitrary(s, { ...at, key }), weight: 1 },
      )
      required.push(key)
      continue
    }
    model[key] = arbitrary(s, { ...at, key })
    if (!s.isOptional()) required.push(key)
  }
  return fc
    .record(model, { requiredKeys: required })
    .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)))
}

/** Most calls give exactly one of a tool's ONE_OF keys; some give none or several, as agents do. */
function oneOf(tool: string, input: z.ZodObject<z.ZodRawShape>, at: At) {
  const group = ONE_OF[tool]
  const raw = objectOf(input, at)
  if (!group) return raw
  const all = objectOf(input.required(Object.fromEntries(group.map((k) => [k, true])) as never), at)
  const one = fc.tuple(all, fc.nat({ max: group.length - 1 })).map(([o, keep]) => {
    const out = { ...o }
    group.forEach((k, i) => {
      if (i !== keep) delete out[k]
    })
    return out
  })
  return fc.oneof({ arbitrary: one, weight: 3 }, raw)
}

/** Arguments for one tool: an object its input schema accepts (checked by the caller). */
export function argsFor(
  tool: string,
  input: z.ZodObject<z.ZodRawShape>,
  fixture: Fixture,
): fc.Arbitrary<Record<string, unknown>> {
  return oneOf(tool, input, { tool, key: '', fixture, mood: 'dirty' })
}

/** The tokens of a symbolic fixture replaced by real values, everywhere in a generated value. */
export function bind(v: unknown, real: Record<string, string>): unknown {
  if (typeof v === 'string') {
    const exact = real[v]
    if (exact !== undefined) return exact
    return v.includes('§') ? v.replace(/§[a-z0-9_]+/g, (t) => real[t] ?? t) : v
  }
  if (Array.isArray(v)) return v.map((x) => bind(x, real))
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, bind(x, real)]))
  return v
}
