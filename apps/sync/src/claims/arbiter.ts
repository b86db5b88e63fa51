/**
 * Claim arbitration: the one place that decides who gets a node when agents ask for work at once.
 *
 * `ClaimArbiter` is the interface the MCP tools and the claims route use; `InProcessArbiter` serves one
 * server: it runs the model's `next {claim}` on the live document, which in one Node process is atomic
 * (nothing else runs between reading what is free and writing the claim), so two callers never get
 * one node. A shared-store arbiter (several servers over PostgreSQL or Redis) implements the same
 * interface and is passed where this one is constructed; the tools do not change.
 *
 * The HTTP door to it, `POST /api/graphs/:id/claims`, is `http/claims-route.ts`'s.
 */
import type { DocHandle, DocRegistry } from '../graphs/registry.ts'
import { PersistError } from '../relay/relay.ts'
import { DEFAULT_CLAIM_TTL_MS, next, openGraph, randomIds } from '@plexus/model'
import { platformRandom } from '@plexus/sync-client'
import { touchClaimed, type ClaimOutcome, type ClaimRequest } from '@plexus/tools'

// What a claim asks and answers is the tools' door's (packages/tools/src/claiming.ts).
export type { ClaimOutcome, ClaimRequest }

export interface ClaimArbiter {
  /** The lease a claim gets when the caller names none. */
  readonly ttlMs: number
  /**
   * Atomically picks the best actionable work for `actor` and claims it, writing the claim and
   * `req.session`'s working set in one transaction (one stored batch, one publish). `open`: the
   * graph as the caller already opened it, so it is neither looked up nor opened again; without
   * it, an unknown graph is `graph_not_found`.
   */
  claimNext(req: ClaimRequest, open?: DocHandle): Promise<ClaimOutcome>
  /**
   * Resolves once what was written to `graph` so far is reflected where claims are decided (a
   * release frees the node for the next claimer, on any server). Absent: at once.
   */
  settled?(graph: string): Promise<void>
  /**
   * Before `actor` releases `nodes` on this server: makes this server's copy show the claims `actor`
   * holds on them wherever they were made, so the release finds them. Absent: the copy is the truth.
   */
  beforeRelease?(graph: string, actor: string, nodes: string[]): Promise<void>
}

export class InProcessArbiter implements ClaimArbiter {
  constructor(
    private readonly docs: DocRegistry,
    readonly ttlMs = DEFAULT_CLAIM_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async claimNext(req: ClaimRequest, open?: DocHandle): Promise<ClaimOutcome> {
    const handle = open ?? (await openExisting(this.docs, req.graph))
    if (!handle) return unknownGraph(req.graph)
    try {
      const g = openGraph(handle.doc, { actor: req.actor, now: this.now, newId: newEventId })
      // Synchronous from reading what is free to writing the claim: nothing interleaves. One
      // transaction for the claim and the working set: one stored batch.
      let r!: ReturnType<typeof next>
      g.doc.transact(() => {
        r = next(g, {
          count: req.count,
          scope: req.scope,
          kind: req.kind,
          properties: req.properties,
          claim: true,
          claimTtlMs: req.ttlMs ?? this.ttlMs,
        })
        if (r.ok) touchClaimed(g, req.session, r.claimed)
      }, g.origin)
      if (!r.ok) return { ok: false, reason: r.reason, message: r.message }
      // A claim is answered once it is stored (at once with SQLite; after the commit on PostgreSQL).
      await handle.saved()
      return { ok: true, claimed: r.claimed, lost: r.lost_claims }
    } catch (error) {
      const refused = storageRefused(req.graph, error)
      if (refused) return refused
      throw error
    } finally {
      if (!open) handle.release()
    }
  }
}

/** The graph opened, or null when there is none: the arbiter's door when the caller has not opened it. */
export async function openExisting(docs: DocRegistry, graph: string): Promise<DocHandle | null> {
  return (await docs.exists(graph)) ? docs.openAsync(graph) : null
}

/**
 * Storage refusing the claim's write (a full disk, a database gone; thrown by `transact` with a
 * synchronous store, by `saved()` with an asynchronous one) as the refusal it is: nothing was claimed,
 * retry once storage is back. A graph deleted through another server meanwhile is `gone`. Anything
 * else is not storage's and is left to throw.
 */
export function storageRefused(graph: string, error: unknown): ClaimOutcome | null {
  if (!(error instanceof PersistError)) return null
  if (error.cause instanceof Error && error.cause.name === 'GraphGoneError')
    return { ok: false, reason: 'gone', message: `graph ${graph} was deleted; nothing was claimed` }
  return {
    ok: false,
    reason: 'storage_unavailable',
    message: `nothing was claimed: ${error.message}; retry once storage is back (GET /healthz shows it)`,
  }
}

export function unknownGraph(graph: string): ClaimOutcome {
  return { ok: false, reason: 'graph_not_found', message: `graph ${graph} not found` }
}

/** History event ids: the model's one form, `e_` to tell them from node ids. */
const newEventId = randomIds('e_', platformRandom)
