import type * as Y from 'yjs'
import { liveEdges } from '../analysis-graph.ts'
import { fail, type Graph } from '../graph.ts'
import { indexOf, type GraphView } from '../graph-index.ts'
import { readMeta } from '../schema.ts'
import type { Result } from '../types.ts'
import { applyParsed, type ApplyOptions, type ImportMatch } from './apply.ts'
import { parseCanvas, toCanvas } from './canvas.ts'
import { parseDSL, toDSL } from './dsl.ts'
import { JSON_LIMIT, checkText, type Parsed } from './facts.ts'
import { exportJSON, importJSON, parsePlexusJSON } from './json.ts'
import { parseMermaid, toMermaid } from './mermaid.ts'

// One door for text in and out, for the server's import/export routes and the MCP tools.

export type Format = 'json' | 'mermaid' | 'dsl' | 'canvas'
export const FORMATS: readonly Format[] = ['json', 'mermaid', 'dsl', 'canvas']

/** Guesses a format from a file name: .json, .mmd/.mermaid, .canvas, .txt/.dsl/.plexus. */
export function formatOfFile(name: string): Format | null {
  const ext = name.toLowerCase().split('.').pop() ?? ''
  if (ext === 'json') return 'json'
  if (ext === 'mmd' || ext === 'mermaid') return 'mermaid'
  if (ext === 'canvas') return 'canvas'
  if (ext === 'txt' || ext === 'dsl' || ext === 'plexus') return 'dsl'
  return null
}

/** What each format's files are called, for messages that say what Plexus reads. */
export const FORMAT_FILES: Readonly<Record<Format, string>> = {
  json: '.json (Plexus JSON backup)',
  mermaid: '.mmd or .mermaid (Mermaid flowchart)',
  canvas: '.canvas (JSON Canvas)',
  dsl: '.txt, .dsl or .plexus (the line DSL)',
}

/** The message for a file no format is known for: what Plexus reads instead. */
export function unsupportedFile(name: string): string {
  const ext = name.includes('.') ? name.slice(name.lastIndexOf('.')) : ''
  return `${name}: not a supported format${ext ? ` (${ext})` : ''}. Plexus reads ${Object.values(FORMAT_FILES).join(', ')}.`
}

export function exportGraph(g: Graph, format: Format): string {
  switch (format) {
    case 'json':
      return JSON.stringify(exportJSON(g), null, 2) + '\n'
    case 'mermaid':
      return toMermaid(g)
    case 'dsl':
      return toDSL(g)
    case 'canvas':
      return toCanvas(g)
  }
  throw new Error(`exportGraph: unknown format ${String(format)}`)
}

export interface ImportResult {
  created: number
  /** Names that resolved to existing nodes (text formats), or ids the graph already had (json). */
  matched: number
  edges: number
  /** Each node of the text that resolved to an existing node: by alias, id, name or (asked for) fuzzy, with its confidence. */
  matches: ImportMatch[]
  /** What was read but not written, and why (at most 50). */
  skipped: string[]
  /** How many things were skipped in all (`skipped` lists the first 50). */
  skippedCount: number
  /** Integrity problems the imported data brought (dependency cycles), kept rather than refused. */
  problems: string[]
  /** With `opts.frame`: the frame that holds the file, and the nodes the graph had by the same alias or name (kept apart). */
  frame?: string
  alike?: ImportMatch[]
}

const PARSERS: Record<Exclude<Format, 'json'>, (text: string) => Result<Parsed>> = {
  dsl: parseDSL,
  mermaid: parseMermaid,
  canvas: parseCanvas,
}

/**
 * Imports text in one transaction, or writes nothing: a parse error (with its line, or the node or edge
 * it is about) or an invalid value is a failure. JSON is restored as is (ids, every field; nothing the
 * graph already has is overwritten). The other formats name nodes: names resolve to live nodes, the rest
 * are created under the parent the text gives, else `opts.parent`, else the graph's root; then edges.
 */
export function importGraph(
  g: Graph,
  format: Format,
  text: string,
  opts: ApplyOptions = {},
): Result<ImportResult> {
  if (format === 'json') {
    const big = checkText(text, 'json', JSON_LIMIT)
    if (big) return big
    const parsed = parsePlexusJSON(text)
    if (!parsed.ok) return parsed
    const r = importJSON(g, parsed.data)
    if (!r.ok) return r
    const skipped = r.existing.map((id) => `node ${id} is already in the graph; kept as it is`)
    if (r.dangling)
      skipped.push(`${r.dangling} edge(s) point at nodes that are neither in the file nor in the graph`)
    for (const id of r.claims)
      skipped.push(`node ${id}: its claim was left out; a claim is made by claiming in this graph`)
    return {
      ok: true,
      created: r.created,
      matched: r.existingCount,
      edges: r.edges,
      matches: [],
      skipped,
      skippedCount: skipped.length,
      problems: [],
    }
  }
  const parse = PARSERS[format]
  if (!parse)
    return fail('invalid_argument', `format ${JSON.stringify(format)} is not one of ${FORMATS.join(', ')}`)
  const p = parse(text)
  if (!p.ok) return p
  const r = applyParsed(g, p, opts)
  if (!r.ok) return r
  const { created, matched, edges, matches, skipped, skippedCount, problems, frame, alike } = r
  return {
    ok: true,
    created,
    matched,
    edges,
    matches,
    skipped,
    skippedCount,
    problems,
    ...(frame !== undefined ? { frame, alike: alike ?? [] } : {}),
  }
}

export interface GraphSummary {
  id: string
  title: string
  /** Live nodes. */
  nodes: number
  /** Live edges: both ends live, counted once after merges, as reads see them. */
  edges: number
}

const summaries = new WeakMap<GraphView, { version: number; summary: GraphSummary }>()

/** What a list of graphs shows; cached per document until it changes, since the server asks often. */
export function graphSummary(doc: Y.Doc): GraphSummary {
  const ix = indexOf(doc)
  const m = readMeta(doc)
  const hit = summaries.get(ix)
  if (hit && hit.version === ix.version && hit.summary.title === m.title && hit.summary.id === m.id)
    return hit.summary
  let nodes = 0
  for (const id of ix.nodes.keys()) if (ix.live(id)) nodes++
  const summary = { id: m.id, title: m.title, nodes, edges: liveEdges(ix).length }
  summaries.set(ix, { version: ix.version, summary })
  return summary
}

export { applyParsed }
export type { ApplyOptions, ImportMatch }
export { exportJSON, importJSON, JSON_IMPORT_LIMITS } from './json.ts'
export type { JSONImportResult, PlexusJSON } from './json.ts'
export { parseDSL, toDSL } from './dsl.ts'
export { parseMermaid, toMermaid } from './mermaid.ts'
export { parseCanvas, toCanvas, toCanvasData } from './canvas.ts'
export type { Canvas, CanvasEdge, CanvasNode } from './canvas.ts'
export { contextDump } from './dump.ts'
export { knowledgeDump } from './knowledge.ts'
export type { DumpOptions } from './dump.ts'
export { IMPORT_LIMITS, JSON_LIMIT, TEXT_LIMIT } from './facts.ts'
export type { Fact, NameRef, NodeDecl, ParentLink, Parsed } from './facts.ts'
