/**
 * The registry of loaded graphs: loads a graph from the store on first use, wires its room to the
 * store (append before relay), has its log folded into a snapshot every so often (compaction.ts),
 * and unloads a graph that nobody has used for `idleUnloadMs`.
 *
 * With the embedded SQLite store everything here is synchronous (better-sqlite3 is), so a graph is
 * never half loaded or half compacted while a message is handled. With an asynchronous store
 * (PostgreSQL) a graph is loaded once by `load` (concurrent callers share the one load) before
 * `open`/`join` use it (`openAsync`/`joinAsync` do both), and writes are stored before they are
 * relayed (relay.ts).
 *
 * With a fan-out (several servers, fanout.ts) every stored batch is published after it is stored,
 * and what other servers publish is applied to the loaded graph and relayed to its peers.
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
import { Compaction, type CompactionOptions } from './compaction.ts'
import { openMark } from './open-trace.ts'
import { CloseCode } from '../access/server-limits.ts'
import type { Metrics } from './metrics.ts'
import { lacking, linkFanout, type Fanout } from '../fanout/fanout-link.ts'
import { DocRoom, type FrameKind, type PeerInfo, type Receipt } from '../relay/relay.ts'
import {
  isPromise,
  type Awaitable,
  type GraphRecord,
  type StorageAdapter,
  type StoredGraph,
} from '../storage/adapter.ts'

export interface DocsOptions extends CompactionOptions {
  /** Unload a graph this long after its last peer or handle let go; 0 unloads at once. */
  idleUnloadMs: number
  maxDocumentBytes: number
  maxAwarenessClients: number
  /** Several servers on one store: publishes stored updates, delivers other servers' (fanout.ts). */
  fanout?: Fanout
  /** The newest schema a client may raise a graph to (RoomOptions). */
  newestSchema?: number
}

export type { Fanout } from '../fanout/fanout-link.ts'

const IDLE = 'document unloaded'
const SHUTTING_DOWN = 'server shutting down'

export const defaultDocsOptions: Omit<DocsOptions, 'summarize'> = {
  idleUnloadMs: 30_000,
  compactAfterUpdates: 1000,
  compactAfterBytes: 4 * 1024 * 1024,
  maxDocumentBytes: 256 * 1024 * 1024,
  maxAwarenessClients: 8,
}

/** What a connection needs from its transport: a way to send and a way to be closed. */
export interface PeerTransport {
  /**
   * `shared`: the same frame (never changed afterwards) goes to every peer of the room, so the
   * transport may frame it once for all of them (shared-frames.ts).
   */
  send(frame: Uint8Array, kind: FrameKind, shared?: boolean): void
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
  /**
   * Resolves once every write made to `doc` so far is stored; rejects with a PersistError when
   * storage refused one. Await it before reporting a write saved (with an asynchronous store the
   * write is stored after `transact` returns).
   */
  saved(): Promise<void>
  release(): void
}

interface Loaded {
  id: string
  doc: Y.Doc
  room: DocRoom
  peers: Map<number, PeerTransport>
  holds: number
  idleTimer: NodeJS.Timeout | null
  compaction: Compaction
  unsubscribe: () => void
  /** The store refused a write because the graph was deleted (on another server): peers get 4410. */
  gone?: boolean
}

export interface GraphListing extends GraphRecord {
  loaded: boolean
  summary: string | null
}

export class DocRegistry {
  private readonly loaded = new Map<string, Loaded>()
  private readonly loading = new Map<string, Promise<StoredGraph | null>>()
  private readonly loadListeners = new Set<(graph: string, doc: Y.Doc) => void>()
  private readonly removeListeners = new Set<(graph: string) => void>()
  private nextPeerId = 1

  constructor(
    private readonly store: StorageAdapter,
    private readonly metrics: Metrics,
    private readonly options: DocsOptions,
  ) {}

  get size(): number {
    return this.loaded.size
  }

  /** The graphs loaded now (server-side sweeps go over these, never loading one). */
  loadedGraphs(): string[] {
    return [...this.loaded.keys()]
  }

  isLoaded(graph: string): boolean {
    return this.loaded.has(graph)
  }

  /** Called with every graph as it is loaded (e.g. to attach MCP observers). Returns an unsubscribe. */
  onLoaded(listener: (graph: string, doc: Y.Doc) => void): () => void {
    this.loadListeners.add(listener)
    return () => this.loadListeners.delete(listener)
  }

  /** Called with every graph deleted, here or (told by the fanout) on another server. */
  onRemoved(listener: (graph: string) => void): () => void {
    this.removeListeners.add(listener)
    return () => this.removeListeners.delete(listener)
  }

  /** Whether the graph has been written (stored, or changed in memory since loading). */
  async exists(graph: string): Promise<boolean> {
    const doc = this.loaded.get(graph)?.doc
    if (doc !== undefined && doc.store.clients.size > 0) return true
    return this.store.has(graph)
  }

  /**
   * Loads a graph from the store unless it is loaded, and waits until what it holds is stored.
   * Needed before `open`/`join` with an asynchronous store; instant with SQLite.
   */
  async load(graph: string): Promise<void> {
    const existing = this.loaded.get(graph)
    if (existing && !existing.room.broken) {
      await existing.room.settled().catch(() => {})
      return
    }
    if (existing) this.discard(existing, existing.room.broken ?? 'broken')
    let pending = this.loading.get(graph)
    if (!pending) {
      openMark(graph, 'load')
      const stored = this.store.load(graph)
      if (!isPromise(stored)) {
        openMark(graph, 'store read')
        this.acquire(graph, stored)
        return
      }
      pending = stored
      this.loading.set(graph, pending)
      void pending.finally(() => this.loading.delete(graph)).catch(() => {})
    }
    const stored = await pending
    openMark(graph, 'store read')
    // Another caller's load may have finished first; acquire uses what is loaded then.
    if (!this.loaded.has(graph)) this.acquire(graph, stored)
  }

  /** `load`, then `open`. */
  async openAsync(graph: string): Promise<DocHandle> {
    await this.load(graph)
    return this.open(graph)
  }

  /** `load`, then `join`. */
  async joinAsync(graph: string, info: Omit<PeerInfo, 'id'>, transport: PeerTransport): Promise<PeerHandle> {
    await this.load(graph)
    return this.join(graph, info, transport)
  }

  /**
   * Reads a loaded graph's stored state again and applies what this copy lacks, relayed to its peers
   * as other servers' updates are. Several servers: news of another server's write may not have come
   * yet (Redis down), and a decision that must see it (a release of a claim made there) asks here.
   */
  async refresh(graph: string): Promise<void> {
    const g = this.loaded.get(graph)
    if (!g) return
    const stored = await this.store.load(graph)
    if (!stored || this.loaded.get(graph) !== g) return
    // Applied to a scratch document, not Y.mergeUpdates (quadratic in the log's length).
    g.room.applyRemote([lacking(stored, g.doc)])
  }

  /** What the store holds of a graph (snapshot and log): the bytes work off the request thread starts from. */
  stored(graph: string): Awaitable<StoredGraph | null> {
    return this.store.load(graph)
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
      saved: () => g.room.settled(),
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
  compact(graph: string): Awaitable<void> {
    const g = this.loaded.get(graph)
    if (g) return g.compaction.run()
  }

  /**
   * Stores what waits, compacts, and drops a graph from memory, closing its peers. Returns a
   * promise with an asynchronous store (the graph stays loaded until its writes are stored).
   */
  unload(graph: string, closeCode: number = CloseCode.goingAway, reason = IDLE): Awaitable<void> {
    const g = this.loaded.get(graph)
    if (!g) return
    if (g.room.broken) return this.discard(g, g.room.broken)
    if (g.idleTimer) clearTimeout(g.idleTimer)
    g.room.flush()
    const finish = () => {
      if (this.loaded.get(graph) !== g) return
      // An idle unload that waited for storage: someone came back meanwhile, keep the graph.
      if (reason === IDLE && (g.peers.size > 0 || g.holds > 0)) return
      this.drop(g, closeCode, reason)
    }
    const failed = (error: unknown) =>
      this.options.log?.(`store: compacting ${graph} before unloading failed: ${String(error)}`)
    // A stopping server does not start the worker only to compact: the log is stored, whole, and
    // the next start compacts it when due (starting the worker took 14 s at load 15, and a stop
    // held that long). A worker already up compacts as usual.
    const skip = reason === SHUTTING_DOWN && this.options.offload?.started === false
    if (!g.room.idle || g.compaction.busy) {
      return g.room
        .settled()
        .then(() => (skip ? undefined : g.compaction.run()))
        .catch(failed)
        .then(finish)
    }
    if (g.compaction.pending && !skip) {
      const compacted = g.compaction.run()
      if (isPromise(compacted)) return compacted.catch(failed).then(finish)
    }
    this.drop(g, closeCode, reason)
  }

  private drop(g: Loaded, closeCode: number, reason: string): void {
    if (g.room.broken) return this.discard(g, g.room.broken)
    const graph = g.id
    // Out of the registry before peers are closed: their leave() must not schedule another unload.
    this.loaded.delete(graph)
    g.unsubscribe()
    for (const transport of [...g.peers.values()]) transport.close(closeCode, reason)
    g.room.destroy()
    g.doc.destroy()
    this.metrics.documentsLoaded = this.loaded.size
    this.metrics.documentUnloads++
  }

  /** Deletes a graph from memory and store; its peers are closed with 4410. */
  async remove(graph: string): Promise<boolean> {
    const g = this.loaded.get(graph)
    if (g) {
      g.compaction.forget()
      await g.room.settled().catch(() => {})
      if (this.loaded.get(graph) === g) this.drop(g, CloseCode.gone, 'graph deleted')
    }
    const removed = await this.store.remove(graph)
    for (const listener of this.removeListeners) listener(graph)
    // The other servers drop their copies and close their peers too (a lost message is caught by
    // the store: their next append to this graph is refused as gone).
    this.options.fanout?.publishDeleted?.(graph)
    return removed
  }

  /** Another server deleted `graph`: drop this server's copy (no compaction) and close its peers. */
  private deletedElsewhere(graph: string): void {
    for (const listener of this.removeListeners) listener(graph)
    const g = this.loaded.get(graph)
    if (!g) return
    g.compaction.forget()
    this.drop(g, CloseCode.gone, 'graph deleted')
  }

  /** Every stored graph with a summary: live for loaded graphs, stored otherwise. */
  async list(): Promise<GraphListing[]> {
    const records = await this.store.list()
    const out: GraphListing[] = []
    for (const record of records) {
      const g = this.loaded.get(record.id)
      if (g) {
        out.push({ ...record, loaded: true, summary: JSON.stringify(this.options.summarize(g.id, g.doc)) })
      } else if (record.summary === null) {
        // Never compacted (e.g. the server was killed): load it once and store a summary.
        const handle = await this.openAsync(record.id)
        const loaded = this.loaded.get(record.id)
        if (loaded) await loaded.compaction.run()
        const summary = JSON.stringify(this.options.summarize(record.id, handle.doc))
        handle.release()
        out.push({ ...record, pendingUpdates: 0, loaded: this.loaded.has(record.id), summary })
      } else {
        out.push({ ...record, loaded: false })
      }
    }
    return out
  }

  /**
   * Drops a graph whose document may differ from storage, without storing anything of it: its
   * peers are closed (1011) with `reason`, and the next use loads it from the store.
   */
  private discard(g: Loaded, reason: string): void {
    if (this.loaded.get(g.id) !== g) return
    if (g.idleTimer) clearTimeout(g.idleTimer)
    this.loaded.delete(g.id)
    g.unsubscribe()
    for (const transport of [...g.peers.values()])
      if (g.gone) transport.close(CloseCode.gone, 'graph deleted')
      else transport.close(CloseCode.internalError, reason)
    g.room.destroy()
    g.doc.destroy()
    this.metrics.documentsLoaded = this.loaded.size
    this.metrics.documentUnloads++
    this.options.log?.(`store: ${g.id} reloaded from storage: ${reason}`)
  }

  /** Compacts and unloads everything: the server is stopping. */
  closeAll(): Awaitable<void> {
    const waits: Promise<void>[] = []
    for (const graph of [...this.loaded.keys()]) {
      const done = this.unload(graph, CloseCode.goingAway, SHUTTING_DOWN)
      if (isPromise(done)) waits.push(done)
    }
    if (waits.length > 0) return Promise.all(waits).then(() => {})
  }

  /** The loaded graph; loads it when the store answers synchronously, else `load` must come first. */
  private acquire(graph: string, preloaded?: StoredGraph | null): Loaded {
    const existing = this.loaded.get(graph)
    if (existing?.room.broken) this.discard(existing, existing.room.broken)
    else if (existing) {
      if (existing.idleTimer) clearTimeout(existing.idleTimer)
      existing.idleTimer = null
      // Server code reading the doc (export, MCP) sees only what is already stored.
      existing.room.flush()
      return existing
    }
    const stored = preloaded === undefined ? this.store.load(graph) : preloaded
    if (isPromise(stored)) {
      void stored.catch(() => {})
      throw new Error(
        `graph ${graph} is not loaded: await docs.load(graph) first (the store is asynchronous)`,
      )
    }
    const doc = new Y.Doc()
    if (stored) {
      // One transaction for the whole replay: far faster than one per logged update.
      doc.transact(() => {
        if (stored.snapshot) Y.applyUpdate(doc, stored.snapshot)
        for (const update of stored.updates) Y.applyUpdate(doc, update)
      })
    }
    openMark(graph, 'applied')
    const peers = new Map<number, PeerTransport>()
    const room = new DocRoom(
      doc,
      {
        send: (peerId, frame, kind, shared) => peers.get(peerId)?.send(frame, kind, shared),
        persist: (updates) => this.persist(g, updates),
        close: (peerId, code, reason) => peers.get(peerId)?.close(code, reason),
        // Not now: this may run inside a transaction of the very document being dropped.
        broken: (reason) => queueMicrotask(() => this.discard(g, reason)),
      },
      {
        maxDocumentBytes: this.options.maxDocumentBytes,
        maxAwarenessClients: this.options.maxAwarenessClients,
        storedBytes: stored?.bytes ?? 0,
        graph,
        ...(this.options.newestSchema === undefined ? {} : { newestSchema: this.options.newestSchema }),
      },
    )
    const live = () => this.loaded.get(graph) === g
    const { store, metrics, options } = this
    const g: Loaded = {
      id: graph,
      doc,
      room,
      peers,
      holds: 0,
      idleTimer: null,
      compaction: new Compaction({ graph, room, live }, { store, metrics, options }, stored),
      unsubscribe: () => {},
    }
    this.loaded.set(graph, g)
    if (options.fanout) {
      const deleted = () => this.deletedElsewhere(graph)
      g.unsubscribe = linkFanout({ graph, room, doc, live, deleted }, options.fanout, store, options.log)
    }
    this.metrics.documentsLoaded = this.loaded.size
    this.metrics.documentLoads++
    openMark(graph, 'room and compaction')
    for (const listener of this.loadListeners) listener(graph, doc)
    openMark(graph, 'load listeners')
    return g
  }

  /** Stores one write the room takes; a compaction due while the room is busy rides on it. */
  private persist(g: Loaded, updates: Uint8Array[]): void | Promise<void> {
    const start = performance.now()
    const capture = g.compaction.take()
    const stored = (seq: number) => {
      this.options.fanout?.publish(g.id, updates, seq)
      this.metrics.storageOk()
      this.metrics.observePersist((performance.now() - start) / 1000)
      this.metrics.persistBatches++
      g.compaction.stored(updates, seq, capture)
    }
    const failed = (error: unknown) => {
      // Deleted through another server since this copy was loaded (storage/postgres/pg-store.ts): gone, not retried.
      if (error instanceof Error && error.name === 'GraphGoneError') g.gone = true
      g.compaction.refused(capture)
      this.metrics.storageFailed(error)
      this.options.log?.(`store: append to ${g.id} failed, nothing of it saved: ${String(error)}`)
      throw error
    }
    let seq: Awaitable<number>
    try {
      seq = this.store.appendMany(g.id, updates)
    } catch (error) {
      return failed(error)
    }
    if (isPromise(seq)) return seq.then(stored, failed)
    stored(seq)
  }

  private maybeIdle(g: Loaded): void {
    if (g.peers.size > 0 || g.holds > 0 || this.loaded.get(g.id) !== g) return
    if (g.idleTimer) clearTimeout(g.idleTimer)
    if (this.options.idleUnloadMs <= 0) {
      void this.unload(g.id)
      return
    }
    g.idleTimer = setTimeout(() => {
      g.idleTimer = null
      if (g.peers.size === 0 && g.holds === 0 && this.loaded.get(g.id) === g) void this.unload(g.id)
    }, this.options.idleUnloadMs)
    g.idleTimer.unref()
  }
}
