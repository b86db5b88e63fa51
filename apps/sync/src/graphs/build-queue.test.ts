/**
 * The line of builds (build-queue.ts) over generated arrivals (fast-check, seeded; `PLEXUS_SEED=N`
 * replays one): on one graph a build runs only after every build that entered before it has ended,
 * and never two at once; a graph's builds never wait for another graph's; a large build is admitted
 * exactly when its identity and the server are under their bounds; a small one waits only behind a
 * large one; and once all have ended (some failing) nothing is held.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BuildQueue } from './build-queue.ts'

// Fixed (issue 31): a default taken from the clock tried a new seed every run, so one run in N
// failed on a case nobody had seen. PLEXUS_SEED=N runs another.
const DEFAULT_SEED = 20261129
const seed = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)

interface Arrival {
  graph: string
  identity: string
  large: boolean
  fails: boolean
}

const arrival = fc.record({
  graph: fc.constantFrom('g', 'h', 'k'),
  identity: fc.constantFrom('ada', 'bob'),
  large: fc.boolean(),
  fails: fc.boolean(),
})

describe('the line of builds (seeded)', () => {
  it('one at a time per graph in arrival order, other graphs free, bounds exact, nothing held after', async () => {
    console.log(`build-queue seed ${seed} (PLEXUS_SEED=${seed} replays it)`)
    await fc.assert(
      fc.asyncProperty(
        fc.array(arrival, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.nat(), { minLength: 30, maxLength: 30 }),
        async (arrivals, perIdentity, total, finishOrder) => {
          const q = new BuildQueue({ perIdentity, total })
          const held = new Map<string, number>()
          let all = 0
          const running = new Map<string, number>()
          const entered: Array<{ a: Arrival; i: number }> = []
          const started: number[] = []
          const gates: Array<{ i: number; graph: string; open: () => void }> = []
          const ends: Promise<unknown>[] = []
          const ended = new Set<number>()
          for (const [i, a] of arrivals.entries()) {
            let turn
            if (a.large) {
              turn = q.enter(a.graph, a.identity)
              const mine = held.get(a.identity) ?? 0
              const admit = mine < perIdentity && all < total
              expect(turn.ok, `arrival ${i}: admitted exactly when under the bounds`).toBe(admit)
              if (!turn.ok) {
                expect(turn.reason).toBe(mine >= perIdentity ? 'rate_limited' : 'overloaded')
                expect(turn.retryAfterS).toBeGreaterThanOrEqual(1)
                continue
              }
              held.set(a.identity, mine + 1)
              all++
            } else {
              turn = q.behind(a.graph)
              // Waits exactly when a large build is in its graph's line (all arrive before any ends).
              const large = entered.some((e) => e.a.large && e.a.graph === a.graph)
              expect(turn !== null, `arrival ${i}: a small build waits only behind a large one`).toBe(large)
              if (!turn) continue
            }
            entered.push({ a, i })
            ends.push(
              turn
                .run(async () => {
                  expect(running.get(a.graph) ?? 0, `two builds at once on ${a.graph}`).toBe(0)
                  running.set(a.graph, 1)
                  started.push(i)
                  await new Promise<void>((open) => gates.push({ i, graph: a.graph, open }))
                  running.set(a.graph, 0)
                  if (a.fails) throw new Error('refused')
                })
                .catch(() => {})
                .finally(() => {
                  if (!a.large) return
                  held.set(a.identity, held.get(a.identity)! - 1)
                  all--
                }),
            )
          }
          // Let the heads start; then end running builds in a generated order.
          let k = 0
          for (;;) {
            await new Promise((r) => setImmediate(r))
            if (gates.length === 0) break
            // Every graph with a build entered and not yet ended has one running: none waits on another graph.
            const pending = new Set(entered.filter((e) => !ended.has(e.i)).map((e) => e.a.graph))
            expect(new Set(gates.map((g) => g.graph))).toEqual(pending)
            const g = gates.splice(finishOrder[k++ % finishOrder.length]! % gates.length, 1)[0]!
            ended.add(g.i)
            g.open()
          }
          await Promise.all(ends)
          // In arrival order within each graph.
          for (const graph of ['g', 'h', 'k']) {
            const order = started.filter((i) => arrivals[i]!.graph === graph)
            expect(order).toEqual([...order].sort((x, y) => x - y))
          }
          expect(started.length).toBe(entered.length)
          expect(q.size).toBe(0)
          expect(q.behind('g')).toBeNull()
        },
      ),
      { seed, numRuns: 200 },
    )
  })
})
