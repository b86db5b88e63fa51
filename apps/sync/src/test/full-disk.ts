/** SQLite that refuses every write once `full` is set, as a full disk does. */
import { SqliteStore } from '../storage/sqlite-store.ts'

export class FullDisk extends SqliteStore {
  full = false
  override appendMany(graph: string, updates: readonly Uint8Array[]): number {
    if (this.full) throw new Error('database or disk is full')
    return super.appendMany(graph, updates)
  }
  override append(graph: string, update: Uint8Array): number {
    if (this.full) throw new Error('database or disk is full')
    return super.append(graph, update)
  }
}
