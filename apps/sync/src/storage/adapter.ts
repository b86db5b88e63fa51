/**
 * Where graphs live between runs: per graph, an optional snapshot plus an append-only log of Yjs
 * updates. The relay appends updates before it relays them: `append` settling means the update
 * survives a crash of the process (and, for PostgreSQL, of the machine it ran on).
 *
 * The interface is `StorageAdapter` from @plexus/store-contract, shared with the browser's Dexie
 * store and the agent's file cache; its contract suite states what every implementation must do.
 * Every method may answer at once (the embedded SQLite store does: better-sqlite3 is synchronous,
 * and the relay then stores and relays in the same turn) or with a promise (PostgreSQL); callers
 * `await` either.
 */
export { isPromise } from '@plexus/store-contract'
export type { Awaitable, Compaction, GraphRecord, StorageAdapter, StoredGraph } from '@plexus/store-contract'
