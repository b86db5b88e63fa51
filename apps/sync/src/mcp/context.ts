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
import {
  GRAPH_ID,
  editDistance,
  initGraph,
  openGraph,
  readMeta,
  touch,
  type Failure,
  type Graph,
} from './model.ts'
import { echo } from './shape.ts'

export interface GraphInfo {
  id: string
  title: string
  nodes: number | null
  edges: number | null
}

export interface GraphDoc {
  readonly doc: Y.Doc
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
}

export interface CallContext {
  actor: string
  role: Role
  /** The working-set session used when a call names none. */
  session: string
  source: GraphSource
  newId: () => string
  now: () => number
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
 * Opens `project`, runs `fn` with a handle writing as the caller, then records what it touched.
 * An unknown project is an error naming the graphs there are and how to create one.
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
    const g = graphOf(ctx, handle.doc)
    if (!opts.allowNew && !readMeta(handle.doc).root) {
      throw new ToolError(
        `graph ${project} has no root yet; call graph_open {project: "${project}", goal} to set it up`,
        'not_initialised',
      )
    }
    const touched: Touched = { ids: [] }
    const out = fn(g, touched)
    const ids = [...new Set(touched.ids)].filter((id) => g.index.live(id))
    if (ids.length && canWrite(ctx)) touch(g, ctx.session, ids.slice(0, 10))
    if (ids.length) ctx.source.present?.(project, ctx.actor, ids[0]!)
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
  return openGraph(doc, { actor: ctx.actor, now: ctx.now, newId: ctx.newId })
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
  const near = ids
    .map((id) => ({ id, d: editDistance(id, project) }))
    .filter((x) => x.d <= Math.max(2, Math.floor(project.length / 3)))
    .sort((a, b) => a.d - b.d)[0]
  const listed = ids.length
    ? `; graphs here: ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? ` and ${ids.length - 20} more` : ''}`
    : '; there are no graphs yet'
  return new ToolError(
    `graph ${project} not found` +
      (near ? `; did you mean ${near.id}?` : '') +
      listed +
      `. Create it with graph_open {project: "${project}", goal: "..."}`,
    'graph_not_found',
  )
}

/** Ids unique across peers, in the web app's form: `n_` and 12 random base-36 characters. */
export function newId(): string {
  const bytes = new Uint8Array(12)
  crypto.getRandomValues(bytes)
  let s = 'n_'
  for (const b of bytes) s += (b % 36).toString(36)
  return s
}
