import type { GraphView } from './graph-index.ts'

// The order a map draws siblings in, the one rule for everything that lists a tree in a sequence: the
// canvas (web layout/sibling-order.ts), branch copy and paste (branch.ts), and every export that writes
// children one after another (Markdown, OPML, FreeMind, XMind, Mermaid, DSL, GraphML, JSON Canvas, the
// agents' outline), and every MCP tool that lists siblings (graph_context, graph_onboard, kg_read, the
// concepts list, the board's edges: packages/tools/src/drawn-order.test.ts). `struct()` keeps its
// children sorted by id (its incremental upkeep in graph-index.ts relies on that); a reader that shows
// or writes an order asks here instead, at the read: a drop that only reorders siblings changes no
// structure, and the next read sorts by the `order` it wrote.

/** The comparison `inDrawnOrder` sorts by, for a reader that sorts something else by the node it names. */
export function drawnCompare(ix: GraphView): (a: string, b: string) => number {
  return (a, b) => {
    const va = ix.nodes.get(a)
    const vb = ix.nodes.get(b)
    const ka = va ? (va.order ?? va.created_at) : 0
    const kb = vb ? (vb.order ?? vb.created_at) : 0
    return ka - kb || (a < b ? -1 : a > b ? 1 : 0)
  }
}

/** Siblings in the order a map draws them: where a drop put them (`order`), else the order they were made (`created_at`), then by id. */
export function inDrawnOrder(ix: GraphView, ids: readonly string[]): string[] {
  return [...ids].sort(drawnCompare(ix))
}

/** The live tree (`struct()`'s parents) with every sibling list in drawn order. */
export interface DrawnTree {
  /** Top-level nodes: `first` (the graph's root, when given and top-level) ahead, the rest in drawn order. */
  readonly roots: readonly string[]
  /** A node's live children in drawn order (empty for a leaf or an unknown id). */
  children(id: string): readonly string[]
  /** Every live node depth first, each before its children, `roots` and siblings in drawn order; lazily, so a reader that wants the first few stops there. */
  all(): IterableIterator<string>
}

/** The tree as a map draws it, each sibling list sorted once when first asked for. */
export function drawnTree(ix: GraphView, first?: string | null): DrawnTree {
  const s = ix.struct()
  const sorted = new Map<string, readonly string[]>()
  const tops = inDrawnOrder(ix, s.roots)
  const at = first ? tops.indexOf(first) : -1
  if (at > 0) tops.unshift(...tops.splice(at, 1))
  const children = (id: string): readonly string[] => {
    let kids = sorted.get(id)
    if (!kids) {
      const raw = s.children.get(id)
      kids = raw?.length ? inDrawnOrder(ix, raw) : []
      sorted.set(id, kids)
    }
    return kids
  }
  return {
    roots: tops,
    children,
    *all() {
      const stack = [...tops].reverse()
      while (stack.length) {
        const id = stack.pop()!
        yield id
        const kids = children(id)
        for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!)
      }
    },
  }
}
