/**
 * One vocabulary of failure for every edge (issue 25): the codes a failure can have, each with a
 * message beside it; the WebSocket close codes, one table the server closes with and every client
 * reads; and one exhaustive switch from a code to what each edge answers (an HTTP status for REST
 * and for `/mcp`'s transport, a JSON-RPC error code for MCP, a close code for the socket).
 *
 * In the model because it is the one package every edge already imports (the server, the tools, the
 * sync client, the agent and the web app); it is data and a switch, nothing the purity rule forbids.
 */
import type { FailureReason } from './types.ts'

/** Failures that happen at an edge (a host, a transport, a store) rather than in the model. */
export type EdgeReason =
  | 'graph_not_found'
  | 'edge_not_found'
  | 'session_not_found'
  | 'ambiguous_label'
  | 'unsupported'
  | 'not_initialised'
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'throttled'
  | 'gone'
  | 'document_too_large'
  | 'message_too_big'
  | 'broken_rule'
  | 'schema_too_old'
  | 'behind'
  | 'missing_dependency'
  | 'rate_limited'
  | 'overloaded'
  | 'unavailable'
  | 'storage_unavailable'
  | 'offline'
  | 'refused'
  | 'going_away'
  | 'internal'

/** Every reason a failure can carry, anywhere: the model's and the edges'. */
export type FailureCode = FailureReason | EdgeReason

/** A failure as every edge passes it on: the code a program branches on, the words a person acts on. */
export interface Failed {
  reason: FailureCode
  message: string
}

/** Failures answered alike at every edge: a code's class decides its status, JSON-RPC code and close. */
type EdgeClass =
  | 'missing'
  | 'too_large'
  | 'document_too_large'
  | 'message_too_big'
  | 'conflict'
  | 'missing_dependency'
  | 'invalid'
  | 'broken_rule'
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'gone'
  | 'schema_too_old'
  | 'slow_down'
  | 'unavailable'
  | 'going_away'
  | 'internal'

/**
 * Every code, its class, and beside it what it means in words, for a caller that has no better message
 * (a close without a reason, a refusal from an older server). A `Record` over the union: a new code
 * does not typecheck until it has its class and its words.
 */
const FAILURES: Readonly<Record<FailureCode, readonly [EdgeClass, string]>> = {
  invalid_argument: ['invalid', 'an argument has the wrong type, shape or value'],
  too_large: ['too_large', 'text, a batch or an import is over a limit'],
  too_deep: ['invalid', 'the graph’s tree is deeper than this format is written; export it as json or dsl'],
  empty_batch: ['invalid', 'the batch is empty: nothing to do'],
  parse_error: ['invalid', 'the text does not parse in its format'],
  unsupported_schema: ['invalid', 'the file was written by a schema this build does not read'],
  newer_schema: ['conflict', 'the graph was written by a newer Plexus: update Plexus to change it'],
  invalid_graph_id: ['invalid', "not a graph id: 1-64 characters from a-z, 0-9, '.', '_' and '-'"],
  invalid_cursor: ['invalid', 'the cursor is not one this graph handed out'],
  node_not_found: ['missing', 'no node with that id or label'],
  node_deleted: ['invalid', 'the node was deleted; restore it first'],
  node_merged: ['invalid', 'the node was merged into another'],
  not_found: ['missing', 'it is not there'],
  not_deleted: ['invalid', 'the node was not deleted'],
  duplicate_ref: ['invalid', 'a ref is used twice in one batch'],
  unknown_ref: ['invalid', 'a ref names nothing in the batch'],
  duplicate: ['conflict', 'that node already exists'],
  conflict: ['conflict', 'someone changed it since you read it; read again and retry'],
  cycle_detected: ['invalid', 'that dependency would make a cycle'],
  self_loop: ['invalid', 'a node cannot depend on itself'],
  claimed: ['conflict', 'someone else holds the node'],
  resolved: ['conflict', 'the work is done: it cannot be claimed'],
  not_understood: ['invalid', 'the question could not be read'],
  graph_not_found: ['missing', 'the graph does not exist'],
  edge_not_found: ['missing', 'no edge between those nodes'],
  session_not_found: ['missing', 'no memory session by that id'],
  ambiguous_label: ['invalid', 'the label names more than one node; use the node id'],
  unsupported: ['invalid', 'this host does not do that'],
  not_initialised: ['invalid', 'the graph has no root yet; open it with a goal first'],
  bad_request: ['bad_request', 'the request is malformed'],
  unauthorized: ['unauthorized', 'the server did not accept the token; sign in again or pass a valid token'],
  forbidden: ['forbidden', 'this token does not reach this graph, or not with that role'],
  throttled: ['slow_down', 'too many failed sign-ins from here; wait and retry'],
  gone: ['gone', 'the graph was deleted on the server'],
  document_too_large: ['document_too_large', 'the graph would grow past what the server stores'],
  message_too_big: ['message_too_big', 'the message is larger than the server accepts'],
  broken_rule: ['broken_rule', 'the change breaks the graph’s rules'],
  schema_too_old: ['schema_too_old', 'update Plexus to edit this graph'],
  // Not a conflict (4422 closes for good): the server lacks this peer's changes, and reconnecting resends them.
  behind: [
    'missing_dependency',
    'the server has not received this peer’s latest changes yet; reconnect to send them, then retry',
  ],
  missing_dependency: ['missing_dependency', 'the change builds on changes the server lacks; reconnect'],
  rate_limited: ['slow_down', 'too many messages; slow down'],
  overloaded: ['unavailable', 'the server is busy or this client reads too slowly; retry later'],
  unavailable: ['unavailable', 'the server that decides this could not be asked; retry'],
  storage_unavailable: ['unavailable', 'storage failed; retry once it is back'],
  offline: ['unavailable', 'the server cannot be reached and there is no local copy'],
  refused: ['broken_rule', 'the server refused the change; nothing was saved'],
  going_away: ['going_away', 'the server is shutting down; reconnect'],
  internal: ['internal', 'the server failed; this is a bug, please report it'],
}

/** The code's words: what it means, for a caller that has no better message. */
export const FAILURE_MESSAGES: Readonly<Record<FailureCode, string>> = Object.fromEntries(
  Object.entries(FAILURES).map(([code, [, message]]) => [code, message]),
) as Record<FailureCode, string>

export const FAILURE_CODES = Object.keys(FAILURES) as FailureCode[]

export function isFailureCode(s: unknown): s is FailureCode {
  return typeof s === 'string' && Object.prototype.hasOwnProperty.call(FAILURES, s)
}

/**
 * The WebSocket close codes the server sends, by the name a client reads (`CloseReason.kind`). They
 * follow the stock y-websocket client's convention: 4400-4499 mirror HTTP 4xx and mean "reconnecting
 * will not help"; everything else is transient.
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

export type CloseName = keyof typeof CLOSE_CODES
export type CloseCodeNumber = (typeof CLOSE_CODES)[CloseName]

/** What each edge answers for one failure code. */
export interface EdgeAnswer {
  /** REST, and `/mcp`'s own refusals (before a tool runs). */
  status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 426 | 429 | 500 | 503
  /** JSON-RPC error code of an MCP refusal: -32602 invalid params, -32001 access, -32002 not found, -32000 other, -32603 internal. */
  rpc: -32000 | -32001 | -32002 | -32602 | -32603
  /** WebSocket close code: the same failure closing a connection. */
  close: CloseCodeNumber
}

const C = CLOSE_CODES
const answer = (
  status: EdgeAnswer['status'],
  rpc: EdgeAnswer['rpc'],
  close: CloseCodeNumber,
): EdgeAnswer => ({
  status,
  rpc,
  close,
})

/** What each class answers: a `Record` over the classes, so a class added does not typecheck until placed. */
const ANSWERS: Readonly<Record<EdgeClass, EdgeAnswer>> = {
  missing: answer(404, -32002, C['not-found']),
  too_large: answer(413, -32602, C['document-too-large']),
  document_too_large: answer(413, -32000, C['document-too-large']),
  message_too_big: answer(413, -32000, C['message-too-big']),
  conflict: answer(409, -32000, C['broken-rule']),
  missing_dependency: answer(409, -32000, C['missing-dependency']),
  invalid: answer(422, -32602, C['broken-rule']),
  broken_rule: answer(422, -32000, C['broken-rule']),
  bad_request: answer(400, -32602, C['bad-request']),
  unauthorized: answer(401, -32001, C.unauthorized),
  forbidden: answer(403, -32001, C.forbidden),
  gone: answer(410, -32002, C.gone),
  schema_too_old: answer(426, -32000, C['schema-too-old']),
  slow_down: answer(429, -32001, C['rate-limited']),
  unavailable: answer(503, -32000, C.overloaded),
  going_away: answer(503, -32000, C['going-away']),
  internal: answer(500, -32603, C['internal-error']),
}

/**
 * The one mapping from a failure to every edge (REST, MCP, WebSocket): the answer of the code's class,
 * named beside its words (`FAILURES`). Exhaustive by type: every code has a class, every class an answer.
 */
export function edgeOf(code: FailureCode): EdgeAnswer {
  const entry = FAILURES[code] as readonly [EdgeClass, string] | undefined
  if (!entry) throw new Error(`failure code ${String(code)} has no answer at the edges`)
  return ANSWERS[entry[0]]
}
