/**
 * The storage-adapter interface: where a graph's Yjs updates live between runs. Four stores
 * implement it — SQLite and PostgreSQL on the server, Dexie (IndexedDB) in the browser, and the
 * agent's file cache for `plexus mcp` — and one contract suite (`@plexus/store-contract/contract`)
 * checks each of them. This entry holds types and one helper only, so a browser bundle that imports
 * it pulls in nothing (the suite, which needs vitest and yjs, is a separate entry).
 */

/** A value now, or a promise of it: SQLite and the file cache answer synchronously, IndexedDB and PostgreSQL asynchronously. */
export type Awaitable<T> = T | Promise<T>

/** Whether a store's answer is a promise (the caller must wait) or the value itself. */
export function isPromise<T>(value: Awaitable<T>): value is Promise<T> {
  return typeof (value as Promise<T> | null)?.then === 'function'
}

export interface StoredGraph {
  /** Full state as one Yjs update, or null before the first compaction. */
  snapshot: Uint8Array | null
  /** Updates appended after the snapshot, oldest first. */
  updates: Uint8Array[]
  /** Sequence number of the last update folded into the snapshot or in `updates`; 0 when none. */
  lastSeq: number
  /** Bytes stored: snapshot plus log. */
  bytes: number
}

export interface GraphRecord {
  id: string
  /** Milliseconds since the epoch of the last stored change. */
  updatedAt: number
  bytes: number
  /** Updates in the log not yet folded into the snapshot. */
  pendingUpdates: number
  /** Whatever the caller stored with the last compaction (a JSON summary), or null. */
  summary: string | null
}

export interface Compaction {
  snapshot: Uint8Array
  /** Log entries with seq up to and including this one are replaced by the snapshot. */
  throughSeq: number
  summary?: string
}

/**
 * Per graph, an optional snapshot plus an append-only log of Yjs updates.
 *
 * A peer that keeps a document needs three methods: `load` once when it opens a graph, `append` for
 * every update it sees (its own and others'), and now and then `compact` with the document's state
 * and the last sequence number it loaded or appended. `has`, `list` and `remove` serve a list of
 * graphs and deleting one; `appendMany` lets a writer store a burst in one write.
 *
 * `append` settling means the update survives a crash of the process. Sequence numbers increase per
 * graph and are never reused, compaction included. Replaying the snapshot and then the updates in
 * order rebuilds the document; since Yjs updates commute, replaying an update twice is harmless.
 */
export interface StorageAdapter {
  /** Appends one update durably and returns its sequence number. */
  append(graph: string, update: Uint8Array): Awaitable<number>
  /**
   * Appends updates in order as one atomic write (all or none); returns the last sequence number.
   * A store may keep the batch as one merged update (the contract's `batches: 'merged'`).
   */
  appendMany(graph: string, updates: readonly Uint8Array[]): Awaitable<number>
  /** Everything stored for a graph, or null if the graph has never been written. */
  load(graph: string): Awaitable<StoredGraph | null>
  /**
   * Replaces the log up to `throughSeq` with `snapshot`, atomically. A store several processes
   * share merges the logged updates up to `throughSeq` into the snapshot, so an update another
   * process appended that this one has not applied yet is kept.
   */
  compact(graph: string, compaction: Compaction): Awaitable<void>
  /** Whether anything is stored for the graph. */
  has(graph: string): Awaitable<boolean>
  /** Every stored graph, by id. */
  list(): Awaitable<GraphRecord[]>
  /** Deletes a graph; false when there was nothing to delete. */
  remove(graph: string): Awaitable<boolean>
  close(): Awaitable<void>
}
