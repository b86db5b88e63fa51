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
