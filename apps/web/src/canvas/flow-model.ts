import { meta, setPositions, type Graph, type NodeView, type Status, type StatusTracker } from '@plexus/model'
import {
  Position,
  type Edge,
  type EdgeChange,
  type Node,
  type NodeChange,
  type NodeHandle,
} from '@xyflow/react'
import type * as Y from 'yjs'
import type { PresenceState } from '../sync/session.ts'
import { useUI } from '../store.ts'
import { frameBox, frameMembers, framesAbove, isFrame } from './frames.ts'
import { foldEdges, type EdgeEnds } from './folded-edges.ts'
import { estimateSize, type Rect, type Size, type XY } from './geometry.ts'
import { GLIDE_MAX_NODES, Glides } from './glide.ts'
import { shapeOf, type Styled } from './node-style.ts'
import { OwnSteps } from './own-steps.ts'
import { PlacedIndex } from './placed-index.ts'
import { PlacementState } from './placement-state.ts'
import { makeRoom } from './placement.ts'
import { Pushes } from './pushes.ts'
import { clearBranchesBelow } from './room.ts'
import type { DropPlan, DropWrite } from './tree-drop.ts'
import { TreeDrag } from './tree-drag.ts'
import { layoutBox } from '../layout/box.ts'
import { deriveLayout } from '../layout/derived.ts'

export interface PNodeData extends Record<string, unknown> {
  view: NodeView
  status: Status
  isRoot: boolean
  /** Collapsed here: how many nodes the branch hides (0 when open). */
  folded: number
  /** A folded branch left of its parent (the left half of a mind map): its count goes on its left. */
  foldedLeft?: true
  /** A subgraph drawn as a frame around its members (frames.ts): the frame's size. */
  frame?: Size
  /** Where the tree puts it (no stored position, layout/derived.ts): the box it is laid out at and drawn as. */
  box?: Size
}
export type PNode = Node<PNodeData, 'plexus'>

export interface PEdgeData extends Record<string, unknown> {
  /** `tree` for parent -> child, else the edge type (`depends_on`, `relates_to`, ...). */
  kind: string
  label: string
  /** The source's tree parent: which side is "outside" for a bracket between stacked siblings. */
  parent?: string
  /**
   * A line drawn to a folded branch (folded-edges.ts): the ids of the edges it stands for; `label` then
   * says what they are ("depends on Book seats, Pay ferry").
   */
  stands?: string[]
}
export type PEdge = Edge<PEdgeData>

/**
 * What a FlowModel draws and writes through: an open graph's session (sync/session.ts), or the graph as
 * it was at a moment (timeline/past.ts), a document of its own that nothing syncs.
 */
export interface FlowSource {
  readonly g: Graph
  /** Undo of the person's changes: room a person's own change makes joins its step (own-steps.ts). */
  readonly undo: Y.UndoManager
  /** Tells the peers what this canvas selects. */
  setPresence(fields: Partial<PresenceState>): void
}

let layoutSeq = 0

/** Whether a measured size changed by more than a pixel either way. */
const resized = (a: Size, b: Size): boolean =>
  Math.abs(a.width - b.width) > 1 || Math.abs(a.height - b.height) > 1

/**
 * What one published change did to `nodes` and `edges`: the ids whose objects were replaced, added or
 * removed, and of those the ids new to the arrays, which are at their ends in this order. Everything else
 * kept its object and its order. `seq` counts the changes published, so a consumer knows it saw each.
 */
export interface Change {
  seq: number
  nodes: ReadonlySet<string>
  edges: ReadonlySet<string>
  addedNodes: readonly string[]
  addedEdges: readonly string[]
}

const live = (n: NodeView | undefined): n is NodeView =>
  !!n && n.deleted_at === null && n.merged_into === null

/** Whether what the tree layout reads of a node changed: its place, parent, life, or its box's inputs. */
const shapeChanged = (a: NodeView, b: NodeView): boolean =>
  a.x !== b.x ||
  a.y !== b.y ||
  a.order !== b.order ||
  a.side !== b.side ||
  a.parent !== b.parent ||
  a.deleted_at !== b.deleted_at ||
  a.merged_into !== b.merged_into ||
  a.summary !== b.summary ||
  a.kind !== b.kind ||
  a.notes !== b.notes ||
  a.shape !== b.shape ||
  a.width !== b.width ||
  a.height !== b.height

/** Agent memory's archive tiers (packages/model memory.ts): kept, but out of the way. */
const archived = (n: NodeView): boolean => n.tier === 'archived' || n.tier === 'orphaned'

const HANDLE = 16
/**
 * Where the two handles are (as canvas.css draws them: centred on the left and right borders). Giving
 * React Flow the handles up front lets it draw edges to nodes it has not rendered, so it does not have to
 * render every node once to measure it: only what is on screen is ever in the DOM.
 */
function handlesFor(size: Size): NodeHandle[] {
  const y = size.height / 2 - HANDLE / 2
  return [
    { type: 'target', position: Position.Left, x: -HANDLE / 2, y, width: HANDLE, height: HANDLE },
    {
      type: 'source',
      position: Position.Right,
      x: size.width - HANDLE / 2,
      y,
      width: HANDLE,
      height: HANDLE,
    },
  ]
}

/**
 * React Flow's nodes and edges, derived from the graph index and kept as stable objects: an object is
 * replaced only when something it shows changed (its view, its readiness, its selection, its size), so
 * React Flow re-renders exactly the nodes that changed and none for changes elsewhere.
 *
 * It also owns what is local to this canvas: selection, positions during a drag (written to the document
 * at a bounded rate by the drag code), and where the tree puts the nodes without a stored position.
 */
export class FlowModel {
  nodes: PNode[] = []
  edges: PEdge[] = []
  private readonly nodeById = new Map<string, PNode>()
  private readonly edgeById = new Map<string, PEdge>()
  /** The ids of the edges at each node (either end), kept by `putEdge` and `dropEdge`. */
  private readonly edgesAtNode = new Map<string, Set<string>>()
  private readonly selected = new Set<string>()
  private readonly selectedEdges = new Set<string>()
  readonly measured = new Map<string, Size>()
  private readonly dragging = new Map<string, XY>()
  /** A branch dragged in the tree (tree-drag.ts): drawn where the pointer takes it, written at the drop. */
  private treeDrag: TreeDrag | null = null
  private readonly dropListeners = new Set<() => void>()
  /** Where the tree puts the nodes without a stored position (layout/derived.ts): the same on every peer. */
  private derived = new Map<string, XY>()
  /** Frames whose members changed since the last flush. */
  private readonly framesDue = new Set<string>()
  /** Nodes another peer is moving, drawn gliding from where they were shown to where the document has them. */
  private readonly glides = new Glides((ids) => {
    for (const id of ids) this.rebuildNode(id)
    this.flush()
  })
  /** Branches this person folded away (local to this canvas, like the selection). */
  private readonly collapsed = new Set<string>()
  /** The lines drawn to folded branches in place of the edges inside them (folded-edges.ts). */
  private readonly foldLines = new Set<string>()
  /** The nodes whose names those lines' words hold: a rename redoes the words. */
  private foldNamed = new Set<string>()
  /** Whether memory's archived and orphaned nodes are hidden (local to this canvas). */
  private archivedHidden = false
  /** Nodes whose text or shape changed since they were last measured: only their growth makes room. */
  private readonly retexted = new Set<string>()
  /** This person's changes to how a node looks: the room its growth needs joins their undo step. */
  readonly own: OwnSteps
  /** What each node's growth pushed, so that its shrinking gives the room back (pushes.ts). */
  private readonly pushes = new Pushes()
  /**
   * Room made while the person types in a node: shown here at once, written with the rename (in its
   * undo step, `writeHeld`), dropped when the editor closes without one. `base`: where the document had
   * the node, so a node a peer moved meanwhile keeps the peer's place.
   */
  private readonly held = new Map<string, { at: XY; base: XY | null }>()
  /** The node whose typing made the held room. */
  private heldFor: string | null = null
  private readonly listeners = new Set<() => void>()
  private structRef: unknown = null
  private root: string | null = null
  private nodesChanged = false
  /** Nodes whose objects were replaced or removed since the last flush, and those of the last flush. */
  private touched = new Set<string>()
  private lastTouched: ReadonlySet<string> = new Set()
  /** The same for edges, and the ids new to either map since the last flush (in the order they came). */
  private touchedEdges = new Set<string>()
  private addedNodes = new Set<string>()
  private addedEdges = new Set<string>()
  private last: Change = { seq: 0, nodes: new Set(), edges: new Set(), addedNodes: [], addedEdges: [] }
  private edgesChanged = false
  private flushQueued = false
  private placing = false
  /** Every drawn node's rectangle, kept as objects are rebuilt (placement-state.ts): what a push gives back into. */
  private readonly placement = new PlacementState(
    () => this.index,
    (id, v) => this.placedRect(id, v),
  )
  private off: (() => void) | null = null
  /** The index's readiness changes, while attached. */
  private statuses: StatusTracker | null = null
  /** The index version the objects were last built from. */
  private builtAt = -1
  /**
   * Bumped when a node came, went, moved, changed readiness or was hidden or shown: what an overview of
   * the whole graph draws. Not by a selection or by a node measured as it scrolls into view (React Flow
   * measures every node it mounts, many per frame while zooming), which change nothing at overview scale.
   * Unique across models: a canvas that gets another graph's model never takes its version for its own.
   */
  layoutVersion = ++layoutSeq

  constructor(readonly session: FlowSource) {
    this.root = meta(session.g).root
    this.own = new OwnSteps(session.undo, (id) => session.g.index.nodes.get(id))
    this.derived = deriveLayout(session.g.index, this.root)
    for (const id of session.g.index.nodes.keys()) this.rebuildNode(id)
    this.rebuildEdges()
    this.nodes = [...this.nodeById.values()]
    this.edges = [...this.edgeById.values()]
    this.nodesChanged = false
    this.edgesChanged = false
    this.touched.clear()
    this.touchedEdges.clear()
    this.addedNodes.clear()
    this.addedEdges.clear()
    this.builtAt = session.g.index.version
  }

  /** Starts following the document (rebuilding whatever changed while detached). Returns the detach. */
  attach(): () => void {
    this.off?.()
    const ix = this.index
    // A new tracker's first take is everything: right when the graph changed while detached.
    this.statuses = ix.trackStatus()
    if (ix.version === this.builtAt) this.statuses.take()
    const unsubscribe = ix.onChange((nodes, edges) => this.onIndex(nodes, edges))
    // The editor closed: room still held was not written with a rename (the name stayed as it was).
    const offEditing = useUI.subscribe((s, prev) => {
      if (prev.editing && s.editing?.id !== prev.editing.id) this.dropHeld()
    })
    this.off = () => {
      unsubscribe()
      offEditing()
      this.statuses?.close()
      this.statuses = null
    }
    if (ix.version !== this.builtAt)
      this.onIndex(new Set([...ix.nodes.keys(), ...this.nodeById.keys()]), new Set(['*']))
    return () => {
      this.off?.()
      this.off = null
    }
  }

  get index() {
    return this.session.g.index
  }

  /** The graph drawn: the live one, or the past the timeline shows (read it for what is on screen). */
  get g(): Graph {
    return this.session.g
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn)
    return () => this.listeners.delete(fn)
  }

  // ---- derived objects ---------------------------------------------------------------------------

  positionOf(id: string): XY | null {
    const f = this.frameOf(id)
    if (f) return { x: f.x, y: f.y }
    const d = this.dragging.get(id) ?? this.held.get(id)?.at
    if (d) return d
    return this.docPosition(id) ?? this.derived.get(id) ?? null
  }

  private docPosition(id: string): XY | null {
    const v = this.index.nodes.get(id)
    return v && v.x !== null && v.y !== null ? { x: v.x, y: v.y } : null
  }

  sizeOf = (id: string): Size => {
    const f = this.frameOf(id)
    if (f) return { width: f.width, height: f.height }
    const v = this.index.nodes.get(id)
    // A derived node is laid out, and drawn, at its estimated box: what a browser measured is this tab's.
    if (v && this.derived.has(id) && v.x === null) return this.boxOf(v, id === this.root)
    return this.measured.get(id) ?? estimateSize(v ?? { summary: '' })
  }

  /**
   * A derived node's layout box (layout/box.ts word-wraps its text), kept per view object: asked for on
   * every rebuild of a node, which a branch dragged in the tree does for each of its nodes per move.
   */
  private readonly boxes = new WeakMap<NodeView, { root: boolean; box: Size }>()
  private boxOf(v: NodeView, root: boolean): Size {
    const b = this.boxes.get(v)
    if (b && b.root === root) return b.box
    const box = layoutBox(v, root)
    this.boxes.set(v, { root, box })
    return box
  }

  /** A subgraph's frame around its members as they are drawn; null for any other node (or a folded one). */
  private frameOf(id: string): Rect | null {
    if (this.collapsed.has(id) || !isFrame(this.index, id)) return null
    return frameBox(this.index, id, (c) => this.glides.at(c) ?? this.positionOf(c), this.sizeOf)
  }

  /** Rebuilds one node's object if anything it shows changed. Returns whether it did. */
  private rebuildNode(id: string): boolean {
    const view = this.index.nodes.get(id)
    // A branch dragged in the tree keeps its place in the placement index until the drop: it is where
    // the drop is looked up from (tree-drag.ts), and the drag writes nothing to be placed around.
    if (!this.treeDrag || !this.dragging.has(id)) this.placement.track(id, view)
    const prev = this.nodeById.get(id)
    if (!live(view)) {
      // Deleted (or merged away): no give-back will ever move it or be owed by it.
      this.pushes.forget(id)
      if (!prev) return false
      this.nodeById.delete(id)
      this.addedNodes.delete(id)
      this.selected.delete(id)
      this.dragging.delete(id)
      this.layoutVersion = ++layoutSeq
      this.nodesChanged = true
      this.touched.add(id)
      return true
    }
    // Our own drag's writes come back as new views that differ only in x and y (positions do not bump
    // `rev`); the dragged node already shows the pointer's position, so its object is kept. Only then:
    // when the pointer has moved on, the object must follow it, whatever the document says.
    const drag = this.dragging.get(id)
    if (
      prev &&
      drag &&
      prev.position.x === drag.x &&
      prev.position.y === drag.y &&
      prev.data.view.rev === view.rev &&
      prev.data.view !== view &&
      this.selected.has(id) === !!prev.selected
    ) {
      return false
    }
    const status = this.index.statusOf(id)
    const frame = this.frameOf(id)
    const position = frame ?? this.glides.at(id) ?? this.positionOf(id) ?? { x: 0, y: 0 }
    const selected = this.selected.has(id)
    const measured = this.measured.get(id)
    const box =
      !frame && this.derived.has(id) && view.x === null ? this.boxOf(view, id === this.root) : undefined
    const isRoot = id === this.root
    const folded = this.collapsed.has(id) ? this.hiddenBelow(id) : 0
    const up = folded ? this.index.struct().parent.get(id) : undefined
    const foldedLeft = !!up && (this.positionOf(up)?.x ?? -Infinity) > position.x
    const hidden =
      (this.collapsed.size > 0 && this.underCollapsed(id)) || (this.archivedHidden && archived(view))
    if (
      prev &&
      prev.data.view === view &&
      prev.data.status === status &&
      prev.data.isRoot === isRoot &&
      prev.data.folded === folded &&
      !!prev.data.foldedLeft === foldedLeft &&
      !!prev.hidden === hidden &&
      prev.position.x === position.x &&
      prev.position.y === position.y &&
      !!prev.selected === selected &&
      !!prev.dragging === this.dragging.has(id) &&
      prev.data.frame?.width === frame?.width &&
      prev.data.frame?.height === frame?.height &&
      prev.data.box?.width === box?.width &&
      prev.data.box?.height === box?.height &&
      (frame !== null || measured === undefined || prev.measured === measured)
    ) {
      return false
    }
    // Unmeasured nodes carry an estimate: React Flow then treats them as initialised (fitView and
    // `nodesInitialized` wait for every node otherwise) and re-measures them when they render.
    const size = frame ? { width: frame.width, height: frame.height } : (measured ?? estimateSize(view))
    if (
      !prev ||
      prev.data.status !== status ||
      !!prev.hidden !== hidden ||
      prev.position.x !== position.x ||
      prev.position.y !== position.y ||
      (prev.data.view.summary !== view.summary && measured === undefined) ||
      prev.data.frame?.width !== frame?.width ||
      prev.data.frame?.height !== frame?.height
    )
      this.layoutVersion = ++layoutSeq
    if (!prev) this.addedNodes.add(id)
    this.nodeById.set(id, {
      id,
      type: 'plexus',
      position: frame ? { x: frame.x, y: frame.y } : position,
      data: {
        view,
        status,
        isRoot,
        folded,
        ...(foldedLeft ? { foldedLeft: true as const } : {}),
        ...(frame ? { frame: size } : {}),
        ...(box ? { box } : {}),
      },
      ...(hidden ? { hidden: true } : {}),
      selected,
      // A canvas group is a frame drawn behind its members.
      ...(shapeOf(view as NodeView & Styled) === 'group' ? { zIndex: -1 } : {}),
      // Our own drag is drawn as it happens; any other move (a peer's drag, a layout) glides (canvas.css).
      // The dragged branch is drawn over every other node.
      ...(this.dragging.has(id) ? { dragging: true, zIndex: 2000 } : {}),
      measured: size,
      initialWidth: size.width,
      initialHeight: size.height,
      handles: handlesFor(size),
    })
    this.nodesChanged = true
    this.touched.add(id)
    // The frames around it follow it (redrawn once per flush, however many members moved).
    for (const f of framesAbove(this.index, id)) this.framesDue.add(f)
    // A folded child shows its count on the side away from this node, which may now be the other side.
    if (this.collapsed.size && prev && prev.position.x !== position.x)
      for (const c of this.index.struct().children.get(id) ?? [])
        if (this.collapsed.has(c)) this.rebuildNode(c)
    return true
  }

  private treeEdge(child: string, parent: string): PEdge {
    return {
      id: `t:${child}`,
      source: parent,
      target: child,
      type: 'plexus',
      selectable: false,
      focusable: false,
      data: { kind: 'tree', label: '' },
    }
  }

  /** Tree edges for nodes just added under a parent (no other edge can have changed). */
  private addTreeEdges(ids: string[]): void {
    const s = this.index.struct()
    const folds = this.collapsed.size > 0 || this.archivedHidden
    const above = new Map<string, string | null>()
    for (const id of ids) {
      const p = s.parent.get(id)
      if (!p || this.edgeById.has(`t:${id}`)) continue
      const e = this.treeEdge(id, p)
      // Added inside a folded branch (an agent's write): hidden with its node.
      const hidden = folds && (this.shownAs(id, above) !== id || this.shownAs(p, above) !== p)
      this.putEdge(`t:${id}`, hidden ? { ...e, hidden } : e)
    }
  }

  /**
   * Every change to the edges goes through here and `dropEdge`, so that a consumer can patch what it
   * derived (flow-window.ts). An edge replaced keeps its place in `edges`; a new one is appended.
   */
  private putEdge(id: string, e: PEdge): void {
    const old = this.edgeById.get(id)
    if (!old) this.addedEdges.add(id)
    else if (old.source !== e.source || old.target !== e.target) this.unlinkEnds(old)
    this.edgeById.set(id, e)
    for (const end of [e.source, e.target]) {
      let at = this.edgesAtNode.get(end)
      if (!at) this.edgesAtNode.set(end, (at = new Set()))
      at.add(id)
    }
    this.touchedEdges.add(id)
    this.edgesChanged = true
  }

  private dropEdge(id: string): void {
    const old = this.edgeById.get(id)
    if (!old) return
    this.edgeById.delete(id)
    this.unlinkEnds(old)
    this.addedEdges.delete(id)
    this.touchedEdges.add(id)
    this.edgesChanged = true
  }

  private unlinkEnds(e: PEdge): void {
    for (const end of [e.source, e.target]) {
      const at = this.edgesAtNode.get(end)
      at?.delete(e.id)
      if (at?.size === 0) this.edgesAtNode.delete(end)
    }
  }

  private rebuildEdges(): void {
    const ix = this.index
    const s = ix.struct()
    this.structRef = s
    const next = new Map<string, PEdge>()
    let changed = false
    for (const [child, parent] of s.parent) {
      const id = `t:${child}`
      const prev = this.edgeById.get(id)
      if (prev && prev.source === parent) next.set(id, prev)
      else {
        next.set(id, this.treeEdge(child, parent))
        changed = true
      }
    }
    for (const e of ix.edges.values()) {
      const from = ix.canonical(e.from)
      const to = ix.canonical(e.to)
      if (!from || !to || from === to) continue
      const parent = s.parent.get(from)
      const selected = this.selectedEdges.has(e.id)
      const prev = this.edgeById.get(e.id)
      if (
        prev &&
        prev.source === from &&
        prev.target === to &&
        prev.data?.kind === e.type &&
        prev.data?.label === e.label &&
        prev.data?.parent === parent &&
        !!prev.selected === selected
      ) {
        next.set(e.id, prev)
        continue
      }
      changed = true
      next.set(e.id, {
        id: e.id,
        source: from,
        target: to,
        type: 'plexus',
        selected,
        data: { kind: e.type, label: e.label, ...(parent ? { parent } : {}) },
      })
    }
    // In place, so that edges that stay keep their order (the window patches by it).
    if (changed || next.size !== this.edgeById.size - this.foldLines.size) {
      for (const id of [...this.edgeById.keys()])
        if (!next.has(id) && !this.foldLines.has(id)) this.dropEdge(id)
      for (const [k, v] of next) if (this.edgeById.get(k) !== v) this.putEdge(k, v)
    }
    for (const id of [...this.selectedEdges]) if (!next.has(id)) this.selectedEdges.delete(id)
    // Edges made or changed while a branch is folded (by an agent, a peer) follow the folds.
    if (this.collapsed.size > 0 || this.archivedHidden || this.foldLines.size > 0) this.refold()
  }

  /**
   * Where node `id` is drawn: itself, the outermost folded node above it, or null when it is not drawn
   * at all (an archived node while those are hidden). `above` keeps, for the nodes walked, the outermost
   * folded node among them and their ancestors: one pass over many edges walks each branch once.
   */
  private shownAs(id: string, above = new Map<string, string | null>()): string | null {
    const hides = (n: string) => {
      const v = this.index.nodes.get(n)
      return this.archivedHidden && !!v && archived(v)
    }
    if (hides(id)) return null
    if (!this.collapsed.size) return id
    const s = this.index.struct()
    const up = s.parent.get(id)
    if (up === undefined) return id
    const chain: string[] = []
    let p: string | undefined = up
    while (p !== undefined && !above.has(p) && chain.length < 10_000) {
      chain.push(p)
      p = s.parent.get(p)
    }
    let top = p === undefined ? null : (above.get(p) ?? null)
    for (let i = chain.length - 1; i >= 0; i--) {
      const x = chain[i]!
      top ??= this.collapsed.has(x) ? x : null
      above.set(x, top)
    }
    top = above.get(up) ?? null
    return top === null ? id : hides(top) ? null : top
  }

  /**
   * Hides the edges folds and archiving hide, and draws the lines standing for relation edges into
   * folded branches (folded-edges.ts): every edge follows one rule, however it was made.
   */
  private refold(): void {
    const ends: EdgeEnds[] = []
    for (const [id, e] of this.edgeById)
      if (!this.foldLines.has(id))
        ends.push({ id, source: e.source, target: e.target, kind: e.data?.kind ?? 'tree' })
    const ix = this.index
    const above = new Map<string, string | null>()
    const { hidden, lines } =
      this.collapsed.size > 0 || this.archivedHidden
        ? foldEdges(
            ends,
            (id) => this.shownAs(id, above),
            (id) => ix.nodes.get(id)?.summary ?? id,
          )
        : { hidden: new Set<string>(), lines: new Map() }
    for (const { id } of ends) {
      const e = this.edgeById.get(id)!
      const h = hidden.has(id)
      if (!!e.hidden === h) continue
      if (h) this.selectedEdges.delete(id)
      this.putEdge(id, { ...e, hidden: h, ...(h ? { selected: false } : {}) })
    }
    for (const id of [...this.foldLines])
      if (!lines.has(id)) {
        this.foldLines.delete(id)
        this.dropEdge(id)
      }
    const s = ix.struct()
    const named = new Set<string>()
    for (const [id, l] of lines) {
      const parent = s.parent.get(l.source)
      for (const r of l.stands) {
        const e = this.edgeById.get(r)
        if (e) named.add(e.source).add(e.target)
      }
      const prev = this.edgeById.get(id)
      if (
        prev &&
        prev.data?.label === l.text &&
        prev.data?.parent === parent &&
        prev.data?.stands?.join() === l.stands.join()
      )
        continue
      this.foldLines.add(id)
      this.putEdge(id, {
        id,
        source: l.source,
        target: l.target,
        type: 'plexus',
        selectable: false,
        deletable: false,
        focusable: false,
        data: { kind: l.kind, label: l.text, stands: l.stands, ...(parent ? { parent } : {}) },
      })
    }
    this.foldNamed = named
  }

  // ---- document changes --------------------------------------------------------------------------

  private onIndex(nodes: ReadonlySet<string>, edges: ReadonlySet<string>): void {
    const ix = this.index
    this.builtAt = ix.version
    let sweep = edges.size > 0
    // The tree changed: a node came, went, or moved to another parent. Only additions is the common case
    // (an agent's plan, Tab): their tree edges are added without rebuilding the others.
    let structural = false
    /** Whether the change can move anything the tree puts (layout/derived.ts): most changes cannot. */
    let relayout = false
    const rootBefore = this.root
    const added: string[] = []
    for (const id of nodes) {
      const before = this.nodeById.get(id)?.data.view
      const after = ix.nodes.get(id)
      relayout ||= !before || !after || shapeChanged(before, after)
      if (nodes.size <= GLIDE_MAX_NODES) this.startGlide(id)
      // Text, and a shape (a diamond is larger than the box around the same text).
      if (
        before &&
        after &&
        (before.summary !== after.summary || before.notes !== after.notes || before.shape !== after.shape)
      )
        this.retexted.add(id)
      if (!before && live(after)) added.push(id)
      else if (!before || !after || before.parent !== after.parent || !live(after)) structural = true
      // A member that went or left: the frames it was in shrink (its own rebuild reaches only the frames
      // it is in now), and so does where placement sees them.
      if (before?.parent && (!live(after) || after.parent !== before.parent)) {
        this.framesDue.add(before.parent)
        for (const f of framesAbove(this.index, before.parent)) this.framesDue.add(f)
      }
      if (
        !before ||
        !after ||
        before.resolved !== after.resolved ||
        before.parent !== after.parent ||
        !live(after)
      )
        sweep = true
      this.rebuildNode(id)
    }
    // Readiness can change far from the edit (a parent, a dependent): the index says which nodes' did.
    const statuses = this.statuses?.take() ?? null
    if (statuses === null) {
      this.root = meta(this.session.g).root
      for (const [id, n] of this.nodeById)
        if (n.data.status !== ix.statusOf(id) || n.data.isRoot !== (id === this.root)) this.rebuildNode(id)
    } else {
      for (const id of statuses) {
        const n = this.nodeById.get(id)
        if (n && n.data.status !== ix.statusOf(id)) this.rebuildNode(id)
      }
      const root = sweep ? meta(this.session.g).root : this.root
      if (root !== this.root) {
        const was = this.root
        this.root = root
        for (const id of [was, root]) if (id !== null) this.rebuildNode(id)
      }
    }
    if (structural || edges.size > 0 || ix.struct() !== this.structRef) this.rebuildEdges()
    else {
      if (added.length) this.addTreeEdges(added)
      // A node a folded line names was renamed: its words change.
      if (this.foldLines.size && [...nodes].some((id) => this.foldNamed.has(id))) this.refold()
    }
    // A folded node counts the nodes added (or gone) inside its branch.
    if (this.collapsed.size && (structural || added.length))
      for (const c of this.collapsed) this.rebuildNode(c)
    if (relayout || structural || this.root !== rootBefore) this.rederive(nodes.size <= GLIDE_MAX_NODES)
    this.queueFlush()
  }

  /**
   * Lays the tree out again (layout/derived.ts) and rebuilds the nodes it moved, which glide there when
   * few changed. Nothing is written: every peer derives the same.
   */
  private rederive(glide: boolean): void {
    const next = deriveLayout(this.index, this.root)
    const moved: string[] = []
    const came: string[] = []
    for (const [id, p] of next) {
      const q = this.derived.get(id)
      if (!q) came.push(id)
      else if (q.x !== p.x || q.y !== p.y) moved.push(id)
    }
    for (const id of this.derived.keys()) if (!next.has(id)) came.push(id)
    this.derived = next
    // What was drawn in the tree slides to its new place; what is new to it appears there.
    const glides = glide && moved.length <= GLIDE_MAX_NODES
    for (const id of moved) {
      const shown = this.nodeById.get(id)?.position
      const to = next.get(id)
      if (glides && shown && to && !this.dragging.has(id)) this.glides.start(id, shown, to)
      this.rebuildNode(id)
    }
    for (const id of came) this.rebuildNode(id)
  }

  // ---- interpolation of moves made elsewhere ------------------------------------------------------

  private startGlide(id: string): void {
    const shown = this.nodeById.get(id)?.position
    const v = this.index.nodes.get(id)
    if (!shown || !v || v.x === null || v.y === null || this.dragging.has(id)) return
    this.glides.start(id, shown, { x: v.x, y: v.y })
  }

  private queueFlush(): void {
    if (this.flushQueued) return
    this.flushQueued = true
    queueMicrotask(() => {
      this.flushQueued = false
      this.flush()
    })
  }

  /** Publishes new arrays if anything changed. */
  flush(): void {
    for (const f of this.framesDue) this.rebuildNode(f)
    this.framesDue.clear()
    let changed = false
    this.lastTouched = this.touched
    this.touched = new Set()
    const edges = this.touchedEdges
    this.touchedEdges = new Set()
    this.last = {
      seq: this.last.seq + (this.nodesChanged || this.edgesChanged ? 1 : 0),
      nodes: this.lastTouched,
      edges,
      addedNodes: [...this.addedNodes],
      addedEdges: [...this.addedEdges],
    }
    this.addedNodes.clear()
    this.addedEdges.clear()
    if (this.nodesChanged) {
      this.nodes = [...this.nodeById.values()]
      this.nodesChanged = false
      changed = true
    }
    if (this.edgesChanged) {
      this.edges = [...this.edgeById.values()]
      this.edgesChanged = false
      changed = true
    }
    if (changed) for (const fn of this.listeners) fn()
  }

  // ---- where nodes are for the room a growing node makes ------------------------------------------

  /** Where a node is drawn, for the room a growing node makes: live, chosen or derived. */
  private placedRect(id: string, v: NodeView | undefined): Rect | null {
    if (!live(v)) return null
    const p = this.positionOf(id)
    if (!p) return null
    return { ...p, ...this.sizeOf(id) }
  }

  /** Where the kept placement index differs from a fresh one (placement-state.ts): for tests. */
  placementDrift(): string[] {
    return this.placement.drift()
  }

  /** How many pushes the give-back record keeps (pushes.ts): for tests. */
  pushesKept(): number {
    return this.pushes.size
  }

  // ---- React Flow changes ------------------------------------------------------------------------

  onNodesChange = (changes: NodeChange<PNode>[]): void => {
    let selection = false
    for (const c of changes) {
      if (c.type === 'dimensions' && c.dimensions) {
        const m = this.measured.get(c.id)
        if (!m || m.width !== c.dimensions.width || m.height !== c.dimensions.height) {
          const after = { width: c.dimensions.width, height: c.dimensions.height }
          this.measured.set(c.id, after)
          this.rebuildNode(c.id)
          // A node whose text or shape changed makes room around it when it grew, and gives back room
          // it took when it shrank (not a re-measure of the same).
          const edited = this.retexted.delete(c.id) || this.editing(c.id)
          if (m && edited && resized(m, after)) this.resized(c.id, m, after)
          else this.own.settled(c.id)
        }
      } else if (c.type === 'select') {
        if (c.selected) this.selected.add(c.id)
        else this.selected.delete(c.id)
        this.rebuildNode(c.id)
        selection = true
      } else if (c.type === 'position' && c.position && c.dragging) {
        const f = this.frameOf(c.id)
        // A frame is where its members are: dragging it carries them.
        const moved: Array<[string, XY]> = []
        if (f)
          for (const m of frameMembers(this.index, c.id)) {
            const p = this.positionOf(m)
            if (p) moved.push([m, { x: p.x + c.position.x - f.x, y: p.y + c.position.y - f.y }])
          }
        moved.push([c.id, { x: c.position.x, y: c.position.y }])
        // A branch dragged in the tree carries the nodes laid out under it, as they were drawn.
        const t = this.treeDrag
        const from = t?.id === c.id ? t.startOf(c.id) : undefined
        if (t && from)
          for (const m of t.carried) {
            const q = t.startOf(m)
            if (m !== c.id && q)
              moved.push([m, { x: q.x + c.position.x - from.x, y: q.y + c.position.y - from.y }])
          }
        for (const [m, p] of moved) {
          this.dragging.set(m, p)
          this.rebuildNode(m)
        }
      }
    }
    if (selection) this.publishSelection()
    this.flush()
  }

  private editing(id: string): boolean {
    return useUI.getState().editing?.id === id
  }

  private resized(id: string, before: Size, after: Size): void {
    // Where the tree puts it, its growth moves the branches below on every peer alike (layout/derived.ts).
    if (this.derived.has(id) && this.index.nodes.get(id)?.x === null) return this.own.settled(id)
    const positionOf = (n: string) => this.positionOf(n)
    const moves = new Map<string, XY>()
    if (after.width > before.width + 1 || after.height > before.height + 1) {
      const push = makeRoom({ index: this.index, id, before, after, positionOf, sizeOf: this.sizeOf })
      // Its branch may now reach into the next one down (a cousin, the next branch of the map).
      clearBranchesBelow({ index: this.index, id, moves: push, positionOf, sizeOf: this.sizeOf })
      this.pushes.record(id, before, push, positionOf)
      for (const [n, p] of push) moves.set(n, p)
    }
    if (after.width < before.width - 1 || after.height < before.height - 1) {
      // Grown one way and shrunk the other (a diamond after a hexagon): the push above is where those
      // nodes are now.
      const where = (n: string) => moves.get(n) ?? positionOf(n)
      const pushed = new PlacedIndex()
      pushed.load([...moves].map(([n, p]) => [n, { ...p, ...this.sizeOf(n) }]))
      const back = this.pushes.giveBack({
        id,
        before,
        after,
        positionOf: where,
        sizeOf: this.sizeOf,
        near: (r) => [...this.placement.current().placed.search(r), ...pushed.search(r)],
      })
      this.pushes.record(id, before, back, where)
      for (const [n, p] of back) moves.set(n, p)
    }
    if (!moves.size) return this.own.settled(id)
    if (this.editing(id)) {
      // The text being typed is in no step yet: the room is shown, and written with the rename.
      this.own.settled(id)
      this.heldFor = id
      for (const [n, p] of moves) {
        this.held.set(n, { at: p, base: this.held.get(n)?.base ?? this.docPosition(n) })
        this.rebuildNode(n)
      }
      return
    }
    const items = [...moves].map(([n, p]) => ({ id: n, x: p.x, y: p.y }))
    // Room for (or given back by) this person's own change joins its undo step (own-steps.ts): a move
    // they made. Another's change that this tab merely saw writes nothing (every open tab wrote the
    // same push before, each from its own measure).
    if (!this.own.join(id, () => setPositions(this.session.g, items))) this.own.settled(id)
  }

  /**
   * Writes the room made while the person typed in node `id`, through the person's handle: called by
   * the rename right after it writes the name, so both are one undo step.
   */
  writeHeld(id: string): void {
    if (this.heldFor !== id) return
    const items: Array<{ id: string; x: number; y: number }> = []
    for (const [n, h] of this.held) {
      const doc = this.docPosition(n)
      // A node a peer moved meanwhile keeps the peer's place; one typed back to where it was is left.
      const kept = h.base && doc && h.base.x === doc.x && h.base.y === doc.y
      if (kept && (doc.x !== h.at.x || doc.y !== h.at.y)) items.push({ id: n, ...h.at })
    }
    // Written while still held: the nodes are drawn where they were shown, so the write starts no glide
    // (dropped first, they were drawn back at the old place for a frame and slid down again).
    if (items.length) setPositions(this.session.g, items)
    this.dropHeld()
  }

  private dropHeld(): void {
    this.heldFor = null
    if (!this.held.size) return
    const ids = [...this.held.keys()]
    this.held.clear()
    for (const id of ids) this.rebuildNode(id)
    this.queueFlush()
  }

  onEdgesChange = (changes: EdgeChange<PEdge>[]): void => {
    let selection = false
    for (const c of changes) {
      if (c.type !== 'select') continue
      const e = this.edgeById.get(c.id)
      if (!e) continue
      if (c.selected) this.selectedEdges.add(c.id)
      else this.selectedEdges.delete(c.id)
      this.putEdge(c.id, { ...e, selected: c.selected })
      selection = true
    }
    if (selection) this.publishSelection()
    this.flush()
  }

  /** Whether a drag of this person's is under way (the minimap waits for its end to redraw). */
  get dragActive(): boolean {
    return this.dragging.size > 0
  }

  /** Positions being dragged right now, for the drag writer. */
  draggingPositions(): Array<{ id: string; x: number; y: number }> {
    return [...this.dragging].map(([id, p]) => ({ id, ...p }))
  }

  /**
   * Starts a drag of `id`'s branch in the tree (tree-drag.ts) when it is a node the tree places (not the
   * root, not a node with a place of its own, not a frame). Returns false when the drag is a free move.
   */
  beginTreeDrag(id: string): boolean {
    const v = this.index.nodes.get(id)
    if (!live(v) || id === this.root || v.x !== null || !this.derived.has(id) || this.frameOf(id))
      return false
    this.treeDrag = new TreeDrag(
      {
        index: this.index,
        root: this.root,
        rectOf: (n) => {
          const p = this.positionOf(n)
          return p && live(this.index.nodes.get(n)) ? { ...p, ...this.sizeOf(n) } : undefined
        },
        placed: () => this.placement.current().placed,
        shown: (n) => {
          const o = this.nodeById.get(n)
          return !!o && !o.hidden
        },
        derived: (n) => this.derived.has(n) && this.index.nodes.get(n)?.x === null,
      },
      id,
    )
    this.notifyDrop()
    return true
  }

  /** The branch dragged in the tree, if one is. */
  get treeDragged(): string | null {
    return this.treeDrag?.id ?? null
  }

  /** The pointer is at `p` (canvas coordinates): where the dragged branch would go (the preview). */
  treeDragOver(p: XY): void {
    if (this.treeDrag?.over(p)) this.notifyDrop()
  }

  /** Where the dragged branch would go if dropped now (null: no branch is dragged in the tree). */
  dropPlan(): DropPlan | null {
    return this.treeDrag?.plan ?? null
  }

  /** What dropping the branch now writes (null: nothing; the branch goes back). */
  dropWrite(): DropWrite | null {
    return this.treeDrag?.writes() ?? null
  }

  subscribeDrop = (fn: () => void): (() => void) => {
    this.dropListeners.add(fn)
    return () => this.dropListeners.delete(fn)
  }

  private notifyDrop(): void {
    for (const fn of this.dropListeners) fn()
  }

  endDrag(): void {
    const tree = this.treeDrag !== null
    if (tree) {
      this.treeDrag = null
      this.notifyDrop()
    }
    const ids = [...this.dragging.keys()]
    const shown = new Map(ids.map((id) => [id, this.nodeById.get(id)?.position]))
    this.dragging.clear()
    for (const id of ids) {
      // A branch let go in the tree slides from where it was let go to where the tree puts it.
      const from = shown.get(id)
      const to = this.positionOf(id)
      if (tree && from && to && (from.x !== to.x || from.y !== to.y) && ids.length <= GLIDE_MAX_NODES)
        this.glides.start(id, from, to)
      this.rebuildNode(id)
    }
    this.flush()
  }

  // ---- collapsed branches -----------------------------------------------------------------------

  private underCollapsed(id: string): boolean {
    const s = this.index.struct()
    let p = s.parent.get(id)
    for (let i = 0; p && i < 10_000; i++) {
      if (this.collapsed.has(p)) return true
      p = s.parent.get(p)
    }
    return false
  }

  private descendants(id: string): string[] {
    const s = this.index.struct()
    const out: string[] = []
    const stack = [...(s.children.get(id) ?? [])]
    while (stack.length) {
      const c = stack.pop()!
      if (!this.index.live(c)) continue
      out.push(c)
      stack.push(...(s.children.get(c) ?? []))
    }
    return out
  }

  private hiddenBelow(id: string): number {
    return this.descendants(id).length
  }

  isCollapsed(id: string): boolean {
    return this.collapsed.has(id)
  }

  get hidesArchived(): boolean {
    return this.archivedHidden
  }

  /**
   * Hides or shows the nodes agent memory archived (tier archived or orphaned), with their edges. Only
   * this canvas: the document is untouched, and a read through memory brings a node back for everyone.
   */
  setArchivedHidden(on: boolean): void {
    if (this.archivedHidden === on) return
    this.archivedHidden = on
    for (const [id, n] of this.nodeById) {
      if (archived(n.data.view)) {
        if (on) this.selected.delete(id)
        this.rebuildNode(id)
      }
    }
    this.refold()
    this.publishSelection()
    this.flush()
  }

  /** Folds a branch away (its nodes and their edges hidden, the count shown on it), or opens it. */
  toggleCollapsed(id: string): void {
    if (!this.collapsed.delete(id)) {
      if (!this.descendants(id).length) return
      this.collapsed.add(id)
    }
    const below = this.descendants(id)
    for (const d of below) {
      this.selected.delete(d)
      this.rebuildNode(d)
    }
    this.rebuildNode(id)
    this.refold()
    this.publishSelection()
    this.flush()
  }

  // ---- selection ---------------------------------------------------------------------------------

  selection(): string[] {
    return [...this.selected]
  }

  select(ids: Iterable<string>, opts: { add?: boolean } = {}): void {
    const want = new Set([...ids].filter((id) => this.nodeById.has(id)))
    const touched = new Set<string>()
    if (!opts.add) {
      for (const id of this.selected) if (!want.has(id)) touched.add(id)
      this.selected.clear()
      for (const id of this.selectedEdges) {
        const e = this.edgeById.get(id)
        if (e) this.putEdge(id, { ...e, selected: false })
      }
      this.selectedEdges.clear()
    }
    for (const id of want) {
      this.selected.add(id)
      touched.add(id)
    }
    for (const id of touched) this.rebuildNode(id)
    this.publishSelection()
    this.flush()
  }

  selectedEdgeIds(): string[] {
    return [...this.selectedEdges]
  }

  private publishSelection(): void {
    useUI.setState({ selection: [...this.selected], selectedEdges: [...this.selectedEdges] })
    this.session.setPresence({ selection: [...this.selected] })
  }

  node(id: string): PNode | undefined {
    return this.nodeById.get(id)
  }

  /**
   * The nodes whose objects the last published change replaced, added or removed (a drag: one or a few),
   * so that a consumer can patch what it derived instead of walking every node (flow-window.ts).
   */
  lastChangedNodes(): ReadonlySet<string> {
    return this.lastTouched
  }

  /** What the last published change did to the arrays (see `Change`). */
  lastChange(): Change {
    return this.last
  }

  edge(id: string): PEdge | undefined {
    return this.edgeById.get(id)
  }

  /** The ids of the edges with `id` at either end. */
  edgesAt(id: string): Iterable<string> {
    return this.edgesAtNode.get(id) ?? []
  }
}
