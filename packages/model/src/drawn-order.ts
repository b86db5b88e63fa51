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
    return v
      ? { item, id, k: v.order ?? v.created_at, b: v.batch ?? '', c: v.created_at, i }
      : { item, id, k: 0, b: '', c: 0, i }
  })
  // Equal keys: the children one write made share one (newChildPlaces), so a write's children stay
  // together (`batch`) and in the order written (`created_at`) beside another peer's of that millisecond.
  keyed.sort(
    (a, b) =>
      a.k - b.k ||
      (a.b < b.b ? -1 : a.b > b.b ? 1 : 0) ||
      a.c - b.c ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : a.i - b.i),
  )
  return keyed.map((x) => x.item)
}

/** Siblings in the order a map draws them: where a drop or a write put them (`order`), else the order they were made (`created_at`), then by the write that made them (`batch`), the order made, then id. */
export function inDrawnOrder(ix: GraphView, ids: readonly string[]): string[] {
  return inDrawnOrderBy(ix, ids, (id) => id)
}

/** Where one new child of a write goes among its siblings: its created_at, and an `order` (and `batch`) when the stamp alone would not keep it in place. */
export interface NewPlace {
  at: number
  order?: number
  batch?: string
}

/**
 * Places for a write's new children, asked once per child (`id`) in the order written and before the
 * write changes the tree (the index reads the tree as it was until the transaction ends), and written
 * after the last is asked (asking for a parent's second child completes its first's place): so the
 * children of one parent made in one call (a plan, an import, a paste) are drawn in the order written,
 * after the children the parent had, and together.
 *
 * The k-th new child of a parent is stamped k/2048 ms after the write's moment (exact in a double;
 * createNodes' 2,000 items stay within the millisecond, an import's parent of more than 2,048 new
 * children goes past it, and the order among them still holds). Several children of one parent also
 * share one `order` and a `batch` (the first one's id): another peer's write under that parent in the
 * same millisecond, made apart, stamps its children the same, and its batch keeps each write's
 * children together and in the order written, one write's before the other's on every peer, rather
 * than interleaved by stamp. That `order` is the moment, or past the last key under a parent that
 * already has a child keyed at or past it (a clock ahead of this one, a drop that put it last, a child
 * made this same millisecond); a lone child takes an `order` only then. A person's later drop writes
 * `order` too, and wins. Top-level nodes (no parent) are stamped only.
 */
export function newChildPlaces(ix: GraphView, now: number): (parent: string | null, id: string) => NewPlace {
  const nth = new Map<string | null, number>()
  const after = new Map<string, number | null>()
  const first = new Map<string, { id: string; place: NewPlace }>()
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
  return (parent, id) => {
    const k = nth.get(parent) ?? 0
    nth.set(parent, k + 1)
    const at = now + k / 2048
    if (parent === null) return { at }
    const last = lastKey(parent)
    const order = last === null ? now : last + 1 / 2048
    if (k === 0) {
      const place: NewPlace = last === null ? { at } : { at, order }
      first.set(parent, { id, place })
      return place
    }
    const f = first.get(parent)!
    f.place.order = order
    f.place.batch = f.id
    return { at, order, batch: f.id }
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
