import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { XY } from './geometry.ts'
import { Glides, type GlideClock } from './glide.ts'

// Fixed (issue 31): a default taken from the clock tried a new seed every run, so one run in N
// failed on a case nobody had seen. PLEXUS_SEED=N runs another.
const DEFAULT_SEED = 20261129

// The invariant: however glides are started and read, and whenever frames come, every node ends drawn
// where the document has it, and no glide (nor the frame loop) outlives its time. Broken before: a
// glide read after its end by anything but the frame loop (a frame's box reads its members) was
// forgotten without its node being redrawn, so imported nodes stayed drawn mid-way, on top of each
// other (import-source.spec, "left to right"); and a frame's own glide, never read, ran a frame loop
// forever.

/** A clock the test moves, and a frame callback it runs. */
function fakeClock() {
  let now = 0
  let pending: (() => void) | null = null
  const clock: GlideClock = {
    now: () => now,
    frame: (cb) => {
      pending = cb
      return 1
    },
  }
  return {
    clock,
    advance: (ms: number) => (now += ms),
    runFrame: () => {
      const cb = pending
      pending = null
      cb?.()
    },
    get pending() {
      return pending !== null
    },
  }
}

type Op =
  | { op: 'start'; id: number; to: XY }
  | { op: 'read'; id: number }
  | { op: 'wait'; ms: number }
  | { op: 'frame' }

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('start' as const),
    id: fc.integer({ min: 0, max: 5 }),
    to: fc.record({ x: fc.integer({ min: -500, max: 500 }), y: fc.integer({ min: -500, max: 500 }) }),
  }),
  fc.record({ op: fc.constant('read' as const), id: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ op: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 120 }) }),
  fc.record({ op: fc.constant('frame' as const) }),
)

describe('glides of moves made elsewhere', () => {
  it('end with every node drawn at its destination, and then stop (generated sequences)', () => {
    const seed = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)
    try {
      fc.assert(
        fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
          const t = fakeClock()
          const drawn = new Map<number, XY>()
          const target = new Map<number, XY>()
          // Ids 4 and 5 are frames: their drawing never reads their own glide (a frame is drawn
          // around its members), like the flow model's.
          const frames = new Set([4, 5])
          const g: Glides = new Glides((ids) => {
            for (const id of ids) {
              const n = Number(id)
              if (frames.has(n)) continue
              drawn.set(n, g.at(id) ?? target.get(n)!)
            }
          }, t.clock)
          for (const o of ops) {
            if (o.op === 'start') {
              const shown = drawn.get(o.id) ?? { x: 0, y: 0 }
              target.set(o.id, o.to)
              g.start(String(o.id), shown, o.to)
              // The caller redraws the node right away (the flow model rebuilds it).
              if (!frames.has(o.id)) drawn.set(o.id, g.at(String(o.id)) ?? o.to)
            } else if (o.op === 'read') g.at(String(o.id))
            else if (o.op === 'wait') t.advance(o.ms)
            else t.runFrame()
          }
          // Frames come until the loop stops: within the glide time and a frame or two.
          for (let i = 0; i < 20 && t.pending; i++) {
            t.advance(16)
            t.runFrame()
          }
          expect(t.pending).toBe(false)
          for (const [id, to] of target) if (!frames.has(id)) expect(drawn.get(id)).toEqual(to)
        }),
        { seed, numRuns: 500 },
      )
    } catch (e) {
      throw new Error(`seed ${seed} (replay: PLEXUS_SEED=${seed}): ${(e as Error).message}`)
    }
  })

  it('a glide read after its end by a frame box still ends with its node redrawn (regression)', () => {
    const t = fakeClock()
    const drawn = new Map<string, XY>()
    const g: Glides = new Glides((ids) => {
      for (const id of ids) drawn.set(id, g.at(id) ?? { x: 100, y: 0 })
    }, t.clock)
    g.start('a', { x: 0, y: 0 }, { x: 100, y: 0 })
    t.advance(16)
    t.runFrame()
    expect(drawn.get('a')!.x).toBeLessThan(100)
    t.advance(80)
    g.at('a') // the frame around `a` is measured, past the glide's end
    t.runFrame()
    expect(drawn.get('a')).toEqual({ x: 100, y: 0 })
    expect(t.pending).toBe(false)
  })
})
