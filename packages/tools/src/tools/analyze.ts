/** graph_analyze and graph_suggest: questions about the whole graph, bounded. */
import { z } from 'zod'
import { ToolError, must, withGraph } from '../context.ts'
import {
  allPaths,
  ask,
  components,
  degreeCentrality,
  findCycles,
  hubs,
  orphans,
  pageRank,
  shortestPath,
  subgraph,
  suggest,
  transitiveReduction,
  type Graph,
} from '@plexus/model'
import { brief, clip, compact } from '../shape.ts'
import { brief as briefOut, limit, project, tool, out } from '../tool.ts'

const OPS = [
  'path',
  'paths',
  'cycles',
  'pagerank',
  'components',
  'centrality',
  'hubs',
  'reduction',
  'subgraph',
  'orphans',
] as const

export const graphAnalyze = tool({
  name: 'graph_analyze',
  docs: {
    does: 'paths (along edge direction), cycles (every edge type unless `types`), PageRank, components, centrality, hubs, reduction, subgraph, orphans, plain questions (a near match is named in `took`)',
    example: { project: 'launch', question: 'what depends on Database' },
  },
  description:
    'Run op (path and paths take from, to; subgraph takes ids) or answer a plain question ("what depends on X", "what does X depend on", "path from A to B", "cycles"). Nodes by id or label.',
  input: {
    project,
    op: z.enum(OPS).optional(),
    question: z.string().max(1000).optional(),
    from: z.string().optional(),
    to: z.string().optional(),
    ids: z.array(z.string()).max(100).optional(),
    types: z.array(z.string()).optional().describe('edge types'),
    direction: z.enum(['out', 'in', 'both']).optional(),
    depth: z.number().int().min(0).max(12).optional(),
    limit: limit(1000, 20),
  },
  // By op: the model's result for it (analyze below), or for a question its Answer (analysis-ask.ts).
  output: {
    op: out.string,
    text: out.string,
    intent: out.string,
    node: z.unknown(),
    from: z.unknown(),
    to: z.unknown(),
    direction: out.string,
    found: out.boolean,
    path: out.list(z.unknown()),
    hops: out.list(z.unknown()),
    paths: out.list(z.unknown()),
    cycles: out.list(z.unknown()),
    ranks: out.list(z.unknown()),
    converged: out.boolean,
    count: out.integer,
    components: out.list(z.unknown()),
    nodes: out.list(z.unknown()),
    edges: out.list(z.unknown()),
    redundant: out.list(z.unknown()),
    names: out.record,
    took: out.list(z.unknown()),
    truncated: out.boolean,
  },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) =>
    withGraph(ctx, args.project, (g) => {
      if (args.question !== undefined) {
        const r = must(ask(g, args.question))
        return { op: 'ask', ...clipAnswer(r) }
      }
      if (!args.op) throw new ToolError(`give op (${OPS.join(', ')}) or a question`)
      return { op: args.op, ...analyze(g, args.op, args) }
    }),
})

interface Args {
  from?: string
  to?: string
  ids?: string[]
  types?: string[]
  direction?: 'out' | 'in' | 'both'
  depth?: number
  limit?: number
}

const ref = (g: Graph, id: string) => ({ id, summary: clip(g.index.nodes.get(id)?.summary ?? '', 80) })

/** A label here was resolved (and reported) before the tool ran: see node-args.ts. */
function endpoint(v: string | undefined, name: 'from' | 'to'): string {
  if (v === undefined) throw new ToolError(`this op needs ${name}: a node id or label`)
  return v
}

function analyze(g: Graph, op: (typeof OPS)[number], a: Args): Record<string, unknown> {
  const max = a.limit ?? 20
  const types = a.types
  switch (op) {
    case 'path': {
      const r = must(
        shortestPath(g, endpoint(a.from, 'from'), endpoint(a.to, 'to'), {
          types,
          direction: a.direction,
        }),
      )
      return {
        direction: a.direction ?? 'out',
        found: r.found,
        path: r.path.map((id) => ref(g, id)),
        hops: r.hops.map((h) => h.type),
      }
    }
    case 'paths': {
      const r = must(
        allPaths(g, endpoint(a.from, 'from'), endpoint(a.to, 'to'), {
          types,
          direction: a.direction,
          maxDepth: a.depth,
          limit: max,
        }),
      )
      return withNames(g, { paths: r.paths, truncated: r.truncated }, r.paths.flat())
    }
    case 'cycles': {
      const r = must(findCycles(g, { types, limit: max }))
      return withNames(g, { cycles: r.cycles, truncated: r.truncated }, r.cycles.flat())
    }
    case 'pagerank': {
      const r = must(pageRank(g, { types, limit: max }))
      return {
        ranks: r.ranks
          .slice(0, max)
          .map((x) => ({ ...ref(g, x.id), score: Math.round(x.score * 1e6) / 1e6 })),
        converged: r.converged,
      }
    }
    case 'components': {
      const r = must(components(g, { types, limit: max, maxIds: 20 }))
      return { count: r.count, components: r.components.slice(0, max) }
    }
    case 'centrality':
    case 'hubs': {
      const r = must((op === 'hubs' ? hubs : degreeCentrality)(g, { types, limit: max }))
      return { nodes: r.nodes.map((d) => ({ ...ref(g, d.id), in: d.in, out: d.out, degree: d.degree })) }
    }
    case 'reduction': {
      const r = must(transitiveReduction(g, { types, limit: max }))
      return withNames(
        g,
        {
          redundant: r.redundant.slice(0, max).map((h) => ({ from: h.from, to: h.to, type: h.type })),
          truncated: r.truncated,
        },
        r.redundant.slice(0, max).flatMap((h) => [h.from, h.to]),
      )
    }
    case 'subgraph': {
      if (!a.ids?.length) throw new ToolError('subgraph needs ids: the node ids to start from')
      const r = must(subgraph(g, a.ids, { depth: a.depth, types, limit: Math.min(max, 500) }))
      return {
        nodes: r.nodes.map((n) => brief(g, n)),
        edges: r.edges.slice(0, 1000).map((e) => ({ from: e.from, to: e.to, type: e.type })),
        truncated: r.truncated,
      }
    }
    case 'orphans': {
      const r = must(orphans(g, { limit: max }))
      return { count: r.count, nodes: r.nodes.map((n) => ref(g, n.id)) }
    }
  }
}

/** Id lists stay ids; the summaries they name come once, in `names`. */
function withNames(g: Graph, out: Record<string, unknown>, ids: string[]): Record<string, unknown> {
  const names: Record<string, string> = {}
  for (const id of ids.slice(0, 500)) names[id] ??= clip(g.index.nodes.get(id)?.summary ?? '', 80)
  return ids.length ? { ...out, names } : out
}

function clipAnswer(r: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(r)) if (k !== 'ok') out[k] = Array.isArray(v) ? v.slice(0, 50) : v
  return out
}

export const graphSuggest = tool({
  name: 'graph_suggest',
  docs: {
    does: 'gaps, likely duplicates, orphans, next, integrity problems',
    example: { project: 'launch' },
  },
  description: 'What to improve: gaps, likely duplicates, orphans, next work, integrity problems.',
  input: { project, limit: limit(100, 10) },
  output: {
    gaps: out.list(out.item({ id: out.string, summary: out.string, why: out.string })),
    likely_duplicates: out.list(
      out.item({ a: out.string, b: out.string, summaries: out.list(out.string), confidence: out.number }),
    ),
    orphans: out.list(briefOut),
    integrity: out.list(out.item({ type: out.string, message: out.string })),
    next: out.list(briefOut),
  },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) => withGraph(ctx, args.project, (g) => suggestions(g, args.limit)),
})

export function suggestions(g: Graph, max = 10): Record<string, unknown> {
  const s = suggest(g, { limit: max })
  return compact({
    gaps: s.gaps.map((x) => ({ id: x.id, summary: clip(x.summary, 80), why: x.why })),
    likely_duplicates: s.likely_duplicates.map((d) => ({
      a: d.a.id,
      b: d.b.id,
      summaries: [clip(d.a.summary, 80), clip(d.b.summary, 80)],
      confidence: Math.round(d.confidence * 100) / 100,
    })),
    orphans: s.orphans.map((o) => ({ id: o.id, summary: clip(o.summary, 80) })),
    next: s.next.map((o) => ({ id: o.id, summary: clip(o.summary, 80) })),
    integrity: s.integrity.map((p) => ({ type: p.type, message: p.message })),
  })
}
