/**
 * `plexus migrate`: every graph of one store copied into another, SQLite data directory to
 * PostgreSQL or back. Each graph goes as one state (snapshot and log folded together); copied into
 * a store that already has the graph it merges (Yjs states merge, nothing is overwritten), and
 * the target is then compacted with a summary, so listings work without loading anything.
 * The source is only read.
 */
import * as Y from 'yjs'
import type { StorageAdapter } from './adapter.ts'

export interface CopyReport {
  graphs: Array<{ id: string; bytes: number }>
}

export async function copyGraphs(
  from: StorageAdapter,
  to: StorageAdapter,
  summarize: (id: string, doc: Y.Doc) => unknown,
): Promise<CopyReport> {
  const report: CopyReport = { graphs: [] }
  for (const record of await from.list()) {
    const stored = await from.load(record.id)
    if (!stored) continue
    const state = fold(stored.snapshot, stored.updates)
    await to.append(record.id, Y.encodeStateAsUpdate(state))
    state.destroy()
    const target = await to.load(record.id)
    if (!target) throw new Error(`graph ${record.id} is missing from the target right after it was written`)
    const merged = fold(target.snapshot, target.updates)
    const snapshot = Y.encodeStateAsUpdate(merged)
    await to.compact(record.id, {
      snapshot,
      throughSeq: target.lastSeq,
      summary: JSON.stringify(summarize(record.id, merged)),
    })
    merged.destroy()
    report.graphs.push({ id: record.id, bytes: snapshot.length })
  }
  return report
}

function fold(snapshot: Uint8Array | null, updates: Uint8Array[]): Y.Doc {
  const doc = new Y.Doc()
  doc.transact(() => {
    if (snapshot) Y.applyUpdate(doc, snapshot)
    for (const u of updates) Y.applyUpdate(doc, u)
  })
  return doc
}
