/**
 * The registry of loaded graphs: loads a graph from the store on first use, wires its room to the
 * store (append before relay), folds the log into a snapshot every so often, and unloads a graph
 * that nobody has used for `idleUnloadMs`.
 *
 * Everything here is synchronous (better-sqlite3 is), so a graph is never half loaded or half
 * compacted while a message is handled.
 *
 * When storage refuses a write, the loaded document holds a change the store does not: the room
 * breaks, and the graph is dropped from memory without compacting (which would store the refused
 * change behind everyone's back) and loaded again from the store on next use. Its peers are closed
 * with 1011 and the reason; they reconnect and send again what they have, so a write refused while
 * the disk was full is stored once it is not.
 */
import { performance } from 'node:perf_hooks'
import type { Awareness } from 'y-protocols/awareness'
import * as Y from 'yjs'
import { CloseCode } from './limits.ts'
import type { Metrics } from './metrics.ts'
import { DocRoom, type FrameKind, type PeerInfo, type Receipt } from './relay.ts'
import type { GraphRecord, Store } from './store.ts'

export interface DocsOptions {
  /** Unload a graph this long after its last peer or handle let go; 0 unloads at once. */
  idleUnloadMs: number
  compactAfterUpdates: number
  compactAfterBytes: number
  maxDocumentBytes: number
  maxAwarenessClients: number
  /** A JSON-able summary stored with each snapshot, so listing graphs does not load them. */
  summarize: (graph: string, doc: Y.Doc) => unknown
  log?: (line: string) => void
}

export const defaultDocsOptions: Omit<DocsOptions, 'summarize'> = {
  idleUnloadMs: 30_000,
  compactAfterUpdates: 1000,
  compactAfterBytes: 4 * 1024 * 1024,
  maxDocumentBytes: 256 * 1024 * 1024,
  maxAwarenessClients: 8,
}

/** What a connection needs from its transport: a way to send and a way to be closed. */
export interface PeerTransport {
  send(frame: Uint8Array, kind: FrameKind): void
  close(code: number, reason: string): void
}

export interface PeerHandle {
  readonly id: number
  readonly graph: string
  receive(frame: Uint8Array): Receipt
  leave(): void
}

/** Use of a loaded graph by code on the server (HTTP, MCP). Writes to `doc` are stored and relayed. */
export interface DocHandle {
  readonly graph: string
  readonly doc: Y.Doc
  release(): void
}

interface Loaded {
  id: string
  doc: Y.Doc
  room: DocRoom
  peers: Map<number, PeerTransport>
  holds: number
  lastSeq: number
  pendingUpdates: number
  pendingBytes: number
  idleTimer: NodeJS.Timeout | null
  compactQueued: boolean
}

export interface GraphListing extends GraphRecord {
  loaded: boolean
  summary: string | null
}

export class DocRegistry {
  private readonly loaded = new Map<string, Loaded>()
  private readonly loadListeners = new Set<(graph: string, doc: Y.Doc) => void>()
  private nextPeerId = 1

  constructor(
    private readonly store: Store,
    private readonly metrics: Metrics,
    private readonly options: DocsOptions,
  ) {}

  get size(): number {
    return this.loaded.size
  }

  isLoaded(graph: string): boolean {
    return this.loaded.has(graph)
  }

  /** Called with every graph as it is loaded (e.g. to attach MCP observers). Returns an unsubscribe. */
  onLoaded(listener: (graph: string, doc: Y.Doc) => void): () => void {
    this.loadListeners.add(listener)
    return () => this.loadListeners.delete(listener)
  }

  /** Whether the graph has been written (stored, or changed in memory since loading). */
  exists(graph: string): boolean {
    if (this.store.has(graph)) return true
    const doc = this.loaded.get(graph)?.doc
    return doc !== undefined && doc.store.clients.size > 0
  }

  /** The in-memory document if loaded, without loading it. */
  peek(graph: string): Y.Doc | undefined {
    return this.loaded.get(graph)?.doc
  }

  /** The room's awareness of a loaded graph: server-side code (MCP agents) shows presence through it. */
  awareness(graph: string): Awareness | undefined {
    return this.loaded.get(graph)?.room.awareness
  }

  open(graph: string): DocHandle {
    const g = this.acquire(graph)
    g.holds++
    let released = false
    return {
      graph,
      doc: g.doc,
      release: () => {
        if (released) return
        released = true
        g.holds--
        this.maybeIdle(g)
      },
    }
  }

  join(graph: string, info: Omit<PeerInfo, 'id'>, transport: PeerTransport): PeerHandle {
    const g = this.acquire(graph)
    const id = this.nextPeerId++
    g.peers.set(id, transport)
    g.room.join({ ...info, id })
    let left = false
    return {
      id,
      graph,
      receive: (frame) => g.room.receive(id, frame),
      leave: () => {
        if (left) return
        left = true
        g.peers.delete(id)
        g.room.leave(id)
        this.maybeIdle(g)
      },
    }
  }

  /** Folds a graph's log into a snapshot now. */
  compact(graph: string): void {
    const g = this.loaded.get(graph)
    if (g) this.compactLoaded(g)
  }

  unload(graph: string, closeCode: number = CloseCode.goingAway, reason = 'document unloaded'): void {
    const g = this.loaded.get(graph)
    if (!g) return
    if (g.room.broken) return this.discard(g, g.room.broken)
    if (g.idleTimer) clearTimeout(g.idleTimer)
    g.room.flush()
    if (g.pendingUpdates > 0) this.compactLoaded(g)
    // Out of the registry before peers are closed: their leave() must not schedule another unload.
    this.loaded.delete(graph)
    for (const transport of [...g.peers.values()]) transport.close(closeCode, reason)
    g.room.destroy()
    g.doc.destroy()
    this.metrics.documentsLoaded = this.loaded.size
    this.metrics.documentUnloads++
  }

  /** Deletes a graph from memory and store; its peers are closed with 4410. */
  remove(graph: string): boolean {
    const g = this.loaded.get(graph)
    if (g) {
      g.pendingUpdates = 0
      this.unload(graph, CloseCode.gone, 'graph deleted')
    }
    return this.store.remove(graph)
  }

  /** Every stored graph with a summary: live for loaded graphs, stored otherwise. */
  list(): GraphListing[] {
    return this.store.list().map((record) => {
      const g = this.loaded.get(record.id)
      if (g) return { ...record, loaded: true, summary: JSON.stringify(this.options.summarize(g.id, g.doc)) }
      if (record.summary === null) {
        // Never compacted (e.g. the server was killed): load it once and store a summary.
        const handle = this.open(record.id)
        const loaded = this.loaded.get(record.id)
        if (loaded) this.compactLoaded(loaded)
        const summary = JSON.stringify(this.options.summarize(record.id, handle.doc))
        handle.release()
        return { ...record, pendingUpdates: 0, loaded: this.loaded.has(record.id), summary }
      }
      return { ...record, loaded: false }
    })
  }

  /**
   * Drops a graph whose document may differ from storage, without storing anything of it: its
   * peers are closed (1011) with `reason`, and the next use loads it from the store.
   */
  private discard(g: Loaded, reason: string): void {
    if (this.loaded.get(g.id) !== g) return
    if (g.idleTimer) clearTimeout(g.idleTimer)
    this.loaded.delete(g.id)
    for (const transport of [...g.peers.values()]) transport.close(CloseCode.internalError, reason)
    g.room.destroy()
    g.doc.destroy()
    this.metrics.documentsLoaded = this.loaded.size
    this.metrics.documentUnloads++
    this.options.log?.(`store: ${g.id} reloaded from storage: ${reason}`)
  }

  /** Compacts and unloads everything: the server is stopping. */
  closeAll(): void {
    for (const graph of [...this.loaded.keys()])
      this.unload(graph, CloseCode.goingAway, 'server shutting down')
  }

  private acquire(graph: string): Loaded {
    const existing = this.loaded.get(graph)
    if (existing?.room.broken) this.discard(existing, existing.room.broken)
    else if (existing) {
      if (existing.idleTimer) clearTimeout(existing.idleTimer)
      existing.idleTimer = null
      // Server code reading the doc (export, MCP) sees only what is already stored.
      existing.room.flush()
      return existing
    }
    const stored = this.store.load(graph)
    const doc = new Y.Doc()
    if (stored) {
      // One transaction for the whole replay: far faster than one per logged update.
      doc.transact(() => {
        if (stored.snapshot) Y.applyUpdate(doc, stored.snapshot)
        for (const update of stored.updates) Y.applyUpdate(doc, update)
      })
    }
    const peers = new Map<number, PeerTransport>()
    const room = new DocRoom(
      doc,
      {
        send: (peerId, frame, kind) => peers.get(peerId)?.send(frame, kind),
        persist: (updates) => this.persist(g, updates),
        close: (peerId, code, reason) => peers.get(peerId)?.close(code, reason),
        // Not now: this may run inside a transaction of the very document being dropped.
        broken: (reason) => queueMicrotask(() => this.discard(g, reason)),
      },
      {
        maxDocumentBytes: this.options.maxDocumentBytes,
        maxAwarenessClients: this.options.maxAwarenessClients,
        storedBytes: stored?.bytes ?? 0,
      },
    )
    const g: Loaded = {
      id: graph,
      doc,
      room,
      peers,
      holds: 0,
      lastSeq: stored?.lastSeq ?? 0,
      pendingUpdates: stored?.updates.length ?? 0,
      pendingBytes: stored?.bytes ?? 0,
      idleTimer: null,
      compactQueued: false,
    }
    this.loaded.set(graph, g)
    this.metrics.documentsLoaded = this.loaded.size
    this.metrics.documentLoads++
    for (const listener of this.loadListeners) listener(graph, doc)
    return g
  }

  private persist(g: Loaded, updates: Uint8Array[]): void {
    const start = performance.now()
    try {
      g.lastSeq = this.store.appendMany(g.id, updates)
    } catch (error) {
      this.metrics.storageFailed(error)
      this.options.log?.(`store: append to ${g.id} failed, nothing of it saved: ${String(error)}`)
      throw error
    }
    this.metrics.storageOk()
    this.metrics.observePersist((performance.now() - start) / 1000)
    this.metrics.persistBatches++
    g.pendingUpdates += updates.length
    for (const update of updates) g.pendingBytes += update.length
    const due =
      g.pendingUpdates >= this.options.compactAfterUpdates || g.pendingBytes >= this.options.compactAfterBytes
    if (due && !g.compactQueued) {
      g.compactQueued = true
      // Out of the relay path: the update is already durable in the log.
      setImmediate(() => {
        g.compactQueued = false
        if (this.loaded.get(g.id) === g) this.compactLoaded(g)
      })
    }
  }

  private compactLoaded(g: Loaded): void {
    // Updates waiting for the group commit go to the log first, so the snapshot covers the log.
    g.room.flush()
    // A broken room's document may hold what storage refused: never fold it into a snapshot.
    if (g.room.broken) return
    const snapshot = Y.encodeStateAsUpdate(g.doc)
    const summary = JSON.stringify(this.options.summarize(g.id, g.doc))
    this.store.compact(g.id, { snapshot, throughSeq: g.lastSeq, summary })
    g.room.storedBytes = snapshot.length
    g.pendingUpdates = 0
    g.pendingBytes = 0
    this.metrics.compactions++
  }

  private maybeIdle(g: Loaded): void {
    if (g.peers.size > 0 || g.holds > 0 || this.loaded.get(g.id) !== g) return
    if (g.idleTimer) clearTimeout(g.idleTimer)
    if (this.options.idleUnloadMs <= 0) {
      this.unload(g.id)
      return
    }
    g.idleTimer = setTimeout(() => {
      g.idleTimer = null
      if (g.peers.size === 0 && g.holds === 0 && this.loaded.get(g.id) === g) this.unload(g.id)
    }, this.options.idleUnloadMs)
    g.idleTimer.unref()
  }
}
