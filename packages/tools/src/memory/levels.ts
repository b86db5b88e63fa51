/**
 * Where memory lives (seed 004's two levels), as ordinary Plexus graphs:
 * - the **user** graph of an identity is its private graph `user.<name>` (scopes.ts `privateGraphOf`:
 *   only that identity's tokens reach it; `alice` → `user.alice`, `Claude Code` →
 *   `user.claude-code-5d41a2`). Its meta kind is `user`.
 * - the **project** graph of a `cwd` is `<last path segment>-<first 8 hex of sha256(cwd)>`
 *   (`/home/me/src/plexus` → `plexus-3b1f09c2`): the same directory is always the same graph, two
 *   checkouts of one repository are two graphs.
 * A memory session (`session_id`, from kg_read) is stored in the user graph and names its project.
 */
import type { Role } from '../access.ts'
import { slugId } from '../slug.ts'
import { privateGraphOf } from '../access.ts'
import {
  ToolError,
  apart,
  graphExists,
  isNew,
  withGraph,
  type CallContext,
  type Touched,
} from '../context.ts'
import { initGraph, readMemorySession, type Graph, type MemorySession } from '@plexus/model'

export type Level = 'user' | 'project'

/** The caller's own graph: the identity's private graph (scopes.ts), which only its tokens reach. */
export function userGraphId(actor: string): string {
  return privateGraphOf(actor)
}

export function projectGraphId(cwd: string): string {
  const clean = cwd.trim().replace(/[/\\]+$/, '') || '/'
  const base = clean.split(/[/\\]/).pop() ?? ''
  return slugId(base, clean, 'root', 8)
}

/** Opens (creating when missing) a level's graph and runs `fn` on it as the caller, in `session`. */
export async function onLevel<T>(
  ctx: CallContext,
  graph: string,
  level: Level,
  fn: (g: Graph, touched: Touched, role: Role) => T,
  title?: string,
): Promise<T> {
  return withGraph(
    ctx,
    graph,
    (g, touched, role) => {
      // Only a writer creates (or upgrades) the level's graph; withGraph gives a reader only one
      // that exists.
      if (role === 'read') return fn(g, touched, role)
      const run = (h: Graph) => {
        const r = initGraph(h, {
          id: graph,
          kind: level,
          title: title ?? (level === 'user' ? `${ctx.actor}'s memory` : graph),
        })
        if (!r.ok) throw new ToolError(r.message)
        return fn(h, touched, role)
      }
      // A new level's graph is made with the call's write, or not at all when the call is refused.
      return isNew(g) ? apart(ctx, g, run) : run(g)
    },
    { allowNew: true },
  )
}

/** The session a call names, from the caller's user graph, or an error saying to start one. */
export async function sessionOf(ctx: CallContext, sessionId: string): Promise<MemorySession> {
  const user = userGraphId(ctx.actor)
  const s = (await graphExists(ctx, user))
    ? await withGraph({ ...ctx, writing: false }, user, (g) => readMemorySession(g, sessionId), {
        allowNew: true,
      })
    : null
  if (!s) {
    throw new ToolError(
      `session ${JSON.stringify(sessionId.slice(0, 80))} not found for ${ctx.actor}: call kg_read {cwd} to start a session and use the session_id it returns`,
      'session_not_found',
    )
  }
  return s
}

/** The graph of a level in a session. */
export function graphOfLevel(ctx: CallContext, s: MemorySession, level: Level): string {
  return level === 'user' ? userGraphId(ctx.actor) : s.project
}
