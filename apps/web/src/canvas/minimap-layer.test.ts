import { describe, expect, it } from 'vitest'
import { grow, layerStale, type Layer } from './minimap-layer.ts'

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
