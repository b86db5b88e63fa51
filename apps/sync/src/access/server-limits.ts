/**
 * Limits and the WebSocket close codes that report their breach.
 *
 * Close codes follow the convention the stock y-websocket client (3.x) acts on: 4400-4499 mirror
 * HTTP 4xx and mean "reconnecting will not help" (the client stops), anything else is transient
 * (the client backs off and reconnects, then syncs whatever it wrote meanwhile). A rate breach is
 * therefore transient: an honest client that bursts comes back and loses nothing.
 */

import { CLOSE_CODES } from '@plexus/model'
import type { ConnectionLimits } from './connections.ts'

// The numbers are the one table's (packages/model's failures.ts), which clients import too; these
// names are the server's own handles on them.

export const CloseCode = {
  /** Server shutting down or the document was unloaded under the connection. */
  goingAway: CLOSE_CODES['going-away'],
  /** ws closes with this itself when a frame exceeds `maxMessageBytes`. */
  messageTooBig: CLOSE_CODES['message-too-big'],
  internalError: CLOSE_CODES['internal-error'],
  /** A malformed frame, a text frame, or an invalid graph id. */
  badRequest: CLOSE_CODES['bad-request'],
  /** No token, or a token the server does not know. */
  unauthorized: CLOSE_CODES.unauthorized,
  /** Awareness for a client id another connection owns, or a graph the token does not reach. */
  forbidden: CLOSE_CODES.forbidden,
  /** A read-only connection asked for a graph that does not exist (it is not created for a reader). */
  notFound: CLOSE_CODES['not-found'],
  /** The graph was deleted while connected. */
  gone: CLOSE_CODES.gone,
  /** The update would grow the stored document beyond `maxDocumentBytes`. */
  documentTooLarge: CLOSE_CODES['document-too-large'],
  /** The update breaks the document's rules (schema, limits, append-only history, the writer's name). */
  brokenRule: CLOSE_CODES['broken-rule'],
  /** More messages per second than the connection's token bucket allows. */
  rateLimited: CLOSE_CODES['rate-limited'],
  /** Too many connections from one address, or a client too slow to read what it is sent. */
  overloaded: CLOSE_CODES.overloaded,
  /** An update builds on changes the server does not have; reconnecting resyncs an honest client. */
  missingDependency: CLOSE_CODES['missing-dependency'],
} as const

export type Breach =
  | 'message_too_big'
  | 'rate_limited'
  | 'too_many_connections'
  | 'document_too_large'
  | 'malformed'
  | 'missing_dependency'
  | 'broken_rule'
  | 'unauthorized'
  | 'spoofing'
  | 'origin'
  | 'slow_consumer'
  | 'schema_too_old'

/** Everything one connection or request may use: WebSocket limits here, HTTP ones in connections.ts. */
export interface Limits extends ConnectionLimits {
  /** Largest frame accepted; larger frames close the connection with 1009. */
  maxMessageBytes: number
  /**
   * Sustained messages per second per connection. Awareness a client sends back (the stock client
   * re-broadcasts what it is sent) is not charged, up to what it was sent; its own changes are.
   */
  messagesPerSecond: number
  /** Messages a connection may send at once before the sustained rate applies. */
  messageBurst: number
  /** Connections per remote address. Loopback addresses use `maxConnectionsPerLoopback`. */
  maxConnectionsPerAddress: number
  maxConnectionsPerLoopback: number
  /** Stored size of one document (snapshot plus update log). */
  maxDocumentBytes: number
  /** Awareness client ids one connection may speak for (a tab has one; a few for tools). */
  maxAwarenessClientsPerConnection: number
  /** Unsent bytes queued for one connection before it is dropped as too slow. */
  maxBufferedBytes: number
  /** Failed authentications one address may make at once (throttle.ts)... */
  authFailureBurst: number
  /** ...and then one more every this many milliseconds. */
  authFailureRefillMs: number
  /** Large imports and builds (offload worker) one identity may have under way at once (build-queue.ts). */
  maxBuildsPerIdentity: number
  /** Large imports and builds under way at once, by everyone. */
  maxBuilds: number
  /** Largest REST import body, streamed (413 above). */
  maxImportBytes: number
  /** Largest `/mcp` request body from a token that writes somewhere (413 above). */
  maxMcpBodyBytes: number
  /** Largest `/mcp` request body from a read-only token, which cannot import. */
  maxMcpReadBodyBytes: number
  /** MCP sessions held at once; past it a new one is refused (503), nobody's is closed. */
  maxMcpSessions: number
  /** MCP sessions one token identity holds at once; its next closes its own oldest. */
  maxMcpSessionsPerIdentity: number
}

export const defaultLimits: Limits = {
  maxMessageBytes: 8 * 1024 * 1024,
  messagesPerSecond: 300,
  messageBurst: 1000,
  maxConnectionsPerAddress: 32,
  maxConnectionsPerLoopback: 4096,
  maxDocumentBytes: 256 * 1024 * 1024,
  maxAwarenessClientsPerConnection: 8,
  maxBufferedBytes: 64 * 1024 * 1024,
  authFailureBurst: 20,
  authFailureRefillMs: 1_000,
  // A large build holds its input (up to 40 MiB) until its turn: 16 of them is about what one
  // worker gets through in a minute, and one identity's 4 leave room for three others.
  maxBuildsPerIdentity: 4,
  maxBuilds: 16,
  maxImportBytes: 64 * 1024 * 1024,
  // A 32 MiB JSON import sent as a JSON string.
  maxMcpBodyBytes: 40 * 1024 * 1024,
  maxMcpReadBodyBytes: 1024 * 1024,
  maxMcpSessions: 1000,
  maxMcpSessionsPerIdentity: 32,
  maxHttpConnections: 10_000,
  maxHttpConnectionsPerAddress: 128,
  // The WebSocket cap for loopback, plus room for the HTTP requests of the same clients.
  maxHttpConnectionsPerLoopback: 4096 + 256,
  maxUnfinishedPerAddress: 32,
  // Room for a burst of local clients connecting at once (the sync benchmark opens 500 together).
  maxUnfinishedPerLoopback: 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  // Past any stall the server has and past clients' own keep-alive (undici closes a second before the
  // `Keep-Alive: timeout=` it is sent): at 5 s, a socket already holding the next request was closed
  // when a long import let the loop go, and MCP clients saw ECONNRESET (issue 23, keepalive.test.ts).
  keepAliveTimeoutMs: 65_000,
}

/**
 * A token bucket on an injected monotonic clock (milliseconds). `take()` is false when the bucket
 * is empty; a rate of 0 or less means unlimited.
 */
export class TokenBucket {
  private tokens: number
  private last: number

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number,
  ) {
    this.tokens = burst
    this.last = now()
  }

  take(): boolean {
    if (this.ratePerSecond <= 0) return true
    const t = this.now()
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) * this.ratePerSecond) / 1000)
    this.last = t
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }
}

/** Close reasons must fit a close frame (123 bytes of UTF-8). */
export function closeReason(text: string): string {
  const buf = Buffer.from(text, 'utf8')
  if (buf.length <= 123) return text
  return (
    buf
      .subarray(0, 120)
      .toString('utf8')
      .replace(/\uFFFD$/, '') + '...'
  )
}
