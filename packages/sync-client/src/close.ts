/**
 * Why the server closed a connection, as a typed reason instead of a bare code.
 *
 * The codes are the ones the Plexus server sends (apps/sync limits.ts and versions.ts; close.test.ts
 * fails if the two tables drift). They follow the stock y-websocket client's convention: 4400-4499
 * mirror HTTP 4xx and mean "reconnecting will not help" (`final`: the client stops and keeps its
 * changes), everything else is transient (the client backs off, reconnects and resyncs).
 */

export const CLOSE_CODES = {
  'going-away': 1001,
  'message-too-big': 1009,
  'internal-error': 1011,
  'bad-request': 4400,
  unauthorized: 4401,
  forbidden: 4403,
  'not-found': 4404,
  gone: 4410,
  'document-too-large': 4413,
  'broken-rule': 4422,
  'schema-too-old': 4426,
  overloaded: 4503,
  'missing-dependency': 4509,
  'rate-limited': 4529,
} as const

/** A close the server announced with one of its codes; `network` when the connection just dropped. */
export type CloseKind = keyof typeof CLOSE_CODES | 'network' | 'other'

export interface CloseReason {
  kind: CloseKind
  code: number
  /** The server's own words ("update refused: …"), or '' when it gave none. */
  reason: string
  /** Reconnecting will not help: the client stopped until `connect()` is called again. */
  final: boolean
}

const KIND_OF = new Map<number, CloseKind>(
  Object.entries(CLOSE_CODES).map(([kind, code]) => [code, kind as keyof typeof CLOSE_CODES]),
)

/** 1005 (no status) and 1006 (abnormal closure) are what a dropped connection reports. */
const DROPPED = new Set([1000, 1005, 1006])

export function closeReason(event: { code: number; reason?: unknown }): CloseReason {
  const code = event.code
  const kind = KIND_OF.get(code) ?? (DROPPED.has(code) || code === 0 ? 'network' : 'other')
  return { kind, code, reason: String(event.reason ?? ''), final: code >= 4400 && code < 4500 }
}

/** A sentence a person or an agent can act on, for status lines and logs. */
export function describeClose(close: CloseReason): string {
  if (close.reason) return close.reason
  switch (close.kind) {
    case 'network':
      return 'the connection dropped; reconnecting'
    case 'unauthorized':
      return 'the server did not accept the token; sign in again or pass a valid token'
    case 'forbidden':
      return 'this token does not reach this graph'
    case 'not-found':
      return 'the graph does not exist on the server'
    case 'gone':
      return 'the graph was deleted on the server'
    case 'schema-too-old':
      return 'update Plexus to edit this graph'
    default:
      return `closed with code ${close.code}`
  }
}
