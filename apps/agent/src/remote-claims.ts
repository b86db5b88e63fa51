/**
 * The stdio peer's side of claim arbitration: `plexus mcp` asks the server to claim
 * (`POST /api/graphs/:id/claims`, with its token) instead of writing the claim into its own copy and
 * hoping, then applies the changes the answer carries, so its copy shows the claim at once.
 */
import { Buffer } from 'node:buffer'
import { isFailureCode, type LostClaim } from '@plexus/model'
import type { SyncConnection } from '@plexus/sync-client'
import * as Y from 'yjs'
import type { ClaimAsk, ClaimOutcome } from '@plexus/tools'

export interface RemoteClaim {
  server: string
  token?: string
  graph: string
  doc: Y.Doc
  connection: SyncConnection
  actor: string
  ask: ClaimAsk
}

interface Answer {
  actor?: string
  claimed?: string[]
  lost_claims?: LostClaim[]
  update?: string
  error?: string
  message?: string
}

/** `offline` when the server cannot be reached now (not connected, or the request failed to arrive). */
export async function claimRemotely(r: RemoteClaim): Promise<ClaimOutcome | 'offline'> {
  const c = r.connection
  if (c.status !== 'syncing' && c.status !== 'synced') return 'offline'
  // Just reconnected: give the sync a moment rather than claim apart from a server that is there.
  if (!c.synced && !(await c.whenSynced(2000))) return 'offline'
  const body = {
    actor: r.actor,
    count: r.ask.count,
    scope: r.ask.scope,
    kind: r.ask.kind,
    properties: r.ask.properties,
    ttl_minutes: r.ask.ttlMs !== undefined ? r.ask.ttlMs / 60_000 : undefined,
    // The server writes the claim and this session's working set together (one stored batch).
    session: r.ask.session,
    state_vector: Buffer.from(Y.encodeStateVector(r.doc)).toString('base64'),
  }
  let res: Response
  try {
    res = await fetch(`${r.server.replace(/\/$/, '')}/api/graphs/${encodeURIComponent(r.graph)}/claims`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(r.token ? { Authorization: `Bearer ${r.token}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    })
  } catch {
    return 'offline'
  }
  let answer: Answer
  try {
    answer = (await res.json()) as Answer
  } catch {
    return 'offline'
  }
  // A server that is going away or cannot store (5xx) cannot arbitrate either: as good as unreachable,
  // so the claim is made on this copy and settled when the copies meet.
  if (res.status >= 500) return 'offline'
  if (!res.ok)
    return {
      ok: false,
      // The server's code when it is one of the shared vocabulary (an older server's may not be).
      reason: isFailureCode(answer.error) ? answer.error : 'refused',
      message: `the server refused the claim: ${answer.message ?? `HTTP ${res.status}`}`,
    }
  // Applied as if it came over the socket: the provider does not send it back.
  if (answer.update) Y.applyUpdate(r.doc, Buffer.from(answer.update, 'base64'), c.provider)
  return { ok: true, claimed: answer.claimed ?? [], lost: answer.lost_claims ?? [], actor: answer.actor }
}
