import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Size, XY } from '../canvas/geometry.ts'
import { drawnOrder, layoutMindMap } from './mindmap.ts'

// Fixed (issue 31): a default taken from the clock tried a new seed every run, so one run in N
// failed on a case nobody had seen. PLEXUS_SEED=N runs another.
const DEFAULT_SEED = 20261129

// Arranging a mind map twice gives the map the first run drew: the order a layout reads off the
// drawing (clockwise round the root) is the order it draws back, so no branch changes sides.

interface Tree {
  kids: Map<string, string[]>
  sizes: Map<string, Size>
  start: Map<string, XY>
}

/** A random tree of up to 40 nodes (each node's parent an earlier node), sizes and starting positions. */
const trees = fc
  .array(
    fc.record({
      parent: fc.nat(),
      width: fc.integer({ min: 60, max: 320 }),
      height: fc.integer({ min: 30, max: 160 }),
      x: fc.integer({ min: -2000, max: 2000 }),
      y: fc.integer({ min: -2000, max: 2000 }),
    }),
    { minLength: 1, maxLength: 40 },
  )
  .map((rows): Tree => {
    const kids = new Map<string, string[]>()
    const sizes = new Map<string, Size>()
    const start = new Map<string, XY>()
    rows.forEach((r, i) => {
      const id = `n${i}`
      sizes.set(id, { width: r.width, height: r.height })
      start.set(id, { x: r.x, y: r.y })
      if (i > 0) {
        const p = `n${r.parent % i}`
        kids.set(p, [...(kids.get(p) ?? []), id])
      }
    })
    return { kids, sizes, start }
  })

function arrangeFrom(t: Tree, at: Map<string, XY>): Map<string, XY> {
  const children = (id: string) => t.kids.get(id) ?? []
  const order = drawnOrder('n0', children, (id) => at.get(id)!)
  return layoutMindMap('n0', order, (id) => t.sizes.get(id)!)
}

const sideOf = (pos: Map<string, XY>, id: string) => Math.sign(pos.get(id)!.x)

describe('layoutMindMap run again', () => {
  it('is idempotent over generated trees: the second run draws what the first drew', () => {
    const seed = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)
    try {
      fc.assert(
        fc.property(trees, (t) => {
          const once = arrangeFrom(t, t.start)
          const twice = arrangeFrom(t, once)
          expect(Object.fromEntries(twice)).toEqual(Object.fromEntries(once))
        }),
        { seed, numRuns: 300 },
      )
    } catch (e) {
      throw new Error(`seed ${seed} (replay: PLEXUS_SEED=${seed}): ${(e as Error).message}`)
    }
  })

  it('regression, seed 558118795: three equal branches keep their sides and order', () => {
    const t: Tree = {
      kids: new Map([['n0', ['n1', 'n2', 'n3']]]),
      sizes: new Map(['n0', 'n1', 'n2', 'n3'].map((id) => [id, { width: 60, height: 30 }])),
      start: new Map(['n0', 'n1', 'n2', 'n3'].map((id) => [id, { x: 0, y: 0 }])),
    }
    const first = arrangeFrom(t, t.start)
    const second = arrangeFrom(t, first)
    for (const b of ['n1', 'n2', 'n3']) expect(sideOf(second, b), b).toBe(sideOf(first, b))
    expect(Object.fromEntries(second)).toEqual(Object.fromEntries(first))
  })
})
