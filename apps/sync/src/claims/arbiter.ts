/**
 * Claim arbitration: the one place that decides who gets a node when agents ask for work at once.
 *
 * `ClaimArbiter` is the interface the MCP tools and the claims route use; `InProcessArbiter` serves one
 * server: it runs the model's `next {claim}` on the live document, which in one Node process is atomic
 * (nothing else runs between reading what is free and writing the claim), so two callers never get
 * one node. A shared-store arbiter (several servers over PostgreSQL or Redis) implements the same
 * interface and is passed where this one is constructed; the tools do not change.
 *
 * `POST /api/graphs/:id/claims` is how a stdio peer (`plexus mcp`) claims while it can reach the
 * server: the claim is made with the token's identity, on the server's copy, and the answer carries
 * the document changes the peer lacks, so its own copy shows the claim before the tool returns.
 */
import { Buffer } from 'node:buffer'
import type { Context } from 'hono'
import * as Y from 'yjs'
import { z } from 'zod'
import type { Identity } from '../access/auth.ts'
import type { DocHandle, DocRegistry } from '../graphs/registry.ts'
import { refusal } from '../http/rest-failures.ts'
import { PersistError } from '../relay/relay.ts'
import { DEFAULT_CLAIM_TTL_MS, type Json, next, openGraph, randomIds } from '@plexus/model'
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

const claimBody = z
  .object({
    /** The name to claim as when the server runs without tokens (loopback only). */
    actor: z.string().min(1).max(64).optional(),
    count: z.number().int().min(1).max(50).optional(),
    scope: z.string().max(200).optional(),
    kind: z.string().max(200).optional(),
    properties: z.record(z.string(), z.unknown()).optional(),
    ttl_minutes: z.number().positive().max(1440).optional(),
    /** The peer's Yjs state vector (base64): the answer carries what it lacks. */
    state_vector: z.string().max(1_000_000),
    /** The peer's working-set session: what is claimed joins it in the claim's write. */
    session: z.string().min(1).max(200).optional(),
  })
  .strict()

/** How long the route waits for the peer's own latest changes to reach the server over its socket. */
const CATCH_UP_MS = 3000

export interface ClaimsRouteDeps {
  docs: DocRegistry
  arbiter: ClaimArbiter
}

/** `POST /api/graphs/:id/claims`, after the write-role check: arbitrate, answer with the claim and the diff. */
export async function claimsRoute(
  c: Context,
  deps: ClaimsRouteDeps,
  graph: string,
  identity: Identity,
): Promise<Response> {
  let raw: unknown
  try {
    raw = await c.req.json()
  } catch {
    return c.json({ error: 'bad_request', message: 'send a JSON body: {state_vector, count?, ...}' }, 400)
  }
  const parsed = claimBody.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const message = `${issue.path.join('.') || 'body'}: ${issue.message}; send {state_vector, count?, scope?, kind?, properties?, ttl_minutes?, actor?}`
    return c.json({ error: 'bad_request', message }, 400)
  }
  const body = parsed.data
  let peer: Map<number, number>
  try {
    peer = Y.decodeStateVector(Buffer.from(body.state_vector, 'base64'))
  } catch {
    return c.json({ error: 'bad_request', message: 'state_vector is not a base64 Yjs state vector' }, 400)
  }
  const handle = await openExisting(deps.docs, graph)
  if (!handle) return refusal('not_found', `graph ${graph} does not exist`)
  try {
    // The peer's own last writes (a resolve, say) travel over its socket; claiming before they arrive
    // could hand it back work it has just finished.
    const deadline = Date.now() + CATCH_UP_MS
    while (!covers(Y.decodeStateVector(Y.encodeStateVector(handle.doc)), peer)) {
      if (Date.now() > deadline)
        return refusal(
          'behind',
          'the server has not received this peer’s latest changes yet; check its connection and retry',
        )
      await new Promise((r) => setTimeout(r, 10))
    }
    const actor = identity.anonymous ? (body.actor ?? identity.name) : identity.name
    const out = await deps.arbiter.claimNext(
      {
        graph,
        actor,
        count: body.count,
        scope: body.scope,
        kind: body.kind,
        properties: body.properties as Record<string, Json> | undefined,
        ttlMs: body.ttl_minutes !== undefined ? body.ttl_minutes * 60_000 : undefined,
        session: body.session,
      },
      handle,
    )
    // Each reason its own status (a lost race 409, storage 503, a graph gone 404/410), never one for all.
    if (!out.ok) return refusal(out.reason, out.message)
    const update = Y.encodeStateAsUpdate(handle.doc, Y.encodeStateVector(peer))
    return c.json({
      actor,
      claimed: out.claimed,
      lost_claims: out.lost,
      update: Buffer.from(update).toString('base64'),
    })
  } finally {
    handle.release()
  }
}

function covers(have: Map<number, number>, want: Map<number, number>): boolean {
  for (const [client, clock] of want) if ((have.get(client) ?? 0) < clock) return false
  return true
}
