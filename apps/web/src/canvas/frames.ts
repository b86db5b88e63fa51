import type { NodeView } from '@plexus/model'
import type { Rect, Size, XY } from './geometry.ts'
import { shapeOf, type Styled } from './node-style.ts'

// Subgraphs drawn as frames. A Mermaid subgraph is a node of shape `group` whose members are its
// children (packages/model formats). On the canvas it is a frame behind its members: titled, its box the
// members' box plus a margin and a title band, nested subgraphs nested. The box is derived from where the
// members are drawn, so it follows them when they move (a drag, a peer's move, a layout); dragging the
// frame moves its members. A member's own branch (the topics of a mind map dropped in a frame of its
// own hang from its central topic) is inside the frame too: the box holds it, its moves redraw the
// frame, and the frame's drag carries it. A JSON Canvas group keeps the geometry its file gave it (its members are the
// cards inside that geometry), so it is not a derived frame.

/** The margin around a frame's members and the band above them that holds its title. */
export const FRAME_PAD = 24
export const FRAME_TITLE = 40

/** What a frame needs to know about the graph: views, children, liveness. */
export interface FrameIndex {
  nodes: ReadonlyMap<string, NodeView>
  live(id: string): unknown
  struct(): { children: ReadonlyMap<string, readonly string[]>; parent: ReadonlyMap<string, string> }
  /** Bumped on every change: what `framesAbove` learned is kept while it stands. */
  readonly version?: number
}

/** Whether `id` is drawn as a frame derived from its members (a subgraph with at least one member). */
export function isFrame(ix: FrameIndex, id: string): boolean {
  const v = ix.nodes.get(id)
  if (!v || shapeOf(v as NodeView & Styled) !== 'group') return false
  if ((v.aliases ?? []).some((a) => a.startsWith('canvas:'))) return false
  return (ix.struct().children.get(id) ?? []).some((c) => ix.live(c))
}

/**
 * The frame's box around its live members and their branches, as `at` and `sizeOf` draw them (nested
 * frames by their own boxes), or null when no member is placed yet.
 */
export function frameBox(
  ix: FrameIndex,
  id: string,
  at: (id: string) => XY | null,
  sizeOf: (id: string) => Size,
  depth = 0,
): Rect | null {
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  // A nesting of frames deeper than this is not a diagram anybody drew; it is drawn as plain nodes below that.
  if (depth > 64) return null
  const kids = ix.struct().children
  const stack = [...(kids.get(id) ?? [])]
  for (let i = 0; stack.length && i < 1_000_000; i++) {
    const c = stack.pop()!
    if (!ix.live(c)) continue
    const frame = isFrame(ix, c)
    const r = frame ? frameBox(ix, c, at, sizeOf, depth + 1) : box(c, at, sizeOf)
    // A member's branch is inside the frame (a nested frame's is inside its own box).
    if (!frame) stack.push(...(kids.get(c) ?? []))
    if (!r) continue
    x0 = Math.min(x0, r.x)
    y0 = Math.min(y0, r.y)
    x1 = Math.max(x1, r.x + r.width)
    y1 = Math.max(y1, r.y + r.height)
  }
  if (x0 === Infinity) return null
  return {
    x: x0 - FRAME_PAD,
    y: y0 - FRAME_PAD - FRAME_TITLE,
    width: x1 - x0 + 2 * FRAME_PAD,
    height: y1 - y0 + 2 * FRAME_PAD + FRAME_TITLE,
  }
}

function box(id: string, at: (id: string) => XY | null, sizeOf: (id: string) => Size): Rect | null {
  const p = at(id)
  return p ? { ...p, ...sizeOf(id) } : null
}

/** Per tree (and index version): the frames at or above each node seen, innermost first. */
const above = new WeakMap<object, { version: number | undefined; at: Map<string, readonly string[]> }>()
const NONE: readonly string[] = []

/**
 * The frames that hold `id` (as a member or in a member's branch), innermost first: they are redrawn
 * when it moves. Every node drawn asks, so what a walk up learns is kept for the nodes on its way
 * (until the index changes): a chain is walked once, not once per node in it.
 */
export function framesAbove(ix: FrameIndex, id: string): string[] {
  const s = ix.struct()
  let memo = above.get(s)
  if (!memo || memo.version !== ix.version || ix.version === undefined) {
    memo = { version: ix.version, at: new Map() }
    above.set(s, memo)
  }
  const at = memo.at
  // Up to the first node already known (or the top), bounded against a cycle in a damaged document.
  const path: string[] = []
  let p = s.parent.get(id)
  for (let i = 0; p !== undefined && !at.has(p) && i < 100_000; i++) {
    path.push(p)
    p = s.parent.get(p)
  }
  let known = p !== undefined ? (at.get(p) ?? NONE) : NONE
  for (let i = path.length - 1; i >= 0; i--) {
    const n = path[i]!
    known = isFrame(ix, n) ? [n, ...known] : known
    at.set(n, known)
  }
  return [...known]
}

/**
 * What a frame's drag carries along: its members (every live node below it through nested frames, not
 * a frame itself), and in their branches the nodes that have a place of their own in the document. A
 * branch node placed by the derived layout follows its parent there; carrying it would pin it (a drag
 * writes where it puts what it carries).
 */
export function frameMembers(ix: FrameIndex, id: string): string[] {
  const out: string[] = []
  const kids = ix.struct().children
  const stack: Array<[string, boolean]> = (kids.get(id) ?? []).map((c) => [c, true])
  for (let i = 0; stack.length && i < 100_000; i++) {
    const [c, member] = stack.pop()!
    if (!ix.live(c)) continue
    const frame = isFrame(ix, c)
    const v = ix.nodes.get(c)
    if (!frame && (member || (v && v.x !== null && v.y !== null))) out.push(c)
    // A nested frame's children are members; a member's children are its branch.
    for (const k of kids.get(c) ?? []) stack.push([k, frame])
  }
  return out
}
