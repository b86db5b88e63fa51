/**
 * `graph_next {claim: true}` through the server's arbitration (../claims.ts) whenever the graph source
 * has it: over `/mcp` the in-process arbiter, from `plexus mcp` the server's claims route. Only when
 * no server can be reached does a tool claim on its own copy of the document.
 */
import type { Graph, LostClaim, NextResult, NodeView } from '@plexus/model'
import { ToolError, checkProject, type CallContext, type ClaimAsk } from './context.ts'

export interface Arbitrated {
  claimed: string[]
  lost: LostClaim[]
}

/** The server's answer, or null when the caller should claim on its own copy (no arbiter, offline). */
export async function claimThroughServer(
  ctx: CallContext,
  project: string,
  ask: ClaimAsk,
): Promise<Arbitrated | null> {
  if (!ctx.source.claimNext) return null
  checkProject(project)
  // An unknown graph is reported by withGraph, with the graphs there are.
  if (!(await ctx.source.exists(project))) return null
  const out = await ctx.source.claimNext(project, ctx.actor, ask)
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
