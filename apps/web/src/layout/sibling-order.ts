import { inDrawnOrder, type GraphView, type NodeView } from '@plexus/model'

// A node's place among its siblings and, for a branch of the root, its half of the map. Both derived
// from the document the same way on every peer: the order a person chose by a drop (`order`), else the
// order the nodes were made in (`created_at`), then the id; the side a drop chose (`side`), else the
// balance of the map.

/** A sibling's sort key: where a drop put it, else when it was made. */
export const siblingKey = (v: Pick<NodeView, 'order' | 'created_at'>): number => v.order ?? v.created_at

/** Siblings in the order they are drawn (the same on every peer, whatever order updates came in). */
export const bySiblingOrder = (ix: GraphView, ids: readonly string[]): string[] => inDrawnOrder(ix, ids)

/**
 * The root's branches (in sibling order) split between the map's halves. While no branch has a side,
 * the first half goes right (all of one or two branches, as Shift+M draws them): a branch that grows
 * never sends another across. Once a drop chose sides, each branch keeps its own, and a branch without
 * one (made since) goes to the half with fewer branches, the right on a tie.
 */
export function splitSides(ix: GraphView, branches: readonly string[]): { right: string[]; left: string[] } {
  const sides = branches.map((id) => ix.nodes.get(id)?.side)
  if (!sides.some((s) => s !== undefined)) {
    const n = branches.length < 3 ? branches.length : Math.ceil(branches.length / 2)
    return { right: branches.slice(0, n), left: branches.slice(n) }
  }
  let r = sides.filter((s) => s === 'right').length
  let l = sides.filter((s) => s === 'left').length
  const right: string[] = []
  const left: string[] = []
  branches.forEach((id, i) => {
    let s = sides[i]
    if (s === undefined) {
      s = l < r ? 'left' : 'right'
      if (s === 'left') l++
      else r++
    }
    ;(s === 'left' ? left : right).push(id)
  })
  return { right, left }
}
