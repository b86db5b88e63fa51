/**
 * Claim arbitration for several servers: a row per claimed node in PostgreSQL's `claims` table
 * (migration 002) decides who holds it, so two agents on different servers never both win a node,
 * whatever each server's copy of the document shows at that instant.
 *
 * Claiming: the server's copy proposes candidates (the model's `next`, without claiming: actionable,
 * not held by others as far as this copy knows), rows already held by someone else or done are set
 * aside in one query, and the rest are tried in order with one atomic upsert each:
 * `INSERT … ON CONFLICT (graph, node) DO UPDATE … WHERE claims.expires_at < now() OR holder = $me`.
 * What the row grants is then written into the document as today (`recordClaims`: the model's claim
 * fields and history), so the canvas, the board and every MCP reader see it.
 *
 * The rows follow the document: every history event a write on this server adds (MCP tools, and
 * peers connected here: tabs, stdio agents; not what other servers relayed, they follow their own)
 * renews the holder's lease, releases it (`release`), marks the node done (a resolve: a server whose
 * copy has not seen the resolve yet cannot hand the node out again) or frees it (reopened).
 *
 * Leases lapse on PostgreSQL's clock. SQLite mode keeps the in-process arbiter (../claims.ts).
 */
import type pg from 'pg'
import type * as Y from 'yjs'
import {
  holderOf,
  next,
  onHistory,
  openGraph,
  recordClaims,
  CLAIMED_BY,
  type HistoryEvent,
  type Json,
} from '@plexus/model'
import { touchClaimed } from '@plexus/tools'
import {
  openExisting,
  unknownGraph,
  type ClaimArbiter,
  type ClaimOutcome,
  type ClaimRequest,
} from './arbiter.ts'
import type { DocHandle, DocRegistry } from '../graphs/registry.ts'
import { REMOTE } from '../relay/relay.ts'

/** Candidates the copy proposes per claim: enough that rows others hold cannot exhaust them. */
const CANDIDATES = 50

export interface PgArbiterOptions {
  ttlMs: number
  now?: () => number
  log?: (line: string) => void
}

export class PgArbiter implements ClaimArbiter {
  readonly ttlMs: number
  private readonly now: () => number
  private readonly log: (line: string) => void
  /** Per graph, the table writes that follow its history, in order. */
  private readonly following = new Map<string, Promise<void>>()
  private readonly unsubscribe: () => void

  constructor(
    private readonly docs: DocRegistry,
    private readonly pool: pg.Pool,
    options: PgArbiterOptions,
  ) {
    this.ttlMs = options.ttlMs
    this.now = options.now ?? Date.now
    this.log = options.log ?? (() => {})
    this.unsubscribe = docs.onLoaded((graph, doc) => {
      // The listener goes with the document when the graph is unloaded (the doc is destroyed).
      onHistory(doc, (events, origin) => {
        // Read once the transaction's observers have all run (the model's index is one of them).
        if (origin !== REMOTE) queueMicrotask(() => this.follow(graph, doc, events))
      })
    })
  }

  close(): void {
    this.unsubscribe()
  }

  /** Waits until the table follows every write this server has seen to `graph` (or to all). */
  async settled(graph?: string): Promise<void> {
    const chains = graph ? [this.following.get(graph)] : [...this.following.values()]
    await Promise.all(chains.map((c) => c?.catch(() => {})))
  }

  async claimNext(req: ClaimRequest, open?: DocHandle): Promise<ClaimOutcome> {
    const handle = open ?? (await openExisting(this.docs, req.graph))
    if (!handle) return unknownGraph(req.graph)
    const ttl = req.ttlMs ?? this.ttlMs
    try {
      // This server's own releases and resolves are in the table before it decides.
      await this.settled(req.graph)
      const g = openGraph(handle.doc, { actor: req.actor, now: this.now, newId: newEventId })
      const look = next(g, {
        count: CANDIDATES,
        scope: req.scope,
        kind: req.kind,
        properties: req.properties,
        claimTtlMs: ttl,
      })
      if (!look.ok) return { ok: false, reason: look.reason, message: look.message }
      const want = req.count ?? 1
      const candidates = look.items.map((it) => it.node.id)
      const won = await this.claimRows(req.graph, req.actor, candidates, want, ttl)
      // The rows granted are the node's: record them (taking over what a behind copy still shows).
      // A node won now is held, whatever an older claim of the actor's on it lost.
      const lost = look.lost_claims.filter((l) => !won.includes(l.id))
      // The claim and the caller's working set in one transaction: one stored batch, one publish.
      g.doc.transact(() => {
        recordClaims(g, won, lost, ttl)
        touchClaimed(g, req.session, won)
      }, g.origin)
      await handle.saved()
      return { ok: true, claimed: won, lost }
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error)
      return {
        ok: false,
        reason: 'storage_unavailable',
        message: `claims are arbitrated in PostgreSQL, which failed (${why}); retry once the database is back`,
      }
    } finally {
      if (!open) handle.release()
    }
  }

  /**
   * A claim made on another server reaches this copy through Redis (or the periodic reconciliation):
   * a release sent here first, by an agent whose server died, would find nothing to release and leave
   * the row held for its whole lease. Rows `actor` holds that this copy does not show are read in.
   */
  async beforeRelease(graph: string, actor: string, nodes: string[]): Promise<void> {
    const doc = this.docs.peek(graph)
    if (!doc) return
    const held = await this.pool.query<{ node: string }>(
      `SELECT node FROM claims WHERE graph = $1 AND node = ANY($2::text[]) AND holder = $3
         AND NOT done AND expires_at >= now()`,
      [graph, nodes, actor],
    )
    const g = openGraph(doc, { actor, now: this.now, newId: newEventId })
    // Held as the release will check it: a live lease, not only the name (a claim walked from here
    // lapsed in this copy while the row holds the one made again elsewhere).
    const shows = (node: string) => {
      const n = g.index.nodes.get(node)
      return !!n && holderOf(n, this.now(), this.ttlMs)?.by === actor
    }
    const unseen = held.rows.some((r) => !shows(r.node))
    if (unseen) await this.docs.refresh(graph)
  }

  /** Takes up to `want` of `candidates`, in order, each with one atomic upsert. */
  private async claimRows(
    graph: string,
    actor: string,
    candidates: string[],
    want: number,
    ttl: number,
  ): Promise<string[]> {
    if (candidates.length === 0) return []
    // One look first: rows other agents hold live, or done, are not worth a try each.
    const taken = await this.pool.query<{ node: string }>(
      `SELECT node FROM claims WHERE graph = $1 AND node = ANY($2::text[])
         AND (done OR (holder <> $3 AND expires_at >= now()))`,
      [graph, candidates, actor],
    )
    const busy = new Set(taken.rows.map((r) => r.node))
    const won: string[] = []
    for (const node of candidates) {
      if (won.length >= want) break
      if (busy.has(node)) continue
      const r = await this.pool.query<{ holder: string }>(
        `INSERT INTO claims (graph, node, holder, claimed_at, lease_ms, expires_at)
         VALUES ($1, $2, $3, $4::bigint, $5::bigint, now() + $5::bigint * interval '1 millisecond')
         ON CONFLICT (graph, node) DO UPDATE
           SET holder = excluded.holder, claimed_at = excluded.claimed_at, lease_ms = excluded.lease_ms,
               expires_at = excluded.expires_at, done = false
           WHERE NOT claims.done AND (claims.expires_at < now() OR claims.holder = excluded.holder)
         RETURNING holder`,
        // Whole milliseconds in the row (a lease of a fraction of one lapses within one).
        [graph, node, actor, Math.floor(this.now()), Math.max(1, Math.ceil(ttl))],
      )
      if (r.rows[0]?.holder === actor) won.push(node)
    }
    return won
  }

  /** Queues the table writes that follow `events` (written on this server) after the graph's earlier ones. */
  private follow(graph: string, doc: Y.Doc, events: HistoryEvent[]): void {
    const g = openGraph(doc, { actor: 'plexus', now: this.now, newId: newEventId })
    const writes: Array<[string, unknown[]]> = []
    for (const e of events) {
      const resolved = e.changes.find((c) => c.field === 'resolved')?.after
      if (resolved === true) {
        writes.push([
          `INSERT INTO claims (graph, node, holder, claimed_at, lease_ms, expires_at, done)
           VALUES ($1, $2, $3, $4::bigint, 0, 'infinity', true)
           ON CONFLICT (graph, node) DO UPDATE SET done = true, expires_at = 'infinity'`,
          [graph, e.node, e.actor, Math.floor(e.ts)],
        ])
      } else if (resolved === false) {
        writes.push(['DELETE FROM claims WHERE graph = $1 AND node = $2', [graph, e.node]])
      } else if (e.action === 'release') {
        writes.push([
          'DELETE FROM claims WHERE graph = $1 AND node = $2 AND holder = $3 AND NOT done',
          [graph, e.node, e.actor],
        ])
      } else if (e.action !== 'claim' && heldBy(g.index.nodes.get(e.node)?.properties, e.actor)) {
        // The holder's own write renews its lease, as the model renews it in the document.
        writes.push([
          `UPDATE claims SET expires_at = GREATEST(expires_at, now() + lease_ms * interval '1 millisecond')
           WHERE graph = $1 AND node = $2 AND holder = $3 AND NOT done`,
          [graph, e.node, e.actor],
        ])
      }
    }
    if (writes.length === 0) return
    const previous = this.following.get(graph) ?? Promise.resolve()
    const chain = previous.then(async () => {
      for (const [sql, params] of writes) {
        try {
          await this.pool.query(sql, params)
        } catch (error) {
          // The document holds the truth; a row left behind lapses with its lease.
          this.log(`claims: following ${graph} in PostgreSQL failed: ${String(error)}`)
        }
      }
    })
    this.following.set(graph, chain)
    void chain.then(() => {
      if (this.following.get(graph) === chain) this.following.delete(graph)
    })
  }
}

function heldBy(props: Record<string, Json> | undefined, actor: string): boolean {
  return props?.[CLAIMED_BY] === actor
}

function newEventId(): string {
  return `e_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`
}
