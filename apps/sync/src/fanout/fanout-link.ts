/**
 * One loaded graph wired to the fan-out between servers (fanout.ts): other servers' stored updates
 * and presence come in and are relayed to this server's peers, this server's presence goes out,
 * and a gap (missed news) reads the graph again from the store, where only what this server lacks
 * changes the document. This server's own stored updates are published by the registry (graphs/registry.ts)
 * once stored.
 */
import { applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness'
import * as Y from 'yjs'
import { REMOTE, type DocRoom } from '../relay/relay.ts'
import type { StorageAdapter, StoredGraph } from '../storage/adapter.ts'

/** What a subscriber of one graph gets from the fan-out. */
export interface FanoutHandlers {
  /** A batch another server stored, its updates in order, the last at `seq` in the store's log. */
  apply(updates: readonly Uint8Array[], seq: number): void
  /** Reads the whole stored state again (a gap); resolves true once done, false when the store failed. */
  catchUp(): Promise<boolean> | void
  awareness?(update: Uint8Array): void
  /** Another server deleted the graph. */
  deleted?(): void
}

/** How servers sharing one store tell each other about stored updates (fanout.ts implements it). */
export interface Fanout {
  /** Tells the other servers: `updates` (one stored batch, in order) are stored, the last at `seq`. */
  publish(graph: string, updates: readonly Uint8Array[], seq: number): void
  /**
   * Delivers what other servers publish for `graph` until the returned function is called.
   * `apply` gets each stored batch; `catchUp` asks for the whole stored state to be read again (a gap).
   */
  subscribe(graph: string, handlers: FanoutHandlers): () => void
  /** Tells the other servers about a presence change (an encoded awareness update). */
  publishAwareness?(graph: string, update: Uint8Array): void
  /** Tells the other servers that `graph` was deleted (they drop their copies, closing with 4410). */
  publishDeleted?(graph: string): void
}

export interface LinkedGraph {
  graph: string
  room: DocRoom
  doc: Y.Doc
  /** Whether this graph is still the loaded one (not unloaded or reloaded since). */
  live(): boolean
  /** Drops the copy: another server deleted the graph. */
  deleted?(): void
}

/** Subscribes `g` to the fan-out; returns the unsubscribe. */
export function linkFanout(
  g: LinkedGraph,
  fanout: Fanout,
  store: StorageAdapter,
  log?: (line: string) => void,
): () => void {
  const awareness = g.room.awareness
  const share = (change: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
    if (origin === REMOTE || !fanout.publishAwareness) return
    const clients = [...change.added, ...change.updated, ...change.removed]
    if (clients.length > 0) fanout.publishAwareness(g.graph, encodeAwarenessUpdate(awareness, clients))
  }
  const catchUp = async (): Promise<boolean> => {
    try {
      const stored = await store.load(g.graph)
      if (!stored || !g.live()) return true
      g.room.applyRemote([lacking(stored, g.doc)])
      return true
    } catch (error) {
      log?.(`fanout: catching up ${g.graph} from the store failed: ${String(error)}`)
      return false
    }
  }
  awareness.on('update', share)
  const unsubscribe = fanout.subscribe(g.graph, {
    apply: (updates) => {
      if (g.live()) g.room.applyRemote(updates)
    },
    catchUp,
    deleted: () => {
      if (g.live()) g.deleted?.()
    },
    awareness: (update) => {
      if (!g.live()) return
      try {
        applyAwarenessUpdate(awareness, update, REMOTE)
      } catch {
        // A garbled presence message from another server changes nothing here.
      }
    },
  })
  return () => {
    awareness.off('update', share)
    unsubscribe()
  }
}

/**
 * What `stored` holds that `doc` lacks, as one update. The snapshot and the log are applied to a
 * scratch document (work in step with the log) rather than merged with `Y.mergeUpdates`, which
 * sorts its n inputs again for every struct it writes: n × structs, 14 s of a server's CPU for a
 * log of 9,403 updates (catch-up.test.ts).
 */
export function lacking(stored: StoredGraph, doc: Y.Doc): Uint8Array {
  const scratch = new Y.Doc({ gc: false })
  try {
    scratch.transact(() => {
      if (stored.snapshot) Y.applyUpdate(scratch, stored.snapshot)
      for (const update of stored.updates) Y.applyUpdate(scratch, update)
    })
    return Y.encodeStateAsUpdate(scratch, Y.encodeStateVector(doc))
  } finally {
    scratch.destroy()
  }
}
