/**
 * The board surface: seed 002's six edge tools by their names, arguments and result shapes, the two
 * its agent workflow calls (create_knowledge_note, semantic_search) and its stale-task reset, over
 * `packages/model`'s typed edges (typed-edges.ts). Nodes are addressed by id alone: the graph is the
 * one the ids are in (locate.ts), as on the work surface; notes go to `graph` (default "default", the
 * engine's too), created by the first note.
 */
import { z } from 'zod'
import { ToolError, must, withGraph, type CallContext } from '../context.ts'
import { onGraph } from '../engine/graph.ts'
import { projectOf } from '../locate.ts'
import {
  MAX_TRAVERSE_DEPTH,
  SEED_EDGE_TYPES,
  TASK_STATUSES,
  createNodes,
  createTypedEdge,
  deleteEdge,
  edgesAt,
  meta,
  projectTasks,
  resetStaleTasks,
  search,
  updateEdgeProperties,
  walkEdges,
  type BoardTask,
  type Graph,
  type Json,
  type TraverseStep,
} from '@plexus/model'
import { out, props, tool } from '../tool.ts'
import { resetStaleAsHost } from './stale.ts'
import { edgeFields, edgeId, edgeOut, edgeShape, graphOfEdge, nodeId, nodeOut, nodeShape } from './shapes.ts'

const edgeType = z.enum(SEED_EDGE_TYPES)
const direction = z.enum(['incoming', 'outgoing'])
const graph = z.string().optional().describe('graph name, default "default"')

/**
 * The graph the given node ids are in, opened through the one door (withGraph decides the role).
 * `board`: a read of the board (the seed's get_project_tasks, traverse, get_edges) sees it with the
 * host's stale-task reset made first, when the caller may write there (a reader's call writes nothing;
 * the server's sweep resets what it reads).
 */
async function onNodes<T>(
  ctx: CallContext,
  ids: string[],
  what: string,
  fn: (g: Graph) => T,
  opts: { board?: boolean } = {},
): Promise<T> {
  const project = await projectOf(ctx.source, undefined, ids, what)
  return withGraph(ctx, project, (g, touched, role, opened) => {
    const policy = ctx.source.staleTasks
    if (opts.board && policy && role !== 'read')
      resetStaleAsHost(opened.handle.doc, { now: ctx.now(), timeoutMs: policy.timeoutMs, newId: ctx.newId })
    touched.ids.push(...ids.filter((id) => g.index.live(id)))
    return fn(g)
  })
}

async function onEdge<T>(ctx: CallContext, id: string, what: string, fn: (g: Graph) => T): Promise<T> {
  return withGraph(ctx, await graphOfEdge(ctx, id, what), (g) => fn(g))
}

/** The first heading or line of a note, as its title. */
function titleOf(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? text
  return (
    line
      .replace(/^\s{0,3}#{1,6}\s+/, '')
      .trim()
      .slice(0, 200) || 'note'
  )
}

export const createKnowledgeNote = tool({
  name: 'create_knowledge_note',
  description: 'Write a note (markdown text; first line is its title). Returns its node_id.',
  input: {
    text: z.string().min(1).max(20_000),
    tags: z.array(z.string().max(64)).max(32).optional(),
    project_path: z.string().max(500).optional(),
    graph,
  },
  output: { node_id: out.string, title: out.string, graph: out.string, node_type: out.string },
  access: 'write',
  annotations: { readOnly: false },
  run: (ctx, args) => {
    const name = args.graph ?? 'default'
    return onGraph(
      ctx,
      name,
      (g, touched) => {
        const properties: Record<string, Json> = {}
        if (args.tags) properties.tags = args.tags
        if (args.project_path !== undefined) properties.project_path = args.project_path
        const title = titleOf(args.text)
        // A note is its own: never folded into a node with a similar title.
        const r = must(
          createNodes(
            g,
            [{ summary: title, notes: args.text, kind: 'note', parent: meta(g).root, properties }],
            {
              mode: 'force',
            },
          ),
        )
        const id = r.created[0]!.id
        touched.ids.push(id)
        return { node_id: id, title, graph: name, node_type: 'note' }
      },
      { write: true },
    )
  },
})

export const semanticSearch = tool({
  name: 'semantic_search',
  description: 'Find notes and nodes by words (word forms, abbreviations, typos), best first.',
  input: {
    query: z.string().min(1).max(1000),
    project_path: z.string().max(500).optional(),
    tags: z.array(z.string()).max(32).optional(),
    limit: z.number().int().min(1).max(50).optional(),
    graph,
  },
  output: { results: out.list(nodeShape) },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) =>
    onGraph(ctx, args.graph, (g) => {
      const limit = args.limit ?? 10
      // Filters narrow the ranked list; a page of the best 200 holds the filtered best `limit`.
      const r = must(search(g, args.query, { limit: 200 }))
      const results: Json[] = []
      for (const item of r.items) {
        const n = g.index.nodes.get(item.id)
        if (!n || n.id === meta(g).root) continue
        if (args.project_path !== undefined && n.properties.project_path !== args.project_path) continue
        const tags = Array.isArray(n.properties.tags) ? n.properties.tags : []
        if (args.tags && !args.tags.some((t) => tags.includes(t))) continue
        results.push({ ...nodeOut(g, n.id), score: Math.round(item.score * 1000) / 1000 })
        if (results.length >= limit) break
      }
      return { results }
    }),
})

export const createEdge = tool({
  name: 'create_edge',
  description: `Link two nodes with a typed edge (${SEED_EDGE_TYPES.join(', ')}); properties hold status, priority…. depends_on refuses cycles. Returns the edge with edge_id.`,
  input: { from_node_id: nodeId, to_node_id: nodeId, type: edgeType, properties: props.optional() },
  output: { ...edgeFields, created: out.boolean },
  access: 'write',
  annotations: { readOnly: false, idempotent: true },
  run: (ctx, args) =>
    onNodes(ctx, [args.from_node_id, args.to_node_id], 'create_edge', (g) => {
      const r = must(
        createTypedEdge(g, {
          from: args.from_node_id,
          to: args.to_node_id,
          type: args.type,
          properties: args.properties,
        }),
      )
      return { ...edgeOut(r.edge), created: r.created }
    }),
})

export const getEdges = tool({
  name: 'get_edges',
  description:
    'A node’s edges (direction incoming/outgoing/both, type), each with the node at the other end. parent_of and child_of are one hierarchy, read from either end.',
  input: {
    node_id: nodeId,
    direction: z.enum(['incoming', 'outgoing', 'both']).optional(),
    type: edgeType.optional(),
  },
  output: { edges: out.list(edgeShape) },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) =>
    onNodes(
      ctx,
      [args.node_id],
      'get_edges',
      (g) => ({
        edges: edgesAt(
          g,
          args.node_id,
          args.direction === 'both' ? undefined : args.direction,
          args.type,
        ).map((e) => ({
          ...edgeOut(e.edge),
          direction: e.direction,
          node: nodeOut(g, e.other),
        })),
      }),
      { board: true },
    ),
})

function stepOut(g: Graph, s: TraverseStep): Json {
  return { node: nodeOut(g, s.node), edge: edgeOut(s.edge), children: s.children.map((c) => stepOut(g, c)) }
}

export const traverseTool = tool({
  name: 'traverse',
  description: `Walk from a node along one edge type (direction default outgoing, depth default 2, max ${MAX_TRAVERSE_DEPTH}). Returns {root, children: [{node, edge, children}]}.`,
  input: {
    node_id: nodeId,
    type: edgeType,
    direction: direction.optional(),
    depth: z.number().int().min(1).max(MAX_TRAVERSE_DEPTH).optional(),
  },
  output: { root: nodeShape, children: out.list(z.unknown()) },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) =>
    onNodes(
      ctx,
      [args.node_id],
      'traverse',
      (g) => ({
        root: nodeOut(g, args.node_id),
        children: walkEdges(g, args.node_id, args.type, args.direction ?? 'outgoing', args.depth ?? 2).map(
          (s) => stepOut(g, s),
        ),
      }),
      { board: true },
    ),
})

export const deleteEdgeTool = tool({
  name: 'delete_edge',
  description: 'Delete an edge by edge_id.',
  input: { edge_id: edgeId },
  output: { deleted: out.boolean, edge: edgeShape },
  access: 'write',
  annotations: { readOnly: false, destructive: true, idempotent: true },
  run: (ctx, args) =>
    onEdge(ctx, args.edge_id, 'delete_edge', (g) => ({
      deleted: true,
      edge: edgeOut(must(deleteEdge(g, args.edge_id)).edge),
    })),
})

export const updateEdgePropertiesTool = tool({
  name: 'update_edge_properties',
  description:
    'Merge properties into an edge (null deletes a key). expected_updated_at (from the edge) refuses an update over one you have not seen.',
  input: { edge_id: edgeId, properties: props, expected_updated_at: z.string().max(40).optional() },
  output: { ...edgeFields, previous_properties: out.record },
  access: 'write',
  annotations: { readOnly: false, idempotent: true },
  run: (ctx, args) => {
    let expected: number | undefined
    if (args.expected_updated_at !== undefined) {
      expected = Date.parse(args.expected_updated_at)
      if (!Number.isFinite(expected))
        throw new ToolError(
          'expected_updated_at: expected the updated_at an edge was returned with (ISO 8601)',
        )
    }
    return onEdge(ctx, args.edge_id, 'update_edge_properties', (g) => {
      const r = must(
        updateEdgeProperties(
          g,
          args.edge_id,
          args.properties,
          expected === undefined ? {} : { expected_updated_at: expected },
        ),
      )
      return { ...edgeOut(r.edge), previous_properties: r.previous }
    })
  },
})

function taskOut(g: Graph, t: BoardTask): Json {
  return {
    ...t.edge.properties,
    node_id: t.node,
    title: g.index.nodes.get(t.node)?.summary ?? t.node,
    edge_id: t.edge.id,
    status: t.status,
  }
}

const column = out.list(out.item({ node_id: out.string, title: out.string, edge_id: out.string }))

export const getProjectTasks = tool({
  name: 'get_project_tasks',
  description:
    'Kanban board of a project: its parent_of children grouped todo/doing/done by the status on their edge (no status: todo). On a server run with a stale-task timeout (off by default), a task doing longer than it since started_at is back in todo, reset_reason agent_timeout, reset by the server.',
  input: { project_node_id: nodeId, status: z.enum(TASK_STATUSES).optional() },
  output: { todo: column, doing: column, done: column, other: column },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) =>
    onNodes(
      ctx,
      [args.project_node_id],
      'get_project_tasks',
      (g) => {
        const b = projectTasks(g, args.project_node_id)
        const cols = args.status ? [args.status] : ([...TASK_STATUSES, 'other'] as const)
        const res: Record<string, Json> = {}
        for (const c of cols) if (c !== 'other' || b.other.length) res[c] = b[c].map((t) => taskOut(g, t))
        return res
      },
      { board: true },
    ),
})

export const resetStaleTasksTool = tool({
  name: 'reset_stale_tasks',
  description:
    'Put a project’s tasks whose status is doing and whose started_at is older than timeout_minutes (default 60) back to todo, reset_reason agent_timeout.',
  input: { project_node_id: nodeId, timeout_minutes: z.number().min(0).max(525_600).optional() },
  output: { reset: out.list(edgeShape) },
  access: 'write',
  annotations: { readOnly: false, idempotent: true },
  run: (ctx, args) =>
    onNodes(ctx, [args.project_node_id], 'reset_stale_tasks', (g) => ({
      reset: must(
        resetStaleTasks(g, {
          now: ctx.now(),
          timeout_ms: (args.timeout_minutes ?? 60) * 60_000,
          project: args.project_node_id,
        }),
      ).reset.map(edgeOut),
    })),
})

export const BOARD_TOOLS = [
  createKnowledgeNote,
  semanticSearch,
  createEdge,
  getEdges,
  traverseTool,
  deleteEdgeTool,
  updateEdgePropertiesTool,
  getProjectTasks,
  resetStaleTasksTool,
]
