/**
 * Claims: who holds a node, until when, and who lost it. One rule for every app (the MCP tools, the
 * board, the canvas): `holderOf` answers from the node alone; `settleClaims` answers from history when
 * peers claimed the same node while apart.
 *
 * A claim is three properties: `_claimed_by`, `_claimed_at` (when the lease started or was last
 * renewed) and `_claimed_until` (when it lapses). The holder's own writes renew the lease; a release
 * clears it; a resolved node is held by nobody.
 */
import * as Y from 'yjs'
import { fail, type Graph, type Writer } from './graph.ts'
import { claimedBy, eventCount, eventsOn } from './history.ts'
import type { Failure, HistoryEvent, Json, NodeView } from './types.ts'

export const CLAIMED_BY = '_claimed_by'
export const CLAIMED_AT = '_claimed_at'
export const CLAIMED_UNTIL = '_claimed_until'
/** The keys a claim writes: made by claiming and ended by releasing, never set as plain properties. */
export const CLAIM_KEYS: ReadonlySet<string> = new Set([CLAIMED_BY, CLAIMED_AT, CLAIMED_UNTIL])
/** What an agent or a person is told when it tries to set a claim's keys as properties. */
export const CLAIM_KEYS_MESSAGE =
  'a claim is made by claiming (graph_next with claim: true, or claim) and ended by releasing (graph_update with release: true, or release); its keys _claimed_by, _claimed_at and _claimed_until are not properties anyone sets'

/** A failure naming the first claim key in `properties` (given to an operation that writes properties). */
export function checkNoClaimKeys(properties: unknown, path: string): Failure | null {
  if (!properties || typeof properties !== 'object') return null
  const key = Object.keys(properties).find((k) => CLAIM_KEYS.has(k))
  return key === undefined ? null : fail('invalid_argument', `${path}.${key}: ${CLAIM_KEYS_MESSAGE}`)
}

/** `properties` without a claim's keys, and the claim keys it held (an import keeps no claims). */
export function withoutClaims<T>(properties: Record<string, T>): {
  kept: Record<string, T>
  dropped: string[]
} {
  const entries = Object.entries(properties)
  const dropped = entries.filter(([k]) => CLAIM_KEYS.has(k)).map(([k]) => k)
  // fromEntries, not assignment: a key `__proto__` stays a property (prototype.test.ts).
  return { kept: Object.fromEntries(entries.filter(([k]) => !CLAIM_KEYS.has(k))), dropped }
}
/** Seed 000: a claim lapses after an hour unless the claimer asked for another lease. */
export const DEFAULT_CLAIM_TTL_MS = 60 * 60 * 1000

export interface Claim {
  by: string
  at: number
}

/** A live lease: who holds the node and until when (ms since the epoch). */
export interface Holder extends Claim {
  until: number
}

/** The claim properties as written, live or not. */
export function claimOf(n: NodeView): Claim | null {
  const by = n.properties[CLAIMED_BY]
  const at = n.properties[CLAIMED_AT]
  return typeof by === 'string' && by ? { by, at: typeof at === 'number' ? at : 0 } : null
}

/**
 * Whether and by whom `n` is held at `now`. A claim written without `_claimed_until` (older peers)
 * lasts `ttlMs` from `_claimed_at`. A resolved node is held by nobody: the work is done.
 */
export function holderOf(n: NodeView, now: number, ttlMs = DEFAULT_CLAIM_TTL_MS): Holder | null {
  if (n.resolved) return null
  const c = claimOf(n)
  if (!c) return null
  const written = n.properties[CLAIMED_UNTIL]
  const until = typeof written === 'number' ? written : c.at + ttlMs
  return now < until ? { ...c, until } : null
}

/** A live claim by someone other than `actor`. */
export function heldByOther(n: NodeView, actor: string, now: number, ttlMs: number): Holder | null {
  const h = holderOf(n, now, ttlMs)
  return h && h.by !== actor ? h : null
}

/** Writes (or, with `by` null, clears) a claim and records it in history. */
export function writeClaim(w: Writer, id: string, by: string | null, ttlMs = DEFAULT_CLAIM_TTL_MS): void {
  const props = propsOf(w, id)
  if (!props) return
  const before = (props.get(CLAIMED_BY) ?? null) as Json
  if (by === null) {
    const was = {
      at: (props.get(CLAIMED_AT) ?? null) as Json,
      until: (props.get(CLAIMED_UNTIL) ?? null) as Json,
    }
    for (const k of [CLAIMED_BY, CLAIMED_AT, CLAIMED_UNTIL]) props.delete(k)
    w.record(id, 'release', [
      { field: CLAIMED_BY, before, after: null },
      ...(was.until !== null ? [{ field: CLAIMED_UNTIL, before: was.until, after: null }] : []),
      ...(was.at !== null ? [{ field: CLAIMED_AT, before: was.at, after: null }] : []),
    ])
  } else {
    const until = w.now + ttlMs
    const was = {
      at: (props.get(CLAIMED_AT) ?? null) as Json,
      until: (props.get(CLAIMED_UNTIL) ?? null) as Json,
    }
    props.set(CLAIMED_BY, by)
    props.set(CLAIMED_AT, w.now)
    props.set(CLAIMED_UNTIL, until)
    w.record(id, 'claim', [
      { field: CLAIMED_BY, before, after: by },
      { field: CLAIMED_UNTIL, before: was.until, after: until },
      { field: CLAIMED_AT, before: was.at, after: w.now },
    ])
  }
  w.touch(id)
}

/** The holder writing to its own node extends the lease by its length, from now. */
export function renewLease(w: Writer, n: NodeView): void {
  const h = holderOf(n, w.now)
  if (!h || h.by !== w.g.env.actor) return
  const props = propsOf(w, n.id)
  if (!props) return
  const until = w.now + Math.max(0, h.until - h.at)
  const before = {
    at: (props.get(CLAIMED_AT) ?? null) as Json,
    until: (props.get(CLAIMED_UNTIL) ?? null) as Json,
  }
  props.set(CLAIMED_AT, w.now)
  props.set(CLAIMED_UNTIL, until)
  // Recorded, so the lease can be read as it stood at any moment (time.ts).
  w.record(n.id, 'update', [
    { field: CLAIMED_AT, before: before.at, after: w.now },
    { field: CLAIMED_UNTIL, before: before.until, after: until },
  ])
}

function propsOf(w: Writer, id: string): Y.Map<Json> | null {
  const props = w.node(id).get('properties')
  return props instanceof Y.Map ? (props as Y.Map<Json>) : null
}

/** How one node's claims settled, from its history. */
export interface Settlement {
  /** Who holds the node after every claim is ordered (null: nobody, or the lease lapsed). */
  winner: Holder | null
  /** Actors whose latest claim lost: made while another held the node or its work was done, or taken over. */
  losers: Set<string>
}

/**
 * Orders every claim, release, renewal and resolution of a node by (time, actor) and replays them:
 * a claim made without seeing another actor's live lease, or after the node was resolved, loses; a
 * claim made after a lease lapsed, or forced over a claim it saw, takes the node over, and the
 * previous holder loses it. Every peer that has
 * the same history settles the same way, whatever order the updates arrived in.
 */
export function settleClaims(g: Graph, id: string, ttlMs = DEFAULT_CLAIM_TTL_MS): Settlement {
  return settleClaimsIn(g.doc, id, ttlMs)
}

/** settleClaims on a document alone (the sync server checks a release against it: rules.ts). */
export function settleClaimsIn(doc: Y.Doc, id: string, ttlMs = DEFAULT_CLAIM_TTL_MS): Settlement {
  // An agent asks about every node it ever claimed on each next: replay a node only when its history grew.
  let cache = settled.get(doc)
  if (!cache) settled.set(doc, (cache = new Map()))
  const key = `${eventCount(doc, id)}:${ttlMs}`
  const hit = cache.get(id)
  if (hit?.key === key) return hit.settlement
  const settlement = replay(eventsOn(doc, id), ttlMs)
  cache.set(id, { key, settlement })
  return settlement
}

const settled = new WeakMap<Y.Doc, Map<string, { key: string; settlement: Settlement }>>()

function replay(all: HistoryEvent[], ttlMs: number): Settlement {
  const events = all.sort((a, b) => a.ts - b.ts || (a.actor < b.actor ? -1 : a.actor > b.actor ? 1 : 0))
  let holder = null as (Holder & { lease: number }) | null
  let done = false
  const lastClaim = new Map<string, 'won' | 'lost'>()
  for (const e of events) {
    if (e.action === 'claim') {
      const lease = leaseOf(e, ttlMs)
      // The holder claiming again (it had not yet seen the node resolved, say) only renews its lease.
      if (holder?.by === e.actor) {
        holder.until = Math.max(holder.until, e.ts + lease)
        lastClaim.set(e.actor, 'won')
        continue
      }
      // A claim that names the live holder as what it replaced took the node over knowingly (force);
      // one that did not see the holder's claim was made apart and loses.
      const saw = e.changes.find((c) => c.field === CLAIMED_BY)?.before
      const live = holder && holder.by !== e.actor && e.ts < holder.until
      if (done || (live && saw !== holder!.by)) {
        lastClaim.set(e.actor, 'lost')
        continue
      }
      if (holder && holder.by !== e.actor) lastClaim.set(holder.by, 'lost')
      holder = { by: e.actor, at: e.ts, until: e.ts + lease, lease }
      lastClaim.set(e.actor, 'won')
      continue
    }
    if (e.action === 'release') {
      if (holder?.by === e.actor) holder = null
      continue
    }
    const resolved = e.changes.find((c) => c.field === 'resolved')
    if (resolved?.after === true) done = true
    if (resolved?.after === false) {
      done = false
      holder = null
      continue
    }
    if (holder && holder.by === e.actor && !done) holder.until = Math.max(holder.until, e.ts + holder.lease)
  }
  const losers = new Set([...lastClaim].filter(([, s]) => s === 'lost').map(([a]) => a))
  return { winner: holder ? { by: holder.by, at: holder.at, until: holder.until } : null, losers }
}

function leaseOf(e: HistoryEvent, ttlMs: number): number {
  const until = e.changes.find((c) => c.field === CLAIMED_UNTIL)?.after
  return typeof until === 'number' && until > e.ts ? until - e.ts : ttlMs
}

export interface LostClaim {
  id: string
  summary: string
  /** Who won the node; null when nobody holds it now (the winner finished or released it). */
  held_by: string | null
  resolved: boolean
}

/**
 * Nodes `actor` claimed and lost, including nodes resolved since: the loser of a claim made while
 * apart learns it here. A claim the actor released itself is not lost.
 */
export function lostClaims(g: Graph, actor: string, ttlMs = DEFAULT_CLAIM_TTL_MS): LostClaim[] {
  const out: LostClaim[] = []
  for (const id of claimedBy(g, actor)) {
    const n = g.index.live(id)
    if (!n) continue
    const s = settleClaims(g, id, ttlMs)
    if (!s.losers.has(actor)) continue
    out.push({ id, summary: n.summary, held_by: s.winner?.by ?? null, resolved: n.resolved })
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : 1))
}

/**
 * The loser has been told: records its release, so it is told once, and leaves the node's claim
 * properties naming the settled winner (two peers' concurrent writes may have left the loser's there).
 */
export function acknowledgeLost(w: Writer, id: string, ttlMs = DEFAULT_CLAIM_TTL_MS): void {
  const props = propsOf(w, id)
  if (!props) return
  const s = settleClaims(w.g, id, ttlMs)
  const before = (props.get(CLAIMED_BY) ?? null) as Json
  if (before === w.g.env.actor) {
    if (s.winner) {
      props.set(CLAIMED_BY, s.winner.by)
      props.set(CLAIMED_AT, s.winner.at)
      props.set(CLAIMED_UNTIL, s.winner.until)
    } else for (const k of [CLAIMED_BY, CLAIMED_AT, CLAIMED_UNTIL]) props.delete(k)
  }
  w.record(id, 'release', [{ field: CLAIMED_BY, before, after: (props.get(CLAIMED_BY) ?? null) as Json }])
}
