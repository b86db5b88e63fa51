/**
 * What every tool call gets: who is calling (actor, role, working-set session), where graphs come from
 * (the server's registry or the stdio peer's local copies), and `withGraph`, which opens a graph,
 * hands the tool a model handle that writes as the caller, and afterwards records what the call
 * touched (working set, presence).
 *
 * Tools return plain results; failures are `ToolError`s with a message an agent can act on. Nothing
 * here knows about transports.
 *
 * `GraphSource` is the one door between the tools and a host (the sync server over its registry and
 * arbiter, apps/sync/src/http/mcp/http.ts; the stdio agent over the sync client and its file store,
 * apps/agent/src/local.ts): list, open (null for a graph there is not), claim on an open document,
 * presence, remove, and the caller's role on each graph, which `withGraph` asks before anything opens.
 */
import * as Y from 'yjs'
import { PRIVATE_PREFIX, privateGraphOf, type Role } from './access.ts'
import type { Build, BuildAnswer, BuildCaller } from './builds.ts'
import type { ClaimOutcome, ClaimRequest } from './claiming.ts'
import {
  bornAt,
  docAsOf,
  historySize,
  type Failure,
  type Graph,
  GRAPH_ID,
  momentOf,
  initGraph,
  migrate,
  type Moment,
  nearestName,
  openGraph,
  readMeta,
  touch,
} from '@plexus/model'
import { locatorOf } from './locate.ts'
import type { StaleTaskPolicy } from './board/stale.ts'
import { resolveNodeArgs, type NodeArgs, type Unsure } from './node-args.ts'
import { ToolError } from './errors.ts'
import { echo } from './shape.ts'

export interface GraphInfo {
  id: string
  title: string
  nodes: number | null
  edges: number | null
  /** When its stored content last changed (ms since the epoch), where the source knows. */
  changed?: number
}

export interface GraphDoc {
  readonly doc: Y.Doc
  /**
   * Resolves once the writes made so far are stored (the server's asynchronous stores), or, for an
   * agent's copy, acknowledged by the server (throws when it refused them). `wrote`: whether the
   * call was a writing tool's; a reading tool's bookkeeping (its working set) is not waited for.
   */
  saved?(call?: { wrote: boolean }): Promise<void>
  /**
   * Claims the best work in this graph for `actor` through the host's arbitration (claiming.ts); the
   * open document holds the claim when it returns. `offline` when no server can be reached: the
   * caller claims on its own copy, and settlement picks the winner when the copies meet. Absent: the
   * host has no arbiter, and claims are made on the document.
   */
  claim?(actor: string, req: ClaimAsk): Promise<ClaimOutcome | 'offline'>
  /**
   * Runs a whole-graph build (builds.ts: an import, facts) off the host's request thread and applies
   * what it made to this document, answering once that is stored; or runs `here` (the build on the
   * open graph) when its turn comes, where the host lets builds on one graph take turns; undefined
   * where the host would rather the tool ran it on the open graph now (a small one, or no worker).
   */
  build?(build: Build, caller: BuildCaller, here: () => BuildAnswer): Promise<BuildAnswer> | undefined
  release(): void
}

export interface OpenOptions {
  /** Create the graph's document when there is none (graph_open, a first write). */
  create?: boolean
}

/** Where the documents live: the sync server's registry, or an agent process's synced local copies. */
export interface GraphSource {
  list(): Promise<GraphInfo[]>
  /**
   * Opens (loading it first where needed) a graph's document; null when there is no such graph (or
   * none this caller reaches) and `create` is not asked. The host answers whether a graph exists
   * where it opens, and `exists` answers it alike.
   */
  open(id: string, opts?: OpenOptions): Promise<GraphDoc | null>
  /**
   * Whether `open` without `create` would give `id` (the same answer), without loading it. A source
   * without it is asked by opening. The server's: a big graph is one whole decode of its stored
   * state, and a server that unloads an unused graph at once (`PLEXUS_IDLE_UNLOAD_MS=0`) decoded it
   * again for the open that follows the check (issue 29).
   */
  exists?(id: string): Promise<boolean>
  /** Shows `actor` in the graph's presence, at `node`. */
  present?(graph: string, actor: string, node: string | null): void
  /** Before `actor` releases `nodes`: the copy shows the claims it holds on them (claims.ts). */
  beforeRelease?(project: string, actor: string, nodes: string[]): Promise<void>
  /** Deletes a graph for everyone; false when there was none. Only where graphs are stored (the server). */
  remove?(id: string): Promise<boolean>
  /**
   * The caller's role on one graph, null where its token does not reach it (scopes.ts). Every graph a
   * call opens is asked here (`roleOn`), whatever named it. A source without it (no tokens) gives
   * every graph the call's role.
   */
  role?(id: string): Promise<Role | null> | Role | null
  /**
   * Why the role on `id` is not known (the server that decides it could not be asked), when it is
   * not: `role` then answers 'read', and a refused change gives this reason instead.
   */
  roleUnchecked?(id: string): string | undefined
  /**
   * Sources over the same graphs (one per token on a server) share one node index (locate.ts) by it;
   * a deleted graph leaves the index when `onRemoved` tells of it.
   */
  readonly index?: { onRemoved?(listener: (graph: string) => void): () => void }
  /**
   * The host resets seed 002's stale tasks (board/stale.ts) as its own identity when a writer reads a
   * board, with this timeout. Absent (an agent's copy): the server's own sweep does it.
   */
  readonly staleTasks?: StaleTaskPolicy
}

export type ClaimAsk = Omit<ClaimRequest, 'graph' | 'actor'>

export interface CallContext {
  actor: string
  role: Role
  /** The working-set session used when a call names none. */
  session: string
  source: GraphSource
  newId: () => string
  now: () => number
  /** The call's arguments: withGraph turns labels among its node arguments into ids (node-args.ts). */
  nodeArgs?: NodeArgs
  /**
   * The call changes the graph it opens (a write tool): refused where the caller only reads that
   * graph, and on a graph newer than this build. A tool opening one graph only to read it (a memory
   * session, another level) opens it with `writing: false`.
   */
  writing?: boolean
  /** The agent session writes are recorded under (memory's session_id), when there is one. */
  writeSession?: string
}

export { ToolError }

/** Unwraps a model result, turning a failure into a ToolError that carries the model's message. */
export function must<T extends { ok: boolean }>(r: T | Failure): Exclude<T, Failure> {
  if (!r.ok) {
    const f = r as Failure
    throw new ToolError(f.message, f.reason)
  }
  return r as Exclude<T, Failure>
}

/**
 * A model failure in the tool's own words: the model names its batches `items` and links `links`;
 * a tool whose argument is `nodes` or `updates` (seed 000) says so, so the message points at what
 * the caller sent.
 */
export function inArgs<T extends { ok: boolean }>(r: T | Failure, batch: string): T | Failure {
  if (r.ok) return r
  const f = r as Failure
  const message = f.message
    .replace(/\bitems\[/g, `${batch}[`)
    .replace(/\b(add_|remove_)?links\b/g, (_m, p: string | undefined) => `${p ?? ''}context_links`)
    .replace(/(\[\d+\])\.id\b/g, '$1.node_id')
  return { ...f, message }
}

/** Whether the caller's highest role writes at all (what tools/list offers); per graph, see `roleOn`. */
export const canWrite = (ctx: CallContext): boolean => ctx.role !== 'read'

/**
 * The one place a call's role is decided: the caller's role on the graph it opens, from the source
 * (the token's scopes on the server, the server's answer for a stdio peer), null where it does not
 * reach. `ctx.role` is only the highest role, which tools/list offers.
 */
export async function roleOn(ctx: CallContext, graph: string): Promise<Role | null> {
  if (!ctx.source.role) return ctx.role
  const there = await ctx.source.role(graph)
  // Never above the call's own role (`plexus mcp --read-only` reads even where its token writes).
  return there === null ? null : RANK[there] < RANK[ctx.role] ? there : ctx.role
}

/** A refusal of `what` on `graph`, where the caller's role there is `role`. */
export function refused(
  ctx: CallContext,
  what: string,
  graph: string,
  role: Role | null,
  needed: Role = 'write',
): ToolError {
  if (role === null) return new ToolError(`"${ctx.actor}" has no access to graph ${graph}`, 'forbidden')
  const unchecked = ctx.source.roleUnchecked?.(graph)
  if (unchecked !== undefined)
    return new ToolError(
      `${what} needs the ${needed} role on graph ${graph}, and this agent could not check "${ctx.actor}"'s role on graph ${graph}: ${unchecked}; so nothing was changed. Retry: the server is asked again`,
      'unavailable',
    )
  return new ToolError(
    `${what} needs the ${needed} role on graph ${graph}; "${ctx.actor}" has ${role} there, so nothing was changed. Use a token with ${needed} on ${graph}`,
    'forbidden',
  )
}

/** Throws unless the caller has at least `needed` on `graph`; returns its role there. */
export async function requireRole(
  ctx: CallContext,
  graph: string,
  what: string,
  needed: Role = 'write',
): Promise<Role> {
  checkProject(graph)
  const role = await roleOn(ctx, graph)
  if (role === null || RANK[role] < RANK[needed]) throw refused(ctx, what, graph, role, needed)
  return role
}

/** For code running inside `withGraph`, which hands it the caller's role on the graph. */
export function requireWrite(ctx: CallContext, what: string, graph: string, role: Role): void {
  if (role === 'read') throw refused(ctx, what, graph, role)
}

const RANK: Record<Role, number> = { read: 0, write: 1, admin: 2 }

/**
 * The graphs a call lists or searches: the source's that the caller reaches (`roleOn`), less every
 * `user.<name>` graph but the caller's own. With tokens the source already hides the others (scopes.ts); without tokens the caller's
 * name is its client's word and nothing is private, but no surface shows one client another's
 * private graph unasked (issue 23: `/mcp` did, `/mcp/memory` did not).
 */
export async function visibleGraphs(ctx: CallContext): Promise<GraphInfo[]> {
  const own = privateGraphOf(ctx.actor)
  const listed = (await ctx.source.list()).filter((g) => !g.id.startsWith(PRIVATE_PREFIX) || g.id === own)
  if (!ctx.source.role) return listed
  // A stdio peer lists the copies its cache holds, which another token's peer may have made: only the
  // graphs this call's token reaches are shown (the server's source lists no others anyway).
  const reached = await Promise.all(listed.map(async (g) => (await roleOn(ctx, g.id)) !== null))
  return listed.filter((_, i) => reached[i])
}

/** How many of the ids a call worked on go to the front of its working set. */
export const TOUCHED_AT_MOST = 10

/** Ids a call worked on, most relevant first: they go to the working set and to presence. */
export interface Touched {
  ids: string[]
  /** Labels that named no node surely, in a tool that rejects items one by one (node-args.ts). */
  unsure?: Unsure[]
}

export interface WithGraphOptions<T = unknown> {
  /** Open even when the graph has no meta yet (graph_open creates it). */
  allowNew?: boolean
  /** The refusal for a graph there is not (default: one naming the graphs there are). */
  unknown?: () => Promise<ToolError>
  /**
   * `as_of` (an ISO 8601 timestamp or a checkpoint name, or a moment `momentAmong` read already):
   * `fn` reads a read-only copy of the graph as it was then (time.ts), whose clock stands at that
   * moment; the result says `as_of`. Needs read on the graph, as the plain read does; nothing the
   * call does is recorded (working set, presence).
   */
  asOf?: string | Moment
  /**
   * With `asOf`, for a read over several graphs (memory's levels): what the call answers for this
   * graph when the moment is before it existed, instead of refusing the moment.
   */
  unborn?: () => T
}

/** What `withGraph` hands a tool besides the graph: the open document, for a claim on it. */
export interface Opened {
  handle: GraphDoc
}

/**
 * The door every tool goes through to a graph: decides the caller's role on `project` (`roleOn`), refuses
 * a writing call where it only reads (before anything is opened), opens the graph, resolves labels
 * given where node ids go (node-args.ts), runs `fn` with a handle writing as the caller and with the
 * caller's role there, then records what it touched. An unknown project, or one the caller does not
 * reach, is an error naming the graphs there are and how to create one; a reader is never given a
 * new graph.
 */
export async function withGraph<T>(
  ctx: CallContext,
  project: string,
  fn: (g: Graph, touched: Touched, role: Role, opened: Opened) => T | Promise<T>,
  opts: WithGraphOptions<T> = {},
): Promise<T> {
  checkProject(project)
  const unknown = opts.unknown ?? (() => unknownProject(ctx, project))
  const role = await roleOn(ctx, project)
  if (role === null) throw opts.allowNew ? refused(ctx, '', project, role) : await unknown()
  if (ctx.writing && role === 'read') throw refused(ctx, ctx.nodeArgs?.tool ?? 'this call', project, role)
  const writer = role !== 'read'
  // A reader is never given a new graph.
  const handle = await ctx.source.open(project, { create: opts.allowNew === true && writer })
  if (!handle) throw await unknown()
  try {
    locatorOf(ctx.source).note(project, handle.doc)
    const g = graphOf(ctx, handle.doc)
    if (!opts.allowNew && !readMeta(handle.doc).root) {
      throw new ToolError(
        `graph ${project} has no root yet; call graph_open {project: "${project}", goal} to set it up`,
        'not_initialised',
      )
    }
    // A graph an older build wrote is upgraded once before this build writes to it; one a newer
    // build wrote is read, never written (docs/versions.md).
    if (writer && readMeta(handle.doc).root) {
      const upgraded = migrate(handle.doc, g.origin)
      if (!upgraded.ok && ctx.writing) throw new ToolError(upgraded.message, upgraded.reason)
    }
    if (opts.asOf !== undefined) return await readAsOf(ctx, g, opts.asOf, fn, handle, opts.unborn)
    const touched: Touched = { ids: [], unsure: [] }
    const resolved = ctx.nodeArgs ? resolveNodeArgs(g, ctx.nodeArgs, touched.unsure) : []
    // Run at once (a tool's writes and the bookkeeping below meet nothing between them), awaited only
    // when the tool waits on the host itself (a claim on the open document).
    const ran = fn(g, touched, role, { handle })
    const result = ran instanceof Promise ? await ran : ran
    // The result says which node each label took.
    const out =
      resolved.length && result && typeof result === 'object' && !Array.isArray(result)
        ? ({ ...result, resolved } as T)
        : result
    const ids = [...new Set(touched.ids)].filter((id) => g.index.live(id))
    if (ids.length && writer) touch(g, ctx.session, ids.slice(0, TOUCHED_AT_MOST))
    if (ids.length) ctx.source.present?.(project, ctx.actor, ids[0]!)
    // Reported saved only once stored: a refusal reaches the caller as a PersistError.
    await handle.saved?.({ wrote: ctx.writing === true })
    return out
  } finally {
    handle.release()
  }
}

/**
 * The largest graph an `as_of` read rebuilds: nodes (deleted ones included) and history events (each
 * one after the moment is undone, and all are sorted). About 0.1-0.3 s of the request thread at these
 * sizes (bench/reports/time-travel.md; a 1,000-node graph with 200,000 events took 2.5 s); the rebuild
 * in the worker, or a view sharing the live index, would lift them.
 */
export const MAX_AS_OF_NODES = 1000
export const MAX_AS_OF_EVENTS = 20_000

/** Why a graph of this size is not rebuilt for `as_of`, or null when it is. */
export function asOfRefusal(nodes: number, events: number): string | null {
  const over =
    nodes > MAX_AS_OF_NODES
      ? `${MAX_AS_OF_NODES} nodes (this one holds ${nodes}, deleted ones included)`
      : events > MAX_AS_OF_EVENTS
        ? `${MAX_AS_OF_EVENTS} history events (this one holds ${events})`
        : null
  return over === null
    ? null
    : `as_of is served for graphs of up to ${over} in this version: ` +
        'graph_history, and graph_diff without `to`, answer what changed at any size'
}

/** `withGraph` with `as_of`: `fn` runs on the graph as it was at that moment, and writes nothing anyone sees. */
async function readAsOf<T>(
  ctx: CallContext,
  live: Graph,
  asOf: string | Moment,
  fn: (g: Graph, touched: Touched, role: Role, opened: Opened) => T | Promise<T>,
  handle: GraphDoc,
  unborn?: () => T,
): Promise<T> {
  if (ctx.writing)
    throw new ToolError('as_of reads the past: it cannot be given with a change', 'invalid_argument')
  // The past is built on the request thread, in time linear in the graph (bench/reports/time-travel.md:
  // 1.5-3.4 s for 10k nodes at load 8-12): above this size one read would stall every other client.
  const refused = asOfRefusal(live.index.nodes.size, historySize(live))
  if (refused) throw new ToolError(refused, 'too_large')
  // A moment read already (momentAmong) is checked against this graph again: the future, its birth.
  const asked = typeof asOf === 'string' ? asOf : new Date(asOf.at).toISOString()
  const read = must(momentOf(live, asked, ctx.now(), { beforeBirth: unborn !== undefined })).moment
  const moment: Moment = typeof asOf === 'string' ? read : asOf
  if (unborn && moment.at < bornAt(live)) return unborn()
  const g = openGraph(docAsOf(live, moment.at), { actor: ctx.actor, now: () => moment.at, newId: ctx.newId })
  const touched: Touched = { ids: [], unsure: [] }
  const resolved = ctx.nodeArgs ? resolveNodeArgs(g, ctx.nodeArgs, touched.unsure) : []
  // The copy is the caller's alone: a write to it (a working set, a claim) reaches no one.
  const ran = fn(g, touched, 'read', { handle })
  const result = ran instanceof Promise ? await ran : ran
  if (!result || typeof result !== 'object' || Array.isArray(result)) return result
  return { ...result, ...(resolved.length ? { resolved } : {}), ...asOfMarks(moment) } as T
}

/** What an answer read `as_of` says of its moment (tool.ts `asOfOut`): when, and the checkpoint that named it. */
export function asOfMarks(moment: Moment): { as_of: string; as_of_checkpoint?: string } {
  return {
    as_of: new Date(moment.at).toISOString(),
    ...(moment.checkpoint !== undefined ? { as_of_checkpoint: moment.checkpoint } : {}),
  }
}

/**
 * The moment `as_of` names for a read over several graphs (memory's levels and searches): a timestamp
 * is the same moment in all of them, once one of them existed then; a checkpoint's name is read from
 * the first of `graphs` that holds a checkpoint by that name. Refused as `withGraph` refuses it for
 * one graph, in the first graph's words, when no graph takes it (not a moment, in the future, before
 * every one of them existed, a checkpoint none of them has). Each graph is then read with the moment
 * (`withGraph` `asOf`), and `unborn` says what one that did not exist yet answers.
 */
export async function momentAmong(
  ctx: CallContext,
  graphs: readonly string[],
  asOf: string,
): Promise<Moment> {
  let first: Failure | undefined
  for (const graph of graphs) {
    const r = await withGraph({ ...ctx, writing: false }, graph, (g) => momentOf(g, asOf, ctx.now()))
    if (r.ok) return r.moment
    first ??= r
  }
  if (first) throw new ToolError(first.message, first.reason)
  throw new ToolError(
    `as_of reads a graph as it was, and none of ${graphs.join(', ') || 'these graphs'} exists yet`,
    'invalid_argument',
  )
}

/** What a graph id is, in words (the model's GRAPH_ID). */
export const GRAPH_ID_RULE =
  "1-64 characters from a-z, 0-9, '.', '_' and '-', starting with a letter or digit"

/** Refuses a project that is not a graph id, before anything else is read. */
export function checkProject(project: string): void {
  if (!GRAPH_ID.test(project)) {
    throw new ToolError(`project ${echo(project)} is not a graph id: use ${GRAPH_ID_RULE}`)
  }
}

export function graphOf(ctx: CallContext, doc: Y.Doc): Graph {
  const locator = locatorOf(ctx.source)
  // Random ids do not meet by chance; this makes sure no graph the source has shown us holds one.
  const fresh = (): string => {
    for (let tries = 0; tries < 32; tries++) {
      const id = ctx.newId()
      if (locator.known(id) === undefined) return id
    }
    throw new Error('the id source keeps returning ids that other graphs hold')
  }
  return openGraph(doc, {
    actor: ctx.actor,
    now: ctx.now,
    newId: fresh,
    ...(ctx.writeSession ? { session: ctx.writeSession } : {}),
  })
}

/**
 * Runs `fn` on a scratch copy of `g`'s document and applies what it wrote to `g` as one update only
 * when it returns (and `keep` agrees): a call that makes a new graph and is then refused, by the
 * host (a full builds line) or by its own checks, leaves nothing, not even the empty graph (issue 23).
 * The copy writes as `g` would (the call's actor, clock, ids and session); what it wrote carries
 * `g`'s origin on the live document, as a write made there does.
 */
export function apart<T>(ctx: CallContext, g: Graph, fn: (copy: Graph) => T, keep?: (out: T) => boolean): T {
  const scratch = new Y.Doc()
  try {
    Y.applyUpdate(scratch, Y.encodeStateAsUpdate(g.doc))
    const out = fn(graphOf(ctx, scratch))
    if (out instanceof Promise) throw new Error('apart runs synchronous work only')
    if (keep === undefined || keep(out))
      Y.applyUpdate(g.doc, Y.encodeStateAsUpdate(scratch, Y.encodeStateVector(g.doc)), g.origin)
    return out
  } finally {
    scratch.destroy()
  }
}

/** Whether `g` is a graph still to be made (no meta yet): a call creating it works `apart`. */
export const isNew = (g: Graph): boolean => !readMeta(g.doc).root

/** Creates the graph's meta and root when it has none. */
export function ensureGraph(
  g: Graph,
  project: string,
  goal?: string,
  title?: string,
): { root: string; created: boolean } {
  return must(initGraph(g, { id: project, goal, title }))
}

/**
 * Whether `project` is a graph the source holds, asked at the one door: opened and let go (a host
 * keeps a graph open once however often it is asked). For a tool that picks its way by it (import
 * into a graph or create one, a memory level that may not exist yet).
 */
export async function graphExists(ctx: CallContext, project: string): Promise<boolean> {
  if (ctx.source.exists) return ctx.source.exists(project)
  const handle = await ctx.source.open(project)
  handle?.release()
  return handle !== null
}

async function unknownProject(ctx: CallContext, project: string): Promise<ToolError> {
  const ids = (await visibleGraphs(ctx)).map((g) => g.id)
  const near = nearestName(project, ids)
  const listed = ids.length
    ? `; graphs here: ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? ` and ${ids.length - 20} more` : ''}`
    : '; there are no graphs yet'
  return new ToolError(
    `graph ${project} not found` +
      (near ? `; did you mean ${near}?` : '') +
      listed +
      `. Create it with graph_open {project: "${project}", goal: "..."}`,
    'graph_not_found',
  )
}
