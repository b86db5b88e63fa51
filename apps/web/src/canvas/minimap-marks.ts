/**
 * The minimap's node layer, node by node: where each node's rectangle is on the layer's canvas (in its
 * pixels) and in which colour, bucketed in square cells of the canvas. A change to a few nodes (an
 * agent's write, a peer's edit) then redraws only the cells their old and new rectangles cover: each
 * dirty cell is cleared and every rectangle that reaches into it is drawn again, clipped to it. Inside a
 * cell that is the same picture a full redraw gives (the same rectangles in the same colour order), so
 * the layer stays what drawing it whole would give, for a few rectangles instead of every node's
 * (at 10k nodes the whole layer, its bounds and its paths were the page's largest cost per agent write).
 */

/**
 * A node's rectangle on the layer, in whole canvas pixels (so that it reaches into no cell it does not
 * cover), and in flow coordinates (for the graph's bounds).
 */
export interface Mark {
  x: number
  y: number
  w: number
  h: number
  /** The readiness colour it is filled with. */
  status: string
  flow: { x: number; y: number; width: number; height: number }
}

/** Side of a cell, in canvas pixels. */
export const CELL = 4

export class Marks {
  private readonly byId = new Map<string, Mark>()
  private readonly cells = new Map<number, Set<string>>()
  readonly cols: number
  readonly rows: number

  /** A layer canvas of `width` x `height` pixels. */
  constructor(width: number, height: number) {
    this.cols = Math.max(1, Math.ceil(width / CELL))
    this.rows = Math.max(1, Math.ceil(height / CELL))
  }

  get size(): number {
    return this.byId.size
  }

  get(id: string): Mark | undefined {
    return this.byId.get(id)
  }

  values(): IterableIterator<Mark> {
    return this.byId.values()
  }

  /**
   * Sets (or with null removes) a node's mark; adds to `dirty` the cells that must be drawn again: those
   * of the old and the new rectangle, none when nothing about it changed.
   */
  set(id: string, mark: Mark | null, dirty: Set<number>): void {
    const old = this.byId.get(id)
    if (old && mark && sameMark(old, mark)) {
      this.byId.set(id, mark)
      return
    }
    if (old) {
      this.each(old, (c) => {
        dirty.add(c)
        const s = this.cells.get(c)
        s?.delete(id)
        if (s?.size === 0) this.cells.delete(c)
      })
      this.byId.delete(id)
    }
    if (mark) {
      this.byId.set(id, mark)
      this.each(mark, (c) => {
        dirty.add(c)
        let s = this.cells.get(c)
        if (!s) this.cells.set(c, (s = new Set()))
        s.add(id)
      })
    }
  }

  /** Every mark that reaches into one of `cells`, once each. */
  within(cells: Iterable<number>): Mark[] {
    const ids = new Set<string>()
    for (const c of cells) for (const id of this.cells.get(c) ?? []) ids.add(id)
    return [...ids].map((id) => this.byId.get(id)!)
  }

  /** A cell's rectangle in canvas pixels. */
  cellRect(c: number): { x: number; y: number; w: number; h: number } {
    return { x: (c % this.cols) * CELL, y: Math.floor(c / this.cols) * CELL, w: CELL, h: CELL }
  }

  /** The ids in a cell (for tests). */
  cell(c: number): ReadonlySet<string> {
    return this.cells.get(c) ?? new Set()
  }

  /** Calls `fn` with each cell the mark's pixels are in (a mark is whole pixels: no antialiasing). */
  private each(m: Mark, fn: (c: number) => void): void {
    const clamp = (v: number, n: number) => Math.min(n - 1, Math.max(0, v))
    const c0 = clamp(Math.floor(m.x / CELL), this.cols)
    const c1 = clamp(Math.floor((m.x + m.w - 1) / CELL), this.cols)
    const r0 = clamp(Math.floor(m.y / CELL), this.rows)
    const r1 = clamp(Math.floor((m.y + m.h - 1) / CELL), this.rows)
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) fn(r * this.cols + c)
  }
}

const sameMark = (a: Mark, b: Mark) =>
  a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h && a.status === b.status

/** What a mark is computed from: a flow node as the canvas has it. */
export interface MarkedNode {
  position: { x: number; y: number }
  measured?: { width?: number; height?: number }
  initialWidth?: number
  initialHeight?: number
  data: { status: string }
}

/** Where the layer shows the flow: `origin` (flow) at canvas pixel `pad`, `scale` canvas pixels a unit. */
export interface LayerGeometry {
  origin: { x: number; y: number }
  scale: number
  pad: number
}

export function markOf(n: MarkedNode, g: LayerGeometry): Mark {
  const width = n.measured?.width ?? n.initialWidth ?? 150
  const height = n.measured?.height ?? n.initialHeight ?? 40
  const x0 = Math.round((n.position.x - g.origin.x) * g.scale + g.pad)
  const y0 = Math.round((n.position.y - g.origin.y) * g.scale + g.pad)
  const x1 = Math.round((n.position.x + width - g.origin.x) * g.scale + g.pad)
  const y1 = Math.round((n.position.y + height - g.origin.y) * g.scale + g.pad)
  return {
    x: x0,
    y: y0,
    w: Math.max(1, x1 - x0),
    h: Math.max(1, y1 - y0),
    status: n.data.status,
    flow: { x: n.position.x, y: n.position.y, width, height },
  }
}

/** The part of a 2D context the layer draws with. */
export interface Painter {
  fillStyle: unknown
  globalAlpha: number
  beginPath(): void
  rect(x: number, y: number, w: number, h: number): void
  fill(): void
  clip(): void
  clearRect(x: number, y: number, w: number, h: number): void
  save(): void
  restore(): void
}

/** The readiness colours in the order they are drawn (a later one covers an earlier one). */
export const STATUS_ORDER = ['actionable', 'blocked', 'waiting', 'resolved'] as const

function fillMarks(ctx: Painter, marks: Iterable<Mark>, colour: Record<string, string>): void {
  const list = [...marks]
  for (const status of STATUS_ORDER) {
    ctx.fillStyle = colour[status]
    ctx.globalAlpha = status === 'resolved' ? 0.5 : 0.9
    // One path per colour: one fill call, not one per node.
    ctx.beginPath()
    for (const m of list) if (m.status === status) ctx.rect(m.x, m.y, m.w, m.h)
    ctx.fill()
  }
  ctx.globalAlpha = 1
}

/** Draws every mark on a cleared canvas of `width` x `height` pixels. */
export function paintAll(
  ctx: Painter,
  marks: Iterable<Mark>,
  colour: Record<string, string>,
  width: number,
  height: number,
): void {
  ctx.clearRect(0, 0, width, height)
  fillMarks(ctx, marks, colour)
}

/** Draws the `dirty` cells again: each cleared, and every mark reaching into it drawn clipped to it. */
export function paintCells(
  ctx: Painter,
  marks: Marks,
  dirty: ReadonlySet<number>,
  colour: Record<string, string>,
): void {
  if (!dirty.size) return
  ctx.save()
  ctx.beginPath()
  for (const c of dirty) {
    const r = marks.cellRect(c)
    ctx.rect(r.x, r.y, r.w, r.h)
  }
  ctx.clip()
  for (const c of dirty) {
    const r = marks.cellRect(c)
    ctx.clearRect(r.x, r.y, r.w, r.h)
  }
  fillMarks(ctx, marks.within(dirty), colour)
  ctx.restore()
}
