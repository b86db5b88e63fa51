import type { GraphView } from '@plexus/model'
import { GAP_X, GAP_Y, type Size, type XY } from './geometry.ts'

/** Everything below `id` in the tree (at most 50,000 nodes), in no particular order. */
export function descendants(children: ReadonlyMap<string, readonly string[]>, id: string): string[] {
  const out: string[] = []
  const stack = [...(children.get(id) ?? [])]
  while (stack.length && out.length < 50_000) {
    const c = stack.pop()!
    out.push(c)
    stack.push(...(children.get(c) ?? []))
  }
  return out
}

export interface GrowthInput {
  index: GraphView
  /** The node that changed size. */
  id: string
  before: Size
  after: Size
  positionOf: (id: string) => XY | null
  sizeOf: (id: string) => Size
}

/**
 * New positions that keep a branch readable after one of its nodes grew (a longer summary, a second
 * line): a node left of its parent grows leftwards instead of into the parent; children beside a wider
 * node move out by as much as it grew into them; siblings below a taller node move down with their
 * branches. Only what now overlaps moves; the result is empty when nothing does.
 */
export function makeRoom({ index, id, before, after, positionOf, sizeOf }: GrowthInput): Map<string, XY> {
  const out = new Map<string, XY>()
  const s = index.struct()
  const p = positionOf(id)
  if (!p) return out
  const where = (n: string) => out.get(n) ?? positionOf(n)
  const shift = (root: string, dx: number, dy: number) => {
    for (const n of [root, ...descendants(s.children, root)]) {
      const q = where(n)
      if (q) out.set(n, { x: Math.round(q.x + dx), y: Math.round(q.y + dy) })
    }
  }
  const parent = s.parent.get(id)
  const pp = parent ? positionOf(parent) : null
  const leftward = !!pp && pp.x > p.x
  const dw = after.width - before.width
  const self = { ...p }
  if (dw > 0 && leftward) {
    // Keep the right edge where it was: the node grows away from its parent, its branch with it.
    shift(id, -dw, 0)
    self.x -= dw
  } else if (dw > 0) {
    const right = self.x + after.width + GAP_X
    for (const c of s.children.get(id) ?? []) {
      const q = where(c)
      if (q && q.x >= p.x + before.width - 1 && q.x < right) shift(c, right - q.x, 0)
    }
  }
  const dh = after.height - before.height
  if (dh > 0 && parent) {
    const bottom = self.y + after.height + GAP_Y
    const below = (s.children.get(parent) ?? [])
      .filter((c) => c !== id)
      .map((c) => ({ c, q: where(c) }))
      .filter(
        (x): x is { c: string; q: XY } =>
          !!x.q &&
          x.q.y >= p.y + before.height - 1 &&
          Math.abs(x.q.x - self.x) < sizeOf(x.c).width + after.width,
      )
    const first = Math.min(...below.map((x) => x.q.y))
    if (below.length && first < bottom) for (const { c } of below) shift(c, 0, bottom - first)
  }
  return out
}
