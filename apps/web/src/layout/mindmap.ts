import { GAP_X, GAP_Y, type Size, type XY } from '../canvas/geometry.ts'
import { layoutTree } from './tree.ts'

/**
 * The children of every node in the order the drawing shows them, which a layout run again keeps:
 * the root's branches clockwise (the right side top to bottom, then the left side bottom to top),
 * every other node's children top to bottom. `layoutMindMap` draws that order back the same way, so
 * laying out a map it drew changes nothing (mindmap.test.ts).
 */
export function drawnOrder(
  root: string,
  childrenOf: (id: string) => readonly string[],
  at: (id: string) => XY,
): (id: string) => string[] {
  const r = at(root)
  const clockwise = (id: string) => {
    const p = at(id)
    return p.x >= r.x ? p.y : 1e12 - p.y
  }
  return (id) =>
    [...childrenOf(id)].sort(
      id === root ? (a, b) => clockwise(a) - clockwise(b) : (a, b) => at(a).y - at(b).y,
    )
}

/**
 * A balanced mind map: the root in the middle, its branches split between the right side and the left
 * (in order, clockwise: the right side takes the first branches top to bottom, up to where the sides
 * come closest in height, and the left side the rest from the bottom up), each
 * side a tidy tree growing away from the root. Half as tall as a one-sided tree. The root's top-left
 * corner is at (0, 0). `right`: how many of the first branches go right (then no balancing).
 */
export function layoutMindMap(
  root: string,
  childrenOf: (id: string) => readonly string[],
  sizeOf: (id: string) => Size,
  opts: { right?: number } = {},
): Map<string, XY> {
  const kids = childrenOf(root)
  const rs = sizeOf(root)
  const pos = new Map<string, XY>([[root, { x: 0, y: 0 }]])
  if (!kids.length) return pos
  // Each branch laid out alone first, to know how tall it is (not when the split is given).
  const heights = (opts.right === undefined ? kids : []).map((k) => {
    const p = layoutTree([k], childrenOf, sizeOf)
    let top = Infinity
    let bottom = -Infinity
    for (const [id, q] of p) {
      top = Math.min(top, q.y)
      bottom = Math.max(bottom, q.y + sizeOf(id).height)
    }
    return bottom - top
  })
  const total = heights.reduce((a, b) => a + b, 0)
  // The right side takes the first branches up to the split that leaves the two sides closest in
  // height (taking branches while it held less than half overshot: 2 + 2 + 2 against 3).
  // A map derived on every change (layout/derived.ts) gives the count: a branch that grows never sends
  // another to the other side.
  let split = opts.right ?? kids.length
  if (opts.right === undefined && kids.length >= 3) {
    let acc = 0
    let best = Infinity
    heights.forEach((h, i) => {
      acc += h
      const gap = Math.abs(2 * acc - total)
      if (gap < best) {
        best = gap
        split = i + 1
      }
    })
  }
  const right = kids.slice(0, split)
  const left = kids.slice(split)
  const side = (branches: string[], dir: 1 | -1) => {
    if (!branches.length) return
    const p = layoutTree(branches, childrenOf, sizeOf, { between: GAP_Y * 2 })
    let top = Infinity
    let bottom = -Infinity
    for (const [id, q] of p) {
      top = Math.min(top, q.y)
      bottom = Math.max(bottom, q.y + sizeOf(id).height)
    }
    const dy = rs.height / 2 - (top + bottom) / 2
    for (const [id, q] of p) {
      const w = sizeOf(id).width
      const x = dir === 1 ? rs.width + GAP_X + q.x : -GAP_X - q.x - w
      pos.set(id, { x: Math.round(x), y: Math.round(q.y + dy) })
    }
  }
  side(right, 1)
  // The left side mirrors columns: a node's right edge lines up with its column's right edge. Its
  // branches continue clockwise, from the bottom up, so the order read back off the drawing
  // (`drawnOrder`) is this order and a second run keeps every branch on its side.
  side([...left].reverse(), -1)
  return pos
}
