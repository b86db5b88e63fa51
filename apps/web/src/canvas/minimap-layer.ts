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

/** The minimap's box on the screen, in CSS pixels, and the padding inside it. */
export const MINIMAP_BOX = { width: 176, height: 116, pad: 6 } as const

/** Screen pixels per flow unit when `area` is drawn centred in the box. */
export function fitScale(area: Rect): number {
  const { width, height, pad } = MINIMAP_BOX
  return Math.min((width - 2 * pad) / area.width, (height - 2 * pad) / area.height)
}

/**
 * The area the minimap's layer is asked to show: the graph's box with a margin, so the graph fills the
 * box however far out the view is zoomed (the view's frame then runs past the box's edges, which clip
 * it). Only a view that does not meet the graph at all is added, so the frame can still be found.
 */
export function minimapArea(graph: Rect, view: Rect): Rect {
  const area = grow(graph, 0.08)
  const meets =
    view.x < area.x + area.width &&
    area.x < view.x + view.width &&
    view.y < area.y + area.height &&
    area.y < view.y + view.height
  return meets ? area : grow(union(graph, view), 0.08)
}

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

/**
 * The box around every node's rectangle, kept node by node: a change grows it, and only a change to a
 * node on its border walks every rectangle again (the minimap walked every node for each change: at 10k
 * nodes, for each agent write). Kept as its edges, so it is exactly the box a walk gives.
 */
export class GraphBounds {
  private readonly rects = new Map<string, Rect>()
  private edges: { x0: number; y0: number; x1: number; y1: number } | null = null

  /** Sets (or with null removes) a node's rectangle. */
  set(id: string, r: Rect | null): void {
    const old = this.rects.get(id)
    if (r) this.rects.set(id, r)
    else this.rects.delete(id)
    const e = this.edges
    if (!e) return
    if (old && (old.x <= e.x0 || old.y <= e.y0 || old.x + old.width >= e.x1 || old.y + old.height >= e.y1)) {
      // It may have held the border out: walk again when asked.
      if (!r || r.x !== old.x || r.y !== old.y || r.width !== old.width || r.height !== old.height)
        this.edges = null
      return
    }
    if (r) {
      e.x0 = Math.min(e.x0, r.x)
      e.y0 = Math.min(e.y0, r.y)
      e.x1 = Math.max(e.x1, r.x + r.width)
      e.y1 = Math.max(e.y1, r.y + r.height)
    }
  }

  /** The box (a unit box at the origin when there is no node). */
  get(): Rect {
    if (!this.edges) {
      if (!this.rects.size) return { x: 0, y: 0, width: 1, height: 1 }
      this.edges = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity }
      for (const r of this.rects.values()) {
        this.edges.x0 = Math.min(this.edges.x0, r.x)
        this.edges.y0 = Math.min(this.edges.y0, r.y)
        this.edges.x1 = Math.max(this.edges.x1, r.x + r.width)
        this.edges.y1 = Math.max(this.edges.y1, r.y + r.height)
      }
    }
    const { x0, y0, x1, y1 } = this.edges
    return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
  }
}
