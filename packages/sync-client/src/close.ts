/**
 * Why the server closed a connection, as a typed reason instead of a bare code.
 *
 * The codes are the ones the Plexus server sends, from one table both sides import (`CLOSE_CODES`,
 * packages/model's failures.ts; close.test.ts checks the server names no other). They follow the stock y-websocket client's convention: 4400-4499
 * mirror HTTP 4xx and mean "reconnecting will not help" (`final`: the client stops and keeps its
 * changes), everything else is transient (the client backs off, reconnects and resyncs).
 */

// The one table of close codes (packages/model's failures.ts): the server closes with it, clients read it.
import { CLOSE_CODES } from '@plexus/model'
export { CLOSE_CODES }

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

/**
 * A sentence a person or an agent can act on, for status lines and logs: what happened and what to do.
 * The server's own words when it gave some; else the kind's, one for each code of the table (a
 * `Record` over the kinds: a close code added does not typecheck until it has its words).
 */
export function describeClose(close: CloseReason): string {
  if (close.reason) return close.reason
  if (close.kind === 'other') return `the server closed the connection (code ${close.code})`
  return CLOSE_WORDS[close.kind]
}

const CLOSE_WORDS: Readonly<Record<Exclude<CloseKind, 'other'>, string>> = {
  network: 'the connection dropped; reconnecting',
  'going-away': 'the server is restarting or shutting down; reconnecting, nothing is lost',
  'message-too-big': 'a change was larger than the server accepts; split it into smaller edits',
  'internal-error': 'the server failed; reconnecting (if it happens again, please report it)',
  'bad-request': 'the server could not read what this client sent; reload the page',
  unauthorized: 'the server did not accept the token; sign in again or pass a valid token',
  forbidden: 'this token does not reach this graph',
  'not-found': 'the graph does not exist on the server',
  gone: 'the graph was deleted on the server',
  'document-too-large': 'the graph would grow past what the server stores; changes since are kept here only',
  'broken-rule':
    'the server refused a change that breaks the graph’s rules; changes since are kept here only',
  'schema-too-old': 'update Plexus to edit this graph',
  overloaded: 'the server is busy; reconnecting shortly',
  'missing-dependency':
    'the server has not received all of this copy’s changes yet; reconnecting to send them again, nothing is lost',
  'rate-limited': 'too many changes at once; slowing down and reconnecting',
}
