import { liveEdges } from '../analysis-graph.ts'
import { findCycles } from '../analysis.ts'
import { degreeCentrality } from '../analysis-rank.ts'
import { meta, type Graph } from '../graph.ts'
import { isLive } from '../views.ts'

const clip = (s: string, max: number): string => (s.length > max ? s.slice(0, max - 1) + '…' : s)

/**
 * A graph as a language model reads knowledge back in one call (seed 003's `dump_context`): nodes
 * grouped by kind, every relationship as a sentence, and what stands out (most connected, cycles,
 * isolated). Where `contextDump` is an outline of work, this is a flat picture of facts; the graph's
 * root, which only holds the tree together, is left out. Bounded by `maxChars`, and says what it left
 * out.
 */
export function knowledgeDump(
  g: Graph,
  opts: { maxChars?: number } = {},
): { text: string; nodes: number; relationships: number; truncated: boolean } {
  const maxChars = Math.min(Math.max(Math.floor(opts.maxChars ?? 20_000), 500), 1_000_000)
  const m = meta(g)
  const name = (id: string) => clip(g.index.nodes.get(id)?.summary ?? id, 80)
  const nodes = [...g.index.nodes.values()].filter((n) => isLive(n) && n.id !== m.root)
  const edges = liveEdges(g.index).filter((e) => e.from !== m.root && e.to !== m.root)

  const byKind = new Map<string, string[]>()
  for (const n of nodes) {
    const list = byKind.get(n.kind) ?? []
    list.push(clip(n.summary, 80))
    byKind.set(n.kind, list)
  }
  const kinds = [...byKind.entries()].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))

  const out: string[] = [`# ${clip(m.title || m.id || 'Untitled graph', 200)}`]
  out.push(`${nodes.length} nodes, ${edges.length} relationships`, '', '## Nodes by type')
  for (const [kind, names] of kinds) out.push(`${kind} (${names.length}): ${names.sort().join(', ')}`)
  if (!nodes.length) out.push('(none)')

  out.push('', '## Relationships')
  const sentences = edges
    .map(({ from, to, edge: e }) => {
      const label = e.label && e.label !== e.type ? ` (${clip(e.label, 60)})` : ''
      return `${name(from)} ${e.type}${label} ${name(to)}`
    })
    .sort()
  out.push(...(sentences.length ? sentences : ['(none)']))

  out.push('', '## Key statistics')
  const degree = degreeCentrality(g, { limit: 5 })
  if (degree.ok) {
    const top = degree.nodes.filter((d) => d.degree > 0 && d.id !== m.root)
    out.push(
      `Most connected: ${top.length ? top.map((d) => `${name(d.id)} (${d.degree})`).join(', ') : 'none'}`,
    )
  }
  // Every relation type: in a knowledge graph a loop of `calls` is as telling as one of `depends_on`.
  const types = [...new Set(edges.map((e) => e.edge.type))]
  const cycles = findCycles(g, { limit: 10, types })
  if (cycles.ok) {
    out.push(
      `Cycles: ${cycles.cycles.length ? cycles.cycles.map((c) => [...c, c[0]!].map(name).join(' → ')).join('; ') : 'none'}`,
    )
  }
  const linked = new Set<string>()
  for (const e of edges) linked.add(e.from).add(e.to)
  const isolated = nodes.filter((n) => !linked.has(n.id)).map((n) => clip(n.summary, 80))
  out.push(
    `Isolated: ${isolated.length ? isolated.slice(0, 50).join(', ') + (isolated.length > 50 ? ` and ${isolated.length - 50} more` : '') : 'none'}`,
  )

  let text = out.join('\n')
  const truncated = text.length > maxChars
  if (truncated) {
    const cut = text.lastIndexOf('\n', maxChars - 200)
    text = `${text.slice(0, cut > 0 ? cut : maxChars - 200)}\n… cut at ${maxChars} characters of ${text.length}; ask_graph or export_graph for the rest.`
  }
  return { text, nodes: nodes.length, relationships: edges.length, truncated }
}
