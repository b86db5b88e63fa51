// Typed edges as agents coordinate through them (seed 002): an edge addressed by its id, its properties
// merged with a version check, walks along one relation, and a project's tasks read as a Kanban board
// from the status on the edge that hangs each task from its project.
//
// The edge id is the edge's key in the document, `from>type>to` (schema.ts): deterministic, so two
// agents linking the same pair the same way hold one edge, not two, and stable for the edge's life.
// `parent_of` and `child_of` name one relation, the hierarchy, read from either end: a stored
// `a child_of b` is the same link as `b parent_of a`. The hierarchy's direction is from parent to
// child whichever word stored it, so `outgoing` walks to children and `incoming` to parents (the
// seed's agent finds its project with `traverse(task, 'child_of', 'incoming')`). These links are
// edges, not the node's place in the tree (`parent`): see the package README.
import { inDrawnOrderBy } from './drawn-order.ts'
import { connect, disconnect, writeEdge } from './edges.ts'
import { fail, write, type Graph } from './graph.ts'
import { edgeId, layout, type YEdge } from './schema.ts'
import type { EdgeView, Failure, Json, Result } from './types.ts'
import { checkProperties, isFailure, liveNode } from './validate.ts'
import { DEPENDS_ON } from './vocabulary.ts'

/** The relation types seed 002 allows on an edge. */
export const SEED_EDGE_TYPES = [
  'parent_of',
  'child_of',
  'references',
  'created_by',
  'related_to',
  'depends_on',
] as const
export type SeedEdgeType = (typeof SEED_EDGE_TYPES)[number]
export type EdgeDirection = 'incoming' | 'outgoing'
/** The Kanban columns, in order. */
export const TASK_STATUSES = ['todo', 'doing', 'done'] as const
export type TaskStatus = (typeof TASK_STATUSES)[number]
/** The deepest walk `traverse` takes. */
export const MAX_TRAVERSE_DEPTH = 5

const HIERARCHY = new Set(['parent_of', 'child_of'])
export const isHierarchy = (type: string): boolean => HIERARCHY.has(type)

/** An edge seen from one of its ends: the node at the other end and which way the edge goes from here. */
export interface EdgeAt {
  edge: EdgeView
  other: string
  direction: EdgeDirection
}

/**
 * The live edges at `node` going `direction` (both when absent), of `type` when given. A hierarchy edge
 * goes from parent to child whichever word stored it, and a hierarchy type matches both words. Listed
 * by the node at the other end in the order a map draws nodes (drawn-order.ts), so a project's tasks,
 * which hang from the graph's root as siblings, come as the person sees them, after any drag too.
 */
export function edgesAt(g: Graph, node: string, direction?: EdgeDirection, type?: string): EdgeAt[] {
  const out: EdgeAt[] = []
  for (const physical of ['out', 'in'] as const) {
    for (const e of g.index.edgesOf(node, physical)) {
      if (type !== undefined && e.type !== type && !(isHierarchy(type) && isHierarchy(e.type))) continue
      // A child_of edge points from child to parent: as hierarchy it goes the other way.
      const flipped = e.type === 'child_of'
      const dir: EdgeDirection = (physical === 'out') !== flipped ? 'outgoing' : 'incoming'
      if (direction !== undefined && dir !== direction) continue
      const { other, ...edge } = e
      out.push({ edge, other, direction: dir })
    }
  }
  // Ties (two edges to one node) by edge id, then direction: every peer lists them alike.
  out.sort((a, b) =>
    a.edge.id < b.edge.id ? -1 : a.edge.id > b.edge.id ? 1 : a.direction < b.direction ? -1 : 1,
  )
  return inDrawnOrderBy(g.index, out, (e) => e.other)
}

const INVERSE: Record<string, string> = { parent_of: 'child_of', child_of: 'parent_of' }

/**
 * Where a link is written: a hierarchy link already stored from the other end (`b child_of a` for
 * `a parent_of b`, or the other way) is that link, so its properties go there and the pair keeps one
 * status; otherwise the edge as given.
 */
function storedAs(
  g: Graph,
  from: string,
  type: string,
  to: string,
): { from: string; type: string; to: string } {
  const inverse = INVERSE[type]
  if (
    inverse !== undefined &&
    !g.index.edges.has(edgeId(from, type, to)) &&
    g.index.edges.has(edgeId(to, inverse, from))
  )
    return { from: to, type: inverse, to: from }
  return { from, type, to }
}

/**
 * Creates an edge of one of the seed's types (or merges `properties` into the one already there, a
 * hierarchy link stored from the other end included).
 */
export function createTypedEdge(
  g: Graph,
  input: { from: unknown; to: unknown; type: unknown; properties?: unknown },
): Result<{ edge: EdgeView; created: boolean }> {
  const { from, to, type, properties } = input
  if (typeof type !== 'string' || !(SEED_EDGE_TYPES as readonly string[]).includes(type)) {
    return fail(
      'invalid_argument',
      `type: expected one of ${SEED_EDGE_TYPES.join(', ')}, got ${JSON.stringify(type)}`,
    )
  }
  for (const [end, id] of [
    ['Source', from],
    ['Target', to],
  ] as const) {
    const n = liveNode(g, id, end === 'Source' ? 'from_node_id' : 'to_node_id')
    if (isFailure(n)) return fail(n.reason, `${end} node not found: ${String(id)} (${n.message})`)
  }
  if (properties !== undefined) {
    const c = checkProperties(properties, 'properties', false)
    if (c) return c
  }
  const r = connect(g, [
    {
      ...storedAs(g, from as string, type, to as string),
      properties: properties as Record<string, Json> | undefined,
    },
  ])
  if (!r.ok) {
    if (r.reason === 'cycle_detected' && type === DEPENDS_ON && r.path) {
      // r.path runs to -> ... -> from -> to: the circle read from the new edge's source.
      const circle = [from as string, ...r.path.slice(0, -1)]
      return fail('cycle_detected', `Circular dependency: ${circle.join(' → ')}`, { path: circle })
    }
    return r
  }
  const id = r.added[0] ?? r.updated[0]!
  return { ok: true, edge: g.index.edges.get(id)!, created: r.added.length > 0 }
}

/** The live edge with this id (its ends live), or a failure naming it. */
export function edgeById(g: Graph, id: unknown): EdgeView | Failure {
  if (typeof id !== 'string' || id === '')
    return fail('invalid_argument', 'edge_id: expected an edge id string')
  const e = g.index.edges.get(id)
  if (!e || !g.index.live(e.from) || !g.index.live(e.to)) return fail('not_found', `edge ${id} not found`)
  return e
}

export function deleteEdge(g: Graph, id: unknown): Result<{ edge: EdgeView }> {
  const e = edgeById(g, id)
  if (isFailure(e)) return e
  const r = disconnect(g, [{ id: e.id }])
  if (!r.ok) return r
  return { ok: true, edge: e }
}

/**
 * Merges `properties` into an edge's (null deletes a key) and stamps the edge's version `updated_at`
 * with the clock the graph was opened with. With `expected_updated_at`, the update is refused when the
 * edge changed since that version (the seed's optimistic check): the caller hears of the other update
 * and what it wrote instead of overwriting it unseen. The answer always carries what was there before.
 */
export function updateEdgeProperties(
  g: Graph,
  id: unknown,
  properties: unknown,
  opts: { expected_updated_at?: number } = {},
): Result<{ edge: EdgeView; previous: Record<string, Json> }> {
  const e = edgeById(g, id)
  if (isFailure(e)) return e
  const c = checkProperties(properties, 'properties', true)
  if (c) return c
  const version = e.updated_at ?? e.created_at
  if (opts.expected_updated_at !== undefined && opts.expected_updated_at !== version) {
    return fail(
      'conflict',
      `edge ${e.id} changed since version ${opts.expected_updated_at} (now ${version}, properties ${JSON.stringify(e.properties)}); read it again and retry`,
    )
  }
  const m = layout(g.doc).edges.get(e.id) as YEdge
  write(g, (w) => {
    writeEdge(w, {
      from: e.from,
      to: e.to,
      type: e.type,
      properties: properties as Record<string, Json | null>,
    })
    // Strictly after the version the caller read, even when the clock has not moved since.
    m.set('updated_at', Math.max(w.now, version + 1))
  })
  return { ok: true, edge: g.index.edges.get(e.id)!, previous: e.properties }
}

/** One step of a walk: the node reached, the edge that reached it, and the walk on from there. */
export interface TraverseStep {
  node: string
  edge: EdgeView
  children: TraverseStep[]
}

/**
 * Walks from `node` along `type` edges going `direction`, `depth` steps at most (capped at 5), never
 * back onto a node already on the path. For a relation other than the hierarchy, going outgoing also
 * passes down through the hierarchy to reach it, as the seed reads "project → tasks → findings": a
 * hierarchy step is kept only when a `type` edge lies below it within the depth.
 */
export function walkEdges(
  g: Graph,
  node: string,
  type: string,
  direction: EdgeDirection,
  depth: number,
): TraverseStep[] {
  const max = Math.max(0, Math.min(MAX_TRAVERSE_DEPTH, Math.floor(depth)))
  const through = !isHierarchy(type) && direction === 'outgoing'
  const walk = (at: string, left: number, path: Set<string>): TraverseStep[] => {
    if (left <= 0) return []
    const steps: TraverseStep[] = []
    const seen = new Set<string>()
    for (const e of edgesAt(g, at, direction, type)) {
      if (path.has(e.other) || seen.has(e.other)) continue
      seen.add(e.other)
      steps.push({
        node: e.other,
        edge: e.edge,
        children: walk(e.other, left - 1, new Set([...path, e.other])),
      })
    }
    if (through) {
      for (const e of edgesAt(g, at, 'outgoing', 'parent_of')) {
        if (path.has(e.other) || seen.has(e.other)) continue
        const below = walk(e.other, left - 1, new Set([...path, e.other]))
        if (!below.length) continue
        seen.add(e.other)
        steps.push({ node: e.other, edge: e.edge, children: below })
      }
    }
    return steps
  }
  return g.index.live(node) ? walk(node, max, new Set([node])) : []
}

/** A task on the board: the task node and the edge that hangs it from the project. */
export interface BoardTask {
  node: string
  edge: EdgeView
  /** The edge's status as written (absent: todo). */
  status: string
}

/**
 * A project's tasks (its hierarchy children) in the columns of the status on their edge. An edge with
 * no status is `todo`; a status outside the three columns is kept under `other` rather than dropped.
 */
export function projectTasks(
  g: Graph,
  project: string,
): Record<TaskStatus, BoardTask[]> & { other: BoardTask[] } {
  const board: Record<TaskStatus, BoardTask[]> & { other: BoardTask[] } = {
    todo: [],
    doing: [],
    done: [],
    other: [],
  }
  const seen = new Set<string>()
  for (const e of edgesAt(g, project, 'outgoing', 'parent_of')) {
    if (seen.has(e.other)) continue
    seen.add(e.other)
    const raw = e.edge.properties.status
    const status = typeof raw === 'string' ? raw : 'todo'
    const col = (TASK_STATUSES as readonly string[]).includes(status) ? (status as TaskStatus) : 'other'
    board[col].push({ node: e.other, edge: e.edge, status })
  }
  return board
}

/** A time as the seed writes it (an ISO string) or as Plexus does (ms since the epoch); NaN when neither. */
function timeOf(v: Json | undefined): number {
  if (typeof v === 'number') return v
  if (typeof v === 'string') return Date.parse(v)
  return NaN
}

export interface StaleOptions {
  /** The caller's clock (ms since the epoch). */
  now: number
  /** How long a task may be `doing` (since its `started_at`) before it is stale. */
  timeout_ms: number
  /** Only this project's tasks (its `parent_of` edges); omitted: every hierarchy edge of the graph. */
  project?: string
}

/**
 * The seed's getStaleTasks: every hierarchy edge (under `project` when given) whose status is `doing`
 * and whose `started_at` is older than `timeout_ms` at `now`, between live nodes. Reads only.
 */
export function staleTasks(g: Graph, opts: StaleOptions): Result<{ stale: EdgeView[] }> {
  if (!Number.isFinite(opts.now) || !(opts.timeout_ms >= 0)) {
    return fail('invalid_argument', 'now and timeout_ms: expected a time and a non-negative duration')
  }
  const candidates =
    opts.project !== undefined
      ? edgesAt(g, opts.project, 'outgoing', 'parent_of').map((e) => e.edge)
      : [...g.index.edges.values()].filter((e) => isHierarchy(e.type))
  const stale = candidates.filter(
    (e) =>
      e.properties.status === 'doing' &&
      opts.now - timeOf(e.properties.started_at) > opts.timeout_ms &&
      g.index.live(e.from) !== undefined &&
      g.index.live(e.to) !== undefined,
  )
  return { ok: true, stale }
}

/**
 * Puts back to `todo` every stale task (staleTasks), with `reset_reason: agent_timeout`: the work of
 * an agent that stopped answering goes back on the board. Written as `g`'s actor, with history.
 */
export function resetStaleTasks(g: Graph, opts: StaleOptions): Result<{ reset: EdgeView[] }> {
  const found = staleTasks(g, opts)
  if (!found.ok) return found
  return { ok: true, reset: resetTasks(g, found.stale) }
}

/** Puts `stale` (what staleTasks found) back to `todo`, `reset_reason: agent_timeout`; the edges reset. */
export function resetTasks(g: Graph, stale: readonly EdgeView[]): EdgeView[] {
  const reset: EdgeView[] = []
  for (const e of stale) {
    const r = updateEdgeProperties(g, e.id, { status: 'todo', reset_reason: 'agent_timeout' })
    if (r.ok) reset.push(r.edge)
  }
  return reset
}
