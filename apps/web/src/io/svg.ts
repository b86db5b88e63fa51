import { claimOf, type NodeView, type Status } from '@plexus/model'
import type { FlowModel } from '../canvas/flow-model.ts'
import { bounds, type Rect } from '../canvas/geometry.ts'

// The picture of the graph as a standalone SVG, drawn from the same positions and statuses as the canvas.
// Built as a string with every piece of text escaped, so a node's text can never become markup.

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function cssVar(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim()
  return v || fallback
}

function wrap(text: string, width: number, max = 4): string[] {
  const per = Math.max(8, Math.floor((width - 34) / 7.1))
  const words = text.split(/\s+/)
  const lines: string[] = []
  let cur = ''
  for (const w of words) {
    const next = cur ? `${cur} ${w}` : w
    if (next.length > per && cur) {
      lines.push(cur)
      cur = w
    } else cur = next
    while (cur.length > per) {
      lines.push(cur.slice(0, per))
      cur = cur.slice(per)
    }
  }
  if (cur) lines.push(cur)
  if (lines.length > max) return [...lines.slice(0, max - 1), lines[max - 1]!.slice(0, per - 1) + '…']
  return lines
}

export interface SvgPicture {
  svg: string
  width: number
  height: number
}

/** Draws the given nodes (default: every live node) and the edges among them. */
export function graphToSvg(model: FlowModel, only?: readonly string[]): SvgPicture {
  const ix = model.index
  const ids = (only?.length ? only : [...ix.nodes.keys()]).filter((id) => ix.live(id) && model.positionOf(id))
  const set = new Set(ids)
  const rect = new Map<string, Rect>(ids.map((id) => [id, { ...model.positionOf(id)!, ...model.sizeOf(id) }]))
  const box = bounds(rect.values()) ?? { x: 0, y: 0, width: 100, height: 60 }
  const pad = 40
  const ox = box.x - pad
  const oy = box.y - pad
  const width = Math.ceil(box.width + pad * 2)
  const height = Math.ceil(box.height + pad * 2)
  const c = {
    bg: cssVar('--canvas-bg', '#f7f7f8'),
    node: cssVar('--node-bg', '#ffffff'),
    border: cssVar('--node-border', '#d9d9de'),
    text: cssVar('--text', '#1c1d21'),
    muted: cssVar('--text-muted', '#6b6f7b'),
    tree: cssVar('--edge-tree', '#c3c5cc'),
    dep: cssVar('--edge-dep', '#6d7cff'),
    rel: cssVar('--edge-rel', '#9a9daa'),
    status: {
      actionable: cssVar('--st-actionable', '#2f9e6b'),
      blocked: cssVar('--st-blocked', '#e5484d'),
      waiting: cssVar('--st-waiting', '#8b8d98'),
      resolved: cssVar('--st-resolved', '#6b6f7b'),
      deleted: '#999',
    } satisfies Record<Status, string>,
  }
  const out: string[] = []
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Inter, system-ui, -apple-system, Segoe UI, sans-serif">`,
    `<defs><marker id="a" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0 0L10 5L0 10z" fill="${esc(c.dep)}"/></marker>`,
    `<marker id="b" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto"><path d="M0 0L10 5L0 10z" fill="${esc(c.rel)}"/></marker></defs>`,
    `<rect width="100%" height="100%" fill="${esc(c.bg)}"/>`,
  )
  const curve = (a: Rect, b: Rect) => {
    const x1 = a.x + a.width - ox
    const y1 = a.y + a.height / 2 - oy
    const x2 = b.x - ox
    const y2 = b.y + b.height / 2 - oy
    const k = Math.max(40, Math.abs(x2 - x1) * 0.5)
    return `M${x1} ${y1}C${x1 + k} ${y1} ${x2 - k} ${y2} ${x2} ${y2}`
  }
  const s = ix.struct()
  for (const [child, parent] of s.parent) {
    if (!set.has(child) || !set.has(parent)) continue
    out.push(
      `<path d="${curve(rect.get(parent)!, rect.get(child)!)}" fill="none" stroke="${esc(c.tree)}" stroke-width="1.6"/>`,
    )
  }
  for (const e of ix.edges.values()) {
    const from = ix.canonical(e.from)
    const to = ix.canonical(e.to)
    if (!from || !to || !set.has(from) || !set.has(to) || from === to) continue
    const dep = e.type === 'depends_on'
    out.push(
      `<path d="${curve(rect.get(from)!, rect.get(to)!)}" fill="none" stroke="${esc(dep ? c.dep : c.rel)}" stroke-width="1.6" stroke-dasharray="${dep ? '6 4' : '2 4'}" marker-end="url(#${dep ? 'a' : 'b'})"/>`,
    )
  }
  for (const id of ids) {
    const n = ix.nodes.get(id) as NodeView
    const r = rect.get(id)!
    const st = ix.statusOf(id)
    const x = r.x - ox
    const y = r.y - oy
    const lines = wrap(n.summary, r.width)
    const col = c.status[st]
    out.push(`<g opacity="${st === 'resolved' ? 0.72 : 1}">`)
    out.push(
      `<rect x="${x}" y="${y}" width="${r.width}" height="${r.height}" rx="10" fill="${esc(c.node)}" stroke="${esc(c.border)}"/>`,
    )
    out.push(`<rect x="${x}" y="${y + 8}" width="3" height="${r.height - 16}" rx="1.5" fill="${esc(col)}"/>`)
    out.push(`<circle cx="${x + 17}" cy="${y + 20}" r="4" fill="${esc(col)}"/>`)
    lines.forEach((l, i) => {
      out.push(
        `<text x="${x + 28}" y="${y + 25 + i * 19}" font-size="13.5" fill="${esc(c.text)}"${st === 'resolved' ? ' text-decoration="line-through"' : ''}>${esc(l)}</text>`,
      )
    })
    const claim = claimOf(n)
    const tag = [n.kind !== 'concept' ? n.kind : '', claim ? `claimed by ${claim.by}` : '']
      .filter(Boolean)
      .join(' · ')
    if (tag)
      out.push(
        `<text x="${x + 28}" y="${y + r.height - 9}" font-size="10.5" fill="${esc(c.muted)}">${esc(tag)}</text>`,
      )
    out.push('</g>')
  }
  out.push('</svg>')
  return { svg: out.join('\n'), width, height }
}

/** Renders the SVG onto a canvas (at up to 2x, within the browser's canvas limits) and returns a PNG. */
export async function svgToPng(p: SvgPicture): Promise<Blob> {
  const scale = Math.max(0.1, Math.min(2, 8192 / p.width, 8192 / p.height))
  const img = new Image()
  img.decoding = 'async'
  const url = URL.createObjectURL(new Blob([p.svg], { type: 'image/svg+xml' }))
  try {
    img.src = url
    await img.decode()
    const canvas = document.createElement('canvas')
    canvas.width = Math.round(p.width * scale)
    canvas.height = Math.round(p.height * scale)
    const ctx = canvas.getContext('2d')
    if (!ctx) throw new Error('no 2d canvas')
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height)
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
    )
  } finally {
    URL.revokeObjectURL(url)
  }
}
