import { fail, type Graph } from './graph.ts'
import { holderOf } from './claims.ts'
import { priorityOf } from './readiness.ts'
import type { Json, NodeView, Result, Status } from './types.ts'
import { isFailure, liveNode } from './validate.ts'

export interface QueryFilter {
  resolved?: boolean
  kind?: string
  /** Equality per key; a value of null matches nodes without the key. */
  properties?: Record<string, Json>
  /** Case-insensitive substring of summary or notes. */
  text?: string
  /** Only nodes inside this subtree (not the node itself). */
  ancestor?: string
  evidence_type?: string
  /** Nodes with no live children. */
  leaf?: boolean
  status?: Exclude<Status, 'deleted'>
  actionable?: boolean
  blocked?: boolean
  /** A live claim by this actor; null: nodes nobody holds a live claim on. */
  claimed_by?: string | null
  include_deleted?: boolean
}

/** `readiness`: the order graph_next hands out work (actionable first, then priority, then depth). */
export type SortKey = 'created_at' | 'updated_at' | 'summary' | 'priority' | 'depth' | 'rev' | 'readiness'

export interface QueryOptions {
  filter?: QueryFilter
  sort?: SortKey
  order?: 'asc' | 'desc'
  limit?: number
  cursor?: string
}

export interface QueryResult {
  items: NodeView[]
  total: number
  next_cursor: string | null
}

const SORTS: readonly SortKey[] = [
  'created_at',
  'updated_at',
  'summary',
  'priority',
  'depth',
  'rev',
  'readiness',
]
const MAX_LIMIT = 200

/** Filtered nodes of one graph. The predicate is shared with group-by views so both agree. */
const STATUSES: readonly string[] = ['actionable', 'blocked', 'waiting', 'resolved']

export function matcher(g: Graph, f: QueryFilter = {}): Result<{ test: (n: NodeView) => boolean }> {
  if (f.status !== undefined && !STATUSES.includes(f.status)) {
    return fail('invalid_argument', `filter.status must be one of ${STATUSES.join(', ')}`)
  }
  if (f.ancestor !== undefined) {
    const a = liveNode(g, f.ancestor, 'filter.ancestor')
    if (isFailure(a)) return a
  }
  const s = g.index.struct()
  const text = f.text?.toLowerCase()
  const props = Object.entries(f.properties ?? {})
  const now = g.env.now()
  const test = (n: NodeView): boolean => {
    const deleted = n.deleted_at !== null || n.merged_into !== null
    if (deleted && !f.include_deleted) return false
    if (f.resolved !== undefined && n.resolved !== f.resolved) return false
    if (f.kind !== undefined && n.kind !== f.kind) return false
    if (f.evidence_type !== undefined && !n.evidence.some((e) => e.type === f.evidence_type)) return false
    if (f.leaf !== undefined && ((s.children.get(n.id)?.length ?? 0) === 0) !== f.leaf) return false
    const st = g.index.statusOf(n.id)
    if (f.status !== undefined && st !== f.status) return false
    if (f.actionable !== undefined && (st === 'actionable') !== f.actionable) return false
    if (f.blocked !== undefined && (st === 'blocked') !== f.blocked) return false
    if (f.claimed_by !== undefined) {
      // null asks for unclaimed nodes: no live holder (a lapsed or resolved claim is nobody's).
      const h = holderOf(n, now)
      if (f.claimed_by === null ? h !== null : h?.by !== f.claimed_by) return false
    }
    for (const [k, v] of props) {
      const have = (Object.hasOwn(n.properties, k) ? n.properties[k] : null) ?? null
      if (JSON.stringify(have) !== JSON.stringify(v)) return false
    }
    if (text && !n.summary.toLowerCase().includes(text) && !n.notes.toLowerCase().includes(text)) return false
    if (f.ancestor !== undefined) {
      let cur = s.parent.get(n.id)
      while (cur !== undefined && cur !== f.ancestor) cur = s.parent.get(cur)
      if (cur === undefined) return false
    }
    return true
  }
  return { ok: true, test }
}

const READINESS: Record<string, number> = { actionable: 0, waiting: 1, blocked: 2, resolved: 3 }

function sortValue(g: Graph, n: NodeView, key: SortKey): number | string {
  switch (key) {
    case 'summary':
      return n.summary.toLowerCase()
    case 'priority':
      return priorityOf(n)
    case 'depth':
      return g.index.struct().depth.get(n.id) ?? 0
    case 'readiness': {
      // One number, so a cursor can hold it: status rank, then priority (high first), then depth
      // (deep first). Priorities beyond ±999 and depths beyond 99 rank as those bounds.
      const rank = READINESS[g.index.statusOf(n.id)] ?? 4
      const p = Math.max(-999, Math.min(999, priorityOf(n)))
      const depth = Math.min(99, g.index.struct().depth.get(n.id) ?? 0)
      return rank * 1e7 + (1000 - p) * 100 + (99 - depth)
    }
    default:
      return n[key]
  }
}

// A cursor is the sort value and id of the last item returned: stable when nodes are added or removed
// between pages, unlike an offset. It names its sort and order, so a cursor passed to a query sorted
// another way is refused instead of silently returning a wrong page.
function encodeCursor(sort: string, order: string, v: number | string, id: string): string {
  return 'q1_' + btoaUtf8(JSON.stringify([sort, order, v, id]))
}

function decodeCursor(c: string, sort: string, order: string): [number | string, string] | null {
  if (!c.startsWith('q1_')) return null
  try {
    const v = JSON.parse(atobUtf8(c.slice(3))) as unknown
    if (
      Array.isArray(v) &&
      v.length === 4 &&
      v[0] === sort &&
      v[1] === order &&
      typeof v[2] === (sort === 'summary' ? 'string' : 'number') &&
      typeof v[3] === 'string'
    ) {
      return [v[2] as number | string, v[3]]
    }
  } catch {
    /* fall through to the failure below */
  }
  return null
}

const btoaUtf8 = (s: string): string => encodeURIComponent(s)
const atobUtf8 = (s: string): string => decodeURIComponent(s)

export function query(g: Graph, opts: QueryOptions = {}): Result<QueryResult> {
  const sort = opts.sort ?? 'created_at'
  if (!SORTS.includes(sort)) return fail('invalid_argument', `sort must be one of ${SORTS.join(', ')}`)
  const order = opts.order ?? (sort === 'priority' ? 'desc' : 'asc')
  if (order !== 'asc' && order !== 'desc') return fail('invalid_argument', "order must be 'asc' or 'desc'")
  const limit = opts.limit ?? 50
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    return fail('invalid_argument', `limit must be a whole number from 1 to ${MAX_LIMIT}`)
  const m = matcher(g, opts.filter)
  if (!m.ok) return m
  let after: [number | string, string] | null = null
  if (opts.cursor !== undefined && opts.cursor !== null) {
    after = decodeCursor(opts.cursor, sort, order)
    if (!after) {
      return fail(
        'invalid_cursor',
        `cursor is not one a query sorted by ${sort} ${order} returned; omit it to start from the first page`,
      )
    }
  }
  const dir = order === 'asc' ? 1 : -1
  const cmp = (a: [number | string, string], b: [number | string, string]): number =>
    (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0) * dir || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)
  const rows: Array<[[number | string, string], NodeView]> = []
  for (const n of g.index.nodes.values()) if (m.test(n)) rows.push([[sortValue(g, n, sort), n.id], n])
  rows.sort((a, b) => cmp(a[0], b[0]))
  let start = 0
  if (after) {
    const a = after
    start = rows.findIndex((r) => cmp(r[0], a) > 0)
    if (start < 0) start = rows.length
  }
  const page = rows.slice(start, start + limit)
  const last = page[page.length - 1]
  const more = start + limit < rows.length
  return {
    ok: true,
    items: page.map((r) => r[1]),
    total: rows.length,
    next_cursor: more && last ? encodeCursor(sort, order, last[0][0], last[0][1]) : null,
  }
}

/** Live nodes grouped by readiness, for a board view. */
export function board(
  g: Graph,
  filter: QueryFilter = {},
): Result<{ columns: Record<Exclude<Status, 'deleted'>, NodeView[]> }> {
  const m = matcher(g, filter)
  if (!m.ok) return m
  const columns: Record<Exclude<Status, 'deleted'>, NodeView[]> = {
    actionable: [],
    blocked: [],
    waiting: [],
    resolved: [],
  }
  for (const n of g.index.nodes.values()) {
    const s = g.index.statusOf(n.id)
    if (s !== 'deleted' && m.test(n)) columns[s].push(n)
  }
  for (const col of Object.values(columns))
    col.sort((a, b) => b.updated_at - a.updated_at || (a.id < b.id ? -1 : 1))
  return { ok: true, columns }
}
