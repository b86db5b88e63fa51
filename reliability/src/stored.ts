/**
 * What is on disk: a graph read straight from the SQLite file (snapshot plus log), as the next
 * server start would load it, and which ledger entries a document lacks.
 */
import { join } from 'node:path'
import { DB_FILE, SqliteStore } from '@plexus/sync'
import * as Y from 'yjs'
import type { Entry } from './peers.ts'

export function storedDoc(dataDir: string, graph: string): Y.Doc {
  const store = new SqliteStore(join(dataDir, DB_FILE))
  try {
    const doc = new Y.Doc()
    const stored = store.load(graph)
    if (stored) {
      doc.transact(() => {
        if (stored.snapshot) Y.applyUpdate(doc, stored.snapshot)
        for (const update of stored.updates) Y.applyUpdate(doc, update)
      })
    }
    return doc
  } finally {
    store.close()
  }
}

/** Entries not in `doc`: a node that does not exist, or a counter below the value written. */
export function missingEntries(doc: Y.Doc, entries: readonly Entry[]): Entry[] {
  const nodes = doc.getMap('nodes')
  return entries.filter((e) => {
    const node = nodes.get(e.node) as Y.Map<unknown> | undefined
    if (!(node instanceof Y.Map)) return true
    if (e.key === undefined) return false
    const props = node.get('properties')
    const value =
      props instanceof Y.Map ? props.get(e.key) : (props as Record<string, unknown> | undefined)?.[e.key]
    return typeof value !== 'number' || value < e.value!
  })
}
