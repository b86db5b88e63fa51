import type { GraphView } from '@plexus/model'
import { GAP_Y, type Size, type XY } from './geometry.ts'
import { descendants } from './placement.ts'

// A node that grows (a longer summary, a diamond or a circle in place of a box) first makes room among
// its own siblings (placement.ts, makeRoom). Its branch may then still reach into the branch below it:
// the first child of the parent's next sibling, the next branch of the map. This pass walks up from the
// node and, at each level, moves the branches below on the same side down by as much as the branch
// above now overlaps them, so what a node draws never lands on another node.

export interface BranchRoomInput {
  index: GraphView
  /** The node that grew (already measured at its new size by `sizeOf`). */
  id: string
  /** Moves already decided (makeRoom's): they are where those nodes are. Added to, and returned. */
  moves: Map<string, XY>
  positionOf: (id: string) => XY | null
  sizeOf: (id: string) => Size
}

export function clearBranchesBelow({
  index,
  id,
  moves,
  positionOf,
  sizeOf,
}: BranchRoomInput): Map<string, XY> {
  const s = index.struct()
  const where = (n: string) => moves.get(n) ?? positionOf(n)
  const branch = (n: string): string[] => [n, ...descendants(s.children, n)]
  /** The top and bottom of a branch as drawn (nodes without a position take no room). */
  const span = (n: string) => {
    let top = Infinity
    let bottom = -Infinity
    for (const m of branch(n)) {
      const q = where(m)
      if (!q) continue
      top = Math.min(top, q.y)
      bottom = Math.max(bottom, q.y + sizeOf(m).height)
    }
    return { top, bottom }
  }
  let cur = id
  for (let parent = s.parent.get(cur); parent; cur = parent, parent = s.parent.get(cur)) {
    const pp = where(parent)
    const cp = where(cur)
    if (!pp || !cp) break
    const right = cp.x >= pp.x
    const below = (s.children.get(parent) ?? []).filter((c) => {
      const q = c === cur ? null : where(c)
      return !!q && q.x >= pp.x === right && q.y > cp.y
    })
    if (!below.length) continue
    const need = span(cur).bottom + GAP_Y - Math.min(...below.map((c) => span(c).top))
    if (need <= 0) continue
    for (const c of below)
      for (const m of branch(c)) {
        const q = where(m)
        if (q) moves.set(m, { x: q.x, y: Math.round(q.y + need) })
      }
  }
  return moves
}
