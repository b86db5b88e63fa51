import type { Rect } from './geometry.ts'

/** The minimap's node layer as last drawn: the flow area it shows (centred in the box) and from what. */
export interface Layer {
  /** The flow area the whole box shows: `asked`, widened or heightened to the box's proportions. */
  bounds: Rect
  /** The area the layer was drawn for (the graph and the view, with a margin). */
  asked: Rect
  scale: number
  version: unknown
  at: number
}

export const union = (a: Rect, b: Rect): Rect => {
  const x = Math.min(a.x, b.x)
  const y = Math.min(a.y, b.y)
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  }
}

export const contains = (a: Rect, b: Rect) =>
  a.x <= b.x && a.y <= b.y && a.x + a.width >= b.x + b.width && a.y + a.height >= b.y + b.height

export const grow = (r: Rect, f: number): Rect => ({
  x: r.x - r.width * f,
  y: r.y - r.height * f,
  width: r.width * (1 + 2 * f),
  height: r.height * (1 + 2 * f),
})

/**
 * Whether the layer must be drawn again for the view to show in it: it does not cover the graph and
 * the view, or it was drawn for far more than they need (the view zoomed back in, the graph shrank).
 * "Far more" is measured on the area it was drawn for, not on the box's proportions: a tall, narrow
 * graph is widened many times over to fit the box, and compared that way its layer was redrawn on
 * every pan and zoom frame (10k rectangles a frame, profiled at 10k nodes).
 */
export function layerStale(l: Layer | null, want: Rect): boolean {
  if (!l) return true
  if (!contains(l.bounds, want)) return true
  return l.asked.width > want.width * 3 || l.asked.height > want.height * 3
}
