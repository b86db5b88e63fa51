/**
 * The WebSocket edge: `/sync/:graph` upgrades on the node http server, with Host/Origin checks before
 * the handshake, then per connection: token, graph id, connections per address, rate, message size,
 * slow readers. Every breach closes that one connection with a close code and reason (access/server-limits.ts) and
 * is counted; the protocol itself lives in relay.ts.
 */
import type { IncomingMessage, Server } from 'node:http'
import { performance } from 'node:perf_hooks'
import type { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer } from 'ws'
import { edgeOf } from '@plexus/model'
import { tokenFrom, type Auth, type Identity, type Role } from '../access/auth.ts'
import type { DocRegistry, PeerHandle, PeerTransport } from '../graphs/registry.ts'
import { GRAPH_ID_RULE, validGraphId } from '../graphs/model-calls.ts'
import { CloseCode, TokenBucket, closeReason, type Breach, type Limits } from '../access/server-limits.ts'
import type { Metrics } from '../graphs/metrics.ts'
import { isLoopbackHost, type Guard } from '../access/origin.ts'
import { MESSAGE_AWARENESS } from '../relay/protocol.ts'
import { atLeast, roleOn } from '../access/scopes.ts'
import { sendShared } from './shared-frames.ts'
import { normalizeAddress } from '../access/throttle.ts'
import { declaredSchema } from '../relay/schema-versions.ts'

export interface SyncDeps {
  docs: DocRegistry
  auth: Auth
  guard: Guard
  metrics: Metrics
  limits: Limits
  log: (line: string) => void
  /** Interval between pings; a connection that misses one pong is dropped. */
  heartbeatMs?: number
  /**
   * A connection the server has sent nothing for this long gets an empty presence message. The
   * stock client drops a connection it has heard nothing on for 30 s (pings do not count), so a
   * person alone on a graph would otherwise reconnect every 30 s.
   */
  keepaliveMs?: number
}

export interface SyncEndpoint {
  readonly connections: number
  /** Closes every connection (1001) and stops accepting upgrades. */
  close(): void
}

const PREFIX = '/sync/'
/** An awareness message with no entries: the stock client reads it and changes nothing. */
const KEEPALIVE = new Uint8Array([MESSAGE_AWARENESS, 1, 0])

export function attachSync(server: Server, deps: SyncDeps): SyncEndpoint {
  const { metrics, limits } = deps
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxMessageBytes,
    perMessageDeflate: false,
    clientTracking: false,
    // Text frames are refused whatever they hold (4400, below): letting ws check their UTF-8 first
    // would close some with a bare 1007 instead, a code the stock client retries.
    skipUTF8Validation: true,
  })
  const open = new Set<WebSocket>()
  const alive = new WeakSet<WebSocket>()
  const lastSent = new WeakMap<WebSocket, number>()
  const perAddress = new Map<string, number>()

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = parseUrl(req.url)
    if (!url || !url.pathname.startsWith(PREFIX)) {
      refuse(socket, 404, 'Not Found', 'WebSocket connections go to /sync/:graph')
      return
    }
    const check = deps.guard.check(req.headers.host, req.headers.origin)
    if (!check.ok) {
      metrics.breach('origin')
      refuse(socket, 403, 'Forbidden', check.message)
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, req, url))
  }
  server.on('upgrade', onUpgrade)

  const onConnection = (ws: WebSocket, req: IncomingMessage, url: URL) => {
    metrics.connectionsTotal++
    metrics.connections++
    open.add(ws)
    alive.add(ws)
    // ws closes a connection for a frame it cannot accept with a bare code; give it a reason the
    // client can show.
    const rawClose = ws.close.bind(ws)
    ws.close = (code?: number, reason?: string | Buffer) =>
      rawClose(code, reason === undefined ? frameRefusal(code, limits) : reason)

    const address = normalizeAddress(req.socket.remoteAddress)
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1)
    let peer: PeerHandle | null = null
    let closed = false
    const shut = (code: number, reason: string, breach?: Breach | 'internal') => {
      if (closed) return
      closed = true
      if (breach) metrics.breach(breach)
      peer?.leave()
      rawClose(code, closeReason(reason))
    }
    ws.on('close', () => {
      closed = true
      peer?.leave()
      open.delete(ws)
      metrics.connections--
      const left = (perAddress.get(address) ?? 1) - 1
      if (left > 0) perAddress.set(address, left)
      else perAddress.delete(address)
    })
    ws.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') metrics.breach('message_too_big')
      else if (!closed) metrics.breach('malformed')
      closed = true
      peer?.leave()
    })
    ws.on('pong', () => alive.add(ws))

    const admitted = admit(deps, req, url, address, perAddress.get(address) ?? 0)
    if (!admitted.ok) return shut(admitted.code, admitted.reason, admitted.breach)
    const { identity, graph, role, declared } = admitted

    const bucket = new TokenBucket(limits.messagesPerSecond, limits.messageBurst, () => performance.now())
    // Stock clients send every awareness change they are sent back to the server. Charged to their
    // rate, one busy peer would push every other peer of its graph over theirs, so a connection may
    // send back, uncharged, as many awareness messages as it was sent; one that changes presence
    // after all is charged once handled.
    let echoCredit = 0
    const transport: PeerTransport = {
      send: (frame, kind, shared) => {
        if (closed || ws.readyState !== WebSocket.OPEN) return
        if (ws.bufferedAmount > limits.maxBufferedBytes) {
          shut(CloseCode.overloaded, 'too slow: unread data exceeded the buffer limit', 'slow_consumer')
          return
        }
        // What the room relays to every peer (updates, presence) is framed once for all of them.
        if (shared) sendShared(ws, frame)
        else ws.send(frame)
        lastSent.set(ws, performance.now())
        if (kind === 'awareness') echoCredit = Math.min(echoCredit + 1, limits.messageBurst)
        metrics.messagesOut++
        metrics.bytesOut += frame.length
        if (kind === 'update') metrics.updatesOut++
      },
      close: (code, reason) => shut(code, reason),
    }
    const info = {
      canWrite: atLeast(role, 'write'),
      identity: identity.name,
      schema: declared.schema,
      // Without tokens the server cannot tell an agent from a person, and a writer names itself.
      ...(identity.anonymous ? {} : { actor: identity.name, agent: identity.agent }),
    }
    const onMessage = (data: Buffer, isBinary: boolean) => {
      if (closed || !peer) return
      metrics.messagesIn++
      metrics.bytesIn += data.length
      if (!isBinary) {
        shut(CloseCode.badRequest, 'text frames are not part of the protocol', 'malformed')
        return
      }
      const echo = data[0] === MESSAGE_AWARENESS && echoCredit > 0
      if (echo) echoCredit--
      else if (!bucket.take()) {
        shut(CloseCode.rateLimited, `rate limit: over ${limits.messagesPerSecond} messages/s`, 'rate_limited')
        return
      }
      let receipt
      try {
        receipt = peer.receive(data)
      } catch (error) {
        deps.log(`sync: error handling a message for ${graph}: ${String(error)}`)
        shut(CloseCode.internalError, 'internal error', 'internal')
        return
      }
      if (echo && receipt.ok && receipt.applied && !bucket.take()) {
        shut(CloseCode.rateLimited, `rate limit: over ${limits.messagesPerSecond} messages/s`, 'rate_limited')
      } else if (!receipt.ok) shut(receipt.code, receipt.reason, receipt.breach)
      else if (receipt.applied && (receipt.kind === 'update' || receipt.kind === 'sync-step2'))
        metrics.updatesIn++
      else if (receipt.denied) metrics.readOnlyDrops++
    }

    // Frames that arrive while the graph loads (an asynchronous store) wait, a burst at most.
    const early: [Buffer, boolean][] = []
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (peer || closed) return onMessage(data, isBinary)
      if (early.length < limits.messageBurst) early.push([data, isBinary])
      else
        shut(
          CloseCode.rateLimited,
          `rate limit: over ${limits.messageBurst} messages before the graph loaded`,
          'rate_limited',
        )
    })
    const joined = () => {
      if (closed) return
      try {
        peer = deps.docs.join(graph, info, transport)
      } catch (error) {
        deps.log(`sync: cannot open graph ${graph}: ${String(error)}`)
        shut(CloseCode.internalError, 'cannot open graph', 'internal')
        return
      }
      for (const [data, isBinary] of early.splice(0)) onMessage(data, isBinary)
    }
    // A reader cannot create a graph, so one that does not exist is not loaded for it.
    const reader = !atLeast(role, 'write')
    const exists = reader && !deps.docs.peek(graph) ? deps.docs.exists(graph) : Promise.resolve(true)
    void exists.then(
      (found) => {
        if (closed) return
        if (!found) return shut(edgeOf('graph_not_found').close, `graph ${graph} does not exist`, 'malformed')
        if (deps.docs.isLoaded(graph)) joined()
        else {
          deps.docs.load(graph).then(joined, (error: unknown) => {
            deps.log(`sync: cannot load graph ${graph}: ${String(error)}`)
            const why = error instanceof Error ? error.message : String(error)
            shut(
              CloseCode.internalError,
              `cannot load graph: storage unreachable (${why}); reconnecting retries it`,
              'internal',
            )
          })
        }
      },
      (error: unknown) => {
        deps.log(`sync: cannot look up graph ${graph}: ${String(error)}`)
        shut(
          CloseCode.internalError,
          'cannot look up graph: storage unreachable; reconnecting retries it',
          'internal',
        )
      },
    )
  }

  const heartbeat = setInterval(() => {
    for (const ws of open) {
      if (!alive.has(ws)) {
        ws.terminate()
        continue
      }
      alive.delete(ws)
      ws.ping()
    }
  }, deps.heartbeatMs ?? 30_000)
  heartbeat.unref()
  const keepaliveMs = deps.keepaliveMs ?? 10_000
  const keepalive = setInterval(() => {
    const now = performance.now()
    for (const ws of open) {
      const last = lastSent.get(ws)
      if (last === undefined || now - last < keepaliveMs || ws.readyState !== WebSocket.OPEN) continue
      ws.send(KEEPALIVE)
      lastSent.set(ws, now)
    }
  }, keepaliveMs / 2)
  keepalive.unref()

  return {
    get connections() {
      return open.size
    },
    close() {
      clearInterval(heartbeat)
      clearInterval(keepalive)
      server.off('upgrade', onUpgrade)
      for (const ws of open) ws.close(CloseCode.goingAway, 'server shutting down')
      wss.close()
    },
  }
}

type Admission =
  | { ok: true; identity: Identity; graph: string; role: Role; declared: { schema: number } }
  | { ok: false; code: number; reason: string; breach: Breach }

/**
 * Whether a connection may join, in the order a client is told: too many from its address, no valid
 * token, a path that is not a graph, a schema it did not declare properly, no access to the graph.
 */
function admit(
  deps: SyncDeps,
  req: IncomingMessage,
  url: URL,
  address: string,
  fromAddress: number,
): Admission {
  const { limits } = deps
  const no = (code: number, reason: string, breach: Breach): Admission => ({
    ok: false,
    code,
    reason,
    breach,
  })
  const max = isLoopbackHost(address) ? limits.maxConnectionsPerLoopback : limits.maxConnectionsPerAddress
  if (fromAddress > max)
    return no(
      CloseCode.overloaded,
      `too many connections from your address (limit ${max})`,
      'too_many_connections',
    )
  const check = deps.auth.check(tokenFrom(req.headers.authorization, url), address, 'WebSocket')
  if (!check.ok && check.reason === 'throttled')
    return no(edgeOf('throttled').close, check.message, 'unauthorized')
  const identity = check.ok ? check.identity : null
  if (!identity)
    return no(edgeOf('unauthorized').close, 'unauthorized: missing or unknown token', 'unauthorized')
  const graph = graphFromPath(url.pathname)
  if (graph === null) return no(CloseCode.badRequest, `invalid graph id: ${GRAPH_ID_RULE}`, 'malformed')
  const declared = declaredSchema(url)
  if (!declared.ok) return no(CloseCode.badRequest, declared.reason, 'malformed')
  const role = roleOn(identity, graph)
  if (role === null)
    return no(edgeOf('forbidden').close, `"${identity.name}" has no access to graph ${graph}`, 'unauthorized')
  return { ok: true, identity, graph, role, declared }
}

function graphFromPath(pathname: string): string | null {
  let id: string
  try {
    id = decodeURIComponent(pathname.slice(PREFIX.length))
  } catch {
    return null
  }
  return validGraphId(id) ? id : null
}

function parseUrl(raw: string | undefined): URL | null {
  try {
    return new URL(raw ?? '/', 'http://plexus.invalid')
  } catch {
    return null
  }
}

/** The reason for a close ws makes on its own, by its code. */
function frameRefusal(code: number | undefined, limits: Limits): string | undefined {
  switch (code) {
    case CloseCode.messageTooBig:
      return `message too big: limit ${limits.maxMessageBytes} bytes`
    case 1002:
      return 'protocol error: malformed WebSocket frame'
    default:
      return undefined
  }
}

function refuse(socket: Duplex, status: number, text: string, body: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  )
}
