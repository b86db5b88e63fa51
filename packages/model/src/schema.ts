import * as Y from 'yjs'
import type { GraphMeta, Json } from './types.ts'

/**
 * The document layout this build writes. Only this package reads or writes these names. Version 2:
 * an edge whose id names its ends and type may leave `from`, `to` and `type` out (putEdge); builds of
 * version 1 read such an edge as dangling. The rules for versions are in docs/versions.md.
 */
export const SCHEMA_VERSION = 2
/** The oldest layout this build reads and upgrades (0: a document that predates the meta map). */
export const OLDEST_SCHEMA = 0
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
/** A node's or an edge's properties as the shared map the document keeps them in (a null is no entry). */
export function propertiesMap(properties: Record<string, Json> | undefined): Y.Map<Json> {
  const map = new Y.Map<Json>()
  for (const [k, v] of Object.entries(properties ?? {})) if (v !== null) map.set(k, v)
  return map
}

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
  m.set('properties', propertiesMap(properties))
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
  const dir = m.get('direction')
  return {
    schema: schemaOf(m),
    id: str('id'),
    title: str('title'),
    goal: str('goal'),
    root: typeof m.get('root') === 'string' ? (m.get('root') as string) : null,
    kind: m.get('kind') === 'user' ? 'user' : 'project',
    ...(dir === 'TB' || dir === 'TD' || dir === 'BT' || dir === 'LR' || dir === 'RL'
      ? { direction: dir }
      : {}),
    created_at: typeof created === 'number' ? created : 0,
    created_by: str('created_by'),
  }
}

/**
 * The document's version: the highest of `schema` and the `schema.N` marks. `schema` alone is one
 * key, and two peers of different versions upgrading at once write it concurrently: Yjs keeps one
 * value, possibly the lower. Each upgrade also sets its own mark, a key of its own no other write
 * touches, so the highest version written survives any merge.
 */
function schemaOf(m: Y.Map<unknown>): number {
  const v = m.get('schema')
  let schema = typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0
  for (const key of m.keys()) {
    const mark = /^schema\.(\d{1,6})$/.exec(key)
    if (mark && m.get(key) === true) schema = Math.max(schema, Number(mark[1]))
  }
  return schema
}

/** Records that the document is at `version` (see schemaOf); part of every upgrade and new graph. */
export function setSchema(meta: Y.Map<unknown>, version: number): void {
  meta.set('schema', version)
  if (version >= 2) meta.set(`schema.${version}`, true)
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
  // 1 -> 2: compact edges. Every edge a version-1 build wrote carries its ends and type, which
  // version 2 still reads, so only the version changes. Each migration writes values derived from the
  // document alone (never a clock, a client id or randomness): two peers upgrading at once write the
  // same values and converge to one document, whichever write Yjs keeps.
  (doc) => {
    setSchema(layout(doc).meta, 2)
  },
]

export type MigrationResult =
  | { ok: true; from: number; to: number }
  | { ok: false; reason: 'newer_schema'; message: string; from: number }

/** What a peer older than the document says: it may read the graph, not edit it. */
export function newerSchemaMessage(schema: number, speaks: number): string {
  return `update Plexus to edit this graph: it uses schema ${schema}, this version of Plexus writes schema ${speaks} (it may read the graph, its changes are not saved)`
}

/**
 * Upgrades the document to SCHEMA_VERSION in one transaction, or reports that it is newer than this
 * build. Run it only on a document that holds the graph (after sync): an empty document reads as
 * schema 0. Idempotent: a document already at SCHEMA_VERSION is left untouched.
 */
export function migrate(doc: Y.Doc, origin?: unknown): MigrationResult {
  const from = readMeta(doc).schema
  if (from > SCHEMA_VERSION) {
    return {
      ok: false,
      reason: 'newer_schema',
      from,
      message: newerSchemaMessage(from, SCHEMA_VERSION),
    }
  }
  if (from < SCHEMA_VERSION) {
    doc.transact(() => {
      for (let v = from; v < SCHEMA_VERSION; v++) migrations[v]?.(doc)
    }, origin)
  }
  return { ok: true, from, to: SCHEMA_VERSION }
}
