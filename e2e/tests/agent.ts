import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'

/** An agent: an MCP client over Streamable HTTP at one of the server's MCP endpoints, as an AI agent would connect. */
export class Agent {
  private constructor(private readonly client: Client) {}

  /** `path` picks the surface: `/mcp` (work graph), `/mcp/memory` or `/mcp/engine`. */
  static async connect(base: string, name = 'e2e-agent', path = '/mcp'): Promise<Agent> {
    const client = new Client({ name, version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}${path}`)))
    return new Agent(client)
  }

  /** Calls a tool; a tool error fails the test with the server's message. */
  async call<T = Record<string, unknown>>(name: string, args: Record<string, unknown>): Promise<T> {
    const r = await this.client.callTool({ name, arguments: args })
    if (r.isError) {
      const text = (r.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? '').join(' ')
      throw new Error(`${name} failed: ${text}`)
    }
    if (r.structuredContent) return r.structuredContent as T
    const text =
      (r.content as Array<{ type: string; text?: string }>).find((c) => c.type === 'text')?.text ?? '{}'
    return JSON.parse(text) as T
  }

  /**
   * `graph_plan {project, nodes}`: the nodes made, and the id each batch ref got (a ref the plan did not
   * make fails the test).
   */
  async plan(project: string, nodes: Array<Record<string, unknown>>): Promise<(ref: string) => string> {
    const r = await this.call<{ created: Array<{ ref: string; id: string }> }>('graph_plan', {
      project,
      nodes,
    })
    return (ref) => {
      const made = r.created.find((c) => c.ref === ref)
      if (!made) throw new Error(`graph_plan made no node for ref ${ref}`)
      return made.id
    }
  }

  async close(): Promise<void> {
    await this.client.close()
  }
}

/** Whether the server has an MCP endpoint (it is built separately from the sync server). */
export async function hasMcp(base: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-03-26',
          capabilities: {},
          clientInfo: { name: 'probe', version: '0' },
        },
      }),
    })
    return res.status !== 404
  } catch {
    return false
  }
}
