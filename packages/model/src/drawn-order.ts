import type { GraphView } from './graph-index.ts'

// The order a map draws siblings in, the one rule for everything that lists a tree in a sequence: the
// canvas (web layout/sibling-order.ts), branch copy and paste (branch.ts), and every export that writes
// children one after another (Markdown, OPML, FreeMind, XMind, Mermaid, DSL, GraphML, JSON Canvas, the
// agents' outline), and every MCP tool that lists siblings (graph_context, graph_onboard, kg_read, the
// concepts list, the board's edges: packages/tools/src/drawn-order.test.ts). `struct()` keeps its
// children sorted by id (its incremental upkeep in graph-index.ts relies on that); a reader that shows
// or writes an order asks here instead, at the read: a drop that only reorders siblings changes no
// structure, and the next read sorts by the `order` it wrote.

/**
 * `items` sorted by the node each names (`idOf`) in drawn order, stably: a reader that lists something
 * else by its node (the board's edges by the node at their other end). Each key is read once, not on
 * every comparison (a 10,000-child star sorted in a quarter of the time: bench/reports/drawn-order.md).
 */
export function inDrawnOrderBy<T>(ix: GraphView, items: readonly T[], idOf: (item: T) => string): T[] {
  const keyed = items.map((item, i) => {
    const id = idOf(item)
    const v = ix.nodes.get(id)
    return { item, id, k: v ? (v.order ?? v.created_at) : 0, i }
  })
  keyed.sort((a, b) => a.k - b.k || (a.id < b.id ? -1 : a.id > b.id ? 1 : a.i - b.i))
  return keyed.map((x) => x.item)
}

/** Siblings in the order a map draws them: where a drop put them (`order`), else the order they were made (`created_at`), then by id. */
export function inDrawnOrder(ix: GraphView, ids: readonly string[]): string[] {
  return inDrawnOrderBy(ix, ids, (id) => id)
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
      kids = !raw ? [] : raw.length < 2 ? raw : inDrawnOrder(ix, raw)
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
