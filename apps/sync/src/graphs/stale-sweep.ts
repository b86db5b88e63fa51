/**
 * Seed 002's "agent crashes mid-task", done by the server without anyone calling a tool, when the
 * operator set a timeout (`--stale-task-minutes`; off by default, as the seed's cron job is something
 * one sets up: a card a person moved to Doing is a `doing` task too, and is reset alike): every
 * `intervalMs` it goes over the graphs it has loaded (open in a tab, held by an agent, read lately)
 * and resets each task `doing` for longer than the timeout to `todo`, `reset_reason: agent_timeout`,
 * as its own identity (packages/tools board/stale.ts). A graph nobody has open is not loaded for it:
 * the next one to open it (a board read through seed 002's tools, or a tab, then this sweep) does it.
 *
 * A graph is only looked at (no handle taken, so its idle unload is not put off) unless something in
 * it is stale; then it is opened, written and released, and the write is stored like any other.
 * Several servers on one store each sweep what they hold: two may reset one task (the same status and
 * reason, each with its own history event). A reset made while an agent marks the task done elsewhere
 * meets that write as two writes of one field do (one wins by Yjs's order): documented in the README.
 */
import { newId } from '@plexus/sync-client'
import { resetStaleAsHost } from '@plexus/tools'
import type { DocRegistry } from './registry.ts'

export interface StaleSweepOptions {
  /** 0: off (nothing is ever reset, `sweep` included). */
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
    if (this.options.timeoutMs <= 0) return 0
    let reset = 0
    for (const graph of this.docs.loadedGraphs()) {
      // One graph that fails (its room broken, gone from the store) does not end the pass for the rest.
      try {
        reset += await this.sweepOne(graph)
      } catch (error) {
        this.options.log?.(`stale tasks: ${graph}: ${String(error)}`)
      }
    }
    return reset
  }

  private async sweepOne(graph: string): Promise<number> {
    // Read (and, when something is stale, written) on the loaded document without a handle: the
    // room stores every update to it. A handle is taken only to wait for that store.
    const doc = this.docs.peek(graph)
    if (!doc) return 0
    const done = resetStaleAsHost(doc, {
      now: this.options.now(),
      timeoutMs: this.options.timeoutMs,
      newId,
    })
    if (done.length === 0) return 0
    const h = this.docs.open(graph)
    try {
      await h.saved()
    } finally {
      h.release()
    }
    this.options.log?.(`stale tasks: ${done.length} in ${graph} back to todo (agent_timeout)`)
    return done.length
  }

  /** Stops the timer and waits for a sweep under way. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    await this.running?.catch(() => {})
  }
}
