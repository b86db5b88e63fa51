/**
 * Compaction of one loaded graph: once its log has grown by `compactAfterUpdates` updates or
 * `compactAfterBytes` bytes since the last snapshot, the document is folded into a new snapshot and
 * the log it covers is dropped. The registry (registry.ts) keeps one `Compaction` per loaded graph and
 * tells it about every write the room takes and every write that is stored.
 *
 * A snapshot stored through seq n must hold exactly what the log holds through n: never a write in
 * flight, never one storage refused. So:
 * - With the embedded SQLite store every write is stored in the turn it is taken, the room is idle
 *   between messages, and the document is captured and stored through the last stored seq (`run`).
 * - With an asynchronous store (PostgreSQL) `run` waits until the room is idle. A writer that never
 *   pauses keeps it busy, so the compaction is then carried by the next write the room takes: the
 *   document is captured as that write is handed to storage (exactly what is stored plus that write)
 *   and stored through that write's seq once it commits (`take`, then `stored`).
 * - A broken room's document may hold what storage refused: it is never captured.
 * One compaction at a time per graph on this server; servers sharing PostgreSQL are kept to one at a
 * time per graph by the store (an advisory lock, storage/postgres/pg-store.ts), which also keeps updates another
 * server appended meanwhile.
 */
import * as Y from 'yjs'
import type { Metrics } from './metrics.ts'
import type { Offload } from './offload.ts'
import type { DocRoom } from '../relay/relay.ts'
import { isPromise, type Awaitable, type StorageAdapter, type StoredGraph } from '../storage/adapter.ts'

export interface CompactionOptions {
  compactAfterUpdates: number
  compactAfterBytes: number
  /** A JSON-able summary stored with each snapshot, so listing graphs does not load them. */
  summarize: (graph: string, doc: Y.Doc) => unknown
  log?: (line: string) => void
  /**
   * Whole-document work off the request thread (offload.ts): the snapshot is then encoded, and the
   * summary made, in a worker from the stored log, not from the live document.
   */
  offload?: Offload
}

/** What a compaction works with: the store it folds into, the counters it moves, its thresholds. */
export interface CompactionContext {
  store: StorageAdapter
  metrics: Metrics
  options: CompactionOptions
}

/** The loaded graph a compaction folds. */
export interface CompactedGraph {
  graph: string
  room: DocRoom
  /** Whether this graph is still the loaded one (not unloaded or reloaded since). */
  live(): boolean
}

/** The document encoded for a snapshot, with its summary, at one moment. */
export interface Capture {
  snapshot: Uint8Array
  summary: string
}

export class Compaction {
  /** The seq of the last write stored: a compaction of an idle room covers the log through it. */
  private lastSeq: number
  /** What the log holds beyond the snapshot, as this server counts it. */
  private pendingUpdates: number
  private pendingBytes: number
  /** A compaction waits for the next turn (out of the relay path). */
  private queued = false
  /** A compaction is under way (captured, or being stored); one at a time. */
  private running = false
  /** A compaction waits for the room's writes to be stored. */
  private waiting = false
  /** Due while the room is busy: the next write the room takes carries a capture (`take`). */
  private carried = false
  /** The graph is being deleted: no snapshot of it is stored again. */
  private forgotten = false

  constructor(
    private readonly g: CompactedGraph,
    private readonly context: CompactionContext,
    stored: StoredGraph | null,
  ) {
    this.lastSeq = stored?.lastSeq ?? 0
    this.pendingUpdates = stored?.updates.length ?? 0
    this.pendingBytes = stored?.bytes ?? 0
  }

  /** Whether a compaction is under way. */
  get busy(): boolean {
    return this.running
  }

  /** Whether the log holds updates beyond the snapshot. */
  get pending(): boolean {
    return this.pendingUpdates > 0
  }

  /**
   * The room is handing storage a write, with none in flight and every waiting update in it: the
   * document holds exactly what is stored plus that write (and other servers' stored updates). A
   * compaction carried by this write captures the document now; pass the capture to `stored`.
   */
  take(): Capture | null {
    if (!this.carried || this.running || this.g.room.broken) return null
    const capture = this.capture()
    this.carried = false
    // One compaction at a time: this one has begun.
    this.running = true
    return capture
  }

  /** Storage refused the write `take` was called for: its capture is dropped. */
  refused(capture: Capture | null): void {
    if (capture) this.running = false
  }

  /** The write `take` was called for is stored, the last of `updates` at `seq`. */
  stored(updates: readonly Uint8Array[], seq: number, capture: Capture | null): void {
    this.lastSeq = seq
    this.pendingUpdates += updates.length
    for (const update of updates) this.pendingBytes += update.length
    if (this.due() && !this.queued) {
      this.queued = true
      // Out of the relay path: the update is already durable in the log.
      setImmediate(() => {
        this.queued = false
        if (this.g.live()) this.logFailure(this.run())
      })
    }
    if (capture) this.fold(capture, seq)
    // Still busy with an asynchronous write: the write the room takes next (if any comes before it
    // goes idle) carries the snapshot.
    else this.carryIfBusy()
  }

  /** Folds the log into a snapshot now, or once what the room holds is stored. */
  run(): Awaitable<void> {
    const offload = this.context.options.offload
    if (offload) return this.offThread(offload)
    const room = this.g.room
    // Updates waiting for the group commit go to the log first, so the snapshot covers the log.
    room.flush()
    // With an asynchronous store: only once what the room holds is stored, one compaction at a time.
    if (!room.idle) {
      // A writer that never pauses keeps the room busy: the next write taken compacts (`take`).
      this.carryIfBusy()
      // One waiter at most: every stored batch asks again while the log is long.
      if (this.running || this.waiting) return
      this.waiting = true
      return room.settled().then(
        () => {
          this.waiting = false
          return this.run()
        },
        (error: unknown) => {
          this.waiting = false
          throw error
        },
      )
    }
    // A broken room's document may hold what storage refused: never fold it into a snapshot.
    if (room.broken || this.running) return
    this.carried = false
    return this.write({ ...this.capture(), throughSeq: this.lastSeq })
  }

  /** The graph is being deleted: what its log holds need not be folded. */
  forget(): void {
    this.pendingUpdates = 0
    this.forgotten = true
  }

  /**
   * Folds the log into a snapshot in the offload worker, from what the store holds: the stored log
   * through its last seq is exactly what the snapshot covers, whatever the room is doing meanwhile
   * (in flight, busy, broken: none of that is in the store), so there is nothing to wait for. The
   * main thread reads the bytes and stores the answer; the encoding and the summary are the
   * worker's. Writes stored meanwhile stay in the log, beyond the snapshot's seq.
   */
  private async offThread(offload: Offload): Promise<void> {
    if (this.running) return
    this.running = true
    this.carried = false
    try {
      // Updates waiting for the group commit go to the log first, so the snapshot covers them.
      this.g.room.flush()
      await this.g.room.settled().catch(() => {})
      const stored = await this.context.store.load(this.g.graph)
      if (!stored || stored.updates.length === 0 || !this.g.live() || this.forgotten) return
      const folded = stored.updates.reduce((n, u) => n + u.length, 0)
      const { snapshot, summary } = await offload.run({
        kind: 'compact',
        graph: this.g.graph,
        stored: { snapshot: stored.snapshot, updates: stored.updates },
      })
      // Deleted or dropped while the worker encoded: a snapshot now would bring the graph back.
      if (!this.g.live() || this.forgotten) return
      await this.context.store.compact(this.g.graph, { snapshot, throughSeq: stored.lastSeq, summary })
      const room = this.g.room
      room.storedBytes = Math.max(0, room.storedBytes - stored.bytes) + snapshot.length
      this.pendingUpdates = Math.max(0, this.pendingUpdates - stored.updates.length)
      this.pendingBytes = Math.max(0, this.pendingBytes - folded)
      this.context.metrics.compactions++
    } finally {
      this.running = false
    }
  }

  private due(): boolean {
    const { compactAfterUpdates, compactAfterBytes } = this.context.options
    return this.pendingUpdates >= compactAfterUpdates || this.pendingBytes >= compactAfterBytes
  }

  private carryIfBusy(): void {
    // Off the request thread the stored log is folded as it is: nothing rides on a write.
    if (this.context.options.offload) return
    if (!this.g.room.idle && !this.running && this.due()) this.carried = true
  }

  private capture(): Capture {
    const doc = this.g.room.doc
    return {
      snapshot: Y.encodeStateAsUpdate(doc),
      summary: JSON.stringify(this.context.options.summarize(this.g.graph, doc)),
    }
  }

  /**
   * Folds the log through `seq` into a snapshot captured when the write stored at `seq` was taken,
   * while later writes go on. A broken room's capture may hold what storage refused: dropped.
   */
  private fold(capture: Capture, seq: number): void {
    this.running = false
    if (this.g.room.broken || !this.g.live()) return
    this.logFailure(this.write({ ...capture, throughSeq: seq }))
  }

  /** Stores a snapshot through `throughSeq`; what it covers leaves the pending counts once stored. */
  private write({ snapshot, summary, throughSeq }: Capture & { throughSeq: number }): Awaitable<void> {
    const { store, metrics } = this.context
    const room = this.g.room
    const pendingUpdates = this.pendingUpdates
    const pendingBytes = this.pendingBytes
    const done = store.compact(this.g.graph, { snapshot, throughSeq, summary })
    if (!isPromise(done)) {
      room.storedBytes = snapshot.length
      this.pendingUpdates = 0
      this.pendingBytes = 0
      metrics.compactions++
      return
    }
    this.running = true
    return done
      .then(() => {
        room.storedBytes = Math.max(0, room.storedBytes - pendingBytes) + snapshot.length
        this.pendingUpdates = Math.max(0, this.pendingUpdates - pendingUpdates)
        this.pendingBytes = Math.max(0, this.pendingBytes - pendingBytes)
        metrics.compactions++
      })
      .finally(() => {
        this.running = false
      })
  }

  private logFailure(done: Awaitable<void>): void {
    if (!isPromise(done)) return
    done.catch((error: unknown) =>
      this.context.options.log?.(`store: compacting ${this.g.graph} failed: ${String(error)}`),
    )
  }
}
