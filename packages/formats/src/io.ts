// Import and export of every format, with the fidelity ledger. The model's formats go through its
// importGraph/exportGraph unchanged (their ledger is what they skipped, and for an export what the
// format has no place for); the map formats are read into an Outline, turned into the model's Parsed,
// matched by their place in the tree, and applied by the model's applyParsed in one transaction.
import {
  IMPORT_LIMITS,
  JSON_LIMIT,
  applyParsed,
  exportGraph,
  importGraph,
  meta,
  type ApplyOptions,
  type Failure,
  type Graph,
  type ImportResult,
  type Result,
} from '@plexus/model'
import { FILES, isMindmap, type FileFormat } from './door.ts'
import { fail } from './fail.ts'
import { readFreeMind, writeFreeMind } from './freemind.ts'
import { readGraphML, writeGraphML } from './graphml.ts'
import { Ledger, type Loss } from './ledger.ts'
import { readMarkdown, writeMarkdown } from './markdown.ts'
import { readMindmap, writeMindmap } from './mindmap.ts'
import { readOPML, writeOPML } from './opml.ts'
import { fromGraph, matchByPlace, toParsed, walk, type Outline } from './outline.ts'
import { readXMind, writeXMind } from './xmind.ts'

/** Text, or the file's bytes (XMind is a zip; text formats are read as UTF-8). */
export type FileInput = string | Uint8Array

export interface FileImportResult extends ImportResult {
  /** What the file held that the graph could not keep, per kind. */
  lost: Loss[]
}

export interface ExportedFile {
  /** Text, or bytes for a binary format (XMind). */
  data: string | Uint8Array
  /** What the graph holds that the format has no place for, per kind. */
  lost: Loss[]
}

type MapFormat = Exclude<FileFormat, 'json' | 'mermaid' | 'dsl' | 'canvas'>

const READERS: Record<MapFormat, (text: string, bytes: Uint8Array | null) => Outline | Failure> = {
  opml: (t) => readOPML(t),
  freemind: (t) => readFreeMind(t),
  markdown: (t) => readMarkdown(t),
  mindmap: (t) => readMindmap(t),
  graphml: (t) => readGraphML(t),
  xmind: (_, b) =>
    b
      ? readXMind(b)
      : fail(
          'invalid_argument',
          'xmind: an .xmind file is a zip; pass its bytes (base64 over MCP), not text',
        ),
}

const WRITERS: Record<MapFormat, (o: Outline, g: Graph) => string | Uint8Array> = {
  opml: (o, g) => writeOPML(o, meta(g).title),
  freemind: (o, g) => writeFreeMind(o, g),
  markdown: (o, g) => writeMarkdown(o, g),
  mindmap: (o, g) => writeMindmap(o, g),
  graphml: (o) => writeGraphML(o),
  xmind: (o, g) => writeXMind(o, g),
}

/** What each format has a place for; an export counts the rest in its ledger. */
interface Keeps {
  notes: boolean
  links: boolean
  colors: boolean
  icons: boolean
  kinds: boolean
  relations: boolean
  positions: boolean
}
const ALL: Keeps = {
  notes: true,
  links: true,
  colors: true,
  icons: true,
  kinds: true,
  relations: true,
  positions: true,
}
const KEEPS: Record<FileFormat, Keeps> = {
  json: ALL,
  graphml: ALL,
  mermaid: { ...ALL, notes: false, links: false, icons: false, positions: false },
  dsl: { ...ALL, notes: false, links: false, colors: false, icons: false, positions: false },
  canvas: { ...ALL, links: false, icons: false, kinds: false },
  opml: { ...ALL, colors: false, icons: false, relations: false, positions: false },
  freemind: { ...ALL, positions: false },
  xmind: { ...ALL, kinds: false, positions: false },
  markdown: { ...ALL, colors: false, icons: false, kinds: false, relations: false, positions: false },
  mindmap: {
    ...ALL,
    notes: false,
    links: false,
    colors: false,
    kinds: false,
    relations: false,
    positions: false,
  },
}

const decoder = new TextDecoder('utf-8')

/** Base64 (how MCP carries a binary file) as bytes; null when it is not base64. */
export function decodeBase64(s: string): Uint8Array | null {
  const clean = s.replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) return null
  const bin = atob(clean)
  const out = new Uint8Array(bin.length)
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i)
  return out
}

function lossesOfSkipped(r: ImportResult, ledger: Ledger): void {
  ledger.add(
    'skipped',
    'thing read but not written',
    '(see skipped)',
    r.skippedCount ?? r.skipped.length,
    'things read but not written',
  )
}

/**
 * Imports a file of any format into the graph, in one transaction, or writes nothing; answers what
 * the model's importGraph answers and the ledger. A Mermaid file whose header is `mindmap` is read
 * as a mindmap. Bytes are read as UTF-8 for the text formats.
 */
export function importFile(
  g: Graph,
  format: FileFormat,
  input: FileInput,
  opts: ApplyOptions = {},
): Result<FileImportResult> {
  const bytes = typeof input === 'string' ? null : input
  const size = typeof input === 'string' ? input.length : input.byteLength
  if (size > JSON_LIMIT)
    return fail(
      'too_large',
      `${format}: the file is ${size} ${bytes ? 'bytes' : 'characters'}; one import takes at most ${JSON_LIMIT}. Split it into several imports.`,
    )
  const text = FILES[format].binary ? '' : typeof input === 'string' ? input : decoder.decode(input)
  const ledger = new Ledger()
  if (format === 'mermaid' && isMindmap(text)) format = 'mindmap'
  if (format === 'json' || format === 'mermaid' || format === 'dsl' || format === 'canvas') {
    const r = importGraph(g, format, text, opts)
    if (!r.ok) return r
    lossesOfSkipped(r, ledger)
    return { ...r, lost: ledger.entries() }
  }
  const o = READERS[format](text, bytes)
  if ('ok' in o) return o
  let count = 0
  for (const _ of walk(o.roots)) count++
  if (count > IMPORT_LIMITS.nodes)
    return fail(
      'too_large',
      `${format}: the file has ${count} topics; one import takes at most ${IMPORT_LIMITS.nodes}. Split it into several imports.`,
    )
  const p = toParsed(o)
  matchByPlace(g, p, opts.parent)
  const r = applyParsed(g, p, opts)
  if (!r.ok) return r
  const { created, matched, edges, matches, skipped, skippedCount, problems, frame, alike } = r
  const result: ImportResult = {
    created,
    matched,
    edges,
    matches,
    skipped,
    skippedCount,
    problems,
    ...(frame !== undefined ? { frame, alike: alike ?? [] } : {}),
  }
  lossesOfSkipped(result, o.ledger)
  return { ok: true, ...result, lost: o.ledger.entries() }
}

function countLosses(g: Graph, format: FileFormat, ledger: Ledger): void {
  const k = KEEPS[format]
  const c = { notes: 0, links: 0, colors: 0, icons: 0, kinds: 0, positions: 0, relations: 0 }
  for (const n of g.index.nodes.values()) {
    if (!g.index.live(n.id)) continue
    if (n.notes) c.notes++
    if (n.links.length) c.links++
    if (n.color) c.colors++
    if (Array.isArray(n.properties.icons) && n.properties.icons.length) c.icons++
    if (n.kind && n.kind !== 'concept') c.kinds++
    if (n.x !== null || n.y !== null) c.positions++
    for (const e of g.index.edgesOf(n.id, 'out')) if (g.index.live(e.other)) c.relations++
  }
  const fmt = FILES[format].label
  // One of them and many: "3 nodes' notes left out (Mermaid mindmap has no notes)".
  const words: Record<keyof Keeps, [string, string]> = {
    notes: ["node's notes", "nodes' notes"],
    links: ["node's links", "nodes' links"],
    colors: ['node colour', 'node colours'],
    icons: ["node's icons", "nodes' icons"],
    kinds: ['node kind', 'node kinds'],
    positions: ['node position', 'node positions'],
    relations: ['relation', 'relations'],
  }
  for (const key of Object.keys(words) as Array<keyof Keeps>) {
    if (k[key]) continue
    const [one, many] = words[key]
    const why = key === 'relations' ? 'holds only the tree' : `has no ${key === 'colors' ? 'colours' : key}`
    ledger.add(key, one, `left out (${fmt} ${why})`, c[key], many)
  }
}

/** The deepest a map format is written: the writers recurse per level, and the XML readers take 1,000. */
export const MAX_EXPORT_DEPTH = 1000

/** Levels of the graph's tree (a root alone is 1), walked without recursion. */
function treeDepth(g: Graph): number {
  const s = g.index.struct()
  let deepest = 0
  const stack: Array<[string, number]> = s.roots.map((r) => [r, 1])
  while (stack.length) {
    const [id, d] = stack.pop()!
    if (!g.index.live(id)) continue
    deepest = Math.max(deepest, d)
    for (const c of s.children.get(id) ?? []) stack.push([c, d + 1])
  }
  return deepest
}

/**
 * The graph in a format, with what the format has no place for; or, for a map format and a tree
 * deeper than MAX_EXPORT_DEPTH, `too_deep` with the depth and what to do: it would write a file no
 * reader takes back. What every edge calls (REST, MCP, the web app's menu), so each can answer it.
 */
export function tryExportFile(g: Graph, format: FileFormat): Result<ExportedFile> {
  const ledger = new Ledger()
  countLosses(g, format, ledger)
  if (format === 'json' || format === 'mermaid' || format === 'dsl' || format === 'canvas')
    return { ok: true, data: exportGraph(g, format), lost: ledger.entries() }
  const depth = treeDepth(g)
  if (depth > MAX_EXPORT_DEPTH)
    return fail(
      'too_deep',
      `${format}: the graph's tree is ${depth} levels deep; a map format is written at most ${MAX_EXPORT_DEPTH} deep (as deep as the readers take: XML nests 1,000 elements). Export it as json or dsl, or move the deepest branches up.`,
    )
  const o = fromGraph(g, format, ledger)
  const data = WRITERS[format](o, g)
  return { ok: true, data, lost: ledger.entries() }
}

/** `tryExportFile` for a caller that has ruled the refusal out: it throws with the refusal's words. */
export function exportFile(g: Graph, format: FileFormat): ExportedFile {
  const r = tryExportFile(g, format)
  if (!r.ok) throw new Error(r.message)
  return { data: r.data, lost: r.lost }
}
