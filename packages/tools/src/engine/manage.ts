/** The engine's graph management: list_graphs, get_graph_info, delete_graph, export_graph, import_graph. */
import { z } from 'zod'
import { ToolError, visibleGraphs, requireRole, type CallContext } from '../context.ts'
import { findCycles, meta } from '@plexus/model'
import { tool, out } from '../tool.ts'
import { format, graphExport, graphImport } from '../tools/io.ts'
import { DEFAULT_GRAPH, engineComponents, graphArg, onGraph } from './graph.ts'

export const listGraphs = tool({
  name: 'list_graphs',
  description: 'Graphs you can read, with sizes.',
  input: {},
  output: { graphs: out.list(out.item({ name: out.string })) },
  access: 'read',
  annotations: { readOnly: true },
  run: async (ctx) => ({
    graphs: (await visibleGraphs(ctx)).map((g) => ({
      name: g.id,
      ...(g.title && g.title !== g.id ? { title: g.title } : {}),
      ...(g.nodes !== null ? { nodes: g.nodes } : {}),
      ...(g.edges !== null ? { relationships: g.edges } : {}),
    })),
  }),
})

export const getGraphInfo = tool({
  name: 'get_graph_info',
  description: 'Statistics: nodes by type, relationships by relation, components, cycles.',
  input: { graph: graphArg },
  output: {
    graph: out.string,
    title: out.string,
    nodes: out.integer,
    relationships: out.integer,
    node_types: out.record,
    relation_types: out.record,
    components: out.integer,
    has_cycles: out.boolean,
  },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) =>
    onGraph(ctx, args.graph, (g) => {
      const root = meta(g).root
      // Maps: a kind or relationship may be any word, "constructor" and "__proto__" included.
      const nodeTypes = new Map<string, number>()
      const relationTypes = new Map<string, number>()
      let nodes = 0
      // Relationships as dump_context counts them: both ends live, the root (which only holds the tree) aside.
      let relationships = 0
      for (const n of g.index.nodes.values()) {
        if (g.index.statusOf(n.id) === 'deleted') continue
        if (n.id !== root) {
          nodes++
          nodeTypes.set(n.kind, (nodeTypes.get(n.kind) ?? 0) + 1)
        }
        for (const e of g.index.edgesOf(n.id, 'out')) {
          relationTypes.set(e.type, (relationTypes.get(e.type) ?? 0) + 1)
          if (n.id !== root && e.other !== root && g.index.live(e.other)) relationships++
        }
      }
      const comp = engineComponents(g, { limit: 1, maxIds: 1 })
      const cycles = findCycles(g, { limit: 1 })
      return {
        graph: args.graph ?? DEFAULT_GRAPH,
        title: meta(g).title,
        nodes,
        relationships,
        node_types: Object.fromEntries(nodeTypes),
        relation_types: Object.fromEntries(relationTypes),
        components: comp?.count,
        has_cycles: cycles.ok ? cycles.cycles.length > 0 : undefined,
      }
    }),
})

export const deleteGraph = tool({
  name: 'delete_graph',
  description: 'Delete a graph for everyone (admin role); cannot be undone.',
  input: { graph: graphArg },
  output: { deleted: out.boolean, graph: out.string },
  access: 'write',
  annotations: { readOnly: false, destructive: true, idempotent: true },
  run: async (ctx, args) => {
    const id = args.graph ?? DEFAULT_GRAPH
    await requireRole(ctx, id, `deleting graph ${id}`, 'admin')
    if (!ctx.source.remove) {
      throw new ToolError(
        "graphs are deleted on the server: run this against the server's /mcp/engine, or DELETE /api/graphs/ID there",
        'unsupported',
      )
    }
    return { deleted: await ctx.source.remove(id), graph: id }
  },
})

const noFiles = z.string().optional().describe('not supported: pass content')

function refuseFile(path: string | undefined): void {
  if (path !== undefined) {
    throw new ToolError(
      'file_path is not supported: an MCP server does not read or write files on your behalf; pass the text as content (import) or read text from the result (export)',
    )
  }
}

export const exportGraphTool = tool({
  name: 'export_graph',
  description:
    'The graph as json, mermaid, dsl, canvas, mindmap, opml, freemind, markdown, graphml text or xmind base64, paged by offset.',
  input: { graph: graphArg, format, offset: z.number().int().min(0).optional(), file_path: noFiles },
  // It answers what graph_export answers.
  output: graphExport.output.shape,
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx: CallContext, args) => {
    refuseFile(args.file_path)
    return graphExport.run(ctx, {
      project: args.graph ?? DEFAULT_GRAPH,
      format: args.format,
      offset: args.offset,
    })
  },
})

export const importGraphTool = tool({
  name: 'import_graph',
  description:
    'Add json, mermaid, dsl, canvas, mindmap, opml, freemind, markdown or graphml content, or xmind as base64 (graph created if missing).',
  input: { graph: graphArg, format, content: z.string().min(1), file_path: noFiles },
  // It answers what graph_import answers.
  output: graphImport.output.shape,
  access: 'write',
  annotations: { readOnly: false, idempotent: true },
  run: (ctx: CallContext, args) => {
    refuseFile(args.file_path)
    return graphImport.run(ctx, {
      project: args.graph ?? DEFAULT_GRAPH,
      format: args.format,
      text: args.content,
    })
  },
})
