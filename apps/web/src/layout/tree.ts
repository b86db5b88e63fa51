import { GAP_X, GAP_Y, type Size, type XY } from '../canvas/geometry.ts'

/**
 * A left-to-right tidy tree: each depth is a column as wide as its widest node, each parent is centred on
 * the block of its children, and subtrees never overlap. Roots are stacked top to bottom. Iterative, so a
 * 10k-deep chain does not overflow the stack. Positions are top-left corners, the first root at (0, 0).
 */
export function layoutTree(
  roots: readonly string[],
  childrenOf: (id: string) => readonly string[],
  sizeOf: (id: string) => Size,
  gaps: { x?: number; y?: number; between?: number } = {},
): Map<string, XY> {
  const gx = gaps.x ?? GAP_X
  const gy = gaps.y ?? GAP_Y
  const between = gaps.between ?? gy * 3
  // Pre-order walk: depth of each node and a post-order to fold subtree extents bottom-up.
  const depth = new Map<string, number>()
  const order: string[] = []
  const seen = new Set<string>()
  const colW: number[] = []
  for (const r of roots) {
    const stack: Array<[string, number]> = [[r, 0]]
    while (stack.length) {
      const [id, d] = stack.pop()!
      if (seen.has(id)) continue
      seen.add(id)
      depth.set(id, d)
      order.push(id)
      colW[d] = Math.max(colW[d] ?? 0, sizeOf(id).width)
      const kids = childrenOf(id)
      for (let i = kids.length - 1; i >= 0; i--) if (!seen.has(kids[i]!)) stack.push([kids[i]!, d + 1])
    }
  }
  const kidsOf = (id: string): string[] =>
    childrenOf(id).filter((c) => depth.get(c) === depth.get(id)! + 1 && seen.has(c))
  const colX: number[] = []
  for (let d = 0, x = 0; d < colW.length; d++) {
    colX[d] = x
    x += (colW[d] ?? 0) + gx
  }
  const extent = new Map<string, number>()
  for (let i = order.length - 1; i >= 0; i--) {
    const id = order[i]!
    const kids = kidsOf(id).filter((c) => extent.has(c))
    const block = kids.reduce((s, c) => s + extent.get(c)!, 0) + gy * Math.max(0, kids.length - 1)
    extent.set(id, Math.max(sizeOf(id).height, block))
  }
  const pos = new Map<string, XY>()
  let top = 0
  for (const r of roots) {
    if (!extent.has(r) || pos.has(r)) continue
    const stack: Array<[string, number]> = [[r, top]]
    while (stack.length) {
      const [id, t] = stack.pop()!
      const ext = extent.get(id)!
      const h = sizeOf(id).height
      pos.set(id, { x: colX[depth.get(id)!]!, y: Math.round(t + ext / 2 - h / 2) })
      const kids = kidsOf(id).filter((c) => extent.has(c))
      const block = kids.reduce((s, c) => s + extent.get(c)!, 0) + gy * Math.max(0, kids.length - 1)
      let y = t + (ext - block) / 2
      for (const c of kids) {
        stack.push([c, y])
        y += extent.get(c)! + gy
      }
    }
    top += extent.get(r)! + between
  }
  return pos
}
