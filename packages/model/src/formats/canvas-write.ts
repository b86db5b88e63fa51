import { normalColor } from '../appearance.ts'
import { edgesByNode } from '../analysis-graph.ts'
import { drawnTree } from '../drawn-order.ts'
import { meta, type Graph } from '../graph.ts'
import type { Json, NodeView } from '../types.ts'
import {
  ENDS,
  SIDES,
  type Canvas,
  type CanvasEdge,
  type CanvasNode,
  type End,
  type Side,
} from './canvas-types.ts'
import { RELATES_TO } from '../vocabulary.ts'

// The graph as JSON Canvas 1.0: see canvas.ts for what is kept. The root is left out when no edge
// touches it (it is the canvas itself), groups come first (a frame is drawn behind its members).

const WIDTH = 260
const COLUMN = 340
const ROW = 140
const str = (v: Json | undefined): string | undefined => (typeof v === 'string' ? v : undefined)

function cardOf(n: NodeView, id: string, at: { x: number; y: number }, height: number): CanvasNode {
  const p = n.properties
  const box = {
    x: Math.round(n.x ?? at.x),
    y: Math.round(n.y ?? at.y),
    width: n.width ?? WIDTH,
    height: n.height ?? height,
  }
  const color = n.color ? { color: n.color } : {}
  if (n.shape === 'group') {
    const bg = str(p.background)
    const style = str(p.background_style)
    return {
      id,
      type: 'group',
      ...box,
      ...color,
      ...(p.untitled === true ? {} : { label: n.summary }),
      ...(bg ? { background: bg } : {}),
      ...(style === 'cover' || style === 'ratio' || style === 'repeat' ? { backgroundStyle: style } : {}),
    }
  }
  if (p.card === 'file' && str(p.file)) {
    const sub = str(p.subpath)
    return { id, type: 'file', file: str(p.file)!, ...(sub ? { subpath: sub } : {}), ...box, ...color }
  }
  if (p.card === 'link' && str(p.url)) return { id, type: 'link', url: str(p.url)!, ...box, ...color }
  const gap = typeof p.canvas_gap === 'number' && p.canvas_gap >= 1 && p.canvas_gap <= 64 ? p.canvas_gap : 2
  // Blank lines before the first line and whitespace after a lone line, as the card had them.
  const blank = (k: string): string => (/^\s*$/.test(str(p[k]) ?? '') ? (str(p[k]) ?? '') : '')
  const text =
    p.untitled === true
      ? ''
      : blank('canvas_lead') +
        (str(p.canvas_heading) ?? '') +
        n.summary +
        (n.notes ? '\n'.repeat(gap) + n.notes : blank('canvas_trail'))
  return { id, type: 'text', text, ...box, ...color }
}

export function toCanvasData(g: Graph): Canvas {
  const s = g.index.struct()
  const root = meta(g).root
  // Siblings top to bottom in the order the map draws them (drawn-order.ts), the root first.
  const t = drawnTree(g.index, root)
  const out = edgesByNode(g.index)
  const touched =
    !!root &&
    ((out.get(root)?.length ?? 0) > 0 || g.index.edgesOf(root, 'in').some((e) => g.index.live(e.other)))
  const skipRoot = !!root && s.roots.includes(root) && !touched
  const starts = [...t.roots].reverse()
  const stack = skipRoot ? [...starts.filter((r) => r !== root), ...[...t.children(root!)].reverse()] : starts
  const nodes: CanvasNode[] = []
  const cardId = new Map<string, string>()
  const used = new Set<string>()
  let row = 0
  while (stack.length) {
    const id = stack.pop()!
    const n = g.index.nodes.get(id)!
    const alias = n.aliases?.find((a) => a.startsWith('canvas:') && !used.has(a.slice(7)))?.slice(7)
    const cid = alias ?? (used.has(id) ? `${id}-${used.size}` : id)
    used.add(cid)
    cardId.set(id, cid)
    const lines = (n.summary + '\n' + n.notes)
      .split('\n')
      .reduce((sum, l) => sum + Math.max(1, Math.ceil(l.length / 32)), 0)
    const depth = (s.depth.get(id) ?? 0) - (skipRoot ? 1 : 0)
    nodes.push(cardOf(n, cid, { x: depth * COLUMN, y: row * ROW }, Math.min(60 + 24 * lines, 480)))
    row++
    const kids = t.children(id)
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!)
  }
  // Groups first: a canvas draws later cards on top, and a group is a frame behind its members.
  nodes.sort((a, b) => (a.type === 'group' ? 0 : 1) - (b.type === 'group' ? 0 : 1))
  const edges: CanvasEdge[] = []
  for (const [id, cid] of cardId) {
    for (const e of out.get(id) ?? []) {
      const to = cardId.get(e.to)
      const ev = g.index.edges.get(e.id)
      if (!to || !ev) continue
      const p = ev.properties
      const side = (k: string): Side | undefined => (SIDES.has(str(p[k]) ?? '') ? (p[k] as Side) : undefined)
      const end = (k: string): End | undefined => (ENDS.has(str(p[k]) ?? '') ? (p[k] as End) : undefined)
      const label = ev.label || (ev.type === RELATES_TO ? '' : ev.type)
      const edge: CanvasEdge = { id: str(p.canvas_id) ?? e.id, fromNode: cid, toNode: to }
      if (side('from_side')) edge.fromSide = side('from_side')
      if (side('to_side')) edge.toSide = side('to_side')
      if (end('from_end')) edge.fromEnd = end('from_end')
      if (end('to_end')) edge.toEnd = end('to_end')
      if (normalColor(p.color)) edge.color = normalColor(p.color)!
      if (label) edge.label = label
      edges.push(edge)
    }
  }
  return { nodes, edges }
}

export function toCanvas(g: Graph): string {
  return JSON.stringify(toCanvasData(g), null, '\t') + '\n'
}
