/**
 * Seed 002's "agent crashes mid-task", done by the server without anyone calling a tool: every
 * `intervalMs` it goes over the graphs it has loaded (open in a tab, held by an agent, read lately)
 * and resets each task `doing` for longer than the timeout to `todo`, `reset_reason: agent_timeout`,
 * as its own identity (packages/tools board/stale.ts). A graph nobody has open is not loaded for it:
 * the next one to open it (a board read through seed 002's tools, or a tab, then this sweep) does it.
 *
 * A graph is only looked at (no handle taken, so its idle unload is not put off) unless something in
 * it is stale; then it is opened, written and released, and the write is stored like any other.
 * Several servers on one store each sweep what they hold: two resets of one task write the same values.
 */
import { newId } from '@plexus/sync-client'
import { resetStaleAsHost } from '@plexus/tools'
import type { DocRegistry } from './registry.ts'

export interface StaleSweepOptions {
  timeoutMs: number
  /** How often to sweep; 0 never does on its own (`sweep` still can). */
  intervalMs: number
  now: () => number
  log?: (line: string) => void
}

export class StaleTaskSweep {
  private readonly timer: NodeJS.Timeout | null
  private running: Promise<number> | null = null

  constructor(
    private readonly docs: DocRegistry,
    private readonly options: StaleSweepOptions,
  ) {
    this.timer =
      options.intervalMs > 0
        ? setInterval(() => {
            this.sweep().catch((error: unknown) =>
              options.log?.(`stale tasks: sweep failed: ${String(error)}`),
            )
          }, options.intervalMs)
        : null
    this.timer?.unref()
  }

  /** Sweeps every loaded graph once; resolves with how many tasks it reset. One sweep at a time. */
  sweep(): Promise<number> {
    this.running ??= this.once().finally(() => (this.running = null))
    return this.running
  }

  private async once(): Promise<number> {
    let reset = 0
    for (const graph of this.docs.loadedGraphs()) {
      // Read (and, when something is stale, written) on the loaded document without a handle: the
      // room stores every update to it. A handle is taken only to wait for that store.
      const doc = this.docs.peek(graph)
      if (!doc) continue
      const done = resetStaleAsHost(doc, {
        now: this.options.now(),
        timeoutMs: this.options.timeoutMs,
        newId,
      })
      if (done.length === 0) continue
      reset += done.length
      const h = this.docs.open(graph)
      try {
        await h.saved()
      } finally {
        h.release()
      }
      this.options.log?.(`stale tasks: ${done.length} in ${graph} back to todo (agent_timeout)`)
    }
    return reset
  }

  close(): void {
    if (this.timer) clearInterval(this.timer)
  }
}
