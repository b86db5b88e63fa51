import { fail, write, type Graph, type Writer } from './graph.ts'
import { claimedBy } from './history.ts'
import type { Json, NodeView, Result, Status } from './types.ts'
import { isFailure, liveNode } from './validate.ts'

export const CLAIMED_BY = '_claimed_by'
export const CLAIMED_AT = '_claimed_at'
export const DEFAULT_CLAIM_TTL_MS = 30 * 60 * 1000

export interface Counts {
  total: number
  resolved: number
  unresolved: number
  actionable: number
  blocked: number
  waiting: number
}

export function counts(g: Graph): Counts {
  const c: Counts = { total: 0, resolved: 0, unresolved: 0, actionable: 0, blocked: 0, waiting: 0 }
  for (const id of g.index.nodes.keys()) {
    const s = g.index.statusOf(id)
    if (s === 'deleted') continue
    c.total++
    if (s === 'resolved') c.resolved++
    else {
      c.unresolved++
      c[s]++
    }
  }
  return c
}

export function status(g: Graph, id: string): Status {
  return g.index.statusOf(id)
}

export { priorityOf } from './rank-queue.ts'

export interface Claim {
  by: string
  at: number
}

export function claimOf(n: NodeView): Claim | null {
  const by = n.properties[CLAIMED_BY]
  const at = n.properties[CLAIMED_AT]
  return typeof by === 'string' && by ? { by, at: typeof at === 'number' ? at : 0 } : null
}

/** A claim by someone else that has not expired. */
export function heldByOther(n: NodeView, actor: string, now: number, ttl: number): Claim | null {
  const c = claimOf(n)
  return c && c.by !== actor && now - c.at < ttl ? c : null
}

export interface NextOptions {
  count?: number
  /** Only nodes inside this subtree. */
  scope?: string
  kind?: string
  /** Only nodes whose properties equal these values. */
  properties?: Record<string, Json>
  /** Claim what is returned for the calling actor. */
  claim?: boolean
  claimTtlMs?: number
}

export interface NextItem {
  node: NodeView
  depth: number
  priority: number
}

export interface NextResult {
  items: NextItem[]
  /** Ids this call claimed. */
  claimed: string[]
  /** Nodes this actor once claimed that another actor holds now: the loser of a double claim learns it here. */
  lost_claims: Array<{ id: string; summary: string; held_by: string }>
}

/**
 * Actionable work, best first: priority (high first), then depth (deepest first: finish details before
 * their parents), then least recently updated, then id. Nodes claimed by someone else within the TTL are
 * skipped. Served from a heap of actionable nodes: O(count log n), not a pass over the graph.
 */
export function next(g: Graph, opts: NextOptions = {}): Result<NextResult> {
  const count = opts.count ?? 1
  if (!Number.isInteger(count) || count < 1 || count > 50)
    return fail('invalid_argument', `count must be a whole number from 1 to 50, got ${String(count)}`)
  const ttl = opts.claimTtlMs ?? DEFAULT_CLAIM_TTL_MS
  if (!Number.isFinite(ttl) || ttl <= 0)
    return fail('invalid_argument', 'claimTtlMs must be a positive number of milliseconds')
  if (opts.scope !== undefined) {
    const s = liveNode(g, opts.scope, 'scope')
    if (isFailure(s)) return s
  }
  const actor = g.env.actor
  const now = g.env.now()
  const struct = g.index.struct()
  const inScope = (id: string): boolean => {
    if (opts.scope === undefined) return true
    for (let cur: string | undefined = id; cur !== undefined; cur = struct.parent.get(cur))
      if (cur === opts.scope) return true
    return false
  }
  const props = Object.entries(opts.properties ?? {})
  const best: NextItem[] = g.index
    .topActionable(count, ({ view: node }) => {
      if (opts.kind !== undefined && node.kind !== opts.kind) return false
      if (heldByOther(node, actor, now, ttl)) return false
      if (
        props.length &&
        !props.every(([k, v]) => JSON.stringify(node.properties[k] ?? null) === JSON.stringify(v))
      )
        return false
      return inScope(node.id)
    })
    .map((e) => ({ node: e.view, depth: e.depth, priority: e.priority }))
  const lost: NextResult['lost_claims'] = []
  for (const id of claimedBy(g, actor)) {
    const n = g.index.live(id)
    if (!n || n.resolved) continue
    const other = heldByOther(n, actor, now, ttl)
    if (other) lost.push({ id, summary: n.summary, held_by: other.by })
  }
  const claimed: string[] = []
  if (opts.claim && best.length) {
    write(g, (w) => {
      for (const it of best) {
        writeClaim(w, it.node.id, actor)
        claimed.push(it.node.id)
      }
    })
    for (const it of best) it.node = g.index.nodes.get(it.node.id)!
  }
  return { ok: true, items: best, claimed, lost_claims: lost.sort((a, b) => (a.id < b.id ? -1 : 1)) }
}

function writeClaim(w: Writer, id: string, by: string | null): void {
  const props = w.node(id).get('properties') as import('yjs').Map<Json> | undefined
  if (!props || typeof props.set !== 'function') return
  const before = (props.get(CLAIMED_BY) ?? null) as Json
  if (by === null) {
    props.delete(CLAIMED_BY)
    props.delete(CLAIMED_AT)
    w.record(id, 'release', [{ field: CLAIMED_BY, before, after: null }])
  } else {
    props.set(CLAIMED_BY, by)
    props.set(CLAIMED_AT, w.now)
    w.record(id, 'claim', [{ field: CLAIMED_BY, before, after: by }])
  }
  w.touch(id)
}

/**
 * Claims a node for the calling actor. Refused while another actor's claim is fresh unless `force`;
 * two agents claiming at once while apart both succeed locally and the last writer wins on merge.
 */
export function claim(
  g: Graph,
  id: string,
  opts: { claimTtlMs?: number; force?: boolean } = {},
): Result<{ node: NodeView }> {
  const n = liveNode(g, id, 'id')
  if (isFailure(n)) return n
  if (n.resolved) return fail('resolved', `node ${n.id} is already resolved; nothing to claim`)
  const other = heldByOther(n, g.env.actor, g.env.now(), opts.claimTtlMs ?? DEFAULT_CLAIM_TTL_MS)
  if (other && !opts.force)
    return fail('claimed', `node ${n.id} is claimed by ${other.by}; pick other work or pass force`)
  write(g, (w) => writeClaim(w, n.id, g.env.actor))
  return { ok: true, node: g.index.nodes.get(n.id)! }
}

export function release(g: Graph, id: string): Result<{ node: NodeView }> {
  const n = liveNode(g, id, 'id')
  if (isFailure(n)) return n
  const c = claimOf(n)
  if (!c) return { ok: true, node: n }
  if (c.by !== g.env.actor)
    return fail(
      'claimed',
      `node ${n.id} is claimed by ${c.by}, not by ${g.env.actor}; only the holder releases a claim`,
    )
  write(g, (w) => writeClaim(w, n.id, null))
  return { ok: true, node: g.index.nodes.get(n.id)! }
}
