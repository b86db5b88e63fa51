import { Panel, useStoreApi } from '@xyflow/react'
import { useCallback, useEffect, useRef, useSyncExternalStore, type PointerEvent } from 'react'
import { useUI } from '../store.ts'
import type { Rect } from './geometry.ts'
import {
  GraphBounds,
  MINIMAP_BOX,
  fitScale,
  grow,
  layerStale,
  minimapArea,
  type Layer,
} from './minimap-layer.ts'
import { Marks, markOf, paintAll, paintCells, type LayerGeometry } from './minimap-marks.ts'
import { useWorkspace } from './workspace.ts'

const { width: W, height: H, pad: PAD } = MINIMAP_BOX
/** The node layer is redrawn at most this often. */
const LAYER_MS = 250
/**
 * Above this many nodes the layer is redrawn only for a change to the layout (the model's
 * layoutVersion), not for a node measured as it scrolls into view: at that scale a measured size differs
 * from its estimate by a fraction of a pixel, and redrawing 10k rectangles for it cost pan, zoom and drag
 * frames (profiled: the layer's rect() calls were the page's largest script cost while zooming at 10k).
 */
const EXACT_MAX_NODES = 1500
/** Up to this many changed nodes the layer is patched cell by cell (minimap-marks.ts), not redrawn whole. */
const PATCH_MAX = 2000

/** What the node layer was drawn from: the layout on a big graph, every node object on a small one. */
const versionOf = (model: ReturnType<typeof useWorkspace>['model']): unknown =>
  model.nodes.length > EXACT_MAX_NODES ? model.layoutVersion : model.nodes

/**
 * An overview drawn on a <canvas>: one rectangle per node in its readiness colour, and the viewport as a
 * box over it. React Flow's own minimap keeps a store subscription per node, which costs more than the
 * canvas itself on a large graph. Here the node layer is drawn only when the graph changes (a few times a
 * second at most, and not during this person's drag) or the view leaves the area it covers; the viewport
 * box is a DOM element moved by the view's store subscription, so panning and zooming draw nothing on a
 * canvas and render no React component (copying a canvas every frame cost a software renderer 5-8 ms).
 * Drag on it to move the view.
 */
export function Minimap() {
  const ws = useWorkspace()
  const { model } = ws
  const canvas = useRef<HTMLCanvasElement>(null)
  const box = useRef<HTMLDivElement>(null)
  const layer = useRef<Layer | null>(null)
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null)
  const boundsCache = useRef<{ version: unknown; rect: Rect } | null>(null)
  /** The layer's marks, node by node; and the nodes changed since they were drawn (null: too many). */
  const marks = useRef<{ marks: Marks; geometry: LayerGeometry } | null>(null)
  const changed = useRef<Set<string> | null>(new Set())
  /** The graph's box, kept node by node from the model's changes (for this model). */
  const graphBounds = useRef<{ model: unknown; bounds: GraphBounds } | null>(null)
  const boundsOf = useCallback((): GraphBounds => {
    if (graphBounds.current?.model !== model) {
      const bounds = new GraphBounds()
      for (const n of model.nodes) bounds.set(n.id, n.hidden ? null : rectOf(n))
      graphBounds.current = { model, bounds }
    }
    return graphBounds.current.bounds
  }, [model])
  // The layout version on a big graph: a node measured as it scrolls into view renders nothing here.
  const nodes = useSyncExternalStore(model.subscribe, () => versionOf(model))
  const theme = useUI((s) => s.theme)
  const store = useStoreApi()

  const paint = useCallback(
    (redraw = false) => {
      const el = canvas.current
      const vb = box.current
      if (!el || !vb) return
      const { transform, width, height } = store.getState()
      const [tx, ty, zoom] = transform
      // The viewport in flow coordinates.
      const view: Rect = { x: -tx / zoom, y: -ty / zoom, width: width / zoom, height: height / zoom }
      // While this person drags, the node layer waits (redrawing thousands of nodes costs frames the drag
      // needs); it is redrawn when the drag ends.
      const settled = !model.dragActive
      const version = versionOf(model)
      // The graph's box, walked again when the layout changed (not at pointer rate during a drag): a box
      // kept from before the graph arrived made every later frame a redraw.
      if (!boundsCache.current || (boundsCache.current.version !== version && (redraw || settled)))
        boundsCache.current = { version, rect: boundsOf().get() }
      const want = minimapArea(boundsCache.current.rect, view)
      let l = layer.current
      const stale = layerStale(l, want)
      if (!stale && redraw && settled && l!.version !== version && changed.current && marks.current) {
        patchLayer(el, model, marks.current, changed.current)
        changed.current = new Set()
        l!.version = version
      } else if (stale || (redraw && settled && l!.version !== version)) {
        const drawn = drawLayer(el, model, stale && l ? grow(want, 0.22) : want, version)
        l = layer.current = drawn.layer
        marks.current = drawn.marks
        changed.current = new Set()
      } else if (settled && l!.version !== version && !pending.current) {
        // Changes can come at pointer rate (and as nodes scrolled into view are measured): the layer is
        // redrawn a few times a second at most, when the main thread is idle, not in a frame.
        pending.current = setTimeout(() => {
          const run = () => {
            pending.current = null
            paint(true)
          }
          if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 1000 })
          else run()
        }, LAYER_MS)
      }
      const s = l!.scale
      vb.style.transform = `translate(${(view.x - l!.bounds.x) * s + PAD}px, ${(view.y - l!.bounds.y) * s + PAD}px)`
      vb.style.width = `${view.width * s}px`
      vb.style.height = `${view.height * s}px`
    },
    [model, store, boundsOf],
  )

  // The view moves: only the box follows (no React render).
  useEffect(
    () =>
      store.subscribe((st, prev) => {
        if (st.transform !== prev.transform || st.width !== prev.width || st.height !== prev.height) paint()
      }),
    [store, paint],
  )

  // What changed since the layer was drawn, flush by flush (subscribed before the first paint below).
  useEffect(
    () =>
      model.subscribe(() => {
        const ids = model.lastChangedNodes()
        const kept = graphBounds.current
        if (kept?.model === model)
          for (const id of ids) {
            const n = model.node(id)
            kept.bounds.set(id, n && !n.hidden ? rectOf(n) : null)
          }
        const c = changed.current
        if (!c) return
        for (const id of ids) c.add(id)
        if (c.size > PATCH_MAX) changed.current = null
      }),
    [model],
  )

  // The graph changed.
  useEffect(() => paint(), [paint, nodes])

  useEffect(() => {
    layer.current = null
    paint()
  }, [theme, paint])

  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current)
    },
    [],
  )

  const moveTo = (e: PointerEvent<HTMLDivElement>) => {
    const l = layer.current
    if (!l) return
    const r = e.currentTarget.getBoundingClientRect()
    const x = (e.clientX - r.left - PAD) / l.scale + l.bounds.x
    const y = (e.clientY - r.top - PAD) / l.scale + l.bounds.y
    const { transform, width: w, height: h, panZoom } = store.getState()
    const k = transform[2]
    void panZoom?.setViewport({ x: w / 2 - x * k, y: h / 2 - y * k, zoom: k })
  }

  return (
    <Panel position="bottom-right" className="pminimap">
      <div
        className="pminimap-box"
        style={{ width: W, height: H }}
        role="img"
        aria-label="Overview of the graph; drag to move the view"
        data-testid="minimap"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId)
          moveTo(e)
        }}
        onPointerMove={(e) => {
          if (e.buttons & 1) moveTo(e)
        }}
      >
        <canvas ref={canvas} style={{ width: W, height: H }} />
        <div ref={box} className="pminimap-view" />
      </div>
    </Panel>
  )
}

/** A node's rectangle as the layer draws it. */
function rectOf(n: ReturnType<typeof useWorkspace>['model']['nodes'][number]): Rect {
  const s = n.measured ?? { width: n.initialWidth ?? 150, height: n.initialHeight ?? 40 }
  return { x: n.position.x, y: n.position.y, width: s.width ?? 150, height: s.height ?? 40 }
}

function colours(): Record<string, string> {
  const css = getComputedStyle(document.documentElement)
  return {
    actionable: css.getPropertyValue('--st-actionable').trim(),
    blocked: css.getPropertyValue('--st-blocked').trim(),
    waiting: css.getPropertyValue('--st-waiting').trim(),
    resolved: css.getPropertyValue('--st-resolved').trim(),
  }
}

function drawLayer(
  img: HTMLCanvasElement,
  model: ReturnType<typeof useWorkspace>['model'],
  bounds: Rect,
  version: unknown,
): { layer: Layer; marks: { marks: Marks; geometry: LayerGeometry } } {
  const dpr = window.devicePixelRatio || 1
  img.width = W * dpr
  img.height = H * dpr
  const ctx = img.getContext('2d')!
  const scale = fitScale(bounds)
  // Centre the drawing in the box.
  const ox = ((W - 2 * PAD) / scale - bounds.width) / 2
  const oy = ((H - 2 * PAD) / scale - bounds.height) / 2
  const b = {
    x: bounds.x - ox,
    y: bounds.y - oy,
    width: bounds.width + 2 * ox,
    height: bounds.height + 2 * oy,
  }
  const geometry: LayerGeometry = { origin: { x: b.x, y: b.y }, scale: scale * dpr, pad: PAD * dpr }
  const marks = new Marks(img.width, img.height)
  const none = new Set<number>()
  // Folded away or archived: not on the canvas, so not in its map either.
  for (const n of model.nodes) marks.set(n.id, n.hidden ? null : markOf(n, geometry), none)
  paintAll(ctx, marks.values(), colours(), img.width, img.height)
  return {
    layer: { bounds: b, asked: bounds, scale, version, at: performance.now() },
    marks: { marks, geometry },
  }
}

/** Draws again only the cells that the changed nodes' old and new rectangles cover. */
function patchLayer(
  img: HTMLCanvasElement,
  model: ReturnType<typeof useWorkspace>['model'],
  { marks, geometry }: { marks: Marks; geometry: LayerGeometry },
  changed: ReadonlySet<string>,
): void {
  const dirty = new Set<number>()
  for (const id of changed) {
    const n = model.node(id)
    marks.set(id, n && !n.hidden ? markOf(n, geometry) : null, dirty)
  }
  paintCells(img.getContext('2d')!, marks, dirty, colours())
}
