import { meta, type Graph } from './graph.ts'
import { integrity, type Problem } from './integrity.ts'
import { next } from './readiness.ts'
import { MATCH_CONFIDENCE, resolveLabel } from './resolve.ts'
import type { NodeView } from './types.ts'

export interface Suggestions {
  /** Places where the plan is thin: work with nothing under it, questions nobody answered. */
  gaps: Array<{ id: string; summary: string; why: string }>
  likely_duplicates: Array<{
    a: { id: string; summary: string }
    b: { id: string; summary: string }
    confidence: number
  }>
  orphans: Array<{ id: string; summary: string }>
  next: Array<{ id: string; summary: string }>
  integrity: Problem[]
}

const PLANNING_KINDS = new Set(['goal', 'task'])
/** How many recently updated nodes are compared for duplicates: bounded so it stays cheap at 100k. */
const DUPLICATE_WINDOW = 400

/** What an agent (or a person) could do next to improve the graph. Bounded: each list is at most `limit`. */
export function suggest(g: Graph, opts: { limit?: number } = {}): Suggestions {
  const limit = Math.min(Math.max(1, opts.limit ?? 10), 100)
  const ix = g.index
  const s = ix.struct()
  const root = meta(g).root
  const live: NodeView[] = []
  for (const n of ix.nodes.values()) if (n.deleted_at === null && n.merged_into === null) live.push(n)

  const gaps: Suggestions['gaps'] = []
  for (const n of live) {
    if (gaps.length >= limit) break
    if (n.resolved) continue
    const kids = s.children.get(n.id)?.length ?? 0
    if (n.kind === 'question' && n.evidence.length === 0)
      gaps.push({ id: n.id, summary: n.summary, why: 'open question with no evidence or answer yet' })
    else if (n.kind === 'goal' && kids === 0 && n.id !== root)
      gaps.push({ id: n.id, summary: n.summary, why: 'goal with no steps under it: decompose it' })
    else if (n.id === root && kids === 0)
      gaps.push({
        id: n.id,
        summary: n.summary,
        why: 'the graph has nothing under its root yet: plan the first steps',
      })
    else if (
      PLANNING_KINDS.has(n.kind) &&
      kids === 0 &&
      !n.notes.trim() &&
      n.summary.split(/\s+/).length <= 2
    ) {
      gaps.push({ id: n.id, summary: n.summary, why: 'terse task with no notes: say what done looks like' })
    }
  }

  const recent = [...live]
    .sort((a, b) => b.updated_at - a.updated_at || (a.id < b.id ? -1 : 1))
    .slice(0, DUPLICATE_WINDOW)
  const dupes: Suggestions['likely_duplicates'] = []
  const seen = new Set<string>()
  for (const n of recent) {
    if (dupes.length >= limit) break
    for (const m of resolveLabel(g, n.summary, { limit: 3 })) {
      if (m.id === n.id || m.confidence < MATCH_CONFIDENCE) continue
      const key = [n.id, m.id].sort().join('|')
      if (seen.has(key)) continue
      seen.add(key)
      dupes.push({
        a: { id: n.id, summary: n.summary },
        b: { id: m.id, summary: m.summary },
        confidence: m.confidence,
      })
    }
  }

  const orphans: Suggestions['orphans'] = []
  for (const id of s.roots) {
    if (orphans.length >= limit) break
    if (id === root) continue
    if (ix.edgesOf(id, 'out').length || ix.edgesOf(id, 'in').length) continue
    orphans.push({ id, summary: ix.nodes.get(id)!.summary })
  }

  const nx = next(g, { count: Math.min(limit, 5) })
  return {
    gaps,
    likely_duplicates: dupes,
    orphans,
    next: nx.ok ? nx.items.map((i) => ({ id: i.node.id, summary: i.node.summary })) : [],
    integrity: integrity(g, limit),
  }
}
