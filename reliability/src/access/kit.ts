/**
 * What the access checks share: the tally of checks, the tokens and credentials (good and bad), a
 * Host-capable HTTP client, the sync client (the stock y-websocket provider inside) and the MCP SDK client as apps and agents
 * use them.
 */
import { request, type IncomingHttpHeaders } from 'node:http'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { SCHEMA_VERSION } from '@plexus/model'
import * as decoding from 'lib0/decoding'
import { connect } from '@plexus/sync-client'
import { WebSocket } from 'ws'
import type { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'
import type { ServerProcess } from '../server.ts'
import type { Rng } from '../suite.ts'
import { readState } from '../wire.ts'

/** The graph every check reads, one an admin deletes, and the root map probes write to. */
export const G = 'access-main'
export const VICTIM = 'access-victim'
/**
 * Where the access probes write plain values: `checkpoints`, the one map of a Plexus document that holds
 * any JSON (the server refuses values outside the document's schema with 4422).
 */
export const PROBE = 'checkpoints'
/** The close code the README promises for a missing or unknown token. */
export const UNAUTHORIZED = 4401

/** Every check counts; a refusal check is also a bad input tried. Failures say tried, expected, got. */
export class Tally {
  checks = 0
  refused = 0
  bad = 0
  readonly failures: string[] = []

  expect(ok: boolean, what: string, expected: string, got: string): boolean {
    this.checks++
    if (!ok) this.failures.push(`${what}: expected ${expected}, got ${clip(got)}`)
    return ok
  }

  refuse(ok: boolean, what: string, expected: string, got: string): boolean {
    this.bad++
    if (this.expect(ok, what, expected, got)) this.refused++
    return ok
  }
}

export interface Tokens {
  writer: string
  reader: string
  admin: string
  /** One name with two roles: a session opened with the write token must not serve the read one. */
  ciWrite: string
  ciRead: string
}

export function makeTokens(rng: Rng): Tokens {
  const alphabet = [...'abcdefghijkmnpqrstuvwxyz23456789']
  const token = () => Array.from({ length: 24 }, () => rng.pick(alphabet)).join('')
  return { writer: token(), reader: token(), admin: token(), ciWrite: token(), ciRead: token() }
}

/** The tokens as a tokens file holds them (auth.ts `parseTokenFile`). */
export function tokenEntries(t: Tokens): Array<{ name: string; role: string; token: string }> {
  return [
    { name: 'writer', role: 'write', token: t.writer },
    { name: 'reader', role: 'read', token: t.reader },
    { name: 'admin', role: 'admin', token: t.admin },
    { name: 'ci', role: 'write', token: t.ciWrite },
    { name: 'ci', role: 'read', token: t.ciRead },
  ]
}

/** `PLEXUS_TOKENS` for these tokens (auth.ts `parseTokenList`). */
export function tokenList(t: Tokens): string {
  return tokenEntries(t)
    .map((e) => `${e.name}:${e.role}:${e.token}`)
    .join(',')
}

/** How a request carries its credential: headers and a query string (without `?`). */
export interface Cred {
  label: string
  headers: Record<string, string>
  query: string
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` })
export const bearer = (label: string, token: string): Cred => ({ label, headers: auth(token), query: '' })
export const inQuery = (label: string, query: string): Cred => ({ label, headers: {}, query })
export const NONE: Cred = { label: 'no token', headers: {}, query: '' }

/** Credentials that must all be refused: absent, wrong, malformed, or in a form auth.ts does not read. */
export function badCreds(rng: Rng, t: Tokens): Cred[] {
  const w = t.writer
  const random = hex(rng, 12)
  const at = rng.int(w.length)
  const flipped = w.slice(0, at) + (w[at] === 'a' ? 'b' : 'a') + w.slice(at + 1)
  const header = (label: string, authorization: string): Cred => ({
    label,
    headers: { authorization },
    query: '',
  })
  return [
    NONE,
    bearer('a random token', random),
    bearer('the writer token with one character changed', flipped),
    bearer('the writer token plus a character', `${w}x`),
    bearer('the writer token less its last character', w.slice(0, -1)),
    bearer('the writer token upper-cased', w.toUpperCase()),
    bearer('the token name instead of the token', 'writer'),
    bearer('the whole PLEXUS_TOKENS entry', `writer:write:${w}`),
    header('Basic auth carrying the writer token', `Basic ${Buffer.from(`writer:${w}`).toString('base64')}`),
    header('the writer token without a scheme', w),
    header('an empty Bearer', 'Bearer '),
    inQuery('a random ?token=', `token=${random}`),
    inQuery('an empty ?token=', 'token='),
    inQuery('?access_token= with the writer token', `access_token=${w}`),
    {
      label: 'a wrong Bearer with the right ?token= (the header wins)',
      headers: auth(random),
      query: `token=${w}`,
    },
  ]
}

export function hex(rng: Rng, bytes: number): string {
  return Array.from(rng.bytes(bytes), (b) => b.toString(16).padStart(2, '0')).join('')
}

export function withQuery(path: string, query: string): string {
  if (!query) return path
  return `${path}${path.includes('?') ? '&' : '?'}${query}`
}

export interface Reply {
  status: number
  body: string
  headers: IncomingHttpHeaders
}

/** One HTTP request with node:http, which (unlike fetch) sends the Host header it is given. */
export function http(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
  address = '127.0.0.1',
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const options = { host: address, port, method, path, headers, agent: false, timeout: 10_000 }
    const req = request(options, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (text += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }))
    })
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)))
    req.on('error', reject)
    req.end(body)
  })
}

export const show = (r: Reply) => `HTTP ${r.status} ${r.body}`

export function clip(s: string, n = 300): string {
  return s.length > n ? `${s.slice(0, n)}…` : s
}

/** The stored state of G, read over the wire with the write token. */
export async function digest(server: ServerProcess, t: Tokens): Promise<string> {
  return (await readState(server.wsUrl, G, { token: t.writer })).digest
}

export function probeHas(update: Uint8Array, key: string): boolean {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, update)
  const has = doc.getMap(PROBE).has(key)
  doc.destroy()
  return has
}

/** The reason of a y-protocols permission-denied frame, or null for any other frame. */
export function deniedReason(frame: Uint8Array): string | null {
  try {
    const d = decoding.createDecoder(frame)
    if (decoding.readVarUint(d) !== 2 || decoding.readVarUint(d) !== 0) return null
    return decoding.readVarString(d)
  } catch {
    return null
  }
}

/** The stock y-websocket client as an app uses it, with the headers a browser would add (Origin). */
export interface Stock {
  provider: WebsocketProvider
  /** Permission-denied reasons the server sent (the stock client only logs them). */
  denied: string[]
  closes: Array<{ code: number; reason: string }>
  /** The close after which the client stopped retrying. */
  terminal: { code: number; reason: string } | null
  connected: boolean
}

export function stockClient(
  server: ServerProcess,
  graph: string,
  token?: string,
  headers: Record<string, string> = {},
): Stock {
  class HeaderSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers })
    }
  }
  const { provider } = connect(new Y.Doc(), {
    url: server.wsUrl,
    graph,
    token: token ?? null,
    schema: SCHEMA_VERSION,
    WebSocket: HeaderSocket,
    maxBackoffMs: 500,
  })
  const stock: Stock = { provider, denied: [], closes: [], terminal: null, connected: false }
  provider.messageHandlers[2] = (_encoder, decoder) => {
    if (decoding.readVarUint(decoder) === 0) stock.denied.push(decoding.readVarString(decoder))
  }
  provider.on('connection-close', (event) => {
    if (event) stock.closes.push({ code: event.code, reason: event.reason })
  })
  provider.on('closed', (event) => (stock.terminal = event))
  provider.on('status', ({ status }) => {
    if (status === 'connected') stock.connected = true
  })
  return stock
}

export interface Connected {
  client: Client | null
  error: unknown
}

/** The MCP SDK's own client over Streamable HTTP, as an agent connects. */
export async function mcpConnect(
  base: string,
  cred: Cred,
  extra: Record<string, string> = {},
): Promise<Connected> {
  const client = new Client({ name: 'reliability-access', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(new URL(withQuery('/mcp', cred.query), base), {
    requestInit: { headers: { ...cred.headers, ...extra } },
  })
  try {
    await client.connect(transport)
    return { client, error: null }
  } catch (error) {
    await client.close().catch(() => {})
    return { client: null, error }
  }
}

export const httpStatusOf = (error: unknown) =>
  error instanceof StreamableHTTPError ? error.code : undefined
export const described = (c: Connected) => (c.client ? 'connected' : String(c.error))

export const RPC_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
}

export const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'reliability', version: '1' },
  },
})
