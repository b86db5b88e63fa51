/**
 * A call to `/mcp` as the mcp-input phase makes it: raw JSON-RPC text posted with fetch (so anything
 * can be sent), what the server should do with it, and what came back: a refusal with its message,
 * an acceptance with its result, or a broken answer (5xx, no answer, not JSON).
 */
import type { ToolInfo } from './mcp-schema.ts'

export interface BadCall {
  what: string
  body: string
  method?: string
  headers?: Record<string, string>
  expect: 'reject' | 'accept' | 'either'
  /** Words a refusal's message must contain (case-insensitive): the field, the id, the limit. */
  mention?: string[]
  /** Text an accepted call stores, to be read back verbatim: node summary, notes, a property. */
  stores?: { summary: string; notes?: string; property?: [string, string] }
}

export type Verdict =
  | { type: 'rejected'; status: number; message: string }
  | { type: 'accepted'; status: number; result: Record<string, unknown> | null }
  | { type: 'broken'; detail: string }

let nextId = 1
export function rpc(method: string, params?: unknown, id: unknown = nextId++): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) })
}

export function toolCall(name: string, args: unknown): string {
  return rpc('tools/call', { name, arguments: args })
}

export async function listTools(url: string): Promise<ToolInfo[]> {
  const verdict = await send(url, {
    what: 'tools/list',
    body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'tools/list' }),
    expect: 'accept',
  })
  if (verdict.type !== 'accepted' || !verdict.result)
    throw new Error(`tools/list failed: ${JSON.stringify(verdict)}`)
  return verdict.result.tools as ToolInfo[]
}

/** Posts one call and reads what the server said. */
export async function send(url: string, call: BadCall): Promise<Verdict> {
  let res: Response
  try {
    res = await fetch(`${url}/mcp`, {
      method: call.method ?? 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...call.headers,
      },
      body: call.method === 'GET' ? undefined : call.body,
      signal: AbortSignal.timeout(60_000),
    })
  } catch (error) {
    return { type: 'broken', detail: `no answer: ${String(error)}` }
  }
  const text = await res.text()
  if (res.status >= 500) return { type: 'broken', detail: `HTTP ${res.status} ${text.slice(0, 300)}` }
  if (!text) {
    if (res.status >= 400) return { type: 'rejected', status: res.status, message: '' }
    return { type: 'accepted', status: res.status, result: null }
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    if (res.status >= 400) return { type: 'rejected', status: res.status, message: text }
    return {
      type: 'broken',
      detail: `HTTP ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`,
    }
  }
  const answers = (Array.isArray(body) ? body : [body]) as Array<Record<string, unknown>>
  const errors: string[] = []
  let result: Record<string, unknown> | null = null
  for (const a of answers) {
    const error = a.error as { message?: unknown } | undefined
    const r = a.result as { isError?: boolean; content?: Array<{ text?: string }> } | undefined
    if (error) errors.push(typeof error.message === 'string' ? error.message : '')
    else if (r?.isError) errors.push(r.content?.map((c) => c.text ?? '').join(' ') ?? '')
    else result = (r as Record<string, unknown> | undefined) ?? null
  }
  if (errors.length && (!result || res.status >= 400))
    return { type: 'rejected', status: res.status, message: errors.join(' | ') }
  if (res.status >= 400) return { type: 'rejected', status: res.status, message: text }
  return { type: 'accepted', status: res.status, result }
}
