import type { GraphView, NodeView } from '@plexus/model'
import { GAP_X, GAP_Y, type Size, type XY } from '../canvas/geometry.ts'
import { layoutBox } from './box.ts'
import { layoutMindMap } from './mindmap.ts'
import { bySiblingOrder, splitSides } from './sibling-order.ts'
import { layoutTree } from './tree.ts'

// Layout is derived, positions are chosen (issue 27). A node without a stored position sits where the
// tree puts it: its parent, its order among its siblings (created first, drawn first,
// unless a drop chose another order or half of the map: sibling-order.ts) and the sizes of the branches. Every peer computes it from the same document with the same sizes, so every tab draws
// the same map and none writes what it merely saw. A stored position is a person's choice (a node
// dragged, a diagram imported with its own coordinates): it is kept, and the nodes below it that have
// none are laid out as a tree growing from it.
//
// The sizes are the text's deterministic estimate (box.ts), not what a browser measured: fonts and
// zoom differ between tabs, and a layout from measured sizes would differ with them. The canvas draws
// a derived node at this box (PlexusNode), so the box laid out is the box seen.
//
// Hand-written tidy trees (tree.ts, mindmap.ts) rather than d3-flextree 2.1.2 (9 kB): side by side on
// one 10,000-node tree, at the same load (32 on 2 cores), flextree took 1.1-1.6 s to tree.ts's
// 0.45-0.9 s, and it overflowed the stack on a 10,000-deep chain (it recurses; tree.ts is iterative).
// The flow model lays out again only when a change can move the tree (a node's place, parent, life or
// box), not for readiness, claims or properties.

const pinned = (v: NodeView): boolean => v.x !== null && v.y !== null

/** Below a loose tree's anchor, this far under the map. */
const LOOSE_GAP = 80

/**
 * Where every live node without a stored position is drawn. The root (unpinned, at (0, 0)) is the
 * middle of a balanced mind map, its branches clockwise in the order made (the first half on the
 * right, top to bottom, the rest on the left from the bottom up); a node with a stored position carries its unpinned branches as a tree to its right;
 * unpinned nodes without a parent are stacked as trees under the map.
 */
export function deriveLayout(ix: GraphView, root: string | null): Map<string, XY> {
  const s = ix.struct()
  const out = new Map<string, XY>()
  const view = (id: string) => ix.nodes.get(id)
  // Both asked for many times per node by the tidy tree: each worked out once per layout.
  const sizes = new Map<string, Size>()
  const size = (id: string): Size => {
    let z = sizes.get(id)
    if (!z) {
      const v = view(id)
      sizes.set(id, (z = v ? layoutBox(v, id === root) : { width: 0, height: 0 }))
    }
    return z
  }
  const kidsOf = new Map<string, string[]>()
  /** Unpinned live children, in order: a pinned child starts its own tree. */
  const kids = (id: string): string[] => {
    let k = kidsOf.get(id)
    if (!k) {
      const c = s.children.get(id)
      k = c
        ? bySiblingOrder(
            ix,
            c.filter((c) => {
              const v = view(c)
              return !!v && ix.live(c) && !pinned(v)
            }),
          )
        : []
      kidsOf.set(id, k)
    }
    return k
  }
  const sizeOf = (id: string) => size(id)
  let mapBottom = 0
  let mapLeft = 0
  const rv = root ? view(root) : undefined
  if (root && rv && ix.live(root)) {
    const at = pinned(rv) ? { x: rv.x!, y: rv.y! } : { x: 0, y: 0 }
    const { right, left: onLeft } = splitSides(ix, kids(root))
    const branches = [...right, ...onLeft]
    const pos = layoutMindMap(root, (id) => (id === root ? branches : kids(id)), sizeOf, {
      right: right.length,
    })
    let bottom = -Infinity
    let left = Infinity
    for (const [id, p] of pos) {
      const q = { x: p.x + at.x, y: p.y + at.y }
      if (id !== root || !pinned(rv)) out.set(id, q)
      bottom = Math.max(bottom, q.y + size(id).height)
      left = Math.min(left, q.x)
    }
    mapBottom = bottom
    mapLeft = left
  }
  // Pinned nodes' unpinned branches, each a tree to the right of its anchor.
  for (const [id, v] of ix.nodes) {
    if (id === root || !ix.live(id) || !pinned(v)) continue
    const own = kids(id)
    if (!own.length) continue
    const w = size(id)
    // Siblings, not separate trees: the gap between siblings, so a branch keeps its shape when pinned.
    const pos = layoutTree(own, kids, sizeOf, { between: GAP_Y })
    let top = Infinity
    let bottom = -Infinity
    for (const [n, p] of pos) {
      top = Math.min(top, p.y)
      bottom = Math.max(bottom, p.y + size(n).height)
    }
    const dy = v.y! + w.height / 2 - (top + bottom) / 2
    for (const [n, p] of pos) out.set(n, { x: v.x! + w.width + GAP_X + p.x, y: Math.round(p.y + dy) })
  }
  // Unpinned nodes under no tree above (an agent's node made without a parent): trees under the map.
  const loose = bySiblingOrder(
    ix,
    [...ix.nodes.values()]
      .filter((v) => v.id !== root && ix.live(v.id) && !pinned(v) && !out.has(v.id))
      .filter((v) => {
        const p = s.parent.get(v.id)
        return p === undefined || !ix.live(p)
      })
      .map((v) => v.id),
  )
  if (loose.length) {
    const pos = layoutTree(loose, kids, sizeOf)
    const y0 = root ? mapBottom + LOOSE_GAP : 0
    for (const [n, p] of pos) out.set(n, { x: mapLeft + p.x, y: y0 + p.y })
  }
  return out
}
