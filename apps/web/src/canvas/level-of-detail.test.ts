import { describe, expect, it } from 'vitest'
import type { PNode } from './flow-model.ts'
import { DOM_MAX_ON_SCREEN, OVERVIEW_MIN_NODES, overviewWanted } from './level-of-detail.ts'

/** Nodes 200 x 60 apart in columns of `rows`. */
function nodes(count: number, rows: number): PNode[] {
  return Array.from(
    { length: count },
    (_, i) =>
      ({
        id: `n${i}`,
        position: { x: Math.floor(i / rows) * 200, y: (i % rows) * 60 },
        measured: { width: 140, height: 45 },
        data: {},
      }) as PNode,
  )
}

describe('overviewWanted', () => {
  const screen = (zoom: number) => ({ x: 0, y: 0, width: 1440 / zoom, height: 900 / zoom })

  it('keeps a small graph as DOM nodes at every zoom', () => {
    const few = nodes(OVERVIEW_MIN_NODES, 300)
    expect(overviewWanted({ nodes: few, view: screen(0.05), zoom: 0.05, was: false })).toBe(false)
  })

  it('shows the overview far out, and when a dense area would put too many DOM nodes on screen', () => {
    const many = nodes(4000, 100)
    expect(overviewWanted({ nodes: many, view: screen(0.2), zoom: 0.2, was: false })).toBe(true)
    // At 0.75 the screen holds 1920 x 1200: 10 columns of 20 rows, 200 nodes, not over the limit.
    expect(overviewWanted({ nodes: many, view: screen(0.75), zoom: 0.75, was: false })).toBe(false)
    // At 0.5: 15 columns of 30 rows, 450 nodes.
    expect(overviewWanted({ nodes: many, view: screen(0.5), zoom: 0.5, was: false })).toBe(true)
    expect(overviewWanted({ nodes: many, view: screen(1), zoom: 1, was: true })).toBe(false)
  })

  it('leaves the overview only well under the limit, so it does not flap at the border', () => {
    const many = nodes(4000, 100)
    // 200 on screen: not over DOM_MAX_ON_SCREEN, over four fifths of it.
    expect(DOM_MAX_ON_SCREEN).toBe(200)
    expect(overviewWanted({ nodes: many, view: screen(0.75), zoom: 0.75, was: true })).toBe(true)
    expect(overviewWanted({ nodes: many, view: screen(0.75), zoom: 0.75, was: false })).toBe(false)
  })
})
