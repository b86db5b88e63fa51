/** graph_context and graph_history: one node, read deeply; `project` optional, the id names its graph. */
import { z } from 'zod'
import { ToolError, must, withGraph, type CallContext } from '../context.ts'
import { projectOf } from '../locate.ts'
import {
  changesSince,
  context,
  holderOf,
  inDrawnOrder,
  nodeHistory,
  SEED_ACTIONS,
  type Failure,
  type Graph,
  type HistoryEvent,
  type NodeView,
} from '@plexus/model'
import { clip, compact, iso, seedNode, shownValue } from '../shape.ts'
import { asOf, limit, project, tool, out, asOfOut } from '../tool.ts'

export const graphContext = tool({
  name: 'graph_context',
  docs: {
    does: "`node`, `ancestors[{id, summary, resolved}]`, `children` as a tree to `depth` (default 2; `child_count` where cut), `depends_on` and `depended_by` as `{node, satisfied}` (50 each; `more_depends_on`, `more_depended_by` count the rest); other edges by type (100; `more_edges`). Nodes are seed 000's Node, except where the caller already has the Node from `graph_next {claim}`: the node it holds and the nodes in its `depends_on` and `depended_by` come as `{id, summary, resolved, brief: true}` (the held node with its `rev`); `full: true` returns whole Nodes",
    example: { node_id: 'n_8k2m4q0c1x7z' },
  },
  description:
    'A node and its neighbourhood: ancestors, children tree to depth (default 2; child_count where cut), depends_on and depended_by with satisfied, other edges. A node you hold and its neighbours come brief (graph_next gave it); full: true for whole Nodes.',
  input: {
    node_id: z.string(),
    depth: z.number().int().min(0).max(10).optional().describe('default 2'),
    project: project.optional(),
    limit: limit(500, 50),
    full: z.boolean().optional(),
    as_of: asOf,
  },
  output: {
    node: out.record,
    ancestors: out.list(out.item({ id: out.string, summary: out.string, resolved: out.boolean })),
    children: out.list(z.unknown()),
    depends_on: out.list(out.item({ node: out.record, satisfied: out.boolean })),
    depended_by: out.list(out.item({ node: out.record, satisfied: out.boolean })),
    /** How many were left out past the first 50 (`graph_analyze {op: "subgraph", ids: [id], types, depth: 1}` lists them). */
    more_depends_on: out.integer,
    more_depended_by: out.integer,
    more_edges: out.integer,
    child_count: out.integer,
    edges: out.record,
    ...asOfOut,
  },
  access: 'read',
  annotations: { readOnly: true },
  async run(ctx, args) {
    const graph = await projectOf(ctx.source, args.project, [args.node_id], 'graph_context')
    return withGraph(
      ctx,
      graph,
      (g, touched) => {
        const r = must(asNodeId(context(g, args.node_id, { depth: 0 })))
        touched.ids.push(r.node.id)
        // Grouped in a Map: an edge type is any word, "__proto__" and "constructor" included (an
        // object's `edges[type] ??= {}` found Object.prototype and wrote into every object there is).
        const groups = new Map<string, { out?: unknown[]; in?: unknown[] }>()
        for (const e of r.edges.slice(0, 100)) {
          let t = groups.get(e.type)
          if (!t) groups.set(e.type, (t = {}))
          ;(t[e.direction] ??= []).push({ id: e.node.id, summary: clip(e.node.summary, 120) })
        }
        const edges = Object.fromEntries(groups)
        const budget = { left: args.limit ?? 50 }
        // The caller holds this node: graph_next {claim} gave it the Node and its dependencies (id,
        // summary, evidence), so they come brief here instead of a second time in full; so do the
        // nodes waiting on it, which the work at hand needs to know of, not to read (finding 8: a
        // full Node per neighbour put the loop a third over seed 000's ~1,800 B per cycle).
        const held = !args.full && holderOf(r.node, g.env.now())?.by === ctx.actor
        const dep = (id: string, satisfied: boolean) => ({
          node: held ? briefNode(view(g, id)) : seedNode(view(g, id), 3),
          satisfied,
        })
        const below = tree(g, r.node.id, 1, args.depth ?? 2, budget)
        return {
          node: held ? { ...briefNode(r.node), rev: r.node.rev } : seedNode(r.node),
          ancestors: r.ancestors.map((a) => ({
            id: a.id,
            summary: clip(a.summary, 120),
            resolved: view(g, a.id).resolved,
          })),
          children: below.children ?? [],
          ...compact({ child_count: below.child_count }),
          depends_on: r.depends_on.slice(0, 50).map((d) => dep(d.id, view(g, d.id).resolved)),
          depended_by: r.dependents.slice(0, 50).map((d) => dep(d.id, r.node.resolved)),
          ...compact({
            edges,
            more_depends_on: over(r.depends_on.length, 50),
            more_depended_by: over(r.dependents.length, 50),
            more_edges: over(r.edges.length, 100),
          }),
        }
      },
      { asOf: args.as_of },
    )
  },
})

const view = (g: Graph, id: string): NodeView => g.index.nodes.get(id)!

/** How many of `n` a list of at most `max` left out, or undefined when none. */
const over = (n: number, max: number): number | undefined => (n > max ? n - max : undefined)

/** A Node the agent already has in full: which one, and whether it is resolved; `brief` says so. */
function briefNode(n: NodeView) {
  return { id: n.id, summary: clip(n.summary, 120), resolved: n.resolved, brief: true as const }
}

interface NodeTree {
  id: string
  summary: string
  resolved: boolean
  state?: unknown
  children?: NodeTree[]
  child_count?: number
}

/**
 * Seed 000's NodeTree: children nested to `depth`, then `child_count`; at most `budget` nodes in all.
 * Siblings in the order the map draws them (drawn-order.ts), so a person's drop shows in the next read.
 */
function tree(g: Graph, id: string, level: number, depth: number, budget: { left: number }): NodeTree {
  const n = view(g, id)
  const out: NodeTree = { id, summary: clip(n.summary, 120), resolved: n.resolved }
  if (n.state !== null && n.state !== undefined) out.state = n.state
  const kids = g.index.struct().children.get(id) ?? []
  if (!kids.length) return out
  if (level > depth || budget.left < kids.length) {
    out.child_count = kids.length
    return out
  }
  budget.left -= kids.length
  out.children = inDrawnOrder(g.index, kids).map((k) => tree(g, k, level + 1, depth, budget))
  return out
}

/** The model names the argument `id`; this tool's is `node_id`. */
function asNodeId<T extends { ok: boolean }>(r: T | Failure): T | Failure {
  return r.ok ? r : { ...(r as Failure), message: (r as Failure).message.replace(/^id:/, 'node_id:') }
}

export const graphHistory = tool({
  name: 'graph_history',
  docs: {
    does: "a node's trail, newest first: `events[{timestamp, agent, action, changes[{field, before, after}]}]` (`created`, `updated`, `resolved`, `moved`, `merged`, `dropped`, \u2026), `next_cursor`; without `node_id`, a project's changes `since` a cursor (by others unless `include_own`)",
    example: { node_id: 'n_8k2m4q0c1x7z', limit: 20 },
  },
  description:
    "A node's trail, newest first, paged by next_cursor. Without node_id: a project's changes since a cursor (since; by others unless include_own).",
  input: {
    node_id: z.string().optional(),
    limit: limit(500, 20).describe('default 20'),
    cursor: z.string().optional(),
    project: project.optional(),
    since: z.string().optional(),
    include_own: z.boolean().optional(),
    as_of: asOf,
  },
  output: {
    events: out.list(
      out.item({
        timestamp: out.string,
        agent: out.string,
        action: out.string,
        changes: out.list(out.item({ field: out.string, before: z.unknown(), after: z.unknown() })),
      }),
    ),
    total: out.integer,
    next_cursor: out.string,
    more: out.boolean,
    ...asOfOut,
  },
  access: 'read',
  annotations: { readOnly: true },
  async run(ctx, args) {
    const max = args.limit ?? 20
    if (args.node_id === undefined) return changes(ctx, args, max)
    const graph = await projectOf(ctx.source, args.project, [args.node_id], 'graph_history')
    return withGraph(
      ctx,
      graph,
      (g) => {
        // Read once open: withGraph has put the id in place of a label.
        const id = args.node_id!
        if (!g.index.nodes.has(id)) must(asNodeId(context(g, id))) // the "did you mean" message
        const total = must(nodeHistory(g, id, { limit: 1 })).total
        const skip = args.cursor === undefined ? 0 : offsetOf(args.cursor, total)
        const r = must(nodeHistory(g, id, { limit: max, offset: skip }))
        const next = skip + r.events.length < total ? `h${total}.${skip + r.events.length}` : undefined
        return { events: r.events.map((e) => event(e, false)), ...compact({ next_cursor: next }), total }
      },
      { asOf: args.as_of },
    )
  },
})

/**
 * A node-history cursor is `h<total>.<offset>`: events are newest first, so events added since the
 * cursor was made push the page down by as many.
 */
function offsetOf(cursor: string, total: number): number {
  const m = /^h(\d+)\.(\d+)$/.exec(cursor)
  if (!m)
    throw new ToolError('cursor is not one graph_history returned for this node; omit it to start again')
  return Number(m[2]) + Math.max(0, total - Number(m[1]))
}

function changes(
  ctx: CallContext,
  args: { project?: string; since?: string; cursor?: string; include_own?: boolean; as_of?: string },
  max: number,
) {
  if (args.project === undefined)
    throw new ToolError('graph_history: give node_id for a node, or project (with since) for its changes')
  return withGraph(
    ctx,
    args.project,
    (g) => {
      const from = args.cursor ?? args.since
      const r = must(
        changesSince(g, from, { limit: max, excludeActor: args.include_own ? undefined : ctx.actor }),
      )
      return {
        events: r.events.map((e) => event(e, true)),
        ...compact({ next_cursor: r.cursor, more: r.more }),
      }
    },
    { asOf: args.as_of },
  )
}

function actionOf(e: HistoryEvent): string {
  if (e.action === 'update' && e.changes.some((c) => c.field === 'resolved' && c.after === true))
    return 'resolved'
  return SEED_ACTIONS[e.action] ?? e.action
}

function event(e: HistoryEvent, withNode: boolean) {
  return {
    ...(withNode ? { node_id: e.node } : {}),
    timestamp: iso(e.ts),
    agent: e.actor,
    action: actionOf(e),
    changes: e.changes.map((c) => ({
      field: c.field,
      before: shownValue(c.field, c.before ?? null),
      after: shownValue(c.field, c.after ?? null),
    })),
  }
}
