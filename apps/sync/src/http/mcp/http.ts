/**
 * MCP over Streamable HTTP at `/mcp`, on the live documents of the sync server: a tool's write is
 * stored and relayed to every WebSocket peer by the registry, as any other change.
 *
 * Works with and without transport sessions. An `initialize` request opens a session (its id comes
 * back in `Mcp-Session-Id`, and the client's name becomes the actor when the token gives none);
 * a request without a session id is served statelessly by a server made for that one request. All
 * state a tool needs is in the document and addressed by arguments, so both behave the same.
 *
 * Every request is authenticated with the sync server's tokens (`Authorization: Bearer`): read-only
 * tokens see and call only read tools. Host and Origin are checked by the app's guard before this runs.
 * Responses are plain JSON (no SSE) except the optional GET stream of a session, which carries
 * resource notifications.
 */
import { randomUUID } from 'node:crypto'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { tokenFrom, type Auth, type Identity } from '../../access/auth.ts'
import type { ClaimArbiter } from '../../claims/arbiter.ts'
import type { DocRegistry } from '../../graphs/registry.ts'
import { buildGraph } from '../../graphs/imports.ts'
import { openMark } from '../../graphs/open-trace.ts'
import type { Offload } from '../../graphs/offload.ts'
import { atLeast, canRead, highestRole, roleOn } from '../../access/scopes.ts'
import {
  SURFACE_PATH,
  ToolError,
  createMcpServer,
  surfaceOf,
  type GraphInfo,
  type GraphSource,
  type StaleTaskPolicy,
  type Surface,
} from '@plexus/tools'
import { edgeOf, type FailureCode } from '@plexus/model'
import { readLimited } from '../body.ts'
import { defaultLimits } from '../../access/server-limits.ts'
import { VERSION } from '../../sync-version.ts'
import { AgentPresence, type PresenceOptions } from './agent-presence.ts'

export interface McpHttpOptions {
  docs: DocRegistry
  auth: Auth
  /** Open a transport session on `initialize` (default true); false serves every request statelessly. */
  sessions?: boolean
  /** Sessions idle this long are closed (default 30 min). */
  sessionIdleMs?: number
  /** Sessions held at once; when all are taken a new one is refused (503), nobody's is closed. */
  maxSessions?: number
  /**
   * Sessions one token identity (name and role) holds at once; its next closes its own oldest.
   * Without tokens everyone is the one local identity, and only `maxSessions` applies.
   */
  maxSessionsPerIdentity?: number
  /** Largest request body from a write token (default 40 MiB: a 32 MiB JSON import as a JSON string). */
  maxBodyBytes?: number
  /** Largest request body from a read token, which cannot import (default 1 MiB). */
  maxReadBodyBytes?: number
  presence?: PresenceOptions
  /** Who gets a node when agents claim at once (claims/arbiter.ts); without one, tools claim on the document. */
  claims?: ClaimArbiter
  /** Whole-document work off the request thread (offload.ts): large imports and facts. */
  offload?: Offload
  /** Seed 002's stale tasks: reset as the server when a writer reads a board (packages/tools board/stale.ts). */
  staleTasks?: StaleTaskPolicy
  /** The server's clock, as the tools read it (default Date.now; tests inject one). */
  now?: () => number
}

export interface McpEndpoint {
  /** Handles one HTTP request to `/mcp` (POST, GET or DELETE) from a remote address. */
  handle(req: Request, address?: string): Promise<Response>
  readonly sessions: number
  readonly presence: AgentPresence
  close(): Promise<void>
}

interface Session {
  identity: Identity
  surface: Surface
  server: McpServer
  transport: WebStandardStreamableHTTPServerTransport
  lastSeen: number
}

/**
 * The sync server's registry as the tools' door to its graphs (packages/tools' GraphSource); with
 * `identity`, only the graphs its token reaches (scopes.ts): the others are not listed and do not
 * open (null, as a graph there is not), and every graph a call opens is worked on with the token's
 * role there (`role`, which withGraph asks). A claim on an open graph goes to the server's arbiter
 * (claims/arbiter.ts) when there is one. With `offload`, a tool's large build runs in the worker (imports.ts).
 * With `staleTasks`, a writer's read of a board resets seed 002's stale tasks first, as the server.
 */
export function registrySource(
  docs: DocRegistry,
  presence?: AgentPresence,
  claims?: ClaimArbiter,
  identity?: Identity,
  offload?: Offload,
  staleTasks?: StaleTaskPolicy,
): GraphSource {
  const reaches = (id: string) => !identity || canRead(identity, id)
  // A loaded graph with content exists; only otherwise ask the store (which loads nothing).
  const stored = async (id: string) => (docs.peek(id)?.store.clients.size ?? 0) > 0 || (await docs.exists(id))
  return {
    ...(staleTasks ? { staleTasks } : {}),
    role: (id) => (identity ? roleOn(identity, id) : 'admin'),
    index: docs,
    beforeRelease: claims?.beforeRelease?.bind(claims),
    list: async () =>
      (await docs.list())
        .filter((g) => reaches(g.id))
        .map((g) => ({ ...listing(g.id, g.summary), changed: g.updatedAt })),
    exists: async (id) => reaches(id) && (await stored(id)),
    open: async (id, opts) => {
      if (!reaches(id)) return null
      openMark(id, 'tool asks')
      if (!opts?.create && !(await stored(id))) return null
      const handle = await docs.openAsync(id)
      openMark(id, 'opened')
      // Opened once: the arbiter claims on this handle, never looking the graph up again.
      const settled = claims?.settled
      return {
        doc: handle.doc,
        release: () => {
          openMark(id, 'tool done')
          handle.release()
        },
        // A tool reports a release saved once the arbiter has it too: the next claimer, on any
        // server, can take the node.
        saved: settled
          ? async () => {
              await handle.saved()
              await settled.call(claims, id)
            }
          : () => handle.saved(),
        claim: claims ? (actor, req) => claims.claimNext({ ...req, graph: id, actor }, handle) : undefined,
        // A large import or batch of facts is built in the offload worker and applied in slices,
        // as the REST import is (imports.ts).
        // Builds on one graph take turns; a large one takes a place in its identity's share.
        build: offload
          ? (b, caller, here) =>
              buildGraph(
                { docs, offload },
                id,
                handle,
                b,
                { ...caller, identity: identity?.name ?? 'local' },
                here,
              )
          : undefined,
      }
    },
    // The tool asked too (withGraph's rule); asked here again because this is where graphs go.
    remove: async (id) => {
      if (identity && !atLeast(roleOn(identity, id), 'admin'))
        throw new ToolError(`deleting graph ${id} needs the admin role on it`, 'forbidden')
      return docs.remove(id)
    },
    present: presence ? (graph, actor, node) => presence.show(graph, actor, node) : undefined,
  }
}

function listing(id: string, summary: string | null): GraphInfo {
  try {
    const s = summary ? (JSON.parse(summary) as Partial<GraphInfo>) : {}
    return { id, title: s.title ?? id, nodes: s.nodes ?? null, edges: s.edges ?? null }
  } catch {
    return { id, title: id, nodes: null, edges: null }
  }
}

export function createMcpEndpoint(options: McpHttpOptions): McpEndpoint {
  const { docs, auth, claims, offload, staleTasks } = options
  const presence = new AgentPresence({ awareness: (graph) => docs.awareness(graph) }, options.presence)
  const source = registrySource(docs, presence, claims, undefined, offload, staleTasks)
  const sourceFor = (identity: Identity) =>
    identity.anonymous ? source : registrySource(docs, presence, claims, identity, offload, staleTasks)
  const sessions = new Map<string, Session>()
  const idleMs = options.sessionIdleMs ?? 30 * 60_000
  const maxSessions = options.maxSessions ?? defaultLimits.maxMcpSessions
  const maxPerIdentity = options.maxSessionsPerIdentity ?? defaultLimits.maxMcpSessionsPerIdentity
  const maxWriteBody = options.maxBodyBytes ?? defaultLimits.maxMcpBodyBytes
  const maxReadBody = options.maxReadBodyBytes ?? defaultLimits.maxMcpReadBodyBytes
  const maxBody = (identity: Identity) =>
    atLeast(highestRole(identity), 'write') ? maxWriteBody : maxReadBody

  const sweep = setInterval(() => {
    const now = Date.now()
    for (const [id, s] of sessions) if (now - s.lastSeen > idleMs) void closeSession(id)
  }, 60_000)
  sweep.unref()

  const closeSession = async (id: string) => {
    const s = sessions.get(id)
    if (!s) return
    sessions.delete(id)
    await s.server.close().catch(() => {})
  }

  const serverFor = (identity: Identity, surface: Surface, session?: () => string | undefined) =>
    createMcpServer({
      source: sourceFor(identity),
      role: highestRole(identity),
      name: identity.anonymous ? undefined : identity.name,
      session,
      surface,
      version: VERSION,
      ...(options.now ? { now: options.now } : {}),
    })

  async function handle(req: Request, address: string): Promise<Response> {
    const surface = surfaceOf(new URL(req.url).pathname)
    if (!surface) {
      return rpcError(404, -32000, `no MCP endpoint here; use ${Object.values(SURFACE_PATH).join(', ')}`)
    }
    const token = tokenFrom(req.headers.get('authorization'), new URL(req.url))
    const check = auth.check(token, address, `POST ${SURFACE_PATH[surface]}`)
    if (!check.ok && check.reason === 'throttled') {
      return refusal('throttled', check.message, { 'Retry-After': String(check.retryAfterS) })
    }
    const identity = check.ok ? check.identity : null
    if (!identity) {
      return refusal('unauthorized', 'unauthorized: send a token as Authorization: Bearer TOKEN', {
        'WWW-Authenticate': 'Bearer realm="plexus"',
      })
    }
    const sid = req.headers.get('mcp-session-id')
    if (sid) {
      const s = sessions.get(sid)
      if (!s)
        return rpcError(
          404,
          -32001,
          'session not found (expired or the server restarted): initialize again, or call without a session',
        )
      // The token itself, not its name and role: Auth hands out one Identity per token, so another
      // token of the same name (and role, and scopes or not) never uses this session. Without
      // tokens everyone is the one local identity.
      if (s.identity !== identity)
        return refusal(
          'forbidden',
          'this session was opened with another token: initialize your own session, or call without one',
        )
      if (s.surface !== surface)
        return rpcError(
          400,
          -32000,
          `this session was opened at ${SURFACE_PATH[s.surface]}; send its requests there, or initialize a session at ${SURFACE_PATH[surface]}`,
        )
      s.lastSeen = Date.now()
      let body: unknown
      if (req.method === 'POST') {
        const parsed = await readBody(req, maxBody(identity))
        if (parsed instanceof Response) return parsed
        const malformed = malformedToolCall(parsed)
        if (malformed) return malformed
        body = parsed
      }
      return s.transport.handleRequest(req, { parsedBody: body })
    }
    if (req.method !== 'POST') {
      return rpcError(
        405,
        -32000,
        `${req.method} ${SURFACE_PATH[surface]} needs an Mcp-Session-Id; without a session only POST is served`,
        { Allow: 'POST' },
      )
    }
    const body = await readBody(req, maxBody(identity))
    if (body instanceof Response) return body
    const malformed = malformedToolCall(body)
    if (malformed) return malformed
    if (options.sessions !== false && isInitialize(body)) return openSession(req, body, identity, surface)
    return stateless(req, body, identity, surface)
  }

  async function openSession(
    req: Request,
    body: unknown,
    identity: Identity,
    surface: Surface,
  ): Promise<Response> {
    // Per token (one Identity per token), as sessions are: another token of the same name and role
    // must not close this token's sessions to make room for its own.
    const same = (s: Session) => s.identity === identity
    const own = [...sessions.entries()].filter(([, s]) => same(s))
    const oldestOf = (list: Array<[string, Session]>) => list.sort((a, b) => a[1].lastSeen - b[1].lastSeen)[0]
    if (!identity.anonymous && own.length >= maxPerIdentity) {
      const oldest = oldestOf(own)
      if (oldest) await closeSession(oldest[0])
    } else if (identity.anonymous && sessions.size >= maxSessions) {
      // Without tokens there is no one else to protect: the oldest session makes room.
      const oldest = oldestOf([...sessions.entries()])
      if (oldest) await closeSession(oldest[0])
    } else if (sessions.size >= maxSessions) {
      return rpcError(
        503,
        -32000,
        `the server holds its limit of ${maxSessions} MCP sessions: call without a session ` +
          '(each request on its own), or try again when one closes',
        { 'Retry-After': '60' },
      )
    }
    // The callbacks run inside handleRequest, after both exist.
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      enableJsonResponse: true,
      onsessioninitialized: (id) => {
        sessions.set(id, { identity, surface, server, transport, lastSeen: Date.now() })
      },
      onsessionclosed: (id) => void closeSession(id),
    })
    const server = serverFor(identity, surface, () => transport.sessionId)
    await server.connect(transport)
    return transport.handleRequest(req, { parsedBody: body })
  }

  async function stateless(
    req: Request,
    body: unknown,
    identity: Identity,
    surface: Surface,
  ): Promise<Response> {
    const server = serverFor(identity, surface)
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    })
    await server.connect(transport)
    try {
      // With JSON responses the answer is complete when handleRequest returns.
      return await transport.handleRequest(req, { parsedBody: body })
    } finally {
      void server.close().catch(() => {})
    }
  }

  return {
    handle: async (req, address = 'unknown') => {
      try {
        return settle(await handle(req, address))
      } catch (error) {
        console.error('plexus mcp: request failed:', error)
        return rpcError(500, -32603, 'internal error')
      }
    },
    get sessions() {
      return sessions.size
    },
    presence,
    close: async () => {
      clearInterval(sweep)
      presence.close()
      await Promise.all([...sessions.keys()].map(closeSession))
    },
  }
}

/**
 * A JSON answer as one string body with plain headers: the node adapter writes that in one go, where
 * the transport's stream went through its slow path (a few ms a call on loopback). Event streams stay
 * streams.
 */
async function settle(res: Response): Promise<Response> {
  if (!res.body || res.headers.get('content-type')?.startsWith('text/event-stream')) return res
  const headers: Record<string, string> = {}
  res.headers.forEach((v, k) => (headers[k] = v))
  return new Response(await res.text(), { status: res.status, headers })
}

function isInitialize(body: unknown): boolean {
  const one = (m: unknown) =>
    !!m && typeof m === 'object' && (m as { method?: unknown }).method === 'initialize'
  return Array.isArray(body) ? body.some(one) : one(body)
}

/**
 * A tools/call whose params the SDK would refuse with its schema's issue list as the message, and as
 * an internal error (-32603): answered here instead, as invalid params with a sentence. Only a single
 * request is looked at; batches go to the SDK as they are.
 */
function malformedToolCall(body: unknown): Response | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null
  const { method, params, id } = body as { method?: unknown; params?: unknown; id?: unknown }
  if (method !== 'tools/call' || (typeof id !== 'string' && typeof id !== 'number')) return null
  const invalid = (message: string) =>
    new Response(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32602, message } }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    })
  if (!params || typeof params !== 'object' || Array.isArray(params)) {
    return invalid(`tools/call needs params {name, arguments}, got ${kindOf(params)}`)
  }
  const { name, arguments: args } = params as { name?: unknown; arguments?: unknown }
  if (typeof name !== 'string')
    return invalid(`tools/call params.name must be the name of a tool, got ${kindOf(name)}`)
  if (args === undefined) return null
  const tool = name.length > 64 ? `${name.slice(0, 64)}…` : name
  if (!args || typeof args !== 'object' || Array.isArray(args)) {
    return invalid(
      `invalid arguments for ${tool}: arguments must be an object of the tool's fields, got ${kindOf(args)}`,
    )
  }
  // The SDK's record check takes an object with its own 'constructor' key for a class instance.
  if (Object.hasOwn(args, 'constructor'))
    return invalid(`invalid arguments for ${tool}: unknown field 'constructor'`)
  return null
}

function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'nothing'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

/**
 * The body as JSON, read up to `max` bytes (`readLimited`: a chunked body is counted as it arrives,
 * and what a refused one still sends is read and dropped, so the client reads the 413).
 */
async function readBody(req: Request, max: number): Promise<unknown> {
  const bytes = await readLimited(req, max)
  if (bytes === 'over')
    return rpcError(
      413,
      -32600,
      `request body is over ${max} bytes: send less in one call (split a batch, or import a file in parts)`,
    )
  try {
    return JSON.parse(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'),
    ) as unknown
  } catch {
    return rpcError(400, -32700, 'parse error: the body is not JSON')
  }
}

/** A refusal of the request for a failure code: status and JSON-RPC code from the one mapping (`edgeOf`). */
function refusal(code: FailureCode, message: string, headers: Record<string, string> = {}): Response {
  const { status, rpc } = edgeOf(code)
  return rpcError(status, rpc, message, headers)
}

function rpcError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}
