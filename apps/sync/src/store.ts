/**
 * Where graphs live between runs: per graph, an optional snapshot plus an append-only log of Yjs
 * updates. The relay appends updates before it relays them: `append` settling means the update
 * survives a crash of the process (and, for PostgreSQL, of the machine it ran on).
 *
 * Every method may answer at once (the embedded SQLite store does: better-sqlite3 is synchronous,
 * and the relay then stores and relays in the same turn) or with a promise (PostgreSQL); callers
 * `await` either. The contract suite (store.contract.ts) states what every implementation must do.
 */

/** A value now, or a promise of it: SQLite answers synchronously, PostgreSQL asynchronously. */
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

export interface Store {
  /** Appends one update durably and returns its sequence number (increasing per store). */
  append(graph: string, update: Uint8Array): Awaitable<number>
  /** Appends updates in order as one atomic write (all or none); returns the last sequence number. */
  appendMany(graph: string, updates: readonly Uint8Array[]): Awaitable<number>
  /** Everything stored for a graph, or null if the graph has never been written. */
  load(graph: string): Awaitable<StoredGraph | null>
  /**
   * Replaces the log up to `throughSeq` with `snapshot`, atomically. A store shared by several
   * servers merges the logged updates up to `throughSeq` into the snapshot, so an update another
   * server appended that this one has not applied yet is kept.
   */
  compact(graph: string, compaction: Compaction): Awaitable<void>
  /** Whether anything is stored for the graph. */
  has(graph: string): Awaitable<boolean>
  list(): Awaitable<GraphRecord[]>
  /** Deletes a graph; false when there was nothing to delete. */
  remove(graph: string): Awaitable<boolean>
  close(): Awaitable<void>
}
