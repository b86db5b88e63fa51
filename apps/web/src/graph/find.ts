import { search, type Graph, type Status } from '@plexus/model'

export interface Found {
  id: string
  summary: string
  kind: string
  status: Status
  snippet?: string
}

/** The model's ranked full-text search (summary, notes, links, evidence), with each hit's readiness. */
export function findNodes(g: Graph, query: string, limit = 12): Found[] {
  const q = query.trim()
  if (!q) return []
  const r = search(g, q.slice(0, 1000), { limit })
  if (!r.ok) return []
  return r.items.map((it) => ({
    id: it.id,
    summary: it.summary,
    kind: it.kind,
    status: g.index.statusOf(it.id),
    ...(it.snippet ? { snippet: it.snippet } : {}),
  }))
}
