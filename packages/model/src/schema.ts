import * as Y from 'yjs'
import type { GraphMeta, Json } from './types.ts'

/** The document layout, version 1. Only this package reads or writes these names. */
export const SCHEMA_VERSION = 1
export const GRAPH_ID = /^[a-z0-9][a-z0-9._-]{0,63}$/

export type YNode = Y.Map<unknown>
export type YEdge = Y.Map<unknown>

export interface Layout {
  meta: Y.Map<unknown>
  nodes: Y.Map<YNode>
  edges: Y.Map<YEdge>
  history: Y.Array<Json>
  checkpoints: Y.Map<Json>
}

export function layout(doc: Y.Doc): Layout {
  return {
    meta: doc.getMap('meta'),
    nodes: doc.getMap('nodes') as Y.Map<YNode>,
    edges: doc.getMap('edges') as Y.Map<YEdge>,
    history: doc.getArray('history') as Y.Array<Json>,
    checkpoints: doc.getMap('checkpoints') as Y.Map<Json>,
  }
}

export function edgeId(from: string, type: string, to: string): string {
  return `${from}>${type}>${to}`
}

/**
 * The ends and type an edge id names, when it names them unambiguously: three non-empty parts. A
 * type never holds '>' (it is a word); a node id may (an imported graph keeps its ids), and then an
 * id can be split more than one way.
 */
export function edgeParts(id: string): { from: string; type: string; to: string } | null {
  const a = id.indexOf('>')
  const b = a < 0 ? -1 : id.indexOf('>', a + 1)
  if (a <= 0 || b < 0 || b === a + 1 || b === id.length - 1 || id.indexOf('>', b + 1) >= 0) return null
  return { from: id.slice(0, a), type: id.slice(a + 1, b), to: id.slice(b + 1) }
}

/**
 * Writes a new edge's map. An edge whose id gives back its ends and type leaves `from`, `to` and
 * `type` out (readEdge takes them from the id): three Yjs items fewer per edge, in memory, on the wire
 * and in every load. The properties map is always written: two peers creating one lazily would each
 * make their own, and one would be lost.
 */
export function putEdge(
  edges: Layout['edges'],
  e: { from: string; type: string; to: string; label: string; created_at: number; created_by: string },
  properties: Record<string, Json>,
): { id: string; map: YEdge } {
  const id = edgeId(e.from, e.type, e.to)
  const m = new Y.Map<unknown>()
  edges.set(id, m)
  const parts = edgeParts(id)
  if (!parts || parts.from !== e.from || parts.type !== e.type || parts.to !== e.to) {
    m.set('from', e.from)
    m.set('to', e.to)
    m.set('type', e.type)
  }
  if (e.label) m.set('label', e.label)
  const props = new Y.Map<Json>()
  m.set('properties', props)
  for (const [k, v] of Object.entries(properties)) if (v !== null) props.set(k, v)
  m.set('created_at', e.created_at)
  m.set('created_by', e.created_by)
  return { id, map: m }
}

export function readMeta(doc: Y.Doc): GraphMeta {
  const m = layout(doc).meta
  const str = (k: string, d = ''): string => {
    const v = m.get(k)
    return typeof v === 'string' ? v : d
  }
  const created = m.get('created_at')
  return {
    schema: typeof m.get('schema') === 'number' ? (m.get('schema') as number) : 0,
    id: str('id'),
    title: str('title'),
    goal: str('goal'),
    root: typeof m.get('root') === 'string' ? (m.get('root') as string) : null,
    kind: m.get('kind') === 'user' ? 'user' : 'project',
    created_at: typeof created === 'number' ? created : 0,
    created_by: str('created_by'),
  }
}

/**
 * Migrations run in order from the document's version to SCHEMA_VERSION. A document written by a newer
 * version is left alone and reported, never downgraded.
 */
const migrations: Array<(doc: Y.Doc) => void> = [
  // 0 -> 1: documents that predate the meta map get one.
  (doc) => {
    layout(doc).meta.set('schema', 1)
  },
]

export type MigrationResult =
  | { ok: true; from: number; to: number }
  | { ok: false; reason: 'newer_schema'; message: string; from: number }

export function migrate(doc: Y.Doc, origin?: unknown): MigrationResult {
  const from = readMeta(doc).schema
  if (from > SCHEMA_VERSION) {
    return {
      ok: false,
      reason: 'newer_schema',
      from,
      message: `this document uses schema ${from}; this version of Plexus reads up to ${SCHEMA_VERSION}. Upgrade Plexus to edit it.`,
    }
  }
  if (from < SCHEMA_VERSION) {
    doc.transact(() => {
      for (let v = from; v < SCHEMA_VERSION; v++) migrations[v]?.(doc)
    }, origin)
  }
  return { ok: true, from, to: SCHEMA_VERSION }
}
