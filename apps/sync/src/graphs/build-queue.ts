/**
 * Builds (imports, facts) on one graph take turns, and large ones wait in a bounded line (issue 23).
 *
 * A large build is made in the offload worker from the graph as stored when its turn comes
 * (imports.ts). Two at once on one graph would each start from a copy without the other's nodes,
 * and every name they share would come out twice; made in turn, the second matches what the first
 * added. So each graph has a line: a build starts when the one before it on that graph has applied
 * and stored all it made. A small build that arrives while a large one is in its graph's line
 * waits its turn as well (run at once, it would land under the large build's stale copy); on a graph
 * with no large build in line it runs at once, as before. Other graphs' builds never wait here.
 *
 * The line is bounded: large builds held at once (waiting, in the worker, or being applied) are at
 * most `perIdentity` for one identity and `total` in all. Past that the build is refused at once
 * with a reason from the failure vocabulary (`rate_limited` for one identity's share, `overloaded`
 * for the server's) and a Retry-After of about one build's time. Small builds are not counted: they
 * run on the request thread and are bounded by what bounds requests.
 *
 * Hand-written: a promise chain per key with two counters; p-limit and p-queue bound one queue, not
 * a line per graph with shares per identity, and this is smaller than fitting one to that.
 */
import type { FailureCode } from '@plexus/model'
import { defaultLimits } from '../access/server-limits.ts'

export interface BuildLimits {
  /** Large builds one identity may hold at once. */
  perIdentity: number
  /** Large builds held at once, by everyone. */
  total: number
}

export const defaultBuildLimits: BuildLimits = {
  perIdentity: defaultLimits.maxBuildsPerIdentity,
  total: defaultLimits.maxBuilds,
}

/** A build refused at the door, with the words and the wait to pass on (HTTP Retry-After). */
export interface BuildRefusal {
  ok: false
  reason: Extract<FailureCode, 'rate_limited' | 'overloaded'>
  message: string
  retryAfterS: number
}

/** A place in a graph's line: `run` waits for the turn, does the work, and gives the turn on. */
export interface Turn {
  ok: true
  run<T>(work: () => Promise<T> | T): Promise<T>
}

interface Line {
  tail: Promise<void>
  /** Builds in this line (waiting or running). */
  size: number
  /** Large ones among them: a small build waits only behind one of these. */
  large: number
}

export class BuildQueue {
  private readonly lines = new Map<string, Line>()
  private readonly held = new Map<string, number>()
  private total = 0
  /** About how long one large build's turn lasts (a moving mean), for Retry-After. */
  private turnMs = 1000

  constructor(readonly limits: BuildLimits = defaultBuildLimits) {}

  /** Large builds held now (waiting, in the worker, being applied). */
  get size(): number {
    return this.total
  }

  /** A large build on `graph` by `identity`: its place in the line, or a refusal when over a bound. */
  enter(graph: string, identity: string): Turn | BuildRefusal {
    const mine = this.held.get(identity) ?? 0
    const retryAfterS = Math.min(60, Math.max(1, Math.ceil(this.turnMs / 1000)))
    if (mine >= this.limits.perIdentity)
      return {
        ok: false,
        reason: 'rate_limited',
        retryAfterS,
        message:
          `${identity} already has ${mine} large imports or builds under way (at most ${this.limits.perIdentity} at once); ` +
          `wait for one to finish (retry in about ${retryAfterS} s), or send them one after another`,
      }
    if (this.total >= this.limits.total)
      return {
        ok: false,
        reason: 'overloaded',
        retryAfterS,
        message:
          `the server has ${this.total} large imports or builds under way (at most ${this.limits.total} at once); ` +
          `retry in about ${retryAfterS} s`,
      }
    this.held.set(identity, mine + 1)
    this.total++
    return this.place(graph, true, () => {
      this.total--
      const left = (this.held.get(identity) ?? 1) - 1
      if (left > 0) this.held.set(identity, left)
      else this.held.delete(identity)
    })
  }

  /**
   * A small build on `graph`: a place behind the large builds in its line, or null when there is
   * none (run it now; nothing in the worker holds a stale copy of this graph).
   */
  behind(graph: string): Turn | null {
    const line = this.lines.get(graph)
    if (!line || line.large === 0) return null
    return this.place(graph, false, () => {})
  }

  private place(graph: string, large: boolean, leave: () => void): Turn {
    let line = this.lines.get(graph)
    if (!line) {
      line = { tail: Promise.resolve(), size: 0, large: 0 }
      this.lines.set(graph, line)
    }
    const l = line
    const ready = l.tail
    let done!: () => void
    l.tail = new Promise<void>((resolve) => (done = resolve))
    l.size++
    if (large) l.large++
    return {
      ok: true,
      run: async <T>(work: () => Promise<T> | T): Promise<T> => {
        await ready
        const started = performance.now()
        try {
          return await work()
        } finally {
          if (large) this.turnMs = 0.8 * this.turnMs + 0.2 * (performance.now() - started)
          l.size--
          if (large) l.large--
          if (l.size === 0 && this.lines.get(graph) === l) this.lines.delete(graph)
          leave()
          done()
        }
      },
    }
  }
}
