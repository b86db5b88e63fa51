import type { Rect, XY } from './geometry.ts'

// Where the connect preview's sentence goes: near the middle of the line, clear of every node's box (it
// was drawn at the middle of the line, over the text of the nodes it joins). A search over a few spots
// rather than a label-placement library: one label, a handful of boxes, once a frame.

/**
 * A label's extent as drawn: its width and height, and how far its top lies above the baseline (`rise`;
 * four fifths of the height when not given, a line of text without a halo).
 */
export interface LabelSize {
  width: number
  height: number
  rise?: number
}

/** The sentence's box from its size, centred on `x` with its baseline at `y` (SVG text). */
export function labelBox(at: XY, size: LabelSize): Rect {
  const rise = size.rise ?? size.height * 0.8
  return { x: at.x - size.width / 2, y: at.y - rise, width: size.width, height: size.height }
}

const meets = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/**
 * The spot (centre, baseline) nearest the line's middle `mid` where a label of `size` meets none of
 * `nodes`, trying spots above and below, left and right, up to `reach` away; the middle, lifted a
 * little, when none is clear.
 */
export function labelSpot(mid: XY, size: LabelSize, nodes: readonly Rect[], reach = 400): XY {
  const fallback = { x: mid.x, y: mid.y - 12 }
  const near = nodes.filter(
    (n) =>
      n.x < mid.x + reach + size.width &&
      mid.x - reach - size.width < n.x + n.width &&
      n.y < mid.y + reach + size.height &&
      mid.y - reach - size.height < n.y + n.height,
  )
  const clear = (p: XY) => !near.some((n) => meets(labelBox(p, size), n))
  if (clear(fallback)) return fallback
  // Rings of spots round the middle, nearest first: the first ring with a clear spot gives its nearest.
  const step = Math.max(8, size.height / 2)
  let best: XY | null = null
  for (let k = 1; k * step <= reach && !best; k++) {
    let bestD = Infinity
    for (let i = -k; i <= k; i++)
      for (const [dx, dy] of [
        [i, -k],
        [i, k],
        [-k, i],
        [k, i],
      ] as const) {
        const d = Math.hypot(dx, dy)
        if (d >= bestD) continue
        const p = { x: mid.x + dx * step, y: mid.y - 12 + dy * step }
        if (clear(p)) {
          best = p
          bestD = d
        }
      }
  }
  return best ?? fallback
}
