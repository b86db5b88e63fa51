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

/** Where one new child of a write goes among its siblings: its created_at, and an `order` when the stamp alone would not put it last. */
export interface NewPlace {
  at: number
  order?: number
}

/**
 * Places for a write's new children, asked once per child in the order written and before the write
 * changes the tree (the index reads the tree as it was until the transaction ends): so the children
 * of one parent made in one call (a plan, an import, a paste) are drawn in the order written, after
 * the children the parent had. The k-th new child of a parent is stamped k/2048 ms after the write's
 * moment (exact in a double; createNodes' 2,000 items stay within the millisecond, an import's parent of
 * more than 2,048 new children goes past it, and the order among them still holds); a stamp does not say "after" under a parent that already has a child keyed at or past the
 * moment (a clock ahead of this one, a drop that put it last, a child made this same millisecond), so
 * there each new child also takes an `order` past that key, in the same order. A person's later drop
 * writes `order` too, and wins. Top-level nodes (no parent) are stamped only.
 */
export function newChildPlaces(ix: GraphView, now: number): (parent: string | null) => NewPlace {
  const nth = new Map<string | null, number>()
  const after = new Map<string, number | null>()
  const lastKey = (parent: string): number | null => {
    let last = after.get(parent)
    if (last === undefined) {
      last = null
      for (const c of ix.struct().children.get(parent) ?? []) {
        const v = ix.nodes.get(c)
        const k = v ? (v.order ?? v.created_at) : null
        if (k !== null && (last === null || k > last)) last = k
      }
      if (last !== null && last < now) last = null
      after.set(parent, last)
    }
    return last
  }
  return (parent) => {
    const k = nth.get(parent) ?? 0
    nth.set(parent, k + 1)
    const last = parent === null ? null : lastKey(parent)
    return last === null ? { at: now + k / 2048 } : { at: now + k / 2048, order: last + (k + 1) / 2048 }
  }
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
