// Test helpers for the format tests (kept beside them: src/test/ belongs to the core's harness).
import * as Y from 'yjs'
import { initGraph, openGraph, type Graph } from '../graph.ts'
import type { Result } from '../types.ts'

/** A fresh graph with deterministic clock and ids (n0 is the root). */
export function setup(title = 'Plan', id = 'test') {
  let t = 1000
  let i = 0
  const g = openGraph(new Y.Doc(), { actor: 'alice', now: () => t++, newId: () => 'n' + i++ })
  const init = initGraph(g, { id, title })
  if (!init.ok) throw new Error(init.message)
  return { g, root: init.root }
}

export function ok<T>(r: Result<T>): { ok: true } & T {
  if (!r.ok) throw new Error(`expected ok, got ${r.reason}: ${r.message}`)
  return r
}

/** The graph as a person reads it: names, kinds, tree and edges, ids left out. */
export function shape(g: Graph): { nodes: string[]; edges: string[] } {
  const s = g.index.struct()
  const name = (id: string): string => g.index.nodes.get(id)!.summary
  const nodes: string[] = []
  const edges: string[] = []
  for (const n of g.index.nodes.values()) {
    if (!g.index.live(n.id)) continue
    const p = s.parent.get(n.id)
    nodes.push(`${n.summary}:${n.kind}${p ? ` < ${name(p)}` : ''}`)
    for (const e of g.index.edgesOf(n.id, 'out')) edges.push(`${n.summary} -${e.type}-> ${name(e.other)}`)
  }
  return { nodes: nodes.sort(), edges: edges.sort() }
}

/**
 * A JSON export as an import by `actor` gives it back: authorship is the server's (issue 23), so the
 * importer is each node's, edge's and the meta's `created_by`/`updated_by`; the file's own history,
 * which says who wrote what, comes along unchanged. Every other field is what the file held.
 */
export function authoredBy<T>(json: T, actor: string): T {
  const data = (typeof json === 'string' ? JSON.parse(json) : structuredClone(json)) as {
    meta?: Record<string, unknown>
    nodes?: Array<Record<string, unknown>>
    edges?: Array<Record<string, unknown>>
  }
  const stamp = (o: Record<string, unknown> | undefined): void => {
    if (!o) return
    if ('created_by' in o) o.created_by = actor
    if ('updated_by' in o) o.updated_by = actor
  }
  stamp(data.meta)
  for (const n of data.nodes ?? []) stamp(n)
  for (const e of data.edges ?? []) stamp(e)
  return (typeof json === 'string' ? JSON.stringify(data, null, 2) : data) as T
}
