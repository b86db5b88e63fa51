/**
 * Bounds on plain HTTP connections, below any route: how long a request may take to arrive, how
 * many connections one address and everyone together may hold, and how many of one address's may
 * sit unfinished (connected, no complete request yet: the slowloris shape).
 *
 * Over the total, Node drops new connections at accept (`server.maxConnections`). Over the per-address
 * cap, the new connection is closed at once. Over the unfinished cap, the address's oldest unfinished
 * connection is closed to make room: an honest client finishes its request within milliseconds, so
 * what gets closed is what was left hanging. WebSocket connections count as connections of their
 * address (ws.ts caps them separately, with a close reason).
 *
 * Late requests are Node's to close (`headersTimeout`, `requestTimeout`, checked every second here
 * instead of Node's default 30 s); idle keep-alive connections close after `keepAliveTimeoutMs`.
 */
import type { IncomingMessage, Server } from 'node:http'
import type { Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import { isLoopbackHost } from './origin.ts'
import { normalizeAddress } from './throttle.ts'

export interface ConnectionLimits {
  /** All connections the server holds at once; further ones are dropped at accept. */
  maxHttpConnections: number
  /** Connections per remote address (loopback: `maxHttpConnectionsPerLoopback`). */
  maxHttpConnectionsPerAddress: number
  maxHttpConnectionsPerLoopback: number
  /** Connections of one address still waiting for their first complete request (loopback: the next). */
  maxUnfinishedPerAddress: number
  maxUnfinishedPerLoopback: number
  /** Time to receive a request's headers. */
  headersTimeoutMs: number
  /** Time to receive a whole request, body included. */
  requestTimeoutMs: number
  /** An idle keep-alive connection is closed after this long. */
  keepAliveTimeoutMs: number
}

/** How often Node looks for requests over their time (its default is 30 s). */
export const CONNECTION_CHECK_MS = 1000

export interface ConnectionBounds {
  /** Connections closed by a cap, by which one. */
  readonly refused: { total: number; perAddress: number; unfinished: number }
  readonly open: number
}

export function boundConnections(
  server: Server,
  limits: ConnectionLimits,
  onRefuse: (why: 'perAddress' | 'unfinished') => void = () => {},
): ConnectionBounds {
  server.headersTimeout = limits.headersTimeoutMs
  server.requestTimeout = limits.requestTimeoutMs
  server.keepAliveTimeout = limits.keepAliveTimeoutMs
  server.maxConnections = limits.maxHttpConnections

  const byAddress = new Map<string, { open: number; unfinished: Map<Socket, number> }>()
  const refused = { total: 0, perAddress: 0, unfinished: 0 }
  let open = 0

  server.on('drop', () => refused.total++)
  server.on('connection', (socket: Socket) => {
    const address = normalizeAddress(socket.remoteAddress)
    let entry = byAddress.get(address)
    if (!entry) byAddress.set(address, (entry = { open: 0, unfinished: new Map() }))
    const held = entry
    const loopback = isLoopbackHost(address)
    const max = loopback ? limits.maxHttpConnectionsPerLoopback : limits.maxHttpConnectionsPerAddress
    const maxUnfinished = loopback ? limits.maxUnfinishedPerLoopback : limits.maxUnfinishedPerAddress
    if (held.open >= max) {
      refused.perAddress++
      onRefuse('perAddress')
      socket.destroy()
      return
    }
    held.open++
    open++
    if (held.unfinished.size >= maxUnfinished) {
      const oldest = held.unfinished.keys().next().value as Socket
      held.unfinished.delete(oldest)
      refused.unfinished++
      onRefuse('unfinished')
      oldest.destroy()
    }
    held.unfinished.set(socket, performance.now())
    socket.once('close', () => {
      held.unfinished.delete(socket)
      held.open--
      open--
      if (held.open === 0) byAddress.delete(address)
    })
  })
  const started = (req: IncomingMessage) => {
    byAddress.get(normalizeAddress(req.socket.remoteAddress))?.unfinished.delete(req.socket)
  }
  server.on('request', started)
  server.on('upgrade', started)

  return {
    refused,
    get open() {
      return open
    },
  }
}
