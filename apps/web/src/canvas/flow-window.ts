import { useStoreApi, type ReactFlowState } from '@xyflow/react'
import { useCallback, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import type { Rect } from './geometry.ts'
import type { PEdge, PNode } from './flow-model.ts'

/** Graphs up to this size are given to React Flow whole. */
export const WINDOW_MIN_NODES = 1500
/** A change to more nodes than this is not patched into the window: it is recomputed. */
const PATCH_MAX = 64

/** What the window is cut from: the flow model's published arrays and its objects by id. */
export interface WindowSource {
  nodes: PNode[]
  edges: PEdge[]
  node(id: string): PNode | undefined
  lastChangedNodes(): ReadonlySet<string>
}

const widthOf = (n: PNode) => n.measured?.width ?? n.initialWidth ?? 150
const heightOf = (n: PNode) => n.measured?.height ?? n.initialHeight ?? 40

function touches(n: PNode, r: Rect): boolean {
  const { x, y } = n.position
  return x < r.x + r.width && x + widthOf(n) > r.x && y < r.y + r.height && y + heightOf(n) > r.y
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
 * The window is cut again (one walk over the model's arrays) when the view comes near its border, when
 * it is far smaller than the window (zoomed in) or when the graph changes; a change to a few nodes
 * already in the window (a drag, a glide) is patched in place.
 */
export class FlowWindow {
  nodes: PNode[] = []
  edges: PEdge[] = []
  private win: Rect | null = null
  private view: Rect | null = null
  private srcNodes: PNode[] | null = null
  private srcEdges: PEdge[] | null = null
  private readonly at = new Map<string, number>()
  private paused = false
  private dirty = false

  constructor(private readonly src: WindowSource) {}

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
    if (src.edges !== this.srcEdges || !this.win) return this.cut()
    const changed = src.lastChangedNodes()
    if (changed.size > PATCH_MAX) return this.cut()
    let nodes: PNode[] | null = null
    for (const id of changed) {
      const n = src.node(id)
      const i = this.at.get(id)
      if (i === undefined) {
        // A node came into the window (or was selected or dragged out there): cut again.
        if (n && (n.selected || n.dragging || touches(n, this.win))) return this.cut()
        continue
      }
      if (!n) return this.cut()
      if (this.nodes[i] !== n) (nodes ??= [...this.nodes])[i] = n
    }
    this.srcNodes = src.nodes
    if (!nodes) return false
    this.nodes = nodes
    return true
  }

  private takeWhole(): boolean {
    if (this.nodes === this.src.nodes && this.edges === this.src.edges) return false
    this.win = null
    this.srcNodes = this.nodes = this.src.nodes
    this.srcEdges = this.edges = this.src.edges
    return true
  }

  private cut(): boolean {
    const src = this.src
    const v = this.view ?? { x: 0, y: 0, width: 1440, height: 900 }
    const win = { x: v.x - v.width, y: v.y - v.height, width: v.width * 3, height: v.height * 3 }
    this.win = win
    const keep = new Set<string>()
    for (const n of src.nodes) if (n.selected || n.dragging || touches(n, win)) keep.add(n.id)
    const ends: string[] = []
    const edges: PEdge[] = []
    for (const e of src.edges) {
      const a = keep.has(e.source)
      const b = keep.has(e.target)
      if (!a || !b) {
        const s = src.node(e.source)
        const t = src.node(e.target)
        if (!s || !t) continue
        if (!a && !b && !crosses(s, t, win)) continue
        if (!a) ends.push(e.source)
        if (!b) ends.push(e.target)
      }
      edges.push(e)
    }
    for (const id of ends) keep.add(id)
    this.nodes = []
    this.at.clear()
    for (const n of src.nodes) {
      if (!keep.has(n.id)) continue
      this.at.set(n.id, this.nodes.length)
      this.nodes.push(n)
    }
    this.edges = edges
    this.srcNodes = src.nodes
    this.srcEdges = src.edges
    return true
  }
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
