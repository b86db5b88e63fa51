/**
 * Where a tool argument becomes a node: every argument that takes a node id also takes its aliases (a
 * memory id, bare or `kg:`, names the node memory wrote) and the node's label ("Auth Svc", "DB connection pool"), resolved with a confidence before the tool runs. withGraph calls
 * `resolveNodeArgs` once the graph is open, so no tool resolves names on its own, and the result gains
 * `resolved: [{arg, label, id, summary, confidence}]` saying which node each label took.
 *
 * A label is taken when its best candidate scores MATCH_CONFIDENCE (0.85) or more and no other candidate
 * scores as much; otherwise the call fails with the candidates, so the agent picks one by id. A value
 * that is a node id (live, forgotten or merged) is left to the model, which explains those cases; so is
 * one no label resembles, for the model's "did you mean" by id.
 *
 * The paths are listed per tool, under both the seed-000 names and the names before them, so a renamed
 * argument keeps resolving; node-args.test.ts checks that every tool listed has one of its paths in its schema.
 */
import { ToolError } from './errors.ts'
import { MATCH_CONFIDENCE, TWIN_MARGIN, nodeByName, resolveLabel, rivalsOf, type Graph } from '@plexus/model'
import { clip, echo } from './shape.ts'

/**
 * Tool -> the paths of its node arguments. `a.b` is a field of an object, `a[]` every item of an array.
 * A path ending in `*` may also hold a ref of the same batch (a `ref` of a sibling item): those stay.
 */
export const NODE_ARGS: Readonly<Record<string, readonly string[]>> = {
  graph_plan: [
    'parent',
    'items[].parent',
    'items[].parent_ref*',
    'items[].depends_on[]*',
    'nodes[].parent_ref*',
    'nodes[].depends_on[]*',
  ],
  graph_add_facts: ['parent'],
  graph_import: ['parent'],
  graph_next: ['scope'],
  graph_context: ['id', 'node_id'],
  graph_update: ['items[].id', 'items[].node_id', 'updates[].node_id'],
  graph_connect: ['add[].from', 'add[].to', 'remove[].from', 'remove[].to', 'edges[].from', 'edges[].to'],
  graph_query: ['filter.ancestor'],
  graph_search: ['within'],
  graph_restructure: [
    'ops[].node',
    'ops[].parent',
    'ops[].into',
    'operations[].node_id',
    'operations[].new_parent',
    'operations[].source',
    'operations[].target',
  ],
  graph_history: ['id', 'node_id'],
  graph_analyze: ['from', 'to', 'ids[]'],
}

/** Tools whose items succeed or fail one by one: an unsure label fails its own item, not the call. */
const PER_ITEM = new Set(['graph_connect'])

/** A label of a per-item tool that named no node surely: the item at `arg` is to be rejected with this. */
export interface Unsure {
  arg: string
  reason: string
  message: string
}

export interface Resolved {
  /** Where the label was, e.g. `items[0].id`. */
  arg: string
  label: string
  id: string
  summary: string
  confidence: number
}

/** The arguments of one call, with the tool they are for: what withGraph resolves. */
export interface NodeArgs {
  tool: string
  args: Record<string, unknown>
}

/** Candidates listed in a refusal. */
const SHOWN = 5

/**
 * Replaces each label among the call's node arguments by the id of the node it names, in place, and
 * says which it took. Throws a ToolError listing the candidates when a label is unsure or ambiguous.
 */
export function resolveNodeArgs(g: Graph, call: NodeArgs, unsure?: Unsure[]): Resolved[] {
  const out: Resolved[] = []
  const memo = new Map<string, Resolved>()
  for (const path of NODE_ARGS[call.tool] ?? []) {
    const refs = path.endsWith('*')
    const steps = (refs ? path.slice(0, -1) : path).split('.')
    visit(call.args, steps, '', new Set(), (v, replace, at, batchRefs) => {
      if (typeof v !== 'string' || v === '' || g.index.nodes.has(v)) return
      if (refs && batchRefs.has(v)) return
      const known = memo.get(v)
      let r: Resolved | undefined
      try {
        r = known ? { ...known, arg: at } : (byName(g, v, at) ?? resolveOne(g, v, at))
      } catch (e) {
        // A tool that rejects its items one by one (graph_connect) rejects this one, not the call.
        if (!(e instanceof ToolError) || !unsure || !PER_ITEM.has(call.tool)) throw e
        unsure.push({ arg: at, reason: e.reason, message: e.message })
        return
      }
      if (!r) return
      memo.set(v, r)
      replace(r.id)
      out.push(r)
    })
  }
  return out
}

/** The value a path reached, a way to put another in its place, where it is, the batch's refs. */
type Visit = (value: unknown, replace: (v: unknown) => void, at: string, refs: Set<string>) => void

/** Walks `steps` from `v`, calling `fn` on each value the path reaches; `refs` are the batch's refs. */
function visit(v: unknown, steps: string[], at: string, refs: Set<string>, fn: Visit): void {
  if (steps.length === 0 || !v || typeof v !== 'object') return
  const [step, ...rest] = steps as [string, ...string[]]
  const each = step.endsWith('[]')
  const key = each ? step.slice(0, -2) : step
  const holder = v as Record<string, unknown>
  const here = at ? `${at}.${key}` : key
  if (!each) {
    if (rest.length === 0) fn(holder[key], (x) => (holder[key] = x), here, refs)
    else visit(holder[key], rest, here, refs, fn)
    return
  }
  const list = holder[key]
  if (!Array.isArray(list)) return
  // Items of a batch name each other by `ref`: a path below them may hold one of those.
  const batch = new Set(refs)
  for (const item of list) {
    const r = item && typeof item === 'object' ? (item as { ref?: unknown }).ref : undefined
    if (typeof r === 'string') batch.add(r)
  }
  list.forEach((item, i) => {
    if (rest.length === 0) fn(item, (x) => (list[i] = x), `${here}[${i}]`, batch)
    else visit(item, rest, `${here}[${i}]`, batch, fn)
  })
}

/** A name that is a node's alias (a memory id, bare or `kg:`): that node, for sure. */
function byName(g: Graph, name: string, at: string): Resolved | undefined {
  const n = nodeByName(g, name)
  return n ? { arg: at, label: name, id: n.id, summary: n.summary, confidence: 1 } : undefined
}

function resolveOne(g: Graph, label: string, at: string): Resolved | undefined {
  const found = resolveLabel(g, label, { limit: SHOWN + 1 })
  if (found.length === 0) return undefined
  const top = found[0]!
  // The best with no rival (resolve.ts: another label scoring as much, or within TWIN_MARGIN of it).
  const rivals = rivalsOf(found)
  if (top.confidence >= MATCH_CONFIDENCE && rivals.length === 1) {
    return { arg: at, label, id: top.id, summary: top.summary, confidence: top.confidence }
  }
  const list = found
    .slice(0, SHOWN)
    .map((c) => `${c.id} '${clip(c.summary, 80)}' (${c.confidence.toFixed(2)})`)
    .join(', ')
  const equal = rivals.every((c) => c.confidence >= top.confidence)
  const why =
    top.confidence < MATCH_CONFIDENCE
      ? `matches no node surely (best ${top.confidence.toFixed(2)}, below ${MATCH_CONFIDENCE})`
      : equal
        ? `names ${rivals.length} nodes equally well`
        : `names ${rivals.length} nodes almost equally well (within ${TWIN_MARGIN} of each other: near twins, neither taken)`
  throw new ToolError(
    `${at}: ${echo(label)} is not a node id and ${why}; candidates: ${list}. Pass the id of the one you mean.`,
    top.confidence >= MATCH_CONFIDENCE ? 'ambiguous_label' : 'node_not_found',
  )
}
