/**
 * `createMcpServer(options)`: one SDK McpServer speaking for one caller. The tools are served from the
 * catalogue built once per process (catalog.ts) through the server's tools/list and tools/call
 * handlers, rather than re-registered with `registerTool` per server: a stateless endpoint builds a
 * server per request, and the catalogue also owns validation messages and role filtering. Resources
 * (working set, suggestions, checkpoints) go through `registerResource`.
 */
import { newId } from '@plexus/sync-client'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import type { Role } from './access.ts'
import { callTool, toolDefinitions } from './catalog.ts'
import { type CallContext, type GraphSource } from './context.ts'
import { registerConceptResources } from './concepts/resources.ts'
import { registerResources } from './resources.ts'
import { SURFACE_INSTRUCTIONS, type Surface } from './surfaces.ts'

export interface McpServerOptions {
  source: GraphSource
  role: Role
  /** The caller's name from its token; without one, the name the client gives when it connects. */
  name?: string
  /** Working-set session when a call names none: the transport session if any, else the actor. */
  session?: () => string | undefined
  /** Which tools to serve (default the work graph's). */
  surface?: Surface
  /** The host's version, told to the client on initialize (the server's, the agent's). */
  version: string
  /** The host's clock (default Date.now; tests inject one). */
  now?: () => number
}

export const INSTRUCTIONS = `Plexus: a shared work graph that people edit on a canvas while you edit it here.
Start with graph_open (list or open a graph), then graph_onboard to get oriented.
Work loop: graph_next {project, claim: true} -> graph_context {node_id} if you need more -> graph_update {updates: [{node_id, resolved: true, add_evidence: [{type, ref}]}]}.
Plan with graph_plan (nodes with ref, parent_ref, depends_on) or graph_add_facts (relationships). A node id names its graph: tools that take node ids need no project.
Wherever a node id goes, the node's label works too (give project then); the result's \`resolved\` says which node it took.`

const AGENT_NAME = /[^\p{L}\p{N} ._@:-]+/gu

/** A client's self-chosen name, made safe to show and to record as the actor. */
export function agentName(raw: string | undefined): string | undefined {
  const name = raw?.replace(AGENT_NAME, '').trim().slice(0, 64)
  return name ? name : undefined
}

/** The working-set session of an agent identity (sessions are letters, digits and `_.:@-`). */
export function agentSession(actor: string): string {
  return `agent:${actor.replace(/[^\w.:@-]+/g, '-').slice(0, 120)}`
}

// One validator for every server: the SDK otherwise builds a new Ajv per server, which is most of what
// a stateless request costs. (It only validates elicitation answers, which Plexus never asks for.)
const validator = new AjvJsonSchemaValidator()

export function createMcpServer(options: McpServerOptions): McpServer {
  const surface = options.surface ?? 'work'
  const mcp = new McpServer(
    { name: surface === 'work' ? 'plexus' : `plexus-${surface}`, version: options.version },
    {
      capabilities: {
        tools: { listChanged: false },
        ...(surface === 'work' ? { resources: { subscribe: true } } : {}),
      },
      instructions: surface === 'work' ? INSTRUCTIONS : SURFACE_INSTRUCTIONS[surface],
      jsonSchemaValidator: validator,
    },
  )
  const ctx = (): CallContext => {
    const actor = options.name ?? agentName(mcp.server.getClientVersion()?.name) ?? 'agent'
    return {
      actor,
      role: options.role,
      // Seed 001's working set is the agent's: the same identity finds it on its next connection.
      session: surface === 'concepts' ? agentSession(actor) : (options.session?.() ?? actor),
      source: options.source,
      newId,
      now: options.now ?? Date.now,
    }
  }
  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: toolDefinitions(options.role !== 'read', surface),
  }))
  // `role` is the highest the caller has anywhere (what tools/list offers); the role a call works
  // with is its role on each graph it opens, decided by the source at that door (context.ts withGraph).
  mcp.server.setRequestHandler(CallToolRequestSchema, (req) =>
    callTool(ctx(), req.params.name, req.params.arguments, surface),
  )
  if (surface === 'work') registerResources(mcp, ctx)
  if (surface === 'concepts') registerConceptResources(mcp, ctx)
  return mcp
}
