/**
 * What the claim race (claim-race.ts) reads to check claims: each task's holder as one server's MCP
 * reads show it, and PostgreSQL's claims rows, which decide.
 */
import type { PgStore } from '@plexus/sync'
import type { Agent, ToolReply } from './peers.ts'

type Pool = PgStore['pool']

/** Each task's live holder as `a`'s current server's `graph_query` rows show it (the root left out). */
export async function readHolders(
  a: Agent,
  graph: string,
  deadline = performance.now() + 10_000,
): Promise<Map<string, string | null>> {
  const reply = await must(
    a.callUntilAnswered('graph_query', { project: graph, filter: { resolved: false }, limit: 100 }, deadline),
  )
  type Row = { id: string; depth: number; properties: Record<string, unknown> }
  const holder = (p: Record<string, unknown>) => {
    const by = p._claimed_by
    const until = p._claimed_until
    return typeof by === 'string' && (typeof until !== 'number' || until > Date.now()) ? by : null
  }
  const rows = (reply.data.nodes as Row[]).filter((n) => n.depth > 0)
  return new Map(rows.map((n) => [n.id, holder(n.properties)]))
}

/** Whether PostgreSQL's row gives `task` to `holder` now. */
export async function holds(pool: Pool, graph: string, task: string, holder: string): Promise<boolean> {
  const r = await pool.query(
    'SELECT 1 FROM claims WHERE graph = $1 AND node = $2 AND holder = $3 AND NOT done AND expires_at > now()',
    [graph, task, holder],
  )
  return r.rowCount !== 0
}

/** Every live claim row of `graph`: task -> holder. */
export async function liveRows(pool: Pool, graph: string): Promise<Map<string, string>> {
  const r = await pool.query<{ node: string; holder: string }>(
    'SELECT node, holder FROM claims WHERE graph = $1 AND NOT done AND expires_at > now()',
    [graph],
  )
  return new Map(r.rows.map((row) => [row.node, row.holder]))
}

/** A tool reply that must be a success. */
export async function must(p: Promise<ToolReply>): Promise<ToolReply> {
  const r = await p
  if (!r.ok) throw new Error(r.text)
  return r
}
