// Alignment guides for a node moved freely (Alt-drag in a mind map, any drag on a free-form canvas):
// its left, centre or right line snaps to another node's left, centre or right line when it comes within
// the threshold, and likewise its top, middle and bottom; the lines it then shares are drawn as guides.
// Hand-written: xyflow ships no snapping to other nodes (only a grid), and tldraw's snapping lives inside
// its editor; the whole rule is the one pure function below.

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** A guide line in canvas coordinates: `axis: 'x'` is a vertical line at x = `at` from `from` to `to` (y). */
export interface Guide {
  axis: 'x' | 'y'
  at: number
  from: number
  to: number
}

export interface Snapped {
  x: number
  y: number
  guides: Guide[]
}

/**
 * How close, in screen pixels, a line must come to another node's to snap to it. The caller divides by
 * the zoom, so it feels the same at every zoom. Holding Ctrl (⌘ on a Mac) while moving turns it off.
 */
export const SNAP_PX = 6

/** Lines closer than this (canvas units) count as one: the sums of halves are not exact in doubles. */
const SAME = 1e-6

const xLines = (b: Box): number[] => [b.x, b.x + b.width / 2, b.x + b.width]
const yLines = (b: Box): number[] => [b.y, b.y + b.height / 2, b.y + b.height]

/** The shift along one axis that brings one of `mine` onto one of `theirs`, the smallest within `threshold`. */
function nearest(
  mine: number[],
  others: readonly Box[],
  lines: (b: Box) => number[],
  threshold: number,
): number {
  let best = 0
  let bestAbs = Infinity
  for (const o of others)
    for (const t of lines(o))
      for (const m of mine) {
        const d = t - m
        const a = Math.abs(d)
        if (a <= threshold && a < bestAbs) {
          best = d
          bestAbs = a
        }
      }
  return best
}

/**
 * Where `moving` goes when let go at its position among `others`, and the guides to draw: each axis
 * shifted by the smallest amount (at most `threshold`) that lines one of its three lines up with one of
 * another box's; an axis with no line within the threshold is left where the pointer put it. A negative
 * threshold snaps nothing. Guides span the moved box and every box sharing the line.
 */
export function snapToGuides(moving: Box, others: readonly Box[], threshold: number): Snapped {
  if (!(threshold >= 0) || !others.length) return { x: moving.x, y: moving.y, guides: [] }
  const dx = nearest(xLines(moving), others, xLines, threshold)
  const dy = nearest(yLines(moving), others, yLines, threshold)
  const at: Box = { ...moving, x: moving.x + dx, y: moving.y + dy }
  const guides: Guide[] = []
  const collect = (axis: 'x' | 'y'): void => {
    const lines = axis === 'x' ? xLines : yLines
    // A guide runs across the other axis: from the top of the highest box on it to the bottom of the lowest.
    const lo = (b: Box) => (axis === 'x' ? b.y : b.x)
    const hi = (b: Box) => (axis === 'x' ? b.y + b.height : b.x + b.width)
    for (const m of lines(at)) {
      let from = lo(at)
      let to = hi(at)
      let shared = false
      for (const o of others)
        if (lines(o).some((t) => Math.abs(t - m) <= SAME)) {
          shared = true
          from = Math.min(from, lo(o))
          to = Math.max(to, hi(o))
        }
      if (shared && !guides.some((g) => g.axis === axis && Math.abs(g.at - m) <= SAME))
        guides.push({ axis, at: m, from, to })
    }
  }
  collect('x')
  collect('y')
  return { x: at.x, y: at.y, guides }
}

/** Whether two boxes overlap (touching counts): the nodes on screen, for the boxes a move snaps to. */
export function overlaps(a: Box, b: Box): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height
}
