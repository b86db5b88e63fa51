/**
 * Reconciliation between servers sharing PostgreSQL: a server killed between its commit and its
 * Redis publish leaves a batch that no message announces, and the publisher's own numbering cannot
 * show the skip (it sends nothing more). This wraps the fan-out and, every `intervalMs` (and at
 * once when asked, e.g. on Redis reconnect), checks each loaded graph against the log:
 *
 * - It remembers, per graph, the batches it has heard of: the `seq` each stored batch ends at, from
 *   its own appends and from every message other servers publish.
 * - One query for all loaded graphs lists the batches stored above the graph's floor (one row per
 *   graph and writing transaction: `GROUP BY xmin`, since each batch is one INSERT), and the graphs'
 *   snapshot positions. It reads positions only, never update bytes.
 * - A batch still unheard at the next check (one interval on: time for its message to arrive), or a
 *   snapshot that moved above the floor (another server compacted rows this one has not checked),
 *   reads the graph again from the store (fanout-link's catch-up: only what this server lacks
 *   changes its document and is relayed to its clients).
 * - The floor then rises to what the previous check saw, so each check looks at one or two
 *   intervals of batches.
 *
 * Limit, written down: a batch whose commit takes longer than one interval, then whose server dies
 * before publishing, can sit below the floor; the graph's next load has it.
 */
import type pg from 'pg'
import type { Fanout, FanoutHandlers } from './fanout-link.ts'

/** Graphs settled (and, when behind, read again) at once in one check. */
const CATCH_UP_AT_ONCE = 4

export interface ReconcileOptions {
  /** How often loaded graphs are checked; 0 never (only `check()` does). */
  intervalMs: number
  log?: (line: string) => void
}

interface Watched {
  handlers: FanoutHandlers
  /** Every batch at or below it is in the document (or was checked). Null until the first check. */
  floor: number | null
  /** Batch ends above the floor this server has heard of. */
  heard: Set<number>
  /** Unheard at the last check: read again if still unheard at this one. */
  suspects: Set<number>
  /** The highest batch end the last check saw: the next floor. */
  seen: number
  checking: boolean
}

export class ReconciledFanout implements Fanout {
  private readonly graphs = new Map<string, Watched>()
  private readonly timer: NodeJS.Timeout | null
  private running: Promise<void> | null = null
  /** Catch-ups the checks started (figures for tests and logs). */
  catchUps = 0

  constructor(
    private readonly inner: Fanout,
    private readonly pool: pg.Pool,
    private readonly options: ReconcileOptions,
  ) {
    this.timer = options.intervalMs > 0 ? setInterval(() => void this.check(), options.intervalMs) : null
    this.timer?.unref()
  }

  publish(graph: string, updates: readonly Uint8Array[], seq: number): void {
    this.heard(graph, seq)
    this.inner.publish(graph, updates, seq)
  }

  publishDeleted(graph: string): void {
    this.inner.publishDeleted?.(graph)
  }

  publishAwareness(graph: string, update: Uint8Array): void {
    this.inner.publishAwareness?.(graph, update)
  }

  subscribe(graph: string, handlers: FanoutHandlers): () => void {
    const w: Watched = {
      handlers,
      floor: null,
      heard: new Set(),
      suspects: new Set(),
      seen: 0,
      checking: false,
    }
    this.graphs.set(graph, w)
    const unsubscribe = this.inner.subscribe(graph, {
      ...handlers,
      apply: (updates, seq) => {
        this.heard(graph, seq)
        handlers.apply(updates, seq)
      },
    })
    return () => {
      if (this.graphs.get(graph) === w) this.graphs.delete(graph)
      unsubscribe()
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer)
  }

  /** Checks every loaded graph now (one at a time: a check already running is waited for). */
  check(): Promise<void> {
    this.running ??= this.checkAll().finally(() => {
      this.running = null
    })
    return this.running
  }

  private heard(graph: string, seq: number): void {
    const w = this.graphs.get(graph)
    if (w && seq >= 0 && (w.floor === null || seq > w.floor)) w.heard.add(seq)
  }

  private async checkAll(): Promise<void> {
    const watched = [...this.graphs].filter(([, w]) => !w.checking)
    if (watched.length === 0) return
    const names = watched.map(([g]) => g)
    const floors = watched.map(([, w]) => w.floor ?? -1)
    let batches: pg.QueryResult<{ graph: string; last: string }>
    let heads: pg.QueryResult<{ id: string; snapshot_seq: string }>
    try {
      batches = await this.pool.query(
        `SELECT u.graph AS graph, max(u.seq) AS last
           FROM unnest($1::text[], $2::bigint[]) AS f(graph, floor)
           JOIN updates u ON u.graph = f.graph AND u.seq > f.floor
          GROUP BY u.graph, u.xmin`,
        [names, floors],
      )
      heads = await this.pool.query('SELECT id, snapshot_seq FROM graphs WHERE id = ANY($1::text[])', [names])
    } catch (error) {
      this.options.log?.(`reconcile: checking the log failed: ${String(error)}`)
      return
    }
    const ends = new Map<string, number[]>()
    for (const r of batches.rows) ends.set(r.graph, [...(ends.get(r.graph) ?? []), Number(r.last)])
    const snapshots = new Map(heads.rows.map((r) => [r.id, Number(r.snapshot_seq)]))
    // Bounded: a few graphs read again at a time, whatever the number loaded.
    for (let i = 0; i < watched.length; i += CATCH_UP_AT_ONCE) {
      await Promise.all(
        watched
          .slice(i, i + CATCH_UP_AT_ONCE)
          .map(([graph, w]) => this.settle(graph, w, ends.get(graph) ?? [], snapshots.get(graph) ?? 0)),
      )
    }
  }

  private async settle(graph: string, w: Watched, ends: number[], snapshot: number): Promise<void> {
    if (this.graphs.get(graph) !== w) return
    const top = Math.max(snapshot, ...ends, w.floor ?? 0)
    const unheard = ends.filter((seq) => !w.heard.has(seq))
    const missed = unheard.filter((seq) => w.suspects.has(seq))
    // First check, a batch still unheard, or rows folded into a snapshot above what was checked.
    if (w.floor === null || missed.length > 0 || snapshot > w.floor) {
      w.checking = true
      try {
        if (w.floor !== null) {
          this.catchUps++
          this.options.log?.(
            `reconcile: ${graph} is behind the store (${missed.length} batch(es) never announced` +
              `${snapshot > w.floor ? ', compacted elsewhere' : ''}); reading it again`,
          )
        }
        // Everything up to `top` was committed before this read starts, so the read holds it.
        const ok = (await w.handlers.catchUp()) !== false
        if (!ok || this.graphs.get(graph) !== w) return
        w.floor = top
        w.seen = top
        w.heard = new Set([...w.heard].filter((s) => s > top))
        w.suspects = new Set()
      } finally {
        w.checking = false
      }
      return
    }
    // What a message may still be bringing waits one interval; the floor rises to the previous look.
    w.suspects = new Set(unheard)
    const floor = Math.min(w.seen, ...unheard.map((s) => s - 1))
    if (floor > w.floor) {
      w.floor = floor
      w.heard = new Set([...w.heard].filter((s) => s > floor))
    }
    w.seen = top
  }
}
