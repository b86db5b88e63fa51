/** The engine's questions: ask_graph, dump_context and the six analyses, nodes named by label. */
import { z } from 'zod'
import { ToolError, must } from '../context.ts'
import {
  allPaths,
  ask,
  degreeCentrality,
  findCycles,
  knowledgeDump,
  pageRank,
  shortestPath,
  type Answer,
  type Graph,
} from '@plexus/model'
import { asOf, asOfOut, tool, type Tool, out } from '../tool.ts'
import { engineComponents, graphArg, labelOf, nodeNamed, onGraph } from './graph.ts'

const topN = z.number().int().min(1).max(1000).optional()

/** One sentence for an answer, beside its structured form. */
function say(a: Answer): string {
  const list = (xs: Array<{ summary: string }>) => xs.map((x) => x.summary).join(', ')
  switch (a.intent) {
    case 'dependents':
      return a.nodes.length
        ? `Nodes that depend on ${a.node.summary}: ${list(a.nodes)}`
        : `Nothing depends on ${a.node.summary}`
    case 'impact':
      return a.nodes.length
        ? `If ${a.node.summary} goes down, these depend on it (directly or through others): ${list(a.nodes)}`
        : `Nothing depends on ${a.node.summary}, directly or through others`
    case 'dependencies':
      return a.nodes.length
        ? `${a.node.summary} depends on: ${list(a.nodes)}`
        : `${a.node.summary} depends on nothing`
    case 'path':
      return a.found
        ? `Path (${a.path.length - 1} hop${a.path.length === 2 ? '' : 's'}, following edge direction): ${a.path.map((p) => p.summary).join(' → ')}`
        : `No path from ${a.from.summary} to ${a.to.summary} following edge direction`
    case 'cycles':
      return a.cycles.length
        ? `${a.cycles.length} cycle(s): ${a.cycles.map((c) => [...c, c[0]!].map((r) => r.summary).join(' → ')).join('; ')}`
        : 'No cycles: the graph is acyclic'
    case 'orphans':
      return a.count ? `${a.count} isolated node(s): ${list(a.nodes)}` : 'No isolated nodes'
    case 'hubs':
      return a.nodes.length
        ? `Most connected: ${a.nodes.map((d) => `${d.summary} (${d.degree})`).join(', ')}`
        : 'No connected nodes'
  }
}

export const askGraph = tool({
  name: 'ask_graph',
  description:
    'Plain questions: "what depends on X" / "what uses X", "what does X depend on", "what breaks if X goes down" (transitive), "path from A to B" / "how does A reach B", "cycles", "orphans", "most connected". as_of reads the past, writing nothing.',
  input: { graph: graphArg, query: z.string().min(1).max(1000), as_of: asOf },
  // The model's Answer, by intent (analysis-ask.ts), with the question and a sentence.
  output: {
    query: out.string,
    intent: out.string,
    result: out.string,
    text: out.string,
    node: out.record,
    nodes: out.list(z.unknown()),
    from: out.record,
    to: out.record,
    direction: out.string,
    found: out.boolean,
    path: out.list(z.unknown()),
    hops: out.list(z.unknown()),
    cycles: out.list(z.unknown()),
    truncated: out.boolean,
    count: out.integer,
    took: out.list(z.unknown()),
    ...asOfOut,
  },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) =>
    onGraph(
      ctx,
      args.graph,
      (g) => {
        const a = must(ask(g, args.query))
        const { ok: _ok, ...rest } = a as Answer & { ok?: true }
        void _ok
        return { query: args.query, result: say(a), ...clipLists(rest) }
      },
      { asOf: args.as_of },
    ),
})

function clipLists(r: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(r)) out[k] = Array.isArray(v) ? v.slice(0, 50) : v
  return out
}

export const dumpContext = tool({
  name: 'dump_context',
  description:
    'Everything in one read: nodes by type, relationships as lines, most connected, cycles, isolated. as_of reads the past, writing nothing.',
  input: {
    graph: graphArg,
    max_chars: z.number().int().min(500).max(200_000).optional(),
    as_of: asOf,
  },
  output: {
    text: out.string,
    nodes: out.integer,
    relationships: out.integer,
    truncated: out.boolean,
    ...asOfOut,
  },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) =>
    onGraph(ctx, args.graph, (g) => knowledgeDump(g, { maxChars: args.max_chars }), { asOf: args.as_of }),
})

export const shortestPathTool = tool({
  name: 'shortest_path',
  description: 'The shortest path from source to target, following edge direction.',
  input: { graph: graphArg, source: z.string(), target: z.string() },
  output: {
    found: out.boolean,
    path: out.list(out.string),
    relations: out.list(out.string),
    length: out.integer,
    direction: out.string,
  },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) =>
    onGraph(ctx, args.graph, (g) => {
      const a = nodeNamed(g, args.source, 'source')
      const b = nodeNamed(g, args.target, 'target')
      const r = must(shortestPath(g, a.id, b.id, { direction: 'out' }))
      return {
        found: r.found,
        path: r.path.map((id) => labelOf(g, id)),
        relations: r.hops.map((h) => h.type),
        length: r.found ? r.path.length - 1 : 0,
        direction: 'out',
      }
    }),
})

export const allPathsTool = tool({
  name: 'all_paths',
  description: 'Every simple path from source to target (edge direction), up to max_length hops.',
  input: {
    graph: graphArg,
    source: z.string(),
    target: z.string(),
    max_length: z.number().int().min(1).max(12).optional(),
  },
  output: { paths: out.list(out.list(out.string)), count: out.integer, truncated: out.boolean },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) =>
    onGraph(ctx, args.graph, (g) => {
      const a = nodeNamed(g, args.source, 'source')
      const b = nodeNamed(g, args.target, 'target')
      const r = must(allPaths(g, a.id, b.id, { maxDepth: args.max_length, limit: 50, direction: 'out' }))
      return {
        paths: r.paths.map((p) => p.map((id) => labelOf(g, id))),
        count: r.paths.length,
        truncated: r.truncated,
      }
    }),
})

export const findCyclesTool = tool({
  name: 'find_cycles',
  description: 'Cycles over every relation type.',
  input: { graph: graphArg },
  output: { cycles: out.list(out.list(out.string)), has_cycles: out.boolean, truncated: out.boolean },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) =>
    onGraph(ctx, args.graph, (g) => {
      const r = must(findCycles(g, { limit: 100, types: relationTypes(g) }))
      return {
        cycles: r.cycles.map((c) => c.map((id) => labelOf(g, id))),
        has_cycles: r.cycles.length > 0,
        truncated: r.truncated,
      }
    }),
})

const named = (g: Graph, id: string) => labelOf(g, id)

/** Every relation type in use: the engine's cycles span them all. */
function relationTypes(g: Graph): string[] {
  const types = new Set<string>()
  for (const id of g.index.nodes.keys()) for (const e of g.index.edgesOf(id, 'out')) types.add(e.type)
  return [...types]
}

/**
 * A tool that ranks the graph's nodes, best first: the first `top_n` (default 20) of them. `extra`
 * declares what the result carries beside `rankings`.
 */
function rankingTool(
  name: string,
  description: string,
  extra: z.ZodRawShape,
  rank: (g: Graph, limit: number) => { rankings: unknown[] } & Record<string, unknown>,
): Tool {
  return tool({
    name,
    description,
    input: { graph: graphArg, top_n: topN },
    output: { rankings: out.list(z.unknown()), ...extra },
    access: 'read',
    annotations: { readOnly: true },
    run: (ctx, args) => onGraph(ctx, args.graph, (g) => rank(g, args.top_n ?? 20)),
  })
}

export const pageRankTool = rankingTool(
  'pagerank',
  'PageRank: high when much points at a node.',
  { converged: out.boolean },
  (g, limit) => {
    const r = must(pageRank(g, { limit }))
    return {
      rankings: r.ranks.map((x) => ({ node: named(g, x.id), score: Math.round(x.score * 1e6) / 1e6 })),
      converged: r.converged,
    }
  },
)

export const connectedComponents = tool({
  name: 'connected_components',
  description: 'Groups of nodes linked in either direction.',
  input: { graph: graphArg },
  output: {
    components: out.list(out.item({ size: out.integer, nodes: out.list(out.string) })),
    count: out.integer,
  },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) =>
    onGraph(ctx, args.graph, (g) => {
      const r = engineComponents(g, { limit: 50, maxIds: 50 })
      if (!r) throw new ToolError('connected components could not be computed for this graph')
      return {
        count: r.count,
        components: r.components.map((c) => ({ size: c.size, nodes: c.ids.map((id) => named(g, id)) })),
      }
    }),
})

export const degreeCentralityTool = rankingTool(
  'degree_centrality',
  'In/out degree per node, most connected first.',
  {},
  (g, limit) => {
    const r = must(degreeCentrality(g, { limit }))
    return {
      rankings: r.nodes.map((d) => ({
        node: named(g, d.id),
        in_degree: d.in,
        out_degree: d.out,
        total: d.degree,
        centrality: Math.round(d.centrality * 1e4) / 1e4,
      })),
    }
  },
)

export const QUERY_TOOLS: Tool[] = [
  askGraph,
  dumpContext,
  shortestPathTool,
  allPathsTool,
  findCyclesTool,
  pageRankTool,
  connectedComponents,
  degreeCentralityTool,
]
