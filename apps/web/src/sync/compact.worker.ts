/// <reference lib="webworker" />
import * as Y from 'yjs'
import { PlexusDB } from './db.ts'
import { DexieStore } from './dexie-store.ts'

// Folds one graph's stored updates into its snapshot, off the main thread: merging the log of a
// large graph takes hundreds of milliseconds, which would freeze the canvas. The store folds the
// rows up to the last one read into the snapshot it writes (it is shared by every tab, so it must),
// so the worker hands it an empty update rather than merging the same rows twice; rows written
// meanwhile come after that sequence number and are kept.

const store = new DexieStore(new PlexusDB())
const EMPTY = Y.encodeStateAsUpdate(new Y.Doc())

self.onmessage = async (e: MessageEvent<{ graph: string; id: number }>) => {
  const { graph, id } = e.data
  try {
    const stored = await store.load(graph)
    const rows = stored ? stored.updates.length + (stored.snapshot ? 1 : 0) : 0
    if (stored && rows >= 2) await store.compact(graph, { snapshot: EMPTY, throughSeq: stored.lastSeq })
    self.postMessage({ id, ok: true, rows })
  } catch (error) {
    self.postMessage({ id, ok: false, message: String(error) })
  }
}
