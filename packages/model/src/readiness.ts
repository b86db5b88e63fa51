import { indexOf } from './graph-index.ts'
import {
  DEFAULT_CLAIM_TTL_MS,
  acknowledgeLost,
  claimOf,
  heldByOther,
  holderOf,
  lostClaims,
  settleClaims,
  writeClaim,
  type LostClaim,
} from './claims.ts'
import { fail, write, type Graph } from './graph.ts'
import type { Json, NodeView, Result, Status } from './types.ts'
import { isFailure, liveNode } from './validate.ts'
import { workFilter } from './kinds.ts'

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
  /**
   * Nodes this actor claimed and lost (see claims.ts), including nodes resolved since: the loser of a
   * double claim learns it here. A call that claims also records that the loser was told.
   */
  lost_claims: LostClaim[]
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
  // Knowledge (concepts, notes, facts) is what the work is about, never work to hand out.
  const work = workFilter(g)
  const best: NextItem[] = indexOf(g.doc)
    .topActionable(count, ({ view: node }) => {
      if (opts.kind !== undefined && node.kind !== opts.kind) return false
      if (!work(node)) return false
      // The document may still name the loser of a claim made apart; history names the winner.
      const h = holderOf(node, now, ttl)
      if (h && (settleClaims(g, node.id, ttl).winner?.by ?? h.by) !== actor) return false
      if (
        props.length &&
        !props.every(
          ([k, v]) =>
            JSON.stringify((Object.hasOwn(node.properties, k) ? node.properties[k] : null) ?? null) ===
            JSON.stringify(v),
        )
      )
        return false
      return inScope(node.id)
    })
    .map((e) => ({ node: e.view, depth: e.depth, priority: e.priority }))
  const claimed: string[] = opts.claim ? best.map((it) => it.node.id) : []
  // A node claimed now is held, whatever an older claim of the actor's on it lost.
  const lost = lostClaims(g, actor, ttl).filter((l) => !claimed.includes(l.id))
  if (opts.claim && (best.length || lost.length)) {
    recordClaims(g, claimed, lost, ttl)
    for (const it of best) it.node = g.index.nodes.get(it.node.id)!
  }
  return { ok: true, items: best, claimed, lost_claims: lost }
}

/**
 * What `next {claim}` writes, in one transaction: the caller's claims on `ids`, and the claims it
 * `lost` acknowledged (so it is told once). A server that arbitrated the claims elsewhere (several
 * servers: a PostgreSQL row decides) records the outcome with this.
 */
export function recordClaims(
  g: Graph,
  ids: readonly string[],
  lost: readonly LostClaim[],
  ttlMs: number,
): void {
  if (ids.length === 0 && lost.length === 0) return
  write(g, (w) => {
    for (const id of ids) writeClaim(w, id, g.env.actor, ttlMs)
    // Acknowledging an old loss of a node claimed here and now would record its release.
    for (const l of lost) if (!ids.includes(l.id)) acknowledgeLost(w, l.id, ttlMs)
  })
}

/**
 * Claims a node for the calling actor. Refused while another actor's claim is fresh unless `force`;
 * two agents claiming at once while apart both succeed locally, and settleClaims picks the winner.
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
  const ttl = opts.claimTtlMs ?? DEFAULT_CLAIM_TTL_MS
  write(g, (w) => writeClaim(w, n.id, g.env.actor, ttl))
  return { ok: true, node: g.index.nodes.get(n.id)! }
}

/**
 * Ends a claim: the holder's own, or with `force` anyone's (a person clearing a claim an agent walked
 * away from). Recorded as a release by whoever ended it; claims are never cleared as properties.
 */
export function release(g: Graph, id: string, opts: { force?: boolean } = {}): Result<{ node: NodeView }> {
  const n = liveNode(g, id, 'id')
  if (isFailure(n)) return n
  const c = claimOf(n)
  if (!c) return { ok: true, node: n }
  if (c.by !== g.env.actor && !opts.force)
    return fail(
      'claimed',
      `node ${n.id} is claimed by ${c.by}, not by ${g.env.actor}; only the holder releases a claim (or pass force to clear it)`,
    )
  write(g, (w) => writeClaim(w, n.id, null))
  return { ok: true, node: g.index.nodes.get(n.id)! }
}
