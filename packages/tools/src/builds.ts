/**
 * The tools' whole-graph builds (issue 23): an import of a file (`graph_import`, the engine's
 * `import_graph`) and facts as text, Mermaid or a list (`graph_add_facts`, `add_facts`,
 * `add_knowledge`, `create_from_mermaid`). Each is described as data (`Build`) and run by one pure
 * function of a graph (`runBuild`), so a host can run it where it likes: the sync server hands a
 * large one to its offload worker, which runs `runBuild` on a copy of the stored graph and applies
 * what it made to the live document in slices (apps/sync/src/graphs/imports.ts); small ones, and every
 * build on a host without a worker (the stdio agent), run here on the open graph. Either way the
 * caller gets the same result from the same code.
 */
import type { FailureCode, Graph } from '@plexus/model'
import {
  importFile,
  type FileFormat,
  type FileImportResult,
  type FileInput,
  type Loss,
} from '@plexus/formats'
import {
  ToolError,
  apart,
  ensureGraph,
  isNew,
  must,
  withGraph,
  type CallContext,
  type Opened,
  type Touched,
} from './context.ts'
import { addFacts, type FactsInput } from './tools/facts.ts'
import { labelOf } from './engine/graph.ts'
import { compact } from './shape.ts'

export type Build =
  | {
      kind: 'file'
      format: FileFormat
      text: FileInput
      parent?: string | undefined
      fuzzy?: boolean | undefined
      strict?: boolean | undefined
      /** A new graph: made with this id first (after a JSON file, which may bring its own meta). */
      init?: string | undefined
    }
  | ({
      kind: 'facts'
      /** The engine's words for the result (created names, existing ones, a message). */
      engine?: boolean | undefined
      /** A new graph: made with this id (title and all) first, in the same write as the facts. */
      init?: string | undefined
    } & FactsInput)

/** Who writes a build: the caller's identity and memory session, as the model records them. */
export interface BuildCaller {
  actor: string
  session?: string | undefined
}

/** What a build answers: the tool's result and the nodes it touched, or the tool's own refusal. */
export type BuildAnswer =
  | { ok: true; result: Record<string, unknown>; touched: string[] }
  | { ok: false; message: string; reason: FailureCode }

/** How much input a build carries, in characters (or bytes): what a host weighs to move it off its thread. */
export function buildSize(b: Build): number {
  if (b.kind === 'file') return typeof b.text === 'string' ? b.text.length : b.text.byteLength
  if (b.text !== undefined) return b.text.length
  if (b.mermaid !== undefined) return b.mermaid.length
  let n = 0
  for (const f of b.facts ?? []) n += f.from.length + f.rel.length + f.to.length + 8
  return n
}

/** Runs a build on `g` (the open graph, or a worker's copy); a tool's refusal is the answer, not a throw. */
export function runBuild(g: Graph, b: Build): BuildAnswer {
  const touched: Touched = { ids: [] }
  try {
    return { ok: true, result: build(g, touched, b), touched: touched.ids }
  } catch (error) {
    if (error instanceof ToolError) return { ok: false, message: error.message, reason: error.reason }
    throw error
  }
}

function build(g: Graph, touched: Touched, b: Build): Record<string, unknown> {
  if (b.kind === 'file') {
    if (b.init !== undefined && b.format !== 'json') ensureGraph(g, b.init)
    const r = must(importFile(g, b.format, b.text, { parent: b.parent, fuzzy: b.fuzzy, strict: b.strict }))
    if (b.init !== undefined && b.format === 'json') ensureGraph(g, b.init)
    return importResult(r)
  }
  if (b.init !== undefined) ensureGraph(g, b.init, undefined, b.init)
  const r = addFacts(g, touched, { facts: b.facts, text: b.text, mermaid: b.mermaid, parent: b.parent })
  return b.engine ? engineSummary(g, r) : r
}

/**
 * Runs `b` on the graph a tool has open (inside `withGraph`): through the host when it takes it off
 * its thread, here otherwise. The nodes it touched go to the call's working set and presence.
 *
 * A build that makes its graph (`init`: the graph had no meta when the call opened it) is made apart
 * here (`apart`: on a scratch copy, applied only when it succeeds) and in the host's worker alike, so
 * a build refused at the host's door, or by its own checks, leaves no new empty graph behind.
 */
export async function buildOn(
  ctx: CallContext,
  g: Graph,
  touched: Touched,
  opened: Opened,
  b: Build,
): Promise<Record<string, unknown>> {
  const here =
    b.init === undefined
      ? () => runBuild(g, b)
      : () =>
          apart(
            ctx,
            g,
            (copy) => runBuild(copy, b),
            (answer) => answer.ok,
          )
  const far = opened.handle.build?.(b, { actor: ctx.actor, session: ctx.writeSession }, here)
  const answer = far ? await far : here()
  if (!answer.ok) throw new ToolError(answer.message, answer.reason)
  touched.ids.push(...answer.touched)
  return answer.result
}

/**
 * A build on `graph` that makes it when there is none (graph_import, the engine's builds): opened as
 * a new graph may be (a writer's), and built with `init` while it has no meta, so making the graph
 * and the build are one write, applied whole or not at all.
 */
export async function buildMaking(
  ctx: CallContext,
  graph: string,
  b: () => Build,
): Promise<{ result: Record<string, unknown>; made: boolean }> {
  let made = false
  const result = await withGraph(
    ctx,
    graph,
    (g, touched, _role, opened) => {
      made = isNew(g)
      // Read when it runs: withGraph has then turned labels among the node arguments into ids.
      return buildOn(ctx, g, touched, opened, made ? { ...b(), init: graph } : b())
    },
    { allowNew: true },
  )
  return { result, made }
}

const losses = (l: Loss[]) => (l.length ? l.slice(0, 50) : undefined)

/** graph_import's result: counts, the first matches, what was skipped and what the format lost. */
export const importResult = (r: FileImportResult) =>
  compact({
    created: r.created,
    matched: r.matched,
    edges: r.edges,
    matches: r.matches
      .slice(0, 50)
      .map((m) => ({ key: m.key, id: m.id, by: m.by, confidence: Math.round(m.confidence * 100) / 100 })),
    skipped: r.skipped.slice(0, 20),
    problems: r.problems.length ? r.problems.slice(0, 10) : undefined,
    lost: losses(r.lost),
  })

/** The facts tools' result in the engine's words: what was created, what already existed. */
export function engineSummary(g: Graph, r: Record<string, unknown>): Record<string, unknown> {
  const created = (r.created as Array<{ summary: string }> | undefined) ?? []
  const matched = (r.matched as Array<{ name: string; id: string; confidence: number }> | undefined) ?? []
  const existing = matched.map((m) =>
    m.confidence < 1 || labelOf(g, m.id) !== m.name
      ? { name: m.name, matched: labelOf(g, m.id), confidence: m.confidence }
      : m.name,
  )
  const edges = (r.edges as number | undefined) ?? 0
  return {
    created: created.map((c) => c.summary),
    existing,
    relationships: edges,
    ...(r.skipped ? { skipped: r.skipped } : {}),
    ...(r.more_skipped ? { more_skipped: r.more_skipped } : {}),
    message: `${edges} relationship${edges === 1 ? '' : 's'} added; ${created.length} node${created.length === 1 ? '' : 's'} created, ${existing.length} already existed`,
  }
}
