/**
 * Imports of text into a loaded graph without stalling the server (issue 23). A small text is
 * imported on the request thread as before. A larger one is parsed and built in the offload worker
 * (offload.ts) against a copy of the graph's stored state; the main thread then applies what it
 * made to the live document in slices (cut in the worker, slices.ts), one per turn of the event loop, each stored and
 * then relayed as any server write is (relay.ts: store before relay). Other clients are served
 * between slices.
 *
 * What the caller is told stays true: the result comes only after every slice is stored, and it is
 * the worker's result (counts, matches) for the import as a whole. Readers connected meanwhile see
 * the import arrive over a second or so, slice by slice (nodes before the edges and history that
 * name them, the order the model wrote them); the import is never reported saved before it all is.
 * If the graph is deleted or storage refuses a slice midway, the caller is told how much is saved;
 * importing the same text again completes it (an import matches nodes by their id in the file).
 *
 * Changes made to the live graph while the worker builds are merged as any two writers' are: the
 * import's structs come from a client id of the worker's own document, never the live one's. Builds
 * (REST imports and the tools' builds) on one graph take turns (build-queue.ts): a large one is built
 * from what is stored once the build before it is applied and stored, and a small one behind it runs
 * after it, so builds sent together give what they give one after another, never a name twice.
 * Large ones held at once are bounded per identity and in all; past that they are refused at once.
 */
import type { FileInput } from '@plexus/formats'
import { readMeta } from '@plexus/model'
import { buildSize, type Build, type BuildAnswer, type BuildCaller } from '@plexus/tools'
import type { BuildRefusal } from './build-queue.ts'
import type { DocHandle, DocRegistry } from './registry.ts'
import { importText, type Format, type ImportResult } from './model-calls.ts'
import type { StoredBytes } from './offload-jobs.ts'
import type { Offload } from './offload.ts'
import { applyInSlices } from './slices.ts'

/** The origin of an import's slices on the live document (a server write). */
export const IMPORT_ORIGIN = 'import'

export interface ImportOptions {
  /** Texts shorter than this import on the request thread (a worker's round trip costs more). */
  inlineChars?: number
  /** About how many bytes of the import each slice applies. */
  sliceBytes?: number
}

const SLICE_BYTES = 16 * 1024

export type ImportAnswer =
  ImportResult | { ok: false; reason: 'storage_unavailable'; message: string } | BuildRefusal

export async function importGraphText(
  deps: { docs: DocRegistry; offload?: Offload | undefined },
  graph: string,
  format: Format,
  text: FileInput,
  actor: string,
  options: ImportOptions = {},
): Promise<ImportAnswer> {
  const { docs, offload } = deps
  const inline = async () => {
    const handle = await docs.openAsync(graph)
    try {
      // Writes go through the loaded doc: stored, then relayed to everyone connected.
      const result = importText(graph, handle.doc, format, text, actor)
      if (result.ok) await handle.saved()
      return result
    } finally {
      handle.release()
    }
  }
  if (!offload) return inline()
  if (text.length < (options.inlineChars ?? offload.inlineChars)) {
    // Behind a large build on this graph it waits its turn; otherwise it runs now.
    return offload.builds.behind(graph)?.run(inline) ?? inline()
  }
  // Admitted (or refused) before the graph is even loaded: a refusal costs nothing.
  const turn = offload.builds.enter(graph, actor)
  if (!turn.ok) return turn
  return turn.run(async () => {
    const handle = await docs.openAsync(graph)
    try {
      const done = await inWorker({ docs, offload }, graph, handle, options, (stored, sliceBytes) =>
        offload.run({ kind: 'import', graph, stored, format, text, actor, sliceBytes }),
      )
      if ('stopped' in done) return { ok: false, reason: done.reason, message: done.stopped }
      return done.result
    } finally {
      handle.release()
    }
  })
}

/**
 * A tool's build (packages/tools' builds.ts: an MCP import or facts) on an open graph, in the worker
 * when its input is large, by the same path as the REST import, in its turn on the graph
 * (build-queue.ts; `identity` is whose share of the line it takes). A small one runs `here`, on the
 * open graph: at once (undefined: the tool runs it itself) or, behind a large build on this graph,
 * in its turn. A build stopped midway is a 409's words; one refused at the door a 429's or 503's.
 */
export function buildGraph(
  deps: { docs: DocRegistry; offload: Offload },
  graph: string,
  handle: DocHandle,
  build: Build,
  caller: BuildCaller & { identity: string },
  here: () => BuildAnswer,
  options: ImportOptions = {},
): Promise<BuildAnswer> | undefined {
  const { offload } = deps
  if (buildSize(build) < (options.inlineChars ?? offload.inlineChars))
    return offload.builds.behind(graph)?.run(here)
  const turn = offload.builds.enter(graph, caller.identity)
  if (!turn.ok) return Promise.resolve({ ok: false, reason: turn.reason, message: turn.message })
  const who: BuildCaller = { actor: caller.actor, ...(caller.session ? { session: caller.session } : {}) }
  return turn
    .run(() =>
      inWorker(deps, graph, handle, options, (stored, sliceBytes) =>
        offload.run({ kind: 'build', graph, stored, build, caller: who, sliceBytes }),
      ),
    )
    .then((done) =>
      'stopped' in done ? { ok: false, reason: done.reason, message: done.stopped } : done.result,
    )
}

/**
 * The one path of work built in the worker: what the live document holds is stored first (the
 * worker builds on what is stored), the worker builds, and what it made is applied to the live
 * document in slices. A refused build (`ok: false`) changes nothing. Stopped midway (the graph
 * deleted, storage refusing a slice): how much is saved, in words.
 */
async function inWorker<R extends { ok: boolean }>(
  deps: { docs: DocRegistry; offload: Offload },
  graph: string,
  handle: DocHandle,
  options: ImportOptions,
  run: (stored: StoredBytes, sliceBytes: number) => Promise<{ result: R; parts: Uint8Array[] }>,
): Promise<{ result: R } | { stopped: string; reason: 'conflict' | 'storage_unavailable' }> {
  const { docs } = deps
  let answer: { result: R; parts: Uint8Array[] }
  for (let attempt = 1; ; attempt++) {
    // A graph the worker finds without meta, it makes (its root, its meta). Made meanwhile on the
    // live document by another writer (a graph_open, a memory level, a browser), the worker's work
    // would add a second root and meta (review, session 13): it is built again on what is stored then.
    const wasNew = !holdsGraph(handle)
    await handle.saved()
    const stored = await docs.stored(graph)
    answer = await run(
      { snapshot: stored?.snapshot ?? null, updates: stored?.updates ?? [] },
      options.sliceBytes ?? SLICE_BYTES,
    )
    if (!answer.result.ok || !wasNew || !holdsGraph(handle) || attempt === 3) break
  }
  if (!answer.result.ok) return { result: answer.result }
  const parts = answer.parts
  let applied = 0
  try {
    await applyInSlices(handle.doc, parts, IMPORT_ORIGIN, (done) => {
      applied = done
      // Deleted (or dropped after a refused write) between slices: the rest would go nowhere.
      if (docs.peek(graph) !== handle.doc && done < parts.length) throw new Interrupted()
    })
  } catch (error) {
    if (error instanceof Interrupted)
      return {
        reason: 'conflict',
        stopped:
          `import into ${graph} stopped after ${applied} of ${parts.length} parts: the graph was deleted or reloaded. ` +
          'What was applied before is saved; importing the same text again completes it.',
      }
    // Storage refused a part: what came before it is saved only as far as storage took it.
    return {
      reason: 'storage_unavailable',
      stopped:
        `import into ${graph} stopped at part ${applied + 1} of ${parts.length}: ${String(error)}. ` +
        'It is not all saved; retry once storage is back (importing the same text again completes it).',
    }
  }
  try {
    await handle.saved()
  } catch (error) {
    // Applied here, refused by storage: nothing of it is confirmed saved (never "what was applied is saved").
    return {
      reason: 'storage_unavailable',
      stopped:
        `import into ${graph} was applied but storage refused it: ${String(error)}. It is not saved; ` +
        'retry once storage is back (importing the same text again completes it).',
    }
  }
  return { result: answer.result }
}

class Interrupted extends Error {}

/** Whether the live document holds a graph yet (its meta names a root). */
const holdsGraph = (handle: DocHandle): boolean => readMeta(handle.doc).root !== null
