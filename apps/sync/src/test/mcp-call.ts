/** One MCP tools/call over HTTP, stateless (no session), for tests that drive a server by hand. */

/** Calls `name` at `${url}${path}`; the tool's structured result, or throws with the tool's words. */
export async function mcpCall(
  url: string,
  path: string,
  name: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const r = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  })
  const text = await r.text()
  const data = text.split('\n').find((l) => l.startsWith('data: '))
  const rpc = JSON.parse(data ? data.slice(6) : text) as {
    result?: { isError?: boolean; content: Array<{ text: string }>; structuredContent?: unknown }
  }
  const content = rpc.result?.content?.[0]?.text ?? JSON.stringify(rpc)
  if (!rpc.result || rpc.result.isError) throw new Error(`${name} failed: ${content.slice(0, 500)}`)
  return (rpc.result.structuredContent ?? JSON.parse(content)) as Record<string, unknown>
}
