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
import type { Identity } from './auth.ts'
import type { DocRegistry } from './docs.ts'
import { DEFAULT_CLAIM_TTL_MS, type Json, type LostClaim, next, openGraph, randomIds } from '@plexus/model'
import { platformRandom } from '@plexus/sync-client'

export interface ClaimRequest {
  graph: string
  /** Who claims: the caller's token name (never what a client says it is, when tokens are on). */
  actor: string
  count?: number
  scope?: string
  kind?: string
  properties?: Record<string, Json>
  /** The lease; the server's `claim_ttl_minutes` when absent. */
  ttlMs?: number
}

export type ClaimOutcome =
  | { ok: true; claimed: string[]; lost: LostClaim[]; /** Whom the server claimed for. */ actor?: string }
  | { ok: false; reason: string; message: string }

export interface ClaimArbiter {
  /** The lease a claim gets when the caller names none. */
  readonly ttlMs: number
  /** Atomically picks the best actionable work for `actor` and claims it. */
  claimNext(req: ClaimRequest): Promise<ClaimOutcome>
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

  async claimNext(req: ClaimRequest): Promise<ClaimOutcome> {
    if (!(await this.docs.exists(req.graph)))
      return { ok: false, reason: 'graph_not_found', message: `graph ${req.graph} not found` }
    const handle = await this.docs.openAsync(req.graph)
    try {
      const g = openGraph(handle.doc, { actor: req.actor, now: this.now, newId: newEventId })
      // Synchronous from reading what is free to writing the claim: nothing interleaves.
      const r = next(g, {
        count: req.count,
        scope: req.scope,
        kind: req.kind,
        properties: req.properties,
        claim: true,
        claimTtlMs: req.ttlMs ?? this.ttlMs,
      })
      if (!r.ok) return { ok: false, reason: r.reason, message: r.message }
      // A claim is answered once it is stored (at once with SQLite; after the commit on PostgreSQL).
      await handle.saved()
      return { ok: true, claimed: r.claimed, lost: r.lost_claims }
    } finally {
      handle.release()
    }
  }
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
    return c.json(
      { error: 'invalid_argument', message: 'send a JSON body: {state_vector, count?, ...}' },
      400,
    )
  }
  const parsed = claimBody.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const message = `${issue.path.join('.') || 'body'}: ${issue.message}; send {state_vector, count?, scope?, kind?, properties?, ttl_minutes?, actor?}`
    return c.json({ error: 'invalid_argument', message }, 400)
  }
  const body = parsed.data
  let peer: Map<number, number>
  try {
    peer = Y.decodeStateVector(Buffer.from(body.state_vector, 'base64'))
  } catch {
    return c.json(
      { error: 'invalid_argument', message: 'state_vector is not a base64 Yjs state vector' },
      400,
    )
  }
  if (!(await deps.docs.exists(graph)))
    return c.json({ error: 'not_found', message: `graph ${graph} does not exist` }, 404)
  const handle = await deps.docs.openAsync(graph)
  try {
    // The peer's own last writes (a resolve, say) travel over its socket; claiming before they arrive
    // could hand it back work it has just finished.
    const deadline = Date.now() + CATCH_UP_MS
    while (!covers(Y.decodeStateVector(Y.encodeStateVector(handle.doc)), peer)) {
      if (Date.now() > deadline)
        return c.json(
          {
            error: 'behind',
            message:
              'the server has not received this peer’s latest changes yet; check its connection and retry',
          },
          409,
        )
      await new Promise((r) => setTimeout(r, 10))
    }
    const actor = identity.anonymous ? (body.actor ?? identity.name) : identity.name
    const out = await deps.arbiter.claimNext({
      graph,
      actor,
      count: body.count,
      scope: body.scope,
      kind: body.kind,
      properties: body.properties as Record<string, Json> | undefined,
      ttlMs: body.ttl_minutes !== undefined ? body.ttl_minutes * 60_000 : undefined,
    })
    if (!out.ok) return c.json({ error: out.reason, message: out.message }, 422)
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
