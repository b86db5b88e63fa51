import type { GraphView } from './graph-index.ts'

// The order a map draws siblings in, the one rule for everything that lists a tree in a sequence: the
// canvas (web layout/sibling-order.ts), branch copy and paste (branch.ts), and every export that writes
// children one after another (Markdown, OPML, FreeMind, XMind, Mermaid, DSL, GraphML, JSON Canvas, the
// agents' outline). `struct()` keeps its children sorted by id (its incremental upkeep in graph-index.ts
// relies on that); a reader that shows or writes an order asks here instead.

/** Siblings in the order a map draws them: where a drop put them (`order`), else the order they were made (`created_at`), then by id. */
export function inDrawnOrder(ix: GraphView, ids: readonly string[]): string[] {
  return [...ids].sort((a, b) => {
    const va = ix.nodes.get(a)
    const vb = ix.nodes.get(b)
    const ka = va ? (va.order ?? va.created_at) : 0
    const kb = vb ? (vb.order ?? vb.created_at) : 0
    return ka - kb || (a < b ? -1 : a > b ? 1 : 0)
  })
}

/** The live tree (`struct()`'s parents) with every sibling list in drawn order. */
export interface DrawnTree {
  /** Top-level nodes: `first` (the graph's root, when given and top-level) ahead, the rest in drawn order. */
  readonly roots: readonly string[]
  /** A node's live children in drawn order (empty for a leaf or an unknown id). */
  children(id: string): readonly string[]
}

/** The tree as a map draws it, each sibling list sorted once when first asked for. */
export function drawnTree(ix: GraphView, first?: string | null): DrawnTree {
  const s = ix.struct()
  const sorted = new Map<string, readonly string[]>()
  const tops = inDrawnOrder(ix, s.roots)
  const at = first ? tops.indexOf(first) : -1
  if (at > 0) tops.unshift(...tops.splice(at, 1))
  return {
    roots: tops,
    children(id) {
      let kids = sorted.get(id)
      if (!kids) {
        const raw = s.children.get(id)
        kids = raw?.length ? inDrawnOrder(ix, raw) : []
        sorted.set(id, kids)
      }
      return kids
    },
  }
}
