/**
 * How seed 002 names what it returns: a node as `{node_id, node_type, title, content}` (its content
 * holding the note's text, tags and project_path), an edge as `{edge_id, from_node_id, to_node_id,
 * type, properties, created_at, updated_at}`, times as ISO 8601.
 */
import { z } from 'zod'
import { ToolError } from '../context.ts'
import { projectOf } from '../locate.ts'
import { edgeParts, type EdgeView, type Graph, type Json } from '@plexus/model'
import type { CallContext } from '../context.ts'
import { clip } from '../shape.ts'
import { out } from '../tool.ts'

const iso = (t: number): string => new Date(t).toISOString()

export function nodeOut(g: Graph, id: string): Record<string, Json> {
  const n = g.index.nodes.get(id)
  if (!n) return { node_id: id, node_type: 'unknown' }
  const { tags, project_path } = n.properties
  return {
    node_id: n.id,
    node_type: n.kind,
    title: n.summary,
    content: {
      title: n.summary,
      text: clip(n.notes, 2000),
      ...(tags !== undefined ? { tags } : {}),
      ...(project_path !== undefined ? { project_path } : {}),
    },
  }
}

export function edgeOut(e: EdgeView): Record<string, Json> {
  return {
    edge_id: e.id,
    from_node_id: e.from,
    to_node_id: e.to,
    type: e.type,
    properties: e.properties,
    created_at: iso(e.created_at),
    updated_at: iso(e.updated_at ?? e.created_at),
  }
}

export const nodeShape = out.item({ node_id: out.string, node_type: out.string })
/** An edge's keys, for a result that is an edge. */
export const edgeFields = {
  edge_id: out.string,
  from_node_id: out.string,
  to_node_id: out.string,
  type: out.string,
  properties: out.record,
  created_at: out.string,
  updated_at: out.string,
}
export const edgeShape = out.item(edgeFields)

export const nodeId = z.string().min(1).max(300)
export const edgeId = z.string().min(1).max(1000).describe('from create_edge or get_edges')

/** The graph an edge id lives in: the graph of the nodes it joins. */
export async function graphOfEdge(ctx: CallContext, id: string, what: string): Promise<string> {
  const parts = edgeParts(id)
  if (!parts) {
    // An id whose ends split more than one way: the graphs indexed so far may still know it.
    throw new ToolError(
      `${what}: edge ${clip(id, 120)} not found; get_edges {node_id} lists a node's edges`,
      'not_found',
    )
  }
  return projectOf(ctx.source, undefined, [parts.from], what)
}
