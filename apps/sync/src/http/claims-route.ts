/**
 * `POST /api/graphs/:id/claims`: how a stdio peer (`plexus mcp`) claims while it can reach the server.
 * The claim is made with the token's identity, on the server's copy, by the server's arbiter
 * (claims/arbiter.ts), and the answer carries the document changes the peer lacks, so its own copy
 * shows the claim before the tool returns. The route is HTTP's (Hono's Context, REST refusals); the
 * arbitration below it is not.
 */
import { Buffer } from 'node:buffer'
import type { Context } from 'hono'
import * as Y from 'yjs'
import { z } from 'zod'
import type { Json } from '@plexus/model'
import type { Identity } from '../access/auth.ts'
import { openExisting, type ClaimArbiter } from '../claims/arbiter.ts'
import type { DocRegistry } from '../graphs/registry.ts'
import { refusal } from './rest-failures.ts'

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
