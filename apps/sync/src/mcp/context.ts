/**
 * What every tool call gets: who is calling (actor, role, working-set session), where graphs come from
 * (the server's registry or the stdio peer's local copies), and `withGraph`, which opens a graph,
 * hands the tool a model handle that writes as the caller, and afterwards records what the call
 * touched (working set, presence).
 *
 * Tools return plain results; failures are `ToolError`s with a message an agent can act on. Nothing
 * here knows about transports.
 */
import type * as Y from 'yjs'
import type { Role } from '../auth.ts'
import { PRIVATE_PREFIX, privateGraphOf } from '../scopes.ts'
import type { ClaimOutcome, ClaimRequest } from '../claims.ts'
import {
  type Failure,
  type Graph,
  GRAPH_ID,
  initGraph,
  migrate,
  nearestName,
  openGraph,
  readMeta,
  touch,
} from '@plexus/model'
import { locatorOf } from './locate.ts'
import { resolveNodeArgs, type NodeArgs, type Unsure } from './node-args.ts'
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
  release(): void
}

/** Where the documents live: the sync server's registry, or an agent process's synced local copies. */
export interface GraphSource {
  list(): Promise<GraphInfo[]>
  exists(id: string): Promise<boolean>
  /** Opens (loading or creating) a graph's document. */
  open(id: string): Promise<GraphDoc>
  /** Shows `actor` in the graph's presence, at `node`. */
  present?(graph: string, actor: string, node: string | null): void
  /**
   * Claims the best work through the server's arbitration (claiming.ts); the source's copy of the
   * document holds the claim when it returns. `offline` when no server can be reached: the caller
   * claims on its own copy, and settlement picks the winner when the copies meet.
   */
  claimNext?(project: string, actor: string, req: ClaimAsk): Promise<ClaimOutcome | 'offline'>
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
  /** Sources over the same graphs (one per token on a server) share one node index (locate.ts) by it. */
  readonly index?: object
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

/** An expected failure at the edge: becomes an `isError` tool result with this message. */
export class ToolError extends Error {
  constructor(
    message: string,
    readonly reason = 'invalid_argument',
  ) {
    super(message)
    this.name = 'ToolError'
  }
}

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

/** Ids a call worked on, most relevant first: they go to the working set and to presence. */
export interface Touched {
  ids: string[]
  /** Labels that named no node surely, in a tool that rejects items one by one (node-args.ts). */
  unsure?: Unsure[]
}

export interface WithGraphOptions {
  /** Open even when the graph has no meta yet (graph_open creates it). */
  allowNew?: boolean
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
  fn: (g: Graph, touched: Touched, role: Role) => T,
  opts: WithGraphOptions = {},
): Promise<T> {
  checkProject(project)
  const role = await roleOn(ctx, project)
  if (role === null)
    throw opts.allowNew ? refused(ctx, '', project, role) : await unknownProject(ctx, project)
  if (ctx.writing && role === 'read') throw refused(ctx, ctx.nodeArgs?.tool ?? 'this call', project, role)
  if ((!opts.allowNew || role === 'read') && !(await ctx.source.exists(project)))
    throw await unknownProject(ctx, project)
  const writer = role !== 'read'
  const handle = await ctx.source.open(project)
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
    const touched: Touched = { ids: [], unsure: [] }
    const resolved = ctx.nodeArgs ? resolveNodeArgs(g, ctx.nodeArgs, touched.unsure) : []
    const result = fn(g, touched, role)
    // The result says which node each label took.
    const out =
      resolved.length && result && typeof result === 'object' && !Array.isArray(result)
        ? ({ ...result, resolved } as T)
        : result
    const ids = [...new Set(touched.ids)].filter((id) => g.index.live(id))
    if (ids.length && writer) touch(g, ctx.session, ids.slice(0, 10))
    if (ids.length) ctx.source.present?.(project, ctx.actor, ids[0]!)
    // Reported saved only once stored: a refusal reaches the caller as a PersistError.
    await handle.saved?.({ wrote: ctx.writing === true })
    return out
  } finally {
    handle.release()
  }
}

/** Refuses a project that is not a graph id, before anything else is read. */
export function checkProject(project: string): void {
  if (!GRAPH_ID.test(project)) {
    throw new ToolError(
      `project ${echo(project)} is not a graph id: use 1-64 characters from a-z, 0-9, '.', '_' and '-', starting with a letter or digit`,
    )
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

/** Creates the graph's meta and root when it has none. */
export function ensureGraph(
  g: Graph,
  project: string,
  goal?: string,
  title?: string,
): { root: string; created: boolean } {
  return must(initGraph(g, { id: project, goal, title }))
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
