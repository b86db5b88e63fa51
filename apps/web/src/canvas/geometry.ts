import type { NodeView } from '@plexus/model'
import { givenSize, type Styled } from './node-style.ts'

export interface XY {
  x: number
  y: number
}

export interface Size {
  width: number
  height: number
}

export interface Rect extends XY, Size {}

export const NODE_MIN_W = 140
export const NODE_MAX_W = 260
/** Horizontal and vertical gaps used by placement and layout. */
export const GAP_X = 70
export const GAP_Y = 18

/** A size guess for a node not yet measured by the browser, close to what the CSS produces. */
export function estimateSize(n: Pick<NodeView, 'summary'>): Size {
  const given = givenSize(n as Styled)
  if (given) return given
  const chars = Math.max(4, n.summary.length)
  const textW = chars * 7.4
  const width = Math.round(Math.min(NODE_MAX_W, Math.max(NODE_MIN_W, textW + 34)))
  const lines = Math.max(1, Math.ceil(textW / (width - 34)))
  return { width, height: Math.round(26 + lines * 19) }
}

export function overlaps(a: Rect, b: Rect, margin = 0): boolean {
  return (
    a.x < b.x + b.width + margin &&
    b.x < a.x + a.width + margin &&
    a.y < b.y + b.height + margin &&
    b.y < a.y + a.height + margin
  )
}

/** A uniform grid of rectangles for fast "is this spot free?" checks over thousands of nodes. */
export class SpatialGrid {
  private readonly cells = new Map<string, Rect[]>()
  constructor(private readonly cell = 240) {}

  private keys(r: Rect): string[] {
    const out: string[] = []
    const x0 = Math.floor(r.x / this.cell)
    const x1 = Math.floor((r.x + r.width) / this.cell)
    const y0 = Math.floor(r.y / this.cell)
    const y1 = Math.floor((r.y + r.height) / this.cell)
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) out.push(`${x},${y}`)
    return out
  }

  add(r: Rect): void {
    for (const k of this.keys(r)) {
      let list = this.cells.get(k)
      if (!list) this.cells.set(k, (list = []))
      list.push(r)
    }
  }

  free(r: Rect, margin: number): boolean {
    const probe = {
      x: r.x - margin,
      y: r.y - margin,
      width: r.width + 2 * margin,
      height: r.height + 2 * margin,
    }
    for (const k of this.keys(probe))
      for (const o of this.cells.get(k) ?? []) if (overlaps(r, o, margin)) return false
    return true
  }
}

export function bounds(rects: Iterable<Rect>): Rect | null {
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  for (const r of rects) {
    x0 = Math.min(x0, r.x)
    y0 = Math.min(y0, r.y)
    x1 = Math.max(x1, r.x + r.width)
    y1 = Math.max(y1, r.y + r.height)
  }
  return x0 === Infinity ? null : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
}
