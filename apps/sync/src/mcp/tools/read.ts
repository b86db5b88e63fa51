/** graph_context, graph_query, graph_search, graph_history: reading, always bounded. */
import { z } from 'zod'
import { ToolError, graphOf, must, withGraph, type CallContext } from '../context.ts'
import {
  CLAIMED_BY,
  board,
  changesSince,
  claimOf,
  context,
  nodeHistory,
  query,
  readMeta,
  search,
  type Graph,
  type HistoryEvent,
  type NodeView,
  type QueryFilter,
  type SortKey,
} from '../model.ts'
import { brief, clip, compact, evidence, full, node } from '../shape.ts'
import { limit, project, props, tool, verbose } from '../tool.ts'

export const graphContext = tool({
  name: 'graph_context',
  description:
    'A node and its surroundings: ancestors, subtree to depth (limit pages it), dependencies both ways, other edges by type and direction.',
  input: {
    project,
    id: z.string(),
    depth: z.number().int().min(0).max(10).optional().describe('default 1'),
    limit: limit(500, 50),
    verbose,
  },
  output: { node: 'object', ancestors: 'array', subtree: 'array', depends_on: 'array', dependents: 'array' },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) =>
    withGraph(ctx, args.project, (g, touched) => {
      const r = must(context(g, args.id, { depth: args.depth, limit: args.limit ?? 50 }))
      touched.ids.push(r.node.id)
      const edges: Record<string, { out?: unknown[]; in?: unknown[] }> = {}
      for (const e of r.edges.slice(0, 100)) {
        const t = (edges[e.type] ??= {})
        ;(t[e.direction] ??= []).push(compact({ ...shortBrief(e.node), label: e.label || undefined }))
      }
      return compact({
        node: args.verbose ? full(g, r.node) : look(g, r.node),
        ancestors: r.ancestors.map(shortBrief),
        subtree: r.subtree.map((s) =>
          compact({
            ...shortBrief(s),
            status: s.status,
            depth: s.depth > 1 ? s.depth : undefined,
            parent: s.depth > 1 ? s.parent : undefined,
            children: s.children || undefined,
          }),
        ),
        truncated: r.truncated || undefined,
        depends_on: r.depends_on.slice(0, 50).map(statusBrief),
        dependents: r.dependents.slice(0, 50).map(statusBrief),
        edges,
      })
    }),
})

const shortBrief = (b: { id: string; summary: string; kind: string }) =>
  compact({ id: b.id, summary: clip(b.summary, 120), kind: b.kind === 'concept' ? undefined : b.kind })
const statusBrief = (b: { id: string; summary: string; kind: string; status: string }) => ({
  ...shortBrief(b),
  status: b.status,
})

/** The node itself as an agent looks at it: the brief plus what it needs to work on it. */
export function look(g: Graph, n: NodeView) {
  const properties = Object.fromEntries(
    Object.entries(n.properties).filter(([k]) => !k.startsWith('_claimed')),
  )
  const c = n.properties[CLAIMED_BY] !== undefined ? claimOf(n) : null
  return compact({
    ...brief(g, n),
    notes: n.notes ? clip(n.notes, 1000) : undefined,
    properties,
    links: n.links.slice(0, 20),
    evidence: n.evidence.slice(-5).map(evidence),
    claimed_by: c && !n.resolved ? c.by : undefined,
    rev: n.rev,
  })
}

const filter = z
  .object({
    resolved: z.boolean(),
    kind: z.string(),
    text: z.string(),
    ancestor: z.string().describe('subtree root'),
    properties: props,
    evidence_type: z.string(),
    leaf: z.boolean(),
    actionable: z.boolean(),
    blocked: z.boolean(),
    claimed_by: z.string(),
  })
  .partial()
  .strict()

export const graphQuery = tool({
  name: 'graph_query',
  description: 'Filter, sort and page nodes (cursor). group_by "status": board columns with counts.',
  input: {
    project,
    filter: filter.optional(),
    sort: z.enum(['created_at', 'updated_at', 'summary', 'priority', 'depth', 'rev']).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    limit: limit(200, 20),
    cursor: z.string().optional(),
    group_by: z.enum(['status']).optional(),
    verbose,
  },
  output: { items: 'array', next_cursor: 'string', columns: 'object' },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) =>
    withGraph(ctx, args.project, (g) => {
      const f = (args.filter ?? {}) as QueryFilter
      const max = args.limit ?? 20
      if (args.group_by) {
        const r = must(board(g, f))
        const columns: Record<string, unknown> = {}
        for (const [k, list] of Object.entries(r.columns)) {
          columns[k] = compact({
            count: list.length,
            items: list.slice(0, max).map((n) => node(g, n, args.verbose)),
          })
        }
        return { columns }
      }
      const r = must(
        query(g, {
          filter: f,
          sort: args.sort as SortKey | undefined,
          order: args.order,
          limit: max,
          cursor: args.cursor,
        }),
      )
      return compact({
        items: r.items.map((n) => node(g, n, args.verbose)),
        total: r.total,
        next_cursor: r.next_cursor ?? undefined,
      })
    }),
})

export const graphSearch = tool({
  name: 'graph_search',
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
  output: { items: 'array', next_cursor: 'string' },
  access: 'read',
  annotations: { readOnly: true },
  async run(ctx, args) {
    const max = args.limit ?? 10
    const opts = {
      limit: max,
      kind: args.kind,
      includeResolved: args.include_resolved,
      within: args.within,
      cursor: args.cursor,
    }
    if (args.project !== undefined) {
      return withGraph(ctx, args.project, (g) => {
        const r = must(search(g, args.query, opts))
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
  const graphs = (await ctx.source.list()).slice(0, MAX_GRAPHS)
  const found: Array<Record<string, unknown> & { score: number }> = []
  let total = 0
  for (const info of graphs) {
    const h = await ctx.source.open(info.id)
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
    kind: i.kind === 'concept' ? undefined : i.kind,
    resolved: i.resolved || undefined,
    score: Math.round(i.score * 10000) / 10000,
    snippet: i.snippet ? clip(i.snippet, 200) : undefined,
  })
}

export const graphHistory = tool({
  name: 'graph_history',
  description:
    "A node's audit trail (id), or changes since a cursor (since; by others unless include_own). Pass back the returned cursor.",
  input: {
    project,
    id: z.string().optional(),
    since: z.string().optional(),
    include_own: z.boolean().optional(),
    limit: limit(500, 50),
  },
  output: { events: 'array', cursor: 'string' },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) =>
    withGraph(ctx, args.project, (g) => {
      const max = args.limit ?? 50
      if (args.id !== undefined) {
        if (!g.index.nodes.has(args.id)) must(context(g, args.id)) // the "did you mean" message
        const r = must(nodeHistory(g, args.id, { limit: max }))
        return { events: r.events.map((e) => event(e, false)), total: r.total }
      }
      const r = must(
        changesSince(g, args.since, { limit: max, excludeActor: args.include_own ? undefined : ctx.actor }),
      )
      return compact({ events: r.events.map((e) => event(e, true)), cursor: r.cursor, more: r.more })
    }),
})

function event(e: HistoryEvent, withNode: boolean) {
  return compact({
    node: withNode ? e.node : undefined,
    action: e.action,
    actor: e.actor,
    ts: e.ts,
    changes: e.changes.map((c) =>
      compact({ field: c.field, before: c.before ?? undefined, after: c.after ?? undefined }),
    ),
  })
}
