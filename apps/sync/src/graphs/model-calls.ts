/**
 * The one place the server calls the graph model: graph ids, summaries for listings, export and
 * import of files (through @plexus/formats, which holds every format). Everything else in apps/sync
 * treats a graph as an opaque Y.Doc.
 */
import {
  FILE_FORMATS,
  FILES,
  tryExportFile,
  importFile,
  isFileFormat,
  type FileFormat,
  type FileImportResult,
  type FileInput,
  type Loss,
} from '@plexus/formats'
import {
  type FailureCode,
  type Graph,
  GRAPH_ID,
  graphSummary,
  type GraphSummary,
  initGraph,
  openGraph,
  rawSize,
  readMeta,
  type Result,
} from '@plexus/model'
import { newId } from '@plexus/sync-client'
import * as Y from 'yjs'

/** Every format the server reads and writes (the model's four and the map formats). */
export const FORMATS = FILE_FORMATS
export type Format = FileFormat
export type { GraphSummary }

export { GRAPH_ID_RULE } from '@plexus/tools'

export function validGraphId(id: string): boolean {
  return GRAPH_ID.test(id)
}

export function isFormat(value: string): value is Format {
  return isFileFormat(value)
}

/** An export: text, or bytes for a binary format (XMind), and what the format could not keep. */
export type TextResult =
  { ok: true; text: string | Uint8Array; lost: Loss[] } | { ok: false; reason: FailureCode; message: string }
export type ImportResult = Result<FileImportResult>

/** Media type and file extension for each format. */
export const FORMAT_FILES: Record<Format, { contentType: string; extension: string; binary: boolean }> =
  Object.fromEntries(
    FILE_FORMATS.map((f) => [
      f,
      { contentType: FILES[f].mime, extension: FILES[f].extensions[0]!, binary: FILES[f].binary === true },
    ]),
  ) as Record<Format, { contentType: string; extension: string; binary: boolean }>

function open(doc: Y.Doc, actor: string): Graph {
  return openGraph(doc, { actor, now: Date.now, newId })
}

/**
 * Never throws: it runs during compaction and listing, and a document a faulty client filled with
 * off-schema values must still be stored and listed.
 */
export function summarize(id: string, doc: Y.Doc): GraphSummary {
  try {
    const s = graphSummary(doc)
    return { ...s, id, title: s.title || id }
  } catch {
    // Raw map sizes (soft-deleted entries included) for a document too broken for the model.
    let title = id
    try {
      title = readMeta(doc).title || id
    } catch {
      // keep the id as title
    }
    return { id, title, ...rawSize(doc) }
  }
}

/**
 * The graph as a file, or why not with a code of the vocabulary: `too_deep` for a tree deeper than a
 * map format is written (its words say the depth and what to do); a throw is this server's bug
 * (`internal`), said so rather than passed off as the graph's fault.
 */
export function exportText(doc: Y.Doc, format: Format): TextResult {
  try {
    const r = tryExportFile(open(doc, 'export'), format)
    if (!r.ok) return { ok: false, reason: r.reason, message: r.message }
    return { ok: true, text: r.data, lost: r.lost }
  } catch (error) {
    return {
      ok: false,
      reason: 'internal',
      message: `cannot export this graph as ${format}: ${String(error)}; this is a bug, please report it (json exports whatever the graph holds)`,
    }
  }
}

/**
 * Imports `text` into the graph's live document, as one transaction. Into a graph that does not
 * exist yet, the import runs on a scratch document first (a new graph is initialised, or takes its
 * meta from a JSON export), so a refused import leaves no half-made graph behind.
 */
export function importText(
  graphId: string,
  doc: Y.Doc,
  format: Format,
  text: FileInput,
  actor: string,
): ImportResult {
  if (readMeta(doc).id !== '') return importFile(open(doc, actor), format, text)
  const scratch = new Y.Doc()
  const g = open(scratch, actor)
  if (format !== 'json') {
    const init = initGraph(g, { id: graphId })
    if (!init.ok) return init
  }
  const result = importFile(g, format, text)
  if (result.ok) Y.applyUpdate(doc, Y.encodeStateAsUpdate(scratch, Y.encodeStateVector(doc)), 'import')
  scratch.destroy()
  return result
}
