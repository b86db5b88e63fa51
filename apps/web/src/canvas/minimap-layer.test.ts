import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rng } from '../../../../packages/model/src/test/harness.ts'
import {
  GraphBounds,
  MINIMAP_BOX,
  fitScale,
  grow,
  layerStale,
  minimapArea,
  type Layer,
} from './minimap-layer.ts'

// Fixed (issue 31): a default taken from the clock tried a new seed every run, so one run in N
// failed on a case nobody had seen. PLEXUS_SEED=N runs another.
const DEFAULT_SEED = 20261129

/** A layer as drawLayer leaves it: `asked` centred in a 176x116 box, so one of its sides is widened. */
function layerFor(asked: Rect, boxW = 164, boxH = 104): Layer {
  const scale = Math.min(boxW / asked.width, boxH / asked.height)
  const ox = (boxW / scale - asked.width) / 2
  const oy = (boxH / scale - asked.height) / 2
  const bounds = {
    x: asked.x - ox,
    y: asked.y - oy,
    width: asked.width + 2 * ox,
    height: asked.height + 2 * oy,
  }
  return { bounds, asked, scale, version: 1, at: 0 }
}
type Rect = { x: number; y: number; width: number; height: number }

describe('the minimap layer', () => {
  it('is kept while the view moves inside a tall, narrow graph (it was redrawn on every pan frame)', () => {
    // The bench's 10k tree: about 2,000 px wide and 430,000 px tall.
    const graph = { x: 0, y: 0, width: 1949, height: 431756 }
    const l = layerFor(grow(graph, 0.08))
    expect(l.bounds.width).toBeGreaterThan(graph.width * 3) // widened to the box's proportions
    expect(layerStale(l, graph)).toBe(false)
  })

  it('is drawn again when the view leaves it or when it covers far more than is needed', () => {
    const graph = { x: 0, y: 0, width: 4000, height: 3000 }
    const l = layerFor(grow(graph, 0.08))
    expect(layerStale(l, graph)).toBe(false)
    expect(layerStale(l, { ...graph, x: -5000, width: 9000 })).toBe(true)
    expect(layerStale(layerFor(grow(graph, 3)), graph)).toBe(true)
    expect(layerStale(null, graph)).toBe(true)
  })
})

describe('the graph bounds kept node by node', () => {
  it('are the box a walk over every rectangle gives, through random adds, moves and removals', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const r = rng(seed)
      const rects = new Map<string, Rect>()
      const b = new GraphBounds()
      const random = (): Rect => ({
        x: (r() - 0.5) * 5000,
        y: (r() - 0.5) * 3000,
        width: 60 + r() * 200,
        height: 20 + r() * 60,
      })
      let next = 0
      for (let step = 0; step < 400; step++) {
        const ids = [...rects.keys()]
        const id = r() < 0.4 || !ids.length ? `n${next++}` : ids[Math.floor(r() * ids.length)]!
        const rect = r() < 0.2 ? null : random()
        if (rect) rects.set(id, rect)
        else rects.delete(id)
        b.set(id, rect)
        if (r() < 0.5) continue // asked for only now and then, as the minimap does
        let x0 = Infinity
        let y0 = Infinity
        let x1 = -Infinity
        let y1 = -Infinity
        for (const q of rects.values()) {
          x0 = Math.min(x0, q.x)
          y0 = Math.min(y0, q.y)
          x1 = Math.max(x1, q.x + q.width)
          y1 = Math.max(y1, q.y + q.height)
        }
        const want = rects.size
          ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
          : { x: 0, y: 0, width: 1, height: 1 }
        expect(b.get(), `seed ${seed} step ${step}`).toEqual(want)
      }
    }
  })
})

describe('what the minimap shows', () => {
  const rect = fc.record({
    x: fc.integer({ min: -20000, max: 20000 }),
    y: fc.integer({ min: -20000, max: 20000 }),
    width: fc.integer({ min: 40, max: 40000 }),
    height: fc.integer({ min: 20, max: 40000 }),
  })
  const meets = (a: Rect, b: Rect) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

  it('fits the graph in the box with a margin, however far the view is zoomed out over it', () => {
    const seed = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)
    const inner = { w: MINIMAP_BOX.width - 2 * MINIMAP_BOX.pad, h: MINIMAP_BOX.height - 2 * MINIMAP_BOX.pad }
    try {
      fc.assert(
        fc.property(rect, rect, (graph, view) => {
          fc.pre(meets(graph, view))
          const area = minimapArea(graph, view)
          const s = fitScale(area)
          // The graph spans most of the box along the side that limits it...
          expect(Math.max((graph.width * s) / inner.w, (graph.height * s) / inner.h)).toBeGreaterThan(0.8)
          // ...and none of it touches the box's edge.
          expect(area.x).toBeLessThan(graph.x)
          expect(area.y).toBeLessThan(graph.y)
          expect(area.x + area.width).toBeGreaterThan(graph.x + graph.width)
          expect(area.y + area.height).toBeGreaterThan(graph.y + graph.height)
        }),
        { seed, numRuns: 500 },
      )
    } catch (e) {
      throw new Error(`seed ${seed} (replay: PLEXUS_SEED=${seed}): ${(e as Error).message}`)
    }
  })

  it('still shows the view when it is away from the graph', () => {
    const graph = { x: 0, y: 0, width: 600, height: 400 }
    const view = { x: 5000, y: 3000, width: 900, height: 700 }
    const area = minimapArea(graph, view)
    expect(meets(area, view) && meets(area, graph)).toBe(true)
  })
})
