/**
 * Seed 001's resources under the URIs it names: `graph/session` (the agent's working set and recent
 * activity), `graph/suggestions` (gaps, duplicates, orphans, next) and `graph/checkpoints`, of the
 * default graph; `graph/session/<graph>` and so on for another. These are not URLs (no scheme), so
 * they are served by plain resources/list and resources/read handlers rather than the SDK's
 * URL-template registry, which refuses them ("Invalid URL"). A URI that names none of them is the
 * specification's "resource not found" (-32002); the per-graph forms are listed as templates.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import {
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { ToolError, type CallContext } from '../context.ts'
import { graphTool } from './tool.ts'

const KINDS = {
  session: 'Your working set (hot 10, hot_edges 10, warm 40) and checkpoints',
  suggestions: 'Gaps, potential duplicates, orphans and what to explore next',
  checkpoints: 'Saved working-set checkpoints',
} as const
type Kind = keyof typeof KINDS

/** The MCP specification's code for a resource that does not exist (the SDK names none). */
const RESOURCE_NOT_FOUND = -32002

const URI = /^graph\/(session|suggestions|checkpoints)(?:\/([a-z0-9][a-z0-9._-]{0,63}))?$/

export async function readConceptResource(ctx: CallContext, uri: string): Promise<unknown> {
  const m = URI.exec(uri)
  if (!m) {
    throw new ToolError(
      `no resource ${JSON.stringify(uri.slice(0, 200))}; resources here: graph/session, graph/suggestions, graph/checkpoints (add /<graph> for a graph other than "default")`,
      'not_found',
    )
  }
  const kind = m[1] as Kind
  const graph = m[2]
  const r = await graphTool.run(ctx, {
    action: kind === 'suggestions' ? 'suggest' : 'session',
    ...(graph ? { graph } : {}),
  })
  if (kind === 'checkpoints') return { checkpoints: r.checkpoints ?? [] }
  return r
}

export function registerConceptResources(mcp: McpServer, ctx: () => CallContext): void {
  mcp.server.registerCapabilities({ resources: {} })
  mcp.server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: (Object.keys(KINDS) as Kind[]).map((k) => ({
      uri: `graph/${k}`,
      name: k,
      description: KINDS[k],
      mimeType: 'application/json',
    })),
  }))
  // The same three of another graph, as templates a client can list (it asks; unanswered, it logs
  // "Method not found").
  mcp.server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: (Object.keys(KINDS) as Kind[]).map((k) => ({
      uriTemplate: `graph/${k}/{graph}`,
      name: `${k} of a graph`,
      description: `${KINDS[k]}, of the graph named`,
      mimeType: 'application/json',
    })),
  }))
  mcp.server.setRequestHandler(ReadResourceRequestSchema, async (req) => {
    const data = await readConceptResource(ctx(), req.params.uri).catch((error: unknown) => {
      // A URI that names none of them is the spec's "resource not found", not an internal error.
      if (error instanceof ToolError && error.reason === 'not_found')
        throw new McpError(RESOURCE_NOT_FOUND, error.message, { uri: req.params.uri })
      throw error
    })
    return { contents: [{ uri: req.params.uri, mimeType: 'application/json', text: JSON.stringify(data) }] }
  })
}
