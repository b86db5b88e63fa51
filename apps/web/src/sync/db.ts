import Dexie, { type DexieOptions, type EntityTable } from 'dexie'
import { DexieStore } from './dexie-store.ts'

/**
 * One stored Yjs update of one graph. Replaying a graph's updates in any order rebuilds its document.
 * The fields after `bytes` came with the storage adapter (dexie-store.ts) and need no new schema
 * version (they are not indexed); rows written before them, or while a page is leaving, lack them.
 */
export interface StoredUpdate {
  seq?: number
  graph: string
  bytes: Uint8Array
  /** When the row was stored (ms). */
  at?: number
  /** Set on a graph's snapshot: the sequence number it holds everything up to. */
  through?: number
  /** What the caller stored with the compaction that wrote this snapshot. */
  summary?: string
}

/** What the home page shows about a graph on this device, without loading its document. */
export interface LocalGraph {
  id: string
  title: string
  nodes: number
  edges: number
  actionable: number
  resolved: number
  /** Last change to the document, seen by this device (ms). */
  updated_at: number
  opened_at: number
}

export class PlexusDB extends Dexie {
  updates!: EntityTable<StoredUpdate, 'seq'>
  graphs!: EntityTable<LocalGraph, 'id'>

  /** `options` carries another IndexedDB implementation (tests run on fake-indexeddb). */
  constructor(name = 'plexus', options?: DexieOptions) {
    super(name, options)
    this.version(1).stores({ updates: '++seq, graph', graphs: 'id, updated_at' })
  }
}

let shared: PlexusDB | null = null

export function db(): PlexusDB {
  return (shared ??= new PlexusDB())
}

export async function listLocalGraphs(): Promise<LocalGraph[]> {
  return db().graphs.orderBy('updated_at').reverse().toArray()
}

export async function forgetLocalGraph(id: string): Promise<void> {
  await new DexieStore(db()).remove(id)
}
