import Dexie, { type EntityTable } from 'dexie'

/** One stored Yjs update of one graph. Replaying a graph's updates in any order rebuilds its document. */
export interface StoredUpdate {
  seq?: number
  graph: string
  bytes: Uint8Array
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

  constructor(name = 'plexus') {
    super(name)
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
  const d = db()
  await d.transaction('rw', d.updates, d.graphs, async () => {
    await d.updates.where('graph').equals(id).delete()
    await d.graphs.delete(id)
  })
}
