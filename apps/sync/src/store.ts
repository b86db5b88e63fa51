/**
 * Where graphs live between runs: per graph, an optional snapshot plus an append-only log of Yjs
 * updates. The relay appends updates before it relays them, so the interface is synchronous:
 * `append` returning means the update survives a crash of the process. A networked store would sit
 * behind a local write-ahead log to keep that promise; the contract suite (store.contract.ts)
 * states what every implementation must do.
 */

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
  append(graph: string, update: Uint8Array): number
  /** Appends updates in order as one atomic write (all or none); returns the last sequence number. */
  appendMany(graph: string, updates: readonly Uint8Array[]): number
  /** Everything stored for a graph, or null if the graph has never been written. */
  load(graph: string): StoredGraph | null
  /** Replaces the log up to `throughSeq` with `snapshot`, atomically. */
  compact(graph: string, compaction: Compaction): void
  /** Whether anything is stored for the graph. */
  has(graph: string): boolean
  list(): GraphRecord[]
  /** Deletes a graph; false when there was nothing to delete. */
  remove(graph: string): boolean
  close(): void
}
