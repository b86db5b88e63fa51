/** One MCP tools/call over HTTP, stateless (no session), for tests that drive a server by hand. */

/** What one tools/call answered: whether the tool said it failed, and its text. */
export interface McpAnswer {
  /** Whether a tool answered at all (a JSON-RPC error has no result). */
  answered: boolean
  isError: boolean
  text: string
  structured?: unknown
}

/** Calls `name` at `${url}${path}` with `headers` (a token's, say); the answer, failed or not. */
export async function mcpTry(
  url: string,
  path: string,
  name: string,
  args: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<McpAnswer> {
  const r = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  })
  const body = await r.text()
  const data = body.split('\n').find((l) => l.startsWith('data: '))
  const rpc = JSON.parse(data ? data.slice(6) : body) as {
    result?: { isError?: boolean; content: Array<{ text: string }>; structuredContent?: unknown }
  }
  return {
    answered: rpc.result !== undefined,
    isError: rpc.result?.isError === true,
    text: rpc.result?.content?.[0]?.text ?? body,
    structured: rpc.result?.structuredContent,
  }
}

/** Calls `name` at `${url}${path}`; the tool's structured result, or throws with the tool's words. */
export async function mcpCall(
  url: string,
  path: string,
  name: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const a = await mcpTry(url, path, name, args)
  if (!a.answered || a.isError) throw new Error(`${name} failed: ${a.text.slice(0, 500)}`)
  return (a.structured ?? JSON.parse(a.text)) as Record<string, unknown>
}
