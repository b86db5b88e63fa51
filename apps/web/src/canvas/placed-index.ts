import RBush, { type BBox } from 'rbush'
import { overlaps, type Rect, type XY } from './geometry.ts'

interface Entry extends BBox {
  id: string
  rect: Rect
}

/**
 * The rectangles of every placed node, by id, kept current one node at a time (an R-tree: rbush), so
 * that "is this spot free?" and "where is everything?" cost a lookup, not a walk over the whole graph.
 * The flow model keeps it as the document changes; placement reads it (placement.ts). rbush rather than
 * a hand-written grid: it takes removals and moves as well as inserts, and its root box is the bounds.
 */
export class PlacedIndex {
  private readonly tree = new RBush<Entry>()
  private readonly byId = new Map<string, Entry>()

  get size(): number {
    return this.byId.size
  }

  /** Replaces everything with `rects` (a bulk load: the index built once, from scratch). */
  load(rects: Iterable<[string, Rect]>): void {
    this.tree.clear()
    this.byId.clear()
    const entries: Entry[] = []
    for (const [id, r] of rects) {
      const e = entry(id, r)
      this.byId.set(id, e)
      entries.push(e)
    }
    this.tree.load(entries)
  }

  /** Puts a node at `r` (or moves it there); a no-op when it is already there. */
  set(id: string, r: Rect): void {
    const prev = this.byId.get(id)
    if (prev) {
      const p = prev.rect
      if (p.x === r.x && p.y === r.y && p.width === r.width && p.height === r.height) return
      this.tree.remove(prev)
    }
    const e = entry(id, r)
    this.byId.set(id, e)
    this.tree.insert(e)
  }

  delete(id: string): void {
    const prev = this.byId.get(id)
    if (!prev) return
    this.byId.delete(id)
    this.tree.remove(prev)
  }

  has(id: string): boolean {
    return this.byId.has(id)
  }

  rect(id: string): Rect | undefined {
    return this.byId.get(id)?.rect
  }

  at(id: string): XY | undefined {
    const r = this.byId.get(id)?.rect
    return r ? { x: r.x, y: r.y } : undefined
  }

  /** Whether `r` keeps `margin` clear of every rectangle (the same test as geometry.ts's overlaps). */
  free(r: Rect, margin: number): boolean {
    const box = {
      minX: r.x - margin,
      minY: r.y - margin,
      maxX: r.x + r.width + margin,
      maxY: r.y + r.height + margin,
    }
    for (const e of this.tree.search(box)) if (overlaps(r, e.rect, margin)) return false
    return true
  }

  /** The ids whose rectangles may overlap `r` (touching counts). */
  search(r: Rect): string[] {
    const box = { minX: r.x, minY: r.y, maxX: r.x + r.width, maxY: r.y + r.height }
    return this.tree.search(box).map((e) => e.id)
  }

  /** The box around every rectangle; null when there is none. */
  bounds(): Rect | null {
    if (!this.byId.size) return null
    const root = this.tree.toJSON() as BBox
    return { x: root.minX, y: root.minY, width: root.maxX - root.minX, height: root.maxY - root.minY }
  }

  /** Every id with its rectangle (for tests and for a full rebuild's check). */
  entries(): Array<[string, Rect]> {
    return [...this.byId].map(([id, e]) => [id, e.rect])
  }
}

function entry(id: string, r: Rect): Entry {
  const rect = { x: r.x, y: r.y, width: r.width, height: r.height }
  return { id, rect, minX: r.x, minY: r.y, maxX: r.x + r.width, maxY: r.y + r.height }
}
