/**
 * The browser's store: the storage adapter (@plexus/store-contract) over Dexie's `updates` table,
 * checked by the same contract suite as the server's stores (dexie-store.test.ts, fake-indexeddb).
 *
 * A graph is its rows in `updates`; the row with `through` set is its snapshot, holding everything up
 * to that sequence number. The table's schema is unchanged from version 1: a build that predates
 * snapshot rows reads one as an ordinary update, and replaying a Yjs update in any order gives the
 * same document, so old and new tabs share one database.
 *
 * Every tab of the origin opens the same database, so it is a shared store: compaction merges the
 * rows it replaces into the snapshot it writes, and an update another tab stored that this one never
 * applied is kept.
 */
import type { Compaction, GraphRecord, StorageAdapter, StoredGraph } from '@plexus/store-contract'
import * as Y from 'yjs'
import { db, type PlexusDB, type StoredUpdate } from './db.ts'

export class DexieStore implements StorageAdapter {
  constructor(
    readonly database: PlexusDB = db(),
    private readonly now: () => number = Date.now,
  ) {}

  async append(graph: string, update: Uint8Array): Promise<number> {
    return keyOf(await this.database.updates.add({ graph, bytes: update, at: this.now() }))
  }

  async appendMany(graph: string, updates: readonly Uint8Array[]): Promise<number> {
    if (!updates.length) throw new Error('appendMany needs at least one update')
    const at = this.now()
    const d = this.database
    // Inside a transaction bulkAdd is all or none; on its own it would keep the rows before a failure.
    const keys = await d.transaction('rw', d.updates, () =>
      d.updates.bulkAdd(
        updates.map((bytes) => ({ graph, bytes, at })),
        { allKeys: true },
      ),
    )
    return keyOf(keys[keys.length - 1])
  }

  async load(graph: string): Promise<StoredGraph | null> {
    // The graph index sorts rows of one graph by primary key: oldest first.
    const rows = await this.database.updates.where('graph').equals(graph).toArray()
    if (!rows.length) return null
    const snaps = rows.filter(isSnapshot)
    const log = rows.filter((r) => !isSnapshot(r))
    const through = Math.max(0, ...snaps.map((s) => s.through))
    return {
      snapshot: snapshotOf(snaps),
      updates: log.map((r) => r.bytes),
      lastSeq: Math.max(through, log.at(-1)?.seq ?? 0),
      bytes: rows.reduce((n, r) => n + r.bytes.length, 0),
    }
  }

  async compact(graph: string, { snapshot, throughSeq, summary }: Compaction): Promise<void> {
    const d = this.database
    await d.transaction('rw', d.updates, async () => {
      const rows = await d.updates.where('graph').equals(graph).toArray()
      const folded = rows.filter((r) => isSnapshot(r) || r.seq! <= throughSeq)
      const snaps = folded.filter(isSnapshot)
      // Another tab's rows up to throughSeq may hold what this tab never applied: fold them in too.
      const bytes = folded.length ? Y.mergeUpdates([...folded.map((r) => r.bytes), snapshot]) : snapshot
      const kept = summary ?? snaps.findLast((s) => s.summary !== undefined)?.summary
      await d.updates.bulkDelete(folded.map((r) => r.seq!))
      await d.updates.add({
        graph,
        bytes,
        at: this.now(),
        through: Math.max(throughSeq, ...snaps.map((s) => s.through)),
        ...(kept === undefined ? {} : { summary: kept }),
      })
    })
  }

  async has(graph: string): Promise<boolean> {
    return (await this.database.updates.where('graph').equals(graph).first()) !== undefined
  }

  /** Reads every row: for tools and tests. The home page lists graphs from the small `graphs` table. */
  async list(): Promise<GraphRecord[]> {
    const byGraph = new Map<string, GraphRecord>()
    await this.database.updates.each((r) => {
      const g = byGraph.get(r.graph) ?? {
        id: r.graph,
        updatedAt: 0,
        bytes: 0,
        pendingUpdates: 0,
        summary: null,
      }
      g.bytes += r.bytes.length
      g.updatedAt = Math.max(g.updatedAt, r.at ?? 0)
      if (isSnapshot(r)) g.summary = r.summary ?? g.summary
      else g.pendingUpdates++
      byGraph.set(r.graph, g)
    })
    return [...byGraph.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  }

  /** Deletes the graph's rows and its line on the home page, in one transaction. */
  async remove(graph: string): Promise<boolean> {
    const d = this.database
    return d.transaction('rw', d.updates, d.graphs, async () => {
      const n = await d.updates.where('graph').equals(graph).delete()
      await d.graphs.delete(graph)
      return n > 0
    })
  }

  close(): void {
    this.database.close()
  }
}

/** The table's `++seq` always assigns a key; its type says a row may lack one before it is added. */
function keyOf(seq: number | undefined): number {
  if (seq === undefined) throw new Error('IndexedDB stored an update without a sequence number')
  return seq
}

type SnapshotRow = StoredUpdate & { through: number }

function isSnapshot(r: StoredUpdate): r is SnapshotRow {
  return r.through !== undefined
}

function snapshotOf(snaps: SnapshotRow[]): Uint8Array | null {
  if (!snaps.length) return null
  // Compaction leaves one; two tabs' snapshots could only meet if a compaction was cut short.
  return snaps.length === 1 ? snaps[0]!.bytes : Y.mergeUpdates(snaps.map((s) => s.bytes))
}
