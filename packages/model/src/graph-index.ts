import * as Y from 'yjs'
import { layout, type Layout, type YEdge, type YNode } from './schema.ts'
import { isLive, readEdge, readNode } from './views.ts'
import type { EdgeView, NodeView, Status } from './types.ts'
import { DEPENDS_ON } from './vocabulary.ts'
import { buildStructure, type Structure } from './structure.ts'
import { RankQueue, ahead, priorityOf, type Ranked } from './rank-queue.ts'

export type ChangeListener = (nodes: ReadonlySet<string>, edges: ReadonlySet<string>) => void

const NONE: ReadonlySet<string> = new Set()

/** The tree as `GraphView.struct()` gives it: derived, shared by every reader, never to be changed. */
export interface StructureView {
  readonly version: number
  /** Live node -> live effective parent (absent: top level). */
  readonly parent: ReadonlyMap<string, string>
  /** Live node -> live effective children, sorted by id. */
  readonly children: ReadonlyMap<string, readonly string[]>
  /** Live node -> its depth (top level: 0). */
  readonly depth: ReadonlyMap<string, number>
  /** Node -> ids merged into it (transitively through merged nodes). */
  readonly mergedFrom: ReadonlyMap<string, readonly string[]>
  /** Live top-level nodes, sorted by id. */
  readonly roots: readonly string[]
  /** Each parent cycle found, as the ids on it starting at the one where it was broken. */
  readonly cycles: readonly (readonly string[])[]
}

/**
 * What the apps read of a graph: plain views and derived answers, kept current, with no Yjs map and no
 * mutable index behind them. `Graph.index` is one; `graphView(doc)` gives the one of a document.
 */
export interface GraphView {
  /** Bumped on every change: a reader's cache key. */
  readonly version: number
  /** Every node written, live or not (see `live`). */
  readonly nodes: ReadonlyMap<string, NodeView>
  readonly edges: ReadonlyMap<string, EdgeView>
  /** The node if it is neither forgotten nor merged. */
  live(id: string): NodeView | undefined
  statusOf(id: string): Status
  /** Where an id leads through merges: the live node, or null. */
  canonical(id: string): string | null
  /** A node's edges through merges, each with the node at its other end. */
  edgesOf(id: string, direction: 'out' | 'in'): Array<EdgeView & { other: string }>
  /** Live nodes this one depends on. */
  dependencies(id: string): string[]
  /** Live nodes that depend on this one. */
  dependents(id: string): string[]
  /** Ids of nodes whose status is actionable. */
  actionable(): ReadonlySet<string>
  /** The live tree. */
  struct(): StructureView
  /** Called after every change with the node and edge ids it touched; returns the unsubscribe. */
  onChange(fn: ChangeListener): () => void
  /**
   * Follows readiness: the tracker's `take()` gives the nodes whose status changed since the last take
   * (null: any may have, as after a change the index recomputes whole). A canvas redraws those, not every
   * node (a readiness change can be far from the edit: a parent, a dependent).
   */
  trackStatus(): StatusTracker
}

export interface StatusTracker {
  take(): ReadonlySet<string> | null
  close(): void
}

/**
 * Plain-object views of one document, kept current by Yjs observers, with the derived indexes every read
 * needs (edges by endpoint, children by parent, readiness). One index per Y.Doc, shared by every handle
 * on it. Reads never walk the Yjs maps, so a query over 100k nodes costs what a loop over objects costs.
 */
export class GraphIndex implements GraphView {
  readonly doc: Y.Doc
  readonly y: Layout
  readonly nodes = new Map<string, NodeView>()
  readonly edges = new Map<string, EdgeView>()
  /** Raw adjacency by the ids written in the edge, not yet redirected through merges. */
  readonly out = new Map<string, Set<string>>()
  readonly inc = new Map<string, Set<string>>()
  /** By the raw `parent` field, live or not: parent -> ids naming it. */
  readonly rawChildren = new Map<string, Set<string>>()
  /** By the raw `merged_into` field: target -> ids merged into it. */
  private readonly mergedRaw = new Map<string, Set<string>>()
  /** Bumped on every change; readers use it to cache. */
  version = 0
  private structVersion = 0
  private structure: Structure | null = null
  private status = new Map<string, Status>()
  /** Per tracker: the ids whose status changed since its last take, or null for all. */
  private readonly trackers = new Set<{ ids: Set<string> | null }>()
  private readonly dirty = new Set<string>()
  private fullDirty = true
  private readonly listeners = new Set<ChangeListener>()
  /** Keys of `nodes` and `edges` whose values are not Y.Maps (written by a peer outside the model). */
  readonly strayNodes = new Set<string>()
  readonly strayEdges = new Set<string>()
  /**
   * Views a Writer built from what it wrote in the current transaction, with the map each describes: the
   * observers take them instead of reading those maps back, and forget them when the transaction ends.
   * The Writer withdraws one when anything else may write to its map (see Writer.node).
   */
  private readonly wroteNodes = new Map<string, [unknown, NodeView]>()
  private readonly wroteEdges = new Map<string, [unknown, EdgeView]>()

  constructor(doc: Y.Doc) {
    this.doc = doc
    this.y = layout(doc)
    this.y.nodes.forEach((m, id) => {
      if (!(m instanceof Y.Map)) return void this.strayNodes.add(id)
      const n = readNode(id, m)
      this.nodes.set(id, n)
      this.link(undefined, n)
    })
    this.y.edges.forEach((m, id) => {
      if (m instanceof Y.Map) this.addEdge(readEdge(id, m))
      else this.strayEdges.add(id)
    })
    // What a Writer noted is for the transaction being observed only.
    this.y.nodes.observeDeep((events) => {
      try {
        this.onNodes(events)
      } finally {
        this.wroteNodes.clear()
      }
    })
    this.y.edges.observeDeep((events) => {
      try {
        this.onEdges(events)
      } finally {
        this.wroteEdges.clear()
      }
    })
  }

  /**
   * The Y.Map under `id`, or undefined. Any peer can put any value in a shared map through plain
   * Yjs; what is not a Y.Map is no node or edge, and is kept aside for `integrity` to report.
   */
  private entry(map: Y.Map<YNode> | Y.Map<YEdge>, id: string, strays: Set<string>): unknown {
    const m = map.get(id)
    if (m instanceof Y.Map) {
      if (strays.size) strays.delete(id)
      return m
    }
    if (map.has(id)) strays.add(id)
    else strays.delete(id)
    return undefined
  }

  wroteNode(id: string, m: unknown, view: NodeView | undefined): void {
    if (view) this.wroteNodes.set(id, [m, view])
    else this.wroteNodes.delete(id)
  }

  wroteEdge(id: string, m: unknown, view: EdgeView | undefined): void {
    if (view) this.wroteEdges.set(id, [m, view])
    else this.wroteEdges.delete(id)
  }

  onChange(fn: ChangeListener): () => void {
    this.listeners.add(fn)
    return () => this.listeners.delete(fn)
  }

  private touched(events: Y.YEvent<Y.AbstractType<unknown>>[], root: unknown): ReadonlySet<string> {
    // The common transaction (a batch create, a connect) changes only the root map's own keys: its
    // event's key set is the answer, with no copy of a thousand ids.
    const only = events.length === 1 ? events[0] : undefined
    if (only?.target === root) return (only as Y.YMapEvent<unknown>).keysChanged
    const ids = new Set<string>()
    for (const e of events) {
      if (e.target === root) for (const k of (e as Y.YMapEvent<unknown>).keysChanged) ids.add(k)
      else if (typeof e.path[0] === 'string') ids.add(e.path[0])
    }
    return ids
  }

  private onNodes(events: Y.YEvent<Y.AbstractType<unknown>>[]): void {
    const ids = this.touched(events, this.y.nodes)
    const added: NodeView[] = []
    const moved: NodeView[] = []
    let structural = false
    for (const id of ids) {
      const before = this.nodes.get(id)
      const m = this.entry(this.y.nodes, id, this.strayNodes) as YNode | undefined
      const wrote = this.wroteNodes.size ? this.wroteNodes.get(id) : undefined
      const after = m ? (wrote?.[0] === m ? wrote[1] : readNode(id, m)) : undefined
      if (after) this.nodes.set(id, after)
      else this.nodes.delete(id)
      this.link(before, after)
      if (after) this.rankDirty.add(id)
      if (!before && after) added.push(after)
      else if (
        !before ||
        !after ||
        before.deleted_at !== after.deleted_at ||
        before.merged_into !== after.merged_into
      ) {
        structural = true
      } else if (before.parent !== after.parent) {
        moved.push(after)
      } else if (before.resolved !== after.resolved) {
        this.markAround(id)
      }
    }
    if (
      structural ||
      (moved.length && !this.applyMoves(moved)) ||
      (added.length && !this.insertAdded(added))
    ) {
      this.structVersion++
      this.fullDirty = true
    }
    this.version++
    this.emit(ids, NONE)
  }

  /**
   * Moves of live nodes under live parents, applied to a current structure without rebuilding it:
   * the node leaves its old parent's children, joins the new one's, and its subtree's depths shift.
   * Returns false for anything else (a parent that is gone, a move that closes a loop, a tree that
   * already has a broken loop), and the caller rebuilds.
   */
  private applyMoves(moved: NodeView[]): boolean {
    // Not `fullDirty`: that is about statuses (a peer that never reads one left it set, and every move
    // and add rebuilt the whole tree); a structure of the current version is current.
    const s = this.structure
    if (!s || s.version !== this.structVersion || s.cycles.length) return false
    for (const n of moved) {
      if (!isLive(n) || this.mergedRaw.get(n.id)?.size || !s.depth.has(n.id)) return false
      const to = n.parent
      if (to !== null && (!s.depth.has(to) || !isLive(this.nodes.get(to)))) return false
      for (let cur: string | undefined = to ?? undefined; cur !== undefined; cur = s.parent.get(cur)) {
        if (cur === n.id) return false
      }
      const from = s.parent.get(n.id) ?? null
      if (from === to) continue
      if (from === null) removeSorted(s.roots, n.id)
      else removeSorted(s.children.get(from) ?? [], n.id)
      if (to === null) {
        s.parent.delete(n.id)
        insertSorted(s.roots, n.id)
      } else {
        s.parent.set(n.id, to)
        let list = s.children.get(to)
        if (!list) s.children.set(to, (list = []))
        insertSorted(list, n.id)
      }
      const delta = (to === null ? 0 : s.depth.get(to)! + 1) - s.depth.get(n.id)!
      if (delta !== 0) {
        const stack = [n.id]
        while (stack.length) {
          const id = stack.pop()!
          s.depth.set(id, s.depth.get(id)! + delta)
          this.rankDirty.add(id)
          stack.push(...(s.children.get(id) ?? []))
        }
      }
      for (const id of [n.id, from, to]) if (id !== null) this.dirty.add(id)
      for (const d of this.dependents(n.id)) this.dirty.add(d)
    }
    // A new identity, so caches keyed by the structure (the search index's subtree numbering) renew.
    this.structure = { ...s }
    return true
  }

  /**
   * The common structural change, new nodes, applied to a current structure without rebuilding it:
   * each new live node under a live parent (or at the top) that nothing yet names as parent or merge
   * target. Returns false when anything else is needed, and the caller rebuilds.
   */
  private insertAdded(added: NodeView[]): boolean {
    const s = this.structure
    if (!s || s.version !== this.structVersion) return false
    const simple = (n: NodeView): boolean =>
      isLive(n) && !this.rawChildren.get(n.id)?.size && !this.mergedRaw.get(n.id)?.size
    if (!added.every(simple)) return false
    let pending = added
    while (pending.length) {
      const later: NodeView[] = []
      for (const n of pending) {
        const p = n.parent
        const above = p === null ? -1 : s.depth.get(p)
        if (above === undefined) {
          later.push(n)
          continue
        }
        if (p === null) insertSorted(s.roots, n.id)
        else {
          s.parent.set(n.id, p)
          let list = s.children.get(p)
          if (!list) s.children.set(p, (list = []))
          insertSorted(list, n.id)
          this.dirty.add(p)
        }
        s.depth.set(n.id, above + 1)
        this.dirty.add(n.id)
        // A node can arrive after edges that point at it (an undone create redone, say). Nothing is
        // merged into a new node, so its own incoming edges are all there is to look at.
        if (this.inc.get(n.id)?.size) for (const d of this.dependents(n.id)) this.dirty.add(d)
      }
      if (later.length === pending.length) return false
      pending = later
    }
    return true
  }

  private onEdges(events: Y.YEvent<Y.AbstractType<unknown>>[]): void {
    const ids = this.touched(events, this.y.edges)
    for (const id of ids) {
      const before = this.edges.get(id)
      if (before) this.removeEdge(before)
      const m = this.entry(this.y.edges, id, this.strayEdges) as YEdge | undefined
      const wrote = this.wroteEdges.size ? this.wroteEdges.get(id) : undefined
      const after = m ? (wrote?.[0] === m ? wrote[1] : readEdge(id, m)) : undefined
      if (after) this.addEdge(after)
      if (before?.type === DEPENDS_ON) this.dirty.add(this.canonical(before.from) ?? before.from)
      if (after?.type === DEPENDS_ON) this.dirty.add(this.canonical(after.from) ?? after.from)
    }
    this.version++
    this.emit(NONE, ids)
  }

  private link(before: NodeView | undefined, after: NodeView | undefined): void {
    relink(this.rawChildren, before, after, before?.parent ?? null, after?.parent ?? null)
    relink(this.mergedRaw, before, after, before?.merged_into ?? null, after?.merged_into ?? null)
  }

  private emit(nodes: ReadonlySet<string>, edges: ReadonlySet<string>): void {
    for (const fn of this.listeners) fn(nodes, edges)
  }

  private addEdge(e: EdgeView): void {
    this.edges.set(e.id, e)
    let o = this.out.get(e.from)
    if (!o) this.out.set(e.from, (o = new Set()))
    o.add(e.id)
    let i = this.inc.get(e.to)
    if (!i) this.inc.set(e.to, (i = new Set()))
    i.add(e.id)
  }

  private removeEdge(e: EdgeView): void {
    this.edges.delete(e.id)
    this.out.get(e.from)?.delete(e.id)
    this.inc.get(e.to)?.delete(e.id)
  }

  /** The readiness of X changed: X, its parent and everything that depends on X may change status. */
  private markAround(id: string): void {
    this.dirty.add(id)
    const p = this.fullDirty ? undefined : this.struct().parent.get(id)
    if (p) this.dirty.add(p)
    for (const d of this.dependents(id)) this.dirty.add(d)
  }

  // ---- structure -------------------------------------------------------------------------------

  /** The tree as every peer reads it: deleted nodes skipped, merges followed, parent cycles broken. */
  struct(): Structure {
    if (!this.structure || this.structure.version !== this.structVersion) {
      this.structure = buildStructure(this.nodes, this.structVersion)
    }
    return this.structure
  }

  /** Follows merged_into to the node that now stands for `id`; null when that node is gone. */
  canonical(id: string): string | null {
    let cur = id
    for (let i = 0; i < 64; i++) {
      const n = this.nodes.get(cur)
      if (!n) return null
      if (n.merged_into === null) return n.deleted_at === null ? cur : null
      cur = n.merged_into
    }
    return null
  }

  /** Every id whose edges count as `id`'s own: itself and whatever was merged into it, transitively. */
  private aliases(id: string): string[] {
    if (!this.mergedRaw.get(id)?.size) return [id]
    const out = [id]
    for (let i = 0; i < out.length && i < 10_000; i++) {
      for (const m of this.mergedRaw.get(out[i]!) ?? []) if (!out.includes(m)) out.push(m)
    }
    return out
  }

  /**
   * Calls `fn` with each edge touching `id` (its own and those of what was merged into it) and the live
   * node at the other end, redirected through merges; dangling edges and edges to itself are skipped.
   * Stops when `fn` returns true, and returns whether it did.
   */
  private eachLinked(
    id: string,
    direction: 'out' | 'in',
    fn: (e: EdgeView, other: string) => boolean | void,
  ): boolean {
    for (const a of this.aliases(id)) {
      for (const eid of (direction === 'out' ? this.out : this.inc).get(a) ?? []) {
        const e = this.edges.get(eid)
        if (!e) continue
        const other = this.canonical(direction === 'out' ? e.to : e.from)
        if (other !== null && other !== id && fn(e, other)) return true
      }
    }
    return false
  }

  /** Live edges touching `id`, with endpoints redirected through merges; dangling ones are skipped. */
  edgesOf(id: string, direction: 'out' | 'in'): Array<EdgeView & { other: string }> {
    const res: Array<EdgeView & { other: string }> = []
    const seen = new Set<string>()
    this.eachLinked(id, direction, (e, other) => {
      const key = `${e.type}>${other}`
      if (seen.has(key)) return
      seen.add(key)
      res.push({ ...e, other })
    })
    return res
  }

  dependencies(id: string): string[] {
    return this.edgesOf(id, 'out')
      .filter((e) => e.type === DEPENDS_ON)
      .map((e) => e.other)
  }

  /** Whether a dependency of `id` is unresolved, without building the list (readiness asks it of every node). */
  private waitsOnDependency(id: string): boolean {
    return this.eachLinked(id, 'out', (e, other) => e.type === DEPENDS_ON && !this.nodes.get(other)?.resolved)
  }

  dependents(id: string): string[] {
    return this.edgesOf(id, 'in')
      .filter((e) => e.type === DEPENDS_ON)
      .map((e) => e.other)
  }

  live(id: string): NodeView | undefined {
    const n = this.nodes.get(id)
    return n && isLive(n) ? n : undefined
  }

  // ---- readiness -------------------------------------------------------------------------------

  statusOf(id: string): Status {
    this.refreshStatus()
    return this.status.get(id) ?? 'deleted'
  }

  /** Every actionable node id. The set is owned by the index: do not change it. */
  actionable(): ReadonlySet<string> {
    this.refreshStatus()
    return this.actionableSet
  }

  private actionableSet = new Set<string>()
  private readonly queue = new RankQueue()
  /** Nodes whose view changed since they were last queued. */
  private readonly rankDirty = new Set<string>()
  private queueVersion = -1

  /**
   * Actionable nodes in `next` order that `accept` takes, at most `count`. Entries that are stale or not
   * accepted are passed over without a scan of the whole actionable set.
   */
  topActionable(count: number, accept: (e: Ranked) => boolean): Ranked[] {
    this.refreshStatus()
    const s = this.struct()
    if (this.queueVersion !== s.version || this.queue.size > 4 * this.actionableSet.size + 1024) {
      this.queue.clear()
      this.rankDirty.clear()
      for (const id of this.actionableSet) this.enqueue(id, s)
      this.queueVersion = s.version
    } else if (this.rankDirty.size) {
      for (const id of this.rankDirty) if (this.actionableSet.has(id)) this.enqueue(id, s)
      this.rankDirty.clear()
    }
    const out: Ranked[] = []
    const keep: Ranked[] = []
    const seen = new Set<string>()
    // A selective filter would pop most of the heap; past this many candidates one pass over the
    // actionable set with a small top-k is cheaper than popping and pushing everything back.
    const budget = Math.max(256, count * 16)
    while (out.length < count && keep.length < budget) {
      const e = this.queue.pop()
      if (!e) break
      const id = e.view.id
      const stale =
        this.nodes.get(id) !== e.view || !this.actionableSet.has(id) || s.depth.get(id) !== e.depth
      if (seen.has(id) || stale) continue
      seen.add(id)
      keep.push(e)
      if (accept(e)) out.push(e)
    }
    for (const e of keep) this.queue.push(e)
    if (out.length === count || keep.length < budget) return out
    const best: Ranked[] = []
    for (const id of this.actionableSet) {
      const view = this.nodes.get(id)!
      const e: Ranked = { view, depth: s.depth.get(id) ?? 0, priority: priorityOf(view) }
      if (best.length === count && !ahead(e, best[best.length - 1]!)) continue
      if (!accept(e)) continue
      let at = best.length
      while (at > 0 && ahead(e, best[at - 1]!)) at--
      best.splice(at, 0, e)
      if (best.length > count) best.pop()
    }
    return best
  }

  private enqueue(id: string, s: Structure): void {
    const view = this.nodes.get(id)
    if (view) this.queue.push({ view, depth: s.depth.get(id) ?? 0, priority: priorityOf(view) })
  }

  trackStatus(): StatusTracker {
    const t: { ids: Set<string> | null } = { ids: null }
    this.trackers.add(t)
    return {
      take: () => {
        this.refreshStatus()
        const ids = t.ids
        t.ids = new Set()
        return ids
      },
      close: () => void this.trackers.delete(t),
    }
  }

  private refreshStatus(): void {
    if (this.fullDirty) {
      for (const t of this.trackers) t.ids = null
      this.fullDirty = false
      this.dirty.clear()
      this.status = new Map()
      this.actionableSet = new Set()
      for (const id of this.nodes.keys()) this.setStatus(id, this.compute(id))
      return
    }
    if (this.dirty.size === 0) return
    const ids = [...this.dirty]
    this.dirty.clear()
    for (const id of ids) {
      const s = this.compute(id)
      if (this.trackers.size && this.status.get(id) !== s) for (const t of this.trackers) t.ids?.add(id)
      this.setStatus(id, s)
    }
  }

  private setStatus(id: string, s: Status): void {
    this.status.set(id, s)
    if (s === 'actionable') {
      if (!this.actionableSet.has(id)) this.rankDirty.add(id)
      this.actionableSet.add(id)
    } else this.actionableSet.delete(id)
  }

  private compute(id: string): Status {
    const n = this.nodes.get(id)
    if (!n || !isLive(n)) return 'deleted'
    if (n.resolved) return 'resolved'
    if (this.waitsOnDependency(id)) return 'blocked'
    for (const c of this.struct().children.get(id) ?? []) if (!this.nodes.get(c)?.resolved) return 'waiting'
    return 'actionable'
  }
}

/** Moves `id` (the node of `before` / `after`) from the set under `was` to the set under `now`. */
function relink(
  map: Map<string, Set<string>>,
  before: NodeView | undefined,
  after: NodeView | undefined,
  was: string | null,
  now: string | null,
): void {
  if (was === now) return
  if (was !== null) map.get(was)?.delete(before!.id)
  if (now !== null) {
    const set = map.get(now)
    if (set) set.add(after!.id)
    else map.set(now, new Set([after!.id]))
  }
}

function removeSorted(list: string[], id: string): void {
  const at = list.indexOf(id)
  if (at >= 0) list.splice(at, 1)
}

function insertSorted(list: string[], id: string): void {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (list[mid]! < id) lo = mid + 1
    else hi = mid
  }
  list.splice(lo, 0, id)
}

const indexes = new WeakMap<Y.Doc, GraphIndex>()

export function indexOf(doc: Y.Doc): GraphIndex {
  let ix = indexes.get(doc)
  if (!ix) indexes.set(doc, (ix = new GraphIndex(doc)))
  return ix
}
