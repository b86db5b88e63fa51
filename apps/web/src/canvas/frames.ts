import type { NodeView } from '@plexus/model'
import type { Rect, Size, XY } from './geometry.ts'
import { shapeOf, type Styled } from './node-style.ts'

// Subgraphs drawn as frames. A Mermaid subgraph is a node of shape `group` whose members are its
// children (packages/model formats). On the canvas it is a frame behind its members: titled, its box the
// members' box plus a margin and a title band, nested subgraphs nested. The box is derived from where the
// members are drawn, so it follows them when they move (a drag, a peer's move, a layout); dragging the
// frame moves its members. A JSON Canvas group keeps the geometry its file gave it (its members are the
// cards inside that geometry), so it is not a derived frame.

/** The margin around a frame's members and the band above them that holds its title. */
export const FRAME_PAD = 24
export const FRAME_TITLE = 40

/** What a frame needs to know about the graph: views, children, liveness. */
export interface FrameIndex {
  nodes: ReadonlyMap<string, NodeView>
  live(id: string): unknown
  struct(): { children: ReadonlyMap<string, readonly string[]>; parent: ReadonlyMap<string, string> }
}

/** Whether `id` is drawn as a frame derived from its members (a subgraph with at least one member). */
export function isFrame(ix: FrameIndex, id: string): boolean {
  const v = ix.nodes.get(id)
  if (!v || shapeOf(v as NodeView & Styled) !== 'group') return false
  if ((v.aliases ?? []).some((a) => a.startsWith('canvas:'))) return false
  return (ix.struct().children.get(id) ?? []).some((c) => ix.live(c))
}

/**
 * The frame's box around its live members, as `at` and `sizeOf` draw them (nested frames by their own
 * boxes), or null when no member is placed yet.
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
  // A tree deeper than this is not a diagram anybody drew; it is drawn as plain nodes below that.
  if (depth > 64) return null
  for (const c of ix.struct().children.get(id) ?? []) {
    if (!ix.live(c)) continue
    const r = isFrame(ix, c) ? frameBox(ix, c, at, sizeOf, depth + 1) : box(c, at, sizeOf)
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

/** The frames that hold `id`, innermost first: they are redrawn when it moves. */
export function framesAbove(ix: FrameIndex, id: string): string[] {
  const out: string[] = []
  const parent = ix.struct().parent
  let p = parent.get(id)
  for (let i = 0; p && i < 64 && isFrame(ix, p); i++) {
    out.push(p)
    p = parent.get(p)
  }
  return out
}

/** The members a frame's drag carries along (every live node below it that is not itself a frame). */
export function frameMembers(ix: FrameIndex, id: string): string[] {
  const out: string[] = []
  const kids = ix.struct().children
  const stack = [...(kids.get(id) ?? [])]
  for (let i = 0; stack.length && i < 100_000; i++) {
    const c = stack.pop()!
    if (!ix.live(c)) continue
    if (isFrame(ix, c)) stack.push(...(kids.get(c) ?? []))
    else out.push(c)
  }
  return out
}
