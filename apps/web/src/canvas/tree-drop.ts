import type { Rect, XY } from './geometry.ts'

// Where a branch dragged in a mind map or tree would go if dropped at a point (issue 27, "mind-map
// manipulation"), and what that drop writes. Pure: the flow model gives it the map as it was drawn when
// the drag began (the branch's own old places included, so that a drop onto its own child can be seen
// and refused) and calls it on every pointer move; a lookup in an R-tree and a few comparisons, no
// document read or write. Hand-written: React Flow has no notion of a tree, and no tree-editing
// library we found takes drawn rectangles and a pointer.
//
// Over a node: its top quarter inserts the branch before it among its siblings, its bottom quarter
// after it, the middle makes the branch its last child (over the root: a branch of the root on that
// half, at the height of the pointer). Off any node but within NEAR of one: before or after the nearest
// by the pointer's height, which is the gap between two siblings. Over the branch itself: nothing (it
// goes back); over a node inside it: refused, a cycle.

export type Side = 'left' | 'right'

/** How far from a node a drop in the gap still counts as beside it, in canvas pixels. */
export const NEAR = 48

export interface DropScene {
  root: string | null
  dragged: string
  parentOf(id: string): string | null
  /** The dragged node and every node under it. */
  inBranch(id: string): boolean
  /** Where a node was drawn when the drag began (undefined: not drawn). */
  rectOf(id: string): Rect | undefined
  /** Nodes whose rectangles may meet `r` (a superset will do; they are checked here). */
  near(r: Rect): Iterable<string>
  /** A node's children in the tree as drawn top to bottom (of the root: those on `side`). */
  childrenDrawn(parent: string, side?: Side): string[]
}

export type Marker =
  /** The node the branch would become the last child of. */
  | { kind: 'parent'; rect: Rect }
  /** A line between two siblings, where the branch would go. */
  | { kind: 'line'; x1: number; x2: number; y: number }
  /** The node inside the branch the drop would hang it under. */
  | { kind: 'refused'; rect: Rect }

export type DropPlan =
  | { type: 'none' }
  | { type: 'refused'; reason: 'cycle'; over: string; marker: Marker }
  | {
      type: 'place'
      parent: string
      /** Where among the parent's children (on `side`, for the root) as drawn, the branch left out. */
      index: number
      side?: Side
      /** The place it has now: dropping writes nothing. */
      same: boolean
      marker: Marker
    }

const centre = (r: Rect): XY => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 })
const inside = (r: Rect, p: XY) => p.x >= r.x && p.x <= r.x + r.width && p.y >= r.y && p.y <= r.y + r.height
/** The distance from a point to a rectangle (0 inside). */
const distance = (r: Rect, p: XY) =>
  Math.hypot(Math.max(r.x - p.x, 0, p.x - r.x - r.width), Math.max(r.y - p.y, 0, p.y - r.y - r.height))

/** The side of the root a node is drawn on. */
export function sideOf(scene: DropScene, id: string): Side {
  const r = scene.root ? scene.rectOf(scene.root) : undefined
  const n = scene.rectOf(id)
  return r && n && centre(n).x < centre(r).x ? 'left' : 'right'
}

export function dropAt(scene: DropScene, p: XY): DropPlan {
  const box = { x: p.x - NEAR, y: p.y - NEAR, width: 2 * NEAR, height: 2 * NEAR }
  let over: string | null = null
  let nearest: string | null = null
  let best = Infinity
  // Sorted so that the answer does not depend on the index's order; the branch wins a tie (refused
  // rather than dropped into itself).
  const ids = [...new Set(scene.near(box))].sort()
  for (const id of ids) {
    const r = scene.rectOf(id)
    if (!r) continue
    if (inside(r, p) && (over === null || scene.inBranch(id))) over = id
    const d = distance(r, p)
    if (d <= NEAR && (d < best || (d === best && scene.inBranch(id)))) {
      best = d
      nearest = id
    }
  }
  const target = over ?? nearest
  if (target === null || target === scene.dragged) return { type: 'none' }
  const rect = scene.rectOf(target)!
  if (scene.inBranch(target))
    return { type: 'refused', reason: 'cycle', over: target, marker: { kind: 'refused', rect } }
  if (target === scene.root) return underRoot(scene, p, rect)
  const rel = (p.y - rect.y) / rect.height
  if (over !== null && rel >= 0.25 && rel <= 0.75) return lastChild(scene, target, rect)
  const parent = scene.parentOf(target)
  // A top-level node with no parent has no siblings to go between: the branch goes under it.
  if (parent === null) return lastChild(scene, target, rect)
  const side = parent === scene.root ? sideOf(scene, target) : undefined
  const drawn = scene.childrenDrawn(parent, side)
  const others = drawn.filter((c) => c !== scene.dragged)
  const at = others.indexOf(target)
  const index = p.y < centre(rect).y ? at : at + 1
  return place(scene, parent, index, side, between(scene, others, index, rect))
}

/** A branch of the root, on the half the pointer is on, at its height among that half's branches. */
function underRoot(scene: DropScene, p: XY, root: Rect): DropPlan {
  const side: Side = p.x < centre(root).x ? 'left' : 'right'
  const others = scene.childrenDrawn(scene.root!, side).filter((c) => c !== scene.dragged)
  let index = 0
  for (const c of others) if (centre(scene.rectOf(c)!).y < p.y) index++
  const marker: Marker = others.length
    ? between(scene, others, index, scene.rectOf(others[Math.min(index, others.length - 1)]!)!)
    : { kind: 'parent', rect: root }
  return place(scene, scene.root!, index, side, marker)
}

function lastChild(scene: DropScene, parent: string, rect: Rect): DropPlan {
  const side = parent === scene.root ? sideOf(scene, scene.dragged) : undefined
  const others = scene.childrenDrawn(parent, side).filter((c) => c !== scene.dragged)
  return place(scene, parent, others.length, side, { kind: 'parent', rect })
}

/** The line drawn between the siblings at `index - 1` and `index` (above the first, below the last). */
function between(scene: DropScene, others: string[], index: number, near: Rect): Marker {
  const a = index > 0 ? scene.rectOf(others[index - 1]!) : undefined
  const b = index < others.length ? scene.rectOf(others[index]!) : undefined
  const ref = b ?? a ?? near
  const y = a && b ? (a.y + a.height + b.y) / 2 : b ? b.y - 6 : a ? a.y + a.height + 6 : near.y
  return { kind: 'line', x1: ref.x, x2: ref.x + ref.width, y }
}

function place(
  scene: DropScene,
  parent: string,
  index: number,
  side: Side | undefined,
  marker: Marker,
): DropPlan {
  const now = scene.parentOf(scene.dragged)
  let same = false
  if (now === parent && (side === undefined || sideOf(scene, scene.dragged) === side)) {
    same = scene.childrenDrawn(parent, side).indexOf(scene.dragged) === index
  }
  return { type: 'place', parent, index, ...(side ? { side } : {}), same, marker }
}

// ---- what a drop writes ------------------------------------------------------------------------

export interface TreePlace {
  id: string
  order?: number
  side?: Side
}

export interface DropWrite {
  node: string
  /** The new parent, when it changes. */
  parent?: string
  places: TreePlace[]
}

/**
 * What dropping `node` by `plan` writes: its new parent when that changes, its `order` among its new
 * siblings (halfway between its neighbours' keys, or all of them numbered again when there is no room
 * between, as between two siblings made in the same millisecond), and, under the root, the side of every
 * branch of the root (one dropped on a half, or leaving the root, must not send another across).
 * `key(id)`: a sibling's sort key (`order ?? created_at`, layout/sibling-order.ts); `rootBranches`: the
 * root's branches and the side each is drawn on. Null when the plan writes nothing.
 */
export function dropWrites(
  plan: DropPlan,
  node: string,
  opts: {
    root: string | null
    parentOf: (id: string) => string | null
    /** The new parent's children on the branch's side, as drawn top to bottom, the branch left out. */
    siblingsDrawn: string[]
    key: (id: string) => number
    rootBranches: Array<{ id: string; side: Side; chosen: boolean }>
  },
): DropWrite | null {
  if (plan.type !== 'place' || plan.same) return null
  const was = opts.parentOf(node)
  // Drawn top to bottom: by key, except on the root's left half, drawn from the bottom up.
  const up = plan.parent === opts.root && plan.side === 'left'
  const byKey = up ? [...opts.siblingsDrawn].reverse() : opts.siblingsDrawn
  const k = up ? byKey.length - plan.index : plan.index
  const prev = k > 0 ? opts.key(byKey[k - 1]!) : undefined
  const next = k < byKey.length ? opts.key(byKey[k]!) : undefined
  const places = new Map<string, TreePlace>()
  const put = (p: TreePlace) => places.set(p.id, { ...places.get(p.id), ...p })
  if (prev === undefined && next === undefined) put({ id: node, order: opts.key(node) })
  else if (prev === undefined) put({ id: node, order: next! - 1 })
  else if (next === undefined) put({ id: node, order: prev + 1 })
  else if (prev < (prev + next) / 2 && (prev + next) / 2 < next) put({ id: node, order: (prev + next) / 2 })
  else {
    // No room between the two keys: the whole row numbered again, one apart, from its first key.
    const row = [...byKey.slice(0, k), node, ...byKey.slice(k)]
    const base = Math.min(...byKey.map(opts.key))
    row.forEach((id, i) => put({ id, order: base + i }))
  }
  if (plan.parent === opts.root || was === opts.root) {
    for (const b of opts.rootBranches) if (b.id !== node && !b.chosen) put({ id: b.id, side: b.side })
    if (plan.parent === opts.root) put({ id: node, side: plan.side ?? 'right' })
  }
  return {
    node,
    ...(plan.parent !== was ? { parent: plan.parent } : {}),
    places: [...places.values()],
  }
}
