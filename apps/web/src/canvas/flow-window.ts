import { useStoreApi, type ReactFlowState } from '@xyflow/react'
import { useCallback, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import type { Rect } from './geometry.ts'
import type { Change, PEdge, PNode } from './flow-model.ts'
import { shapeOf } from './node-style.ts'

/** Graphs up to this size are given to React Flow whole. */
export const WINDOW_MIN_NODES = 1500
/** A change to more nodes than this is not patched into the window: it is recomputed. */
const PATCH_MAX = 64

/** What the window is cut from: the flow model's published arrays, its objects by id, its last change. */
export interface WindowSource {
  nodes: PNode[]
  edges: PEdge[]
  node(id: string): PNode | undefined
  edge(id: string): PEdge | undefined
  /** The ids of the edges with the node at either end. */
  edgesAt(id: string): Iterable<string>
  lastChange(): Change
}

const widthOf = (n: PNode) => n.measured?.width ?? n.initialWidth ?? 150
const heightOf = (n: PNode) => n.measured?.height ?? n.initialHeight ?? 40

function touches(n: PNode, r: Rect): boolean {
  const { x, y } = n.position
  return x < r.x + r.width && x + widthOf(n) > r.x && y < r.y + r.height && y + heightOf(n) > r.y
}

/**
 * A tree line from a group to what it holds: never drawn (the group's box shows what it holds), so never
 * a reason to give React Flow the far end. An imported file is one frame around all its nodes, and its box
 * is in view wherever the view is in the file: its lines would bring in the whole file.
 */
export function undrawn(e: PEdge, source: PNode | undefined): boolean {
  return e.data?.kind === 'tree' && !!source && shapeOf(source.data.view ?? {}) === 'group'
}

const inside = (a: Rect, b: Rect) =>
  b.x >= a.x && b.y >= a.y && b.x + b.width <= a.x + a.width && b.y + b.height <= a.y + a.height

/**
 * The part of a big graph that React Flow is given. React Flow walks every node and edge it knows on
 * each change: adopting the nodes array, then finding the visible nodes and edges on every pan frame
 * and every drag move. At 10k nodes that is most of a frame (profiled: nodeToBox, isEdgeVisible,
 * getNodesInside, adoptUserNodes). Above WINDOW_MIN_NODES it gets only the nodes in a window around the
 * viewport (the view grown by one viewport on every side), the selected and dragged nodes, the edges
 * that touch or cross the window and the far ends of those edges, so that every edge that can be on
 * screen is drawn. What React Flow walks is then a few hundred nodes, whatever the graph's size.
 *
 * The window is cut again (one walk over the model's arrays) when the view comes near its border or is
 * far smaller than the window (zoomed in). A change to the graph is patched in (`patch`): objects
 * replaced in place, nodes and edges that went taken out, new ones that belong appended (the model
 * appends them, so the window keeps the model's order). Only what a patch cannot place in that order
 * (an old node coming into the window, a new edge to a node outside it, an edge between two nodes
 * outside it that a move made cross it) cuts again. A cut on every
 * change walked every node and edge for each agent write (profiled at 10k nodes).
 *
 * What a patch leaves holds everything a cut of the same window would hold, with the same objects in
 * the same order, and maybe a few more (a node that moved out stays until the next cut).
 */
export class FlowWindow {
  nodes: PNode[] = []
  edges: PEdge[] = []
  private win: Rect | null = null
  private view: Rect | null = null
  private srcNodes: PNode[] | null = null
  private srcEdges: PEdge[] | null = null
  /** The model's change the window is up to. */
  private seq = -1
  private readonly at = new Map<string, number>()
  private readonly edgeAt = new Map<string, number>()
  /** Nodes in the window all of whose edges are in it (what a cut keeps before adding far ends). */
  private readonly core = new Set<string>()
  private paused = false
  private dirty = false

  constructor(private readonly src: WindowSource) {}

  /** The flow area the window was cut for (null: none yet, or the graph is given whole). */
  get area(): Rect | null {
    return this.win
  }

  /**
   * While the canvas shows the overview React Flow is given nothing, so the window is not cut as the
   * view zooms; it is cut once when the DOM nodes come back. Returns whether the arrays changed.
   */
  setPaused(paused: boolean): boolean {
    if (this.paused === paused) return false
    this.paused = paused
    if (paused || !this.dirty) return false
    this.dirty = false
    return this.whole ? this.takeWhole() : this.cut()
  }

  /** Whether the window applies: small graphs are given whole. */
  get whole(): boolean {
    return this.src.nodes.length <= WINDOW_MIN_NODES
  }

  /** The view moved (flow coordinates). Returns whether the arrays changed. */
  setView(view: Rect): boolean {
    this.view = view
    if (this.paused) return ((this.dirty = true), false)
    if (this.whole) return this.takeWhole()
    const w = this.win
    const margin = { x: view.x - view.width / 4, y: view.y - view.height / 4 }
    const near = { ...margin, width: view.width * 1.5, height: view.height * 1.5 }
    if (w && inside(w, near) && w.width < view.width * 6) return false
    this.cut()
    return true
  }

  /** The model published a change. Returns whether the arrays changed. */
  sourceChanged(): boolean {
    if (this.paused) return ((this.dirty = true), false)
    if (this.whole) return this.takeWhole()
    const src = this.src
    if (src.edges === this.srcEdges && src.nodes === this.srcNodes) return false
    const change = src.lastChange()
    // A change the window did not see (it was not listening) cannot be patched in.
    if (!this.win || change.seq !== this.seq + 1) return this.cut()
    if (change.nodes.size + change.edges.size > PATCH_MAX) return this.cut()
    return this.patch(change, this.win) ?? this.cut()
  }

  /** Applies one change of the model's; null when only a cut can place it. */
  private patch(change: Change, win: Rect): boolean | null {
    const src = this.src
    const added = new Set(change.addedNodes)
    const addedEdges = new Set(change.addedEdges)
    const isCore = (n: PNode) => !!(n.selected || n.dragging || touches(n, win))
    let nodes = this.nodes
    let edges = this.edges
    // Copied before the first write: the arrays React Flow holds are never changed.
    const setNode = (i: number, n: PNode) => {
      if (nodes === this.nodes) nodes = [...nodes]
      nodes[i] = n
    }
    const setEdge = (i: number, e: PEdge) => {
      if (edges === this.edges) edges = [...edges]
      edges[i] = e
    }
    const dropNodes = new Set<string>()
    const dropEdges = new Set<string>()
    /** New nodes to append: true for those all of whose edges come in (a cut's own), false for far ends. */
    const comeIn = new Map<string, boolean>()

    for (const id of change.nodes) {
      const n = src.node(id)
      const i = this.at.get(id)
      if (added.has(id)) {
        // New to the model's array (or taken out and put back: it moved to the end).
        if (i !== undefined) dropNodes.add(id)
        if (n && isCore(n)) comeIn.set(id, true)
        continue
      }
      if (i === undefined) {
        if (n && (isCore(n) || this.newCrossing(id, win))) return null
        continue
      }
      if (!n) dropNodes.add(id)
      else {
        // A far end that came into the window: its other edges belong now.
        if (!this.core.has(id) && (isCore(n) || this.newCrossing(id, win))) return null
        if (nodes[i] !== n) setNode(i, n)
      }
    }
    const inCore = (id: string) => (this.core.has(id) && !dropNodes.has(id)) || comeIn.get(id) === true
    const present = (id: string) => (this.at.has(id) && !dropNodes.has(id)) || comeIn.has(id)
    const appendEdges: string[] = []
    for (const id of change.edges) {
      const e = src.edge(id)
      const j = this.edgeAt.get(id)
      const isNew = addedEdges.has(id)
      const s = e && src.node(e.source)
      const t = e && src.node(e.target)
      const belongs =
        !!(e && s && t && !undrawn(e, s)) && (inCore(e.source) || inCore(e.target) || crosses(s!, t!, win))
      if (j !== undefined && (isNew || !belongs)) dropEdges.add(id)
      if (!belongs) continue
      if (!isNew && j === undefined) return null
      // Its ends: a far end that is not in the window can only be appended if it is new too.
      for (const end of [e.source, e.target]) {
        if (present(end)) continue
        if (!added.has(end)) return null
        comeIn.set(end, false)
      }
      if (isNew) appendEdges.push(id)
      else if (edges[j!] !== e) setEdge(j!, e)
    }
    // A node that went: an edge still in the window must not point at it.
    if (dropNodes.size)
      for (const e of edges)
        if (!dropEdges.has(e.id) && (dropNodes.has(e.source) || dropNodes.has(e.target))) return null

    if (dropNodes.size) nodes = nodes.filter((n) => !dropNodes.has(n.id))
    if (dropEdges.size) edges = edges.filter((e) => !dropEdges.has(e.id))
    if (comeIn.size) {
      if (nodes === this.nodes) nodes = [...nodes]
      for (const id of change.addedNodes) if (comeIn.has(id)) nodes.push(src.node(id)!)
    }
    if (appendEdges.length) {
      if (edges === this.edges) edges = [...edges]
      const take = new Set(appendEdges)
      for (const id of change.addedEdges) if (take.has(id)) edges.push(src.edge(id)!)
    }
    for (const id of dropNodes) this.core.delete(id)
    for (const [id, all] of comeIn) if (all) this.core.add(id)
    this.srcNodes = src.nodes
    this.srcEdges = src.edges
    this.seq = change.seq
    const changed = nodes !== this.nodes || edges !== this.edges
    if (nodes !== this.nodes) this.setNodes(nodes)
    if (edges !== this.edges) this.setEdges(edges)
    return changed
  }

  /**
   * Whether an edge of a node outside the core, not in the window, now crosses it (the node moved or
   * grew): a long edge between two nodes outside the window that a cut would give React Flow.
   */
  private newCrossing(id: string, win: Rect): boolean {
    const src = this.src
    for (const eid of src.edgesAt(id)) {
      if (this.edgeAt.has(eid)) continue
      const e = src.edge(eid)
      const s = e && src.node(e.source)
      const t = e && src.node(e.target)
      if (s && t && !undrawn(e, s) && crosses(s, t, win)) return true
    }
    return false
  }

  private setNodes(nodes: PNode[]): void {
    this.nodes = nodes
    this.at.clear()
    nodes.forEach((n, i) => this.at.set(n.id, i))
  }

  private setEdges(edges: PEdge[]): void {
    this.edges = edges
    this.edgeAt.clear()
    edges.forEach((e, i) => this.edgeAt.set(e.id, i))
  }

  private takeWhole(): boolean {
    if (this.nodes === this.src.nodes && this.edges === this.src.edges) return false
    this.win = null
    this.srcNodes = this.nodes = this.src.nodes
    this.srcEdges = this.edges = this.src.edges
    return true
  }

  private cut(): boolean {
    const v = this.view ?? { x: 0, y: 0, width: 1440, height: 900 }
    const win = { x: v.x - v.width, y: v.y - v.height, width: v.width * 3, height: v.height * 3 }
    this.win = win
    const { nodes, edges, core } = cutWindow(this.src, win)
    this.setNodes(nodes)
    this.setEdges(edges)
    this.core.clear()
    for (const id of core) this.core.add(id)
    this.srcNodes = this.src.nodes
    this.srcEdges = this.src.edges
    this.seq = this.src.lastChange().seq
    return true
  }
}

/**
 * The window over `win`, cut from the whole graph: the nodes that are selected, dragged or in it (the
 * core), the edges that touch the core or cross the window, and the far ends of those edges; in the
 * source's order.
 */
export function cutWindow(
  src: WindowSource,
  win: Rect,
): { nodes: PNode[]; edges: PEdge[]; core: Set<string> } {
  const core = new Set<string>()
  for (const n of src.nodes) if (n.selected || n.dragging || touches(n, win)) core.add(n.id)
  const keep = new Set(core)
  const edges: PEdge[] = []
  for (const e of src.edges) {
    if (undrawn(e, src.node(e.source))) continue
    const a = core.has(e.source)
    const b = core.has(e.target)
    if (!a || !b) {
      const s = src.node(e.source)
      const t = src.node(e.target)
      if (!s || !t) continue
      if (!a && !b && !crosses(s, t, win)) continue
      keep.add(e.source)
      keep.add(e.target)
    }
    edges.push(e)
  }
  const nodes = src.nodes.filter((n) => keep.has(n.id))
  return { nodes, edges, core }
}

/** Whether the box around two nodes meets the window (an edge between them may cross it). */
function crosses(s: PNode, t: PNode, r: Rect): boolean {
  const x0 = Math.min(s.position.x, t.position.x)
  const y0 = Math.min(s.position.y, t.position.y)
  const x1 = Math.max(s.position.x + widthOf(s), t.position.x + widthOf(t))
  const y1 = Math.max(s.position.y + heightOf(s), t.position.y + heightOf(t))
  return x0 < r.x + r.width && x1 > r.x && y0 < r.y + r.height && y1 > r.y
}

/** The viewport in flow coordinates (the window's size before React Flow has measured its pane). */
function viewOf(s: ReactFlowState): Rect {
  const [tx, ty, zoom] = s.transform
  const width = s.width || window.innerWidth
  const height = s.height || window.innerHeight
  return { x: -tx / zoom, y: -ty / zoom, width: width / zoom, height: height / zoom }
}

/** The nodes and edges to give React Flow: the model's, cut to a window around the view on a big graph. */
export function useFlowWindow(
  model: WindowSource & { subscribe(fn: () => void): () => void },
  paused = false,
): {
  nodes: PNode[]
  edges: PEdge[]
} {
  const store = useStoreApi()
  const win = useMemo(() => {
    const w = new FlowWindow(model)
    w.setView(viewOf(store.getState()))
    return w
  }, [model, store])
  const snap = useRef({ nodes: win.nodes, edges: win.edges })
  if (snap.current.nodes !== win.nodes || snap.current.edges !== win.edges)
    snap.current = { nodes: win.nodes, edges: win.edges }
  const notifyRef = useRef<(() => void) | null>(null)
  useLayoutEffect(() => {
    if (!win.setPaused(paused)) return
    snap.current = { nodes: win.nodes, edges: win.edges }
    notifyRef.current?.()
  }, [win, paused])
  const subscribe = useCallback(
    (notify: () => void) => {
      notifyRef.current = notify
      const publish = (changed: boolean) => {
        if (!changed) return
        snap.current = { nodes: win.nodes, edges: win.edges }
        notify()
      }
      publish(win.sourceChanged())
      publish(win.setView(viewOf(store.getState())))
      const offView = store.subscribe((s, prev) => {
        if (s.transform !== prev.transform || s.width !== prev.width || s.height !== prev.height)
          publish(win.setView(viewOf(s)))
      })
      const offModel = model.subscribe(() => publish(win.sourceChanged()))
      return () => {
        offView()
        offModel()
      }
    },
    [win, model, store],
  )
  return useSyncExternalStore(subscribe, () => snap.current)
}
