/// <reference lib="webworker" />
import * as Y from 'yjs'
import { PlexusDB } from './db.ts'

// Folds one graph's stored updates into a single update, off the main thread: merging the log of a
// large graph takes hundreds of milliseconds, which would freeze the canvas. Only rows read here are
// deleted, in the same transaction that adds the merged row, so rows written meanwhile are kept.

const database = new PlexusDB()

self.onmessage = async (e: MessageEvent<{ graph: string; id: number }>) => {
  const { graph, id } = e.data
  try {
    let rows = 0
    await database.transaction('rw', database.updates, async () => {
      const list = await database.updates.where('graph').equals(graph).toArray()
      rows = list.length
      if (list.length < 2) return
      const merged = Y.mergeUpdates(list.map((r) => r.bytes))
      await database.updates.bulkDelete(list.map((r) => r.seq!))
      await database.updates.add({ graph, bytes: merged })
    })
    self.postMessage({ id, ok: true, rows })
  } catch (error) {
    self.postMessage({ id, ok: false, message: String(error) })
  }
}
