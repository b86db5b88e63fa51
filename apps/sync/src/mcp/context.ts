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
import { resolveNodeArgs, type NodeArgs } from './node-args.ts'
import { echo } from './shape.ts'

export interface GraphInfo {
  id: string
  title: string
  nodes: number | null
  edges: number | null
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
  /** The call changes the graph (a write tool): refused on a graph newer than this build. */
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

export const canWrite = (ctx: CallContext): boolean => ctx.role !== 'read'

export function requireWrite(ctx: CallContext, what: string): void {
  if (!canWrite(ctx))
    throw new ToolError(
      `${what} needs a token with the write role; "${ctx.actor}" can only read`,
      'forbidden',
    )
}

/** Ids a call worked on, most relevant first: they go to the working set and to presence. */
export interface Touched {
  ids: string[]
}

export interface WithGraphOptions {
  /** Open even when the graph has no meta yet (graph_open creates it). */
  allowNew?: boolean
}

/**
 * Opens `project`, resolves labels given where node ids go (node-args.ts), runs `fn` with a handle
 * writing as the caller, then records what it touched. An unknown project is an error naming the graphs
 * there are and how to create one.
 */
export async function withGraph<T>(
  ctx: CallContext,
  project: string,
  fn: (g: Graph, touched: Touched) => T,
  opts: WithGraphOptions = {},
): Promise<T> {
  checkProject(project)
  if (!opts.allowNew && !(await ctx.source.exists(project))) throw await unknownProject(ctx, project)
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
    if (canWrite(ctx) && readMeta(handle.doc).root) {
      const upgraded = migrate(handle.doc, g.origin)
      if (!upgraded.ok && ctx.writing) throw new ToolError(upgraded.message, upgraded.reason)
    }
    const touched: Touched = { ids: [] }
    const resolved = ctx.nodeArgs ? resolveNodeArgs(g, ctx.nodeArgs) : []
    const result = fn(g, touched)
    // The result says which node each label took.
    const out =
      resolved.length && result && typeof result === 'object' && !Array.isArray(result)
        ? ({ ...result, resolved } as T)
        : result
    const ids = [...new Set(touched.ids)].filter((id) => g.index.live(id))
    if (ids.length && canWrite(ctx)) touch(g, ctx.session, ids.slice(0, 10))
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
  const ids = (await ctx.source.list()).map((g) => g.id)
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
