import * as Y from 'yjs'
import { db } from './db.ts'
import { DexieStore } from './dexie-store.ts'

/** Compact when this many updates are stored for one graph. */
const COMPACT_AFTER = 400
const COMPACT_DELAY_MS = 5000

/**
 * Keeps one graph's document in IndexedDB as a log of Yjs updates, folded into a single snapshot every
 * so often, through the browser's storage adapter (dexie-store.ts). Every update is stored, local or remote: a graph opened once opens
 * again with no network, page reload included.
 *
 * Writes are queued and drained one transaction at a time; updates that arrive while a write is in
 * flight are merged into the next one, so a drag at 20 writes/s costs at most one write in flight.
 */
export class DexiePersistence {
  private queue: Uint8Array[] = []
  /** The batch being written now; kept until the write is known to have committed. */
  private inflight: Uint8Array | null = null
  private draining: Promise<void> | null = null
  private stored = 0
  private compacting: Promise<void> | null = null
  private destroyed = false

  constructor(
    readonly graph: string,
    readonly doc: Y.Doc,
    private readonly store: DexieStore = new DexieStore(db()),
  ) {}

  /** Applies everything stored for the graph, then starts storing new updates. Returns updates read. */
  async load(): Promise<number> {
    const stored = await this.store.load(this.graph)
    performance.mark('plexus:idb-read')
    const rows = stored ? [...(stored.snapshot ? [stored.snapshot] : []), ...stored.updates] : []
    // One transaction for all rows: observers (the graph index) see one change, not one per row.
    if (rows.length) this.doc.transact(() => rows.forEach((r) => Y.applyUpdate(this.doc, r, this)), this)
    this.stored = rows.length
    this.doc.on('update', this.onUpdate)
    window.addEventListener('pagehide', this.flushNow)
    if (this.stored > COMPACT_AFTER / 4) this.compactLater()
    return rows.length
  }

  private readonly onUpdate = (update: Uint8Array, origin: unknown): void => {
    if (origin === this || this.destroyed) return
    this.queue.push(update)
    this.draining ??= this.drain()
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0)
        const bytes = batch.length === 1 ? batch[0]! : Y.mergeUpdates(batch)
        this.inflight = bytes
        await this.store.append(this.graph, bytes)
        this.inflight = null
        this.stored++
      }
    } catch (error) {
      console.error('plexus: could not store an update in IndexedDB', error)
    } finally {
      this.draining = null
    }
    if (this.stored >= COMPACT_AFTER) this.compactLater()
  }

  private compactTimer: ReturnType<typeof setTimeout> | null = null

  /**
   * Compaction encodes the whole document (hundreds of milliseconds for a large graph), so it waits
   * until the page has rendered and the main thread is idle.
   */
  private compactLater(): void {
    if (this.compactTimer || this.destroyed) return
    this.compactTimer = setTimeout(() => {
      const run = () => {
        this.compactTimer = null
        if (!this.destroyed) void this.compact()
      }
      if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 10_000 })
      else run()
    }, COMPACT_DELAY_MS)
  }

  /**
   * The page is going away: promises will not run again, and a transaction still open when the document
   * dies is aborted. Whatever is not known to be stored is written with one raw request per update on
   * Dexie's open connection, committed at once (a row as DexieStore.append writes it, less the time).
   * Writing an update twice is harmless.
   */
  private readonly flushNow = (): void => {
    const parts = [...(this.inflight ? [this.inflight] : []), ...this.queue]
    const database = this.store.database
    const idb = database.isOpen() ? database.backendDB() : null
    if (!parts.length || !idb) return
    try {
      const tx = idb.transaction('updates', 'readwrite')
      const store = tx.objectStore('updates')
      for (const bytes of parts) store.add({ graph: this.graph, bytes })
      tx.commit()
    } catch (error) {
      console.error('plexus: could not store the last updates while leaving', error)
    }
  }

  /** Resolves when every update seen so far is in IndexedDB. */
  async flushed(): Promise<void> {
    while (this.draining) await this.draining
  }

  /**
   * Replaces the stored log with one merged update, in a worker (see compact.worker.ts). Merging only
   * reads the stored rows, never this document, so it needs nothing from the main thread.
   */
  compact(): Promise<void> {
    this.compacting ??= (async () => {
      try {
        await compactInWorker(this.graph)
        this.stored = 1
      } catch (error) {
        console.error('plexus: compaction failed; the log stays as it is', error)
      } finally {
        this.compacting = null
      }
    })()
    return this.compacting
  }

  async destroy(): Promise<void> {
    if (this.compactTimer) clearTimeout(this.compactTimer)
    this.compactTimer = null
    await this.flushed()
    this.destroyed = true
    this.doc.off('update', this.onUpdate)
    window.removeEventListener('pagehide', this.flushNow)
  }
}

// ---- one shared compaction worker -----------------------------------------------------------------

let worker: Worker | null = null
let seq = 0
const waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>()

function compactInWorker(graph: string): Promise<void> {
  if (!worker) {
    worker = new Worker(new URL('./compact.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (e: MessageEvent<{ id: number; ok: boolean; message?: string }>) => {
      const w = waiting.get(e.data.id)
      waiting.delete(e.data.id)
      if (e.data.ok) w?.resolve()
      else w?.reject(new Error(e.data.message ?? 'compaction failed'))
    }
  }
  const id = ++seq
  return new Promise<void>((resolve, reject) => {
    waiting.set(id, { resolve, reject })
    worker!.postMessage({ graph, id })
  })
}
