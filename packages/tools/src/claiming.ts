/**
 * `graph_next {claim: true}` through the host's arbitration (the server's apps/sync/src/claims/arbiter.ts)
 * whenever the open document has it (`GraphDoc.claim`): over `/mcp` the in-process arbiter, from
 * `plexus mcp` the server's claims route. Only when no server can be reached does a tool claim on its
 * own copy of the document.
 */
import {
  touch,
  type FailureCode,
  type Graph,
  type Json,
  type LostClaim,
  type NextResult,
  type NodeView,
} from '@plexus/model'
import { TOUCHED_AT_MOST, ToolError, type CallContext, type ClaimAsk, type GraphDoc } from './context.ts'

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
  /**
   * The caller's working-set session: what is claimed joins it in the claim's own transaction, so a
   * claim is one stored batch and one publish, and the tool's own touch afterwards finds nothing to
   * change (issue 25).
   */
  session?: string
}

/**
 * Puts what a claim took in front of `session`'s working set, as `withGraph` would after the call;
 * run inside the claim's transaction. An invalid session name is the tool's to report, not the claim's.
 */
export function touchClaimed(g: Graph, session: string | undefined, claimed: readonly string[]): void {
  if (session && claimed.length) touch(g, session, claimed.slice(0, TOUCHED_AT_MOST))
}

export type ClaimOutcome =
  | { ok: true; claimed: string[]; lost: LostClaim[]; /** Whom the server claimed for. */ actor?: string }
  | { ok: false; reason: FailureCode; message: string }

export interface Arbitrated {
  claimed: string[]
  lost: LostClaim[]
}

/** The server's answer, or null when the caller should claim on its own copy (no arbiter, offline). */
export async function claimThroughServer(
  ctx: CallContext,
  handle: GraphDoc,
  ask: ClaimAsk,
): Promise<Arbitrated | null> {
  if (!handle.claim) return null
  const out = await handle.claim(ctx.actor, ask)
  if (out === 'offline') return null
  if (!out.ok) throw new ToolError(out.message, out.reason)
  return { claimed: out.claimed, lost: out.lost }
}

/** What graph_next reports, whoever claimed: the items, the ids claimed, the claims lost. */
export interface Work {
  items: Array<{ node: NodeView }>
  claimed: string[]
  lost: LostClaim[]
}

/** The server's claim, read from the caller's copy (which holds it by now). */
export function servedWork(g: Graph, served: Arbitrated): Work {
  const items = served.claimed.flatMap((id) => {
    const node = g.index.nodes.get(id)
    return node ? [{ node }] : []
  })
  return { items, claimed: served.claimed, lost: served.lost }
}

/** The model's own answer: a look without claiming, or a claim on a copy that could not reach a server. */
export function localWork(r: NextResult): Work {
  return { items: r.items, claimed: r.claimed, lost: r.lost_claims }
}
