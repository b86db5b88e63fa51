import type { GraphView } from '@plexus/model'
import { layoutTree } from '../layout/tree.ts'
import { GAP_X, GAP_Y, SpatialGrid, bounds, type Rect, type Size, type XY } from './geometry.ts'
import type { PlacedIndex } from './placed-index.ts'

export interface PlacementInput {
  index: GraphView
  /** Live nodes without a position. */
  unplaced: readonly string[]
  /** Every live node that has a position, with its rectangle (kept by the flow model as it changes). */
  placed: PlacedIndex
  sizeOf: (id: string) => Size
}

const STEP = 24
const MAX_STEPS = 600

/**
 * Positions for nodes that arrived without one (an agent's, an import's): each group of unplaced nodes
 * hanging from one parent is laid out as a small tree and put right of that parent, below its placed
 * children, in the first spot where it overlaps nothing; groups with no placed parent go next to a placed
 * neighbour, else below everything. Deterministic for a given document, so peers that place the same
 * nodes at once mostly agree; whatever is written last wins everywhere.
 */
export function placeNodes({ index, unplaced, placed, sizeOf }: PlacementInput): Map<string, XY> {
  const out = new Map<string, XY>()
  if (!unplaced.length) return out
  const s = index.struct()
  const todo = new Set(unplaced)
  // What this call places; what was placed before is looked up in `placed` (nothing walks every node).
  const grid = new SpatialGrid()
  const space = { free: (r: Rect, margin: number) => placed.free(r, margin) && grid.free(r, margin) }
  const rectOf = (id: string, p: XY): Rect => ({ ...p, ...sizeOf(id) })
  const where = (id: string): XY | undefined => placed.at(id) ?? out.get(id)

  // Creation order: nodes written in one batch share a timestamp, but the index lists them in the order
  // they were written (Yjs integrates one client's items in clock order).
  const ordinal = new Map<string, number>()
  let i = 0
  for (const id of index.nodes.keys()) if (todo.has(id)) ordinal.set(id, i++)
  const byCreation = (a: string, b: string) => cmpCreated(index, a, b) || ordinal.get(a)! - ordinal.get(b)!
  // Group roots: unplaced nodes whose effective parent is not itself unplaced.
  const groupRoots = [...todo].filter((id) => !todo.has(s.parent.get(id) ?? ''))
  groupRoots.sort((a, b) => (s.depth.get(a) ?? 0) - (s.depth.get(b) ?? 0) || byCreation(a, b))
  const kids = (id: string) => (s.children.get(id) ?? []).filter((c) => todo.has(c)).sort(byCreation)

  // Roots sharing an anchor are laid out together, as one block, in creation order.
  const byAnchor = new Map<string, string[]>()
  for (const r of groupRoots) {
    const key = anchorOf(index, r, where) ?? ''
    let list = byAnchor.get(key)
    if (!list) byAnchor.set(key, (list = []))
    list.push(r)
  }
  for (const [anchor, roots] of byAnchor) {
    const rel = layoutTree(roots, kids, sizeOf, { between: GAP_Y })
    const block = bounds([...rel].map(([id, p]) => rectOf(id, p)))!
    let start: XY
    if (anchor) {
      const a = where(anchor)!
      const aw = sizeOf(anchor)
      // A branch on the left of its parent (the left half of a mind map) grows leftwards.
      const up = s.parent.get(anchor)
      const leftward = !!up && !!where(up) && where(up)!.x > a.x
      // Below everything already hanging from the anchor on that side (grandchildren included), else
      // level with it.
      const onSide = (r: Rect) => (leftward ? r.x + r.width <= a.x + 1 : r.x >= a.x + aw.width - 1)
      const below = bounds(
        descendants(s.children, anchor)
          .filter((d) => where(d) && !todo.has(d))
          .map((d) => rectOf(d, where(d)!))
          .filter(onSide),
      )
      if (leftward)
        for (const [id, p] of rel) p.x = block.x + block.width - (p.x - block.x) - sizeOf(id).width
      const kidsX = (s.children.get(anchor) ?? [])
        .filter((c) => !todo.has(c))
        .map((c) => (where(c) ? (leftward ? where(c)!.x + sizeOf(c).width : where(c)!.x) : undefined))
        .filter((x): x is number => x !== undefined)
      const edge = kidsX.length
        ? leftward
          ? Math.max(...kidsX)
          : Math.min(...kidsX)
        : leftward
          ? a.x - GAP_X
          : a.x + aw.width + GAP_X
      const x = leftward ? edge - block.width : edge
      start = below
        ? { x, y: below.y + below.height + GAP_Y }
        : { x, y: a.y + aw.height / 2 - block.height / 2 }
    } else {
      const all = placed.bounds()
      start = all ? { x: all.x, y: all.y + all.height + GAP_Y * 4 } : { x: 0, y: 0 }
    }
    const spot = freeSpot(
      space,
      { ...start, width: block.width, height: block.height },
      anchor ? 'down' : 'right',
    )
    for (const [id, p] of rel) {
      const at = { x: Math.round(spot.x + p.x), y: Math.round(spot.y + p.y) }
      out.set(id, at)
      grid.add(rectOf(id, at))
    }
  }
  return out
}

function cmpCreated(index: GraphView, a: string, b: string): number {
  const na = index.nodes.get(a)
  const nb = index.nodes.get(b)
  return (na?.created_at ?? 0) - (nb?.created_at ?? 0)
}

/** The placed node a group should sit beside: its parent, else a node it is connected to. */
function anchorOf(index: GraphView, id: string, where: (id: string) => XY | undefined): string | null {
  const p = index.struct().parent.get(id)
  if (p && where(p)) return p
  for (const dir of ['out', 'in'] as const) {
    for (const e of index.edgesOf(id, dir)) if (where(e.other)) return e.other
  }
  return null
}

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

/**
 * Scans from `r` for a spot that overlaps nothing: downwards for a group beside its parent (so
 * branches added one after another stay in order, top to bottom), rightwards for a free-standing one.
 */
function freeSpot(
  grid: { free(r: Rect, margin: number): boolean },
  r: Rect,
  direction: 'down' | 'right',
): XY {
  for (let i = 0; i < MAX_STEPS; i++) {
    const d = direction === 'right' ? { x: i * STEP * 4, y: 0 } : { x: 0, y: i * STEP }
    const c = { ...r, x: r.x + d.x, y: r.y + d.y }
    if (grid.free(c, 8)) return c
  }
  return { x: r.x, y: r.y }
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
