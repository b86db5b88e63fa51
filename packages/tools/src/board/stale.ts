/**
 * Seed 002's "agent crashes mid-task" as a host does it: a `doing` task whose `started_at` is older
 * than the host's timeout goes back to `todo` with `reset_reason: agent_timeout`, written under the
 * host's own identity (history shows who reset it, not whoever happened to read the board). The sync
 * server, when its operator set a timeout (off by default), does it in every graph it has open, every
 * minute (apps/sync stale-sweep.ts), and when a writer reads a board through seed 002's tools
 * (board/tools.ts); an agent's own copy never does (the server refuses history under a name other
 * than the agent's).
 */
import type * as Y from 'yjs'
import { migrate, openGraph, resetTasks, staleTasks, type EdgeView } from '@plexus/model'

/**
 * The name a host's reset is written under. With tokens, a token's name has no spaces: none can take
 * this one. Without tokens, names are whatever clients say.
 */
export const STALE_RESET_ACTOR = 'Plexus server'

/** The seed's default timeout: a task doing for more than an hour was left by an agent that stopped. */
export const DEFAULT_STALE_TASK_MINUTES = 60

/** A host that resets stale tasks: its timeout. */
export interface StaleTaskPolicy {
  timeoutMs: number
}

/**
 * Resets the stale tasks of one open graph as the host. Reads first and writes only when something is
 * stale; a graph a newer build wrote is left alone (this build never writes one, docs/versions.md).
 */
export function resetStaleAsHost(
  doc: Y.Doc,
  opts: { now: number; timeoutMs: number; newId: () => string; project?: string },
): EdgeView[] {
  const g = openGraph(doc, { actor: STALE_RESET_ACTOR, now: () => opts.now, newId: opts.newId })
  const ask = {
    now: opts.now,
    timeout_ms: opts.timeoutMs,
    ...(opts.project !== undefined ? { project: opts.project } : {}),
  }
  const found = staleTasks(g, ask)
  if (!found.ok || found.stale.length === 0) return []
  if (!migrate(doc, g.origin).ok) return []
  return resetTasks(g, found.stale)
}
