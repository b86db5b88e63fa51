import { meta } from '@plexus/model'
import { useStore } from '@xyflow/react'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { useUI } from '../store.ts'
import { NODE_MAX_W, bounds, overlaps, type Rect } from './geometry.ts'
import type { FlowModel } from './flow-model.ts'
import { BRANCH_LABEL_ABOVE } from './overlays.ts'
import { useWorkspace } from './workspace.ts'

/** How far beyond the view the overview's canvas reaches, as a fraction of the view (see the pan). */
const MARGIN = 0.25

interface Branch {
  label: string
  box: Rect
  count: number
}

/**
 * The branches the overview labels, each with the box around it and everything below it: the root's
 * children and the other top-level nodes, or, where that is one node only, the first level below it with
 * several. An imported file is a frame of its own: labelled at the top, the whole import was one branch.
 */
function branches(model: FlowModel): Branch[] {
  const ix = model.index
  const s = ix.struct()
  const root = meta(model.session.g).root
  const live = (id: string) => (s.children.get(id) ?? []).filter((c) => ix.live(c))
  // The root's children and the other top-level nodes (an imported file's frame hangs from no node).
  let tops = [...(root ? live(root) : []), ...s.roots.filter((r) => r !== root && ix.live(r))]
  for (let i = 0; tops.length === 1 && i < 64; i++) {
    const below = live(tops[0]!)
    if (!below.length) break
    tops = below
  }
  const out: Branch[] = []
  for (const top of tops) {
    const rects: Rect[] = []
    const stack = [top]
    while (stack.length) {
      const id = stack.pop()!
      const p = model.positionOf(id)
      if (p && ix.live(id)) rects.push({ ...p, ...model.sizeOf(id) })
      stack.push(...(s.children.get(id) ?? []))
    }
    const box = bounds(rects)
    if (box) out.push({ label: ix.nodes.get(top)?.summary ?? top, box, count: rects.length })
  }
  // Biggest first: when labels would collide, the bigger branch keeps its label.
  return out.sort((a, b) => b.count - a.count)
}

interface Paths {
  edges: Path2D
  blocks: Map<string, Path2D>
}

/** Every tree edge as one path, and every node's block as one path per readiness colour. */
function paths(model: FlowModel): Paths {
  const s = model.index.struct()
  const edges = new Path2D()
  const blocks = new Map<string, Path2D>()
  for (const n of model.nodes) {
    if (n.hidden) continue
    const p = n.position
    const w = n.measured?.width ?? 140
    const h = n.measured?.height ?? 45
    let path = blocks.get(n.data.status)
    if (!path) blocks.set(n.data.status, (path = new Path2D()))
    path.rect(p.x, p.y, w, h)
    const parent = s.parent.get(n.id)
    const q = parent ? model.node(parent) : undefined
    if (!q || q.hidden) continue
    const right = p.x > q.position.x
    edges.moveTo(right ? q.position.x + (q.measured?.width ?? 140) : q.position.x, q.position.y + 20)
    edges.lineTo(right ? p.x : p.x + w, p.y + 20)
  }
  return { edges, blocks }
}

/**
 * Level of detail for a big graph far out: every node a block in its readiness colour, tree edges as
 * hairlines, each top-level branch framed and labelled at a size that stays readable, and a node's own
 * text once its block is wide enough to hold some. One canvas, redrawn once per frame at most.
 */
export function Overview() {
  const ws = useWorkspace()
  const { model } = ws
  const ref = useRef<HTMLCanvasElement>(null)
  const nodes = useSyncExternalStore(model.subscribe, () => model.nodes)
  const [tx, ty, zoom] = useStore((s) => s.transform)
  const width = useStore((s) => s.width)
  const height = useStore((s) => s.height)
  const theme = useUI((s) => s.theme)
  const cache = useRef<{ nodes: unknown; branches: Branch[]; paths: Paths } | null>(null)
  const drawn = useRef<{
    tx: number
    ty: number
    zoom: number
    nodes: unknown
    theme: unknown
    width: number
    height: number
  } | null>(null)

  useEffect(() => {
    const el = ref.current
    const ctx = el?.getContext('2d')
    if (!el || !ctx) return
    // The canvas reaches a quarter of the view beyond each side. Panning at one zoom only moves it (a
    // CSS transform: no drawing at all) until the view nears its border; it is drawn again when the
    // zoom, the graph, the theme or the size change.
    const mx = Math.round(width * MARGIN)
    const my = Math.round(height * MARGIN)
    const d = drawn.current
    if (
      d &&
      d.zoom === zoom &&
      d.nodes === nodes &&
      d.theme === theme &&
      d.width === width &&
      d.height === height &&
      Math.abs(tx - d.tx) < mx &&
      Math.abs(ty - d.ty) < my
    ) {
      el.style.transform = `translate(${tx - d.tx - mx}px, ${ty - d.ty - my}px)`
      return
    }
    drawn.current = { tx, ty, zoom, nodes, theme, width, height }
    el.style.transform = `translate(${-mx}px, ${-my}px)`
    const dpr = window.devicePixelRatio || 1
    const cw = width + 2 * mx
    const ch = height + 2 * my
    if (el.width !== Math.round(cw * dpr) || el.height !== Math.round(ch * dpr)) {
      el.width = Math.round(cw * dpr)
      el.height = Math.round(ch * dpr)
      el.style.width = `${cw}px`
      el.style.height = `${ch}px`
    }
    if (cache.current?.nodes !== nodes)
      cache.current = { nodes, branches: branches(model), paths: paths(model) }
    const css = getComputedStyle(document.documentElement)
    const color = (v: string, d: string) => css.getPropertyValue(v).trim() || d
    const colors: Record<string, string> = {
      actionable: color('--st-actionable', '#2f9e6b'),
      blocked: color('--st-blocked', '#e5484d'),
      waiting: color('--st-waiting', '#8b8d98'),
      resolved: color('--st-resolved', '#6b6f7b'),
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    ctx.clearRect(0, 0, cw, ch)
    ctx.setTransform(dpr * zoom, 0, 0, dpr * zoom, dpr * (tx + mx), dpr * (ty + my))
    const view = { x: -(tx + mx) / zoom, y: -(ty + my) / zoom, w: cw / zoom, h: ch / zoom }
    // Tree edges, then the blocks: each one path, built when the graph changes and filled in one call
    // per colour (a style change and a call per node cost a software renderer most of a frame).
    ctx.strokeStyle = color('--edge-tree', '#c3c5cc')
    ctx.lineWidth = 1 / zoom
    ctx.stroke(cache.current.paths.edges)
    for (const [status, path] of cache.current.paths.blocks) {
      ctx.fillStyle = colors[status] ?? colors.actionable!
      ctx.globalAlpha = status === 'resolved' ? 0.35 : 0.7
      ctx.fill(path)
    }
    ctx.globalAlpha = 1
    // Text once a block is wide enough on screen to hold a few letters.
    const text = color('--text', '#1c1d21')
    if (NODE_MAX_W * zoom > 48) {
      ctx.font = `${12 / zoom}px ${getComputedStyle(document.body).fontFamily}`
      ctx.textBaseline = 'middle'
      ctx.fillStyle = text
      for (const n of nodes) {
        const p = n.position
        const w = n.measured?.width ?? 140
        const h = n.measured?.height ?? 45
        if (w * zoom <= 48) continue
        if (p.x > view.x + view.w || p.x + w < view.x || p.y > view.y + view.h || p.y + h < view.y) continue
        const max = Math.floor((w * zoom - 8) / 6.5)
        const t = n.data.view.summary
        ctx.fillText(t.length > max ? `${t.slice(0, max - 1)}…` : t, p.x + 4 / zoom, p.y + h / 2)
      }
    }
    // Branch frames and labels, a constant size on screen.
    ctx.lineWidth = 1.5 / zoom
    ctx.strokeStyle = color('--border-strong', '#b9bcc6')
    ctx.font = `600 ${15 / zoom}px ${getComputedStyle(document.body).fontFamily}`
    ctx.textBaseline = 'bottom'
    const taken: Rect[] = []
    for (const b of cache.current.branches) {
      const r = b.box
      if (r.x > view.x + view.w || r.x + r.width < view.x || r.y > view.y + view.h || r.y + r.height < view.y)
        continue
      // Only branches big enough on screen to be told apart get a frame and a label (with their size).
      if (b.count < 2 || (r.height * zoom < 24 && r.width * zoom < 80)) continue
      const name = b.label.length > 36 ? `${b.label.slice(0, 35)}…` : b.label
      const label = `${name} · ${b.count}`
      const tw = ctx.measureText(label).width
      const above = BRANCH_LABEL_ABOVE / zoom
      const spot = { x: r.x - 8 / zoom, y: r.y - above, width: tw + 12 / zoom, height: 22 / zoom }
      if (taken.some((t) => overlaps(t, spot))) continue
      taken.push(spot)
      ctx.strokeRect(r.x - 8 / zoom, r.y - 8 / zoom, r.width + 16 / zoom, r.height + 16 / zoom)
      ctx.fillStyle = color('--bg', '#f7f7f8')
      ctx.fillRect(r.x - 8 / zoom, r.y - above, tw + 12 / zoom, 22 / zoom)
      ctx.fillStyle = text
      ctx.fillText(label, r.x - 2 / zoom, r.y - 10 / zoom)
    }
  })

  useEffect(() => {
    cache.current = null
    drawn.current = null
  }, [theme])

  return (
    <canvas
      ref={ref}
      className="poverview"
      data-testid="overview"
      aria-label="Overview of the graph: zoom in to see and edit nodes"
    />
  )
}
