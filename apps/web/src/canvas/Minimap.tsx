import { Panel, useStore, useStoreApi } from '@xyflow/react'
import { useEffect, useReducer, useRef, useSyncExternalStore, type PointerEvent } from 'react'
import { useUI } from '../store.ts'
import type { Rect } from './geometry.ts'
import { useWorkspace } from './workspace.ts'

const W = 176
const H = 116
const PAD = 6
/** The node layer is redrawn at most this often. */
const LAYER_MS = 250

/**
 * An overview drawn on a <canvas>: one rectangle per node in its readiness colour, and the viewport.
 * React Flow's own minimap keeps a store subscription per node, which costs more than the canvas itself
 * on a large graph; this one redraws the node layer only when the graph changes (once per frame at most)
 * and just blits it while panning. Drag on it to move the view.
 */
export function Minimap() {
  const ws = useWorkspace()
  const { model } = ws
  const canvas = useRef<HTMLCanvasElement>(null)
  const layer = useRef<{
    img: HTMLCanvasElement
    bounds: Rect
    scale: number
    version: unknown
    at: number
  } | null>(null)
  const [, redraw] = useReducer((x: number) => x + 1, 0)
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null)
  const boundsCache = useRef<{ nodes: unknown; rect: Rect } | null>(null)
  const nodes = useSyncExternalStore(model.subscribe, () => model.nodes)
  const [tx, ty, zoom] = useStore((s) => s.transform)
  const width = useStore((s) => s.width)
  const height = useStore((s) => s.height)
  const theme = useUI((s) => s.theme)
  const store = useStoreApi()

  // The viewport in flow coordinates.
  const view: Rect = { x: -tx / zoom, y: -ty / zoom, width: width / zoom, height: height / zoom }

  useEffect(() => {
    const el = canvas.current
    const ctx = el?.getContext('2d')
    if (!el || !ctx) return
    const dpr = window.devicePixelRatio || 1
    if (el.width !== W * dpr) {
      el.width = W * dpr
      el.height = H * dpr
    }
    let l = layer.current
    if (boundsCache.current?.nodes !== nodes) boundsCache.current = { nodes, rect: nodeBounds(model) }
    const nb = boundsCache.current.rect
    const want = union(nb, view)
    const stale = !l || !contains(l.bounds, want) || l.bounds.width > want.width * 3
    // While this person drags, the node layer waits (redrawing thousands of nodes costs frames the drag
    // needs); it is redrawn when the drag ends.
    const settled = !model.dragActive
    if (stale || (settled && l!.version !== nodes && performance.now() - l!.at > LAYER_MS)) {
      l = layer.current = drawLayer(model, grow(want, stale && l ? 0.3 : 0.08), dpr, nodes)
    } else if (settled && l!.version !== nodes && !pending.current) {
      // Changes come at pointer rate while dragging: redraw the overview a few times a second, not each time.
      pending.current = setTimeout(() => {
        pending.current = null
        redraw()
      }, LAYER_MS)
    }
    if (!l) return
    ctx.setTransform(1, 0, 0, 1, 0, 0)
    ctx.clearRect(0, 0, el.width, el.height)
    ctx.drawImage(l.img, 0, 0)
    const s = l.scale * dpr
    const css = getComputedStyle(document.documentElement)
    ctx.fillStyle = css.getPropertyValue('--minimap-mask').trim() || 'rgba(120,124,140,0.12)'
    const vx = (view.x - l.bounds.x) * s + PAD * dpr
    const vy = (view.y - l.bounds.y) * s + PAD * dpr
    ctx.fillRect(0, 0, el.width, el.height)
    ctx.clearRect(vx, vy, view.width * s, view.height * s)
    ctx.drawImage(l.img, vx, vy, view.width * s, view.height * s, vx, vy, view.width * s, view.height * s)
    ctx.strokeStyle = css.getPropertyValue('--accent').trim() || '#5b6cf0'
    ctx.lineWidth = 1.5 * dpr
    ctx.strokeRect(vx, vy, view.width * s, view.height * s)
  })

  useEffect(() => {
    layer.current = null
    redraw()
  }, [theme])

  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current)
    },
    [],
  )

  const moveTo = (e: PointerEvent<HTMLCanvasElement>) => {
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
      <canvas
        ref={canvas}
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
      />
    </Panel>
  )
}

function nodeBounds(model: ReturnType<typeof useWorkspace>['model']): Rect {
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  for (const n of model.nodes) {
    const s = n.measured ?? { width: n.initialWidth ?? 150, height: n.initialHeight ?? 40 }
    x0 = Math.min(x0, n.position.x)
    y0 = Math.min(y0, n.position.y)
    x1 = Math.max(x1, n.position.x + (s.width ?? 150))
    y1 = Math.max(y1, n.position.y + (s.height ?? 40))
  }
  return x0 === Infinity
    ? { x: 0, y: 0, width: 1, height: 1 }
    : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
}

const union = (a: Rect, b: Rect): Rect => {
  const x = Math.min(a.x, b.x)
  const y = Math.min(a.y, b.y)
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  }
}
const contains = (a: Rect, b: Rect) =>
  a.x <= b.x && a.y <= b.y && a.x + a.width >= b.x + b.width && a.y + a.height >= b.y + b.height
const grow = (r: Rect, f: number): Rect => ({
  x: r.x - r.width * f,
  y: r.y - r.height * f,
  width: r.width * (1 + 2 * f),
  height: r.height * (1 + 2 * f),
})

function drawLayer(
  model: ReturnType<typeof useWorkspace>['model'],
  bounds: Rect,
  dpr: number,
  version: unknown,
) {
  const img = document.createElement('canvas')
  img.width = W * dpr
  img.height = H * dpr
  const ctx = img.getContext('2d')!
  const scale = Math.min((W - 2 * PAD) / bounds.width, (H - 2 * PAD) / bounds.height)
  // Centre the drawing in the box.
  const ox = ((W - 2 * PAD) / scale - bounds.width) / 2
  const oy = ((H - 2 * PAD) / scale - bounds.height) / 2
  const b = {
    x: bounds.x - ox,
    y: bounds.y - oy,
    width: bounds.width + 2 * ox,
    height: bounds.height + 2 * oy,
  }
  const css = getComputedStyle(document.documentElement)
  const colour: Record<string, string> = {
    actionable: css.getPropertyValue('--st-actionable').trim(),
    blocked: css.getPropertyValue('--st-blocked').trim(),
    waiting: css.getPropertyValue('--st-waiting').trim(),
    resolved: css.getPropertyValue('--st-resolved').trim(),
  }
  const s = scale * dpr
  for (const [status, fill] of Object.entries(colour)) {
    ctx.fillStyle = fill
    ctx.globalAlpha = status === 'resolved' ? 0.5 : 0.9
    for (const n of model.nodes) {
      if (n.data.status !== status) continue
      const w = n.measured?.width ?? n.initialWidth ?? 150
      const h = n.measured?.height ?? n.initialHeight ?? 40
      ctx.fillRect(
        (n.position.x - b.x) * s + PAD * dpr,
        (n.position.y - b.y) * s + PAD * dpr,
        Math.max(1, w * s),
        Math.max(1, h * s),
      )
    }
  }
  return { img, bounds: b, scale, version, at: performance.now() }
}
