/** graph_query and graph_search: finding nodes, always bounded. */
import { z } from 'zod'
import { ToolError, graphOf, visibleGraphs, must, withGraph, type CallContext } from '../context.ts'
import {
  board,
  CLAIMED_BY,
  type Graph,
  holderOf,
  type NodeView,
  query,
  type QueryFilter,
  readMeta,
  search,
  shownKind,
  type SortKey,
} from '@plexus/model'
import { brief, clip, compact, evidence, seedNode, shownProperties } from '../shape.ts'
import { asOf, limit, project, props, tool, verbose, out, asOfOut } from '../tool.ts'

/** The node itself as an agent looks at it: the brief plus what it needs to work on it. */
export function look(g: Graph, n: NodeView) {
  const properties = Object.fromEntries(
    Object.entries(n.properties).filter(([k]) => !k.startsWith('_claimed')),
  )
  const c = n.properties[CLAIMED_BY] !== undefined ? holderOf(n, g.env.now()) : null
  return compact({
    ...brief(g, n),
    notes: n.notes ? clip(n.notes, 1000) : undefined,
    properties,
    context_links: n.links.slice(0, 20),
    evidence: n.evidence.slice(-5).map(evidence),
    claimed_by: c?.by,
    rev: n.rev,
  })
}

const filter = z
  .object({
    resolved: z.boolean(),
    properties: props,
    text: z.string(),
    ancestor: z.string(),
    has_evidence_type: z.string(),
    is_leaf: z.boolean(),
    is_actionable: z.boolean(),
    is_blocked: z.boolean(),
    claimed_by: z.string().nullable().describe('null: unclaimed'),
    kind: z.string(),
  })
  .partial()
  .strict()

/** Seed 000's sort names as the model's keys, with the order each reads best in by default. */
const SORTS = {
  readiness: ['readiness', 'asc'],
  depth: ['depth', 'desc'],
  recent: ['updated_at', 'desc'],
  created: ['created_at', 'asc'],
  priority: ['priority', 'desc'],
  summary: ['summary', 'asc'],
} as const satisfies Record<string, readonly [SortKey, 'asc' | 'desc']>

export const graphQuery = tool({
  name: 'graph_query',
  docs: {
    does: '`filter` (`resolved`, `properties`, `text`, `ancestor`, `has_evidence_type`, `is_leaf`, `is_actionable`, `is_blocked`, `claimed_by`, null for unclaimed), `sort` (`readiness`, `depth`, `recent`, `created`), `limit` (20, max 100), `cursor`; `nodes[{id, summary, resolved, state?, parent?, depth, properties}]`, `total`, `next_cursor`; `group_by: "status"` for a board',
    example: { project: 'launch', filter: { is_actionable: true, claimed_by: null }, sort: 'readiness' },
  },
  description:
    'Filter, sort and page nodes (limit default 20, max 100; next_cursor). group_by "status": board columns.',
  input: {
    project,
    filter: filter.optional(),
    sort: z.enum(['readiness', 'depth', 'recent', 'created', 'priority', 'summary']).optional(),
    limit: limit(100, 20),
    cursor: z.string().optional(),
    order: z.enum(['asc', 'desc']).optional(),
    group_by: z.enum(['status']).optional(),
    verbose,
    as_of: asOf,
  },
  output: {
    nodes: out.list(out.item({ id: out.string, summary: out.string, resolved: out.boolean })),
    total: out.integer,
    next_cursor: out.string,
    columns: out.record,
    ...asOfOut,
  },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) =>
    withGraph(
      ctx,
      args.project,
      (g) => {
        const a = args.filter ?? {}
        const f: QueryFilter = {
          resolved: a.resolved,
          properties: a.properties,
          text: a.text,
          ancestor: a.ancestor,
          evidence_type: a.has_evidence_type,
          leaf: a.is_leaf,
          actionable: a.is_actionable,
          blocked: a.is_blocked,
          claimed_by: a.claimed_by,
          kind: a.kind,
        }
        const max = args.limit ?? 20
        const row = (n: NodeView) =>
          args.verbose ? { ...seedNode(n), depth: depthOf(g, n) } : queryRow(g, n)
        if (args.group_by) {
          const r = must(board(g, f))
          const columns: Record<string, unknown> = {}
          for (const [k, list] of Object.entries(r.columns))
            columns[k] = compact({ count: list.length, nodes: list.slice(0, max).map(row) })
          return { columns }
        }
        const [sort, order] = SORTS[args.sort ?? 'readiness']
        const r = must(
          query(g, {
            filter: f,
            sort,
            order: args.order ?? order,
            limit: max,
            cursor: args.cursor,
          }),
        )
        return {
          nodes: r.items.map(row),
          total: r.total,
          ...compact({ next_cursor: r.next_cursor ?? undefined }),
        }
      },
      { asOf: args.as_of },
    ),
})

const depthOf = (g: Graph, n: NodeView): number => g.index.struct().depth.get(n.id) ?? 0

/** A query row as seed 000 lists it: id, summary, resolved, state?, parent?, depth, properties (+ kind). */
function queryRow(g: Graph, n: NodeView) {
  const out: Record<string, unknown> = { id: n.id, summary: clip(n.summary, 200), resolved: n.resolved }
  if (n.state !== null && n.state !== undefined) out.state = n.state
  if (n.parent !== null) out.parent = n.parent
  out.depth = depthOf(g, n)
  out.properties = shownProperties(n.properties)
  if (shownKind(n.kind)) out.kind = n.kind
  return out
}

export const graphSearch = tool({
  name: 'graph_search',
  docs: {
    does: 'ranked full-text search, one graph or all you can read',
    example: { query: 'rate limit', project: 'launch' },
  },
  description:
    'Ranked full-text search over summaries, notes, links, evidence: one graph (project) or all you can read.',
  input: {
    query: z.string().min(1).max(1000),
    project: project.optional(),
    limit: limit(200, 10),
    cursor: z.string().optional(),
    kind: z.string().optional(),
    include_resolved: z.boolean().optional(),
    within: z.string().optional().describe('subtree root'),
  },
  output: {
    items: out.list(out.item({ id: out.string, summary: out.string, score: out.number })),
    total: out.integer,
    next_cursor: out.string,
    graphs: out.integer,
  },
  access: 'read',
  annotations: { readOnly: true },
  async run(ctx, args) {
    const max = args.limit ?? 10
    if (args.project !== undefined) {
      return withGraph(ctx, args.project, (g) => {
        // Read once the graph is open: `within` may have been given as a label and resolved.
        const opts = { limit: max, kind: args.kind, includeResolved: args.include_resolved }
        const r = must(search(g, args.query, { ...opts, within: args.within, cursor: args.cursor }))
        return compact({ items: r.items.map(hit), total: r.total, next_cursor: r.next_cursor ?? undefined })
      })
    }
    if (args.cursor !== undefined || args.within !== undefined)
      throw new ToolError('cursor and within need a project; search one graph to page through it')
    return searchAll(ctx, args.query, { limit: max, kind: args.kind, includeResolved: args.include_resolved })
  },
})

const MAX_GRAPHS = 100

async function searchAll(
  ctx: CallContext,
  q: string,
  opts: { limit: number; kind?: string; includeResolved?: boolean },
) {
  const graphs = (await visibleGraphs(ctx)).slice(0, MAX_GRAPHS)
  const found: Array<Record<string, unknown> & { score: number }> = []
  let total = 0
  for (const info of graphs) {
    const h = await ctx.source.open(info.id)
    if (!h) continue
    try {
      if (!readMeta(h.doc).root) continue
      const r = search(graphOf(ctx, h.doc), q, opts)
      if (!r.ok) throw new ToolError(r.message)
      total += r.total
      for (const item of r.items) found.push({ project: info.id, ...hit(item) })
    } finally {
      h.release()
    }
  }
  found.sort((a, b) => b.score - a.score)
  return compact({ items: found.slice(0, opts.limit), total, graphs: graphs.length })
}

function hit(i: {
  id: string
  summary: string
  kind: string
  resolved: boolean
  score: number
  snippet?: string
}) {
  return compact({
    id: i.id,
    summary: clip(i.summary, 200),
    kind: shownKind(i.kind) ?? undefined,
    resolved: i.resolved || undefined,
    score: Math.round(i.score * 10000) / 10000,
    snippet: i.snippet ? clip(i.snippet, 200) : undefined,
  })
}
