/**
 * The one place the server calls the graph model: graph ids, summaries for listings, export and
 * import of text formats. Everything else in apps/sync treats a graph as an opaque Y.Doc.
 */
import {
  exportGraph,
  type Format,
  FORMATS,
  type Graph,
  GRAPH_ID,
  graphSummary,
  type GraphSummary,
  importGraph,
  type ImportResult as ModelImportResult,
  initGraph,
  openGraph,
  rawSize,
  readMeta,
  type Result,
} from '@plexus/model'
import { newId } from '@plexus/sync-client'
import * as Y from 'yjs'

export { FORMATS }
export type { Format, GraphSummary }

export const GRAPH_ID_RULE =
  "1-64 characters from a-z, 0-9, '.', '_' and '-', starting with a letter or digit"

export function validGraphId(id: string): boolean {
  return GRAPH_ID.test(id)
}

export function isFormat(value: string): value is Format {
  return (FORMATS as readonly string[]).includes(value)
}

export type TextResult = { ok: true; text: string } | { ok: false; reason: string; message: string }
export type ImportResult = Result<ModelImportResult>

/** Media type and file extension for each format. */
export const FORMAT_FILES: Record<Format, { contentType: string; extension: string }> = {
  json: { contentType: 'application/json; charset=utf-8', extension: 'json' },
  mermaid: { contentType: 'text/plain; charset=utf-8', extension: 'mmd' },
  dsl: { contentType: 'text/plain; charset=utf-8', extension: 'txt' },
  canvas: { contentType: 'application/json; charset=utf-8', extension: 'canvas' },
}

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

export function exportText(doc: Y.Doc, format: Format): TextResult {
  try {
    return { ok: true, text: exportGraph(open(doc, 'export'), format) }
  } catch (error) {
    return { ok: false, reason: 'export_failed', message: `cannot export this graph: ${String(error)}` }
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
  text: string,
  actor: string,
): ImportResult {
  if (readMeta(doc).id !== '') return importGraph(open(doc, actor), format, text)
  const scratch = new Y.Doc()
  const g = open(scratch, actor)
  if (format !== 'json') {
    const init = initGraph(g, { id: graphId })
    if (!init.ok) return init
  }
  const result = importGraph(g, format, text)
  if (result.ok) Y.applyUpdate(doc, Y.encodeStateAsUpdate(scratch, Y.encodeStateVector(doc)), 'import')
  scratch.destroy()
  return result
}
