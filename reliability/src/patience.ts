/**
 * How long an agent in the load phases waits for an answer: 30 s of the server being up, not 30 s of
 * the wall clock. The phases kill the server and restart it; on a busy machine (load 30 in a CI run) a
 * restart took 13 s, and a call made just before a kill, with a second kill behind the restart, spent
 * its 30 s waiting for servers that were not there: "no answer within 30 s: fetch failed", though
 * nothing was wrong but the machine. The phase says when the server goes down and comes back (events
 * it causes itself); time spent down does not count. 30 s of a server up and answering nobody is still
 * a failure.
 */
export class Patience {
  private downSince: number | null = null
  private downTotal = 0

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** The server was killed (or is being restarted). */
  down(): void {
    if (this.downSince === null) this.downSince = this.clock()
  }

  /** The server listens again. */
  up(): void {
    if (this.downSince === null) return
    this.downTotal += this.clock() - this.downSince
    this.downSince = null
  }

  /** Milliseconds of the server being up, since an arbitrary start. */
  upTime(): number {
    const now = this.clock()
    return now - this.downTotal - (this.downSince === null ? 0 : now - this.downSince)
  }

  /** A deadline `ms` of up time from now. */
  deadline(ms: number): { passed(): boolean } {
    const at = this.upTime() + ms
    return { passed: () => this.upTime() > at }
  }
}

/** When a call stops retrying: a moment on `performance.now()`'s clock, or a deadline of up time. */
export type Deadline = number | { passed(): boolean }

export const passed = (d: Deadline): boolean => (typeof d === 'number' ? performance.now() > d : d.passed())
