import {
  DEPENDS_ON,
  RELATES_TO,
  holderOf,
  meta,
  relationWords,
  shownKind,
  type NodeView,
  type Status,
} from '@plexus/model'
import { edgeGeometry, flowOf, type EdgeGeometry } from '../canvas/edge-geometry.ts'
import type { FlowModel, PEdge } from '../canvas/flow-model.ts'
import type { Rect } from '../canvas/geometry.ts'
import { colorOf, shapeOf } from '../canvas/node-style.ts'
import { outlineOf, pointsIn } from '../canvas/shapes.ts'
import { pictureBounds } from './picture-bounds.ts'

// The picture of the graph as a standalone SVG, drawn from the same positions and statuses as the canvas.
// Built as a string with every piece of text escaped, so a node's text can never become markup.

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function cssVar(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim()
  return v || fallback
}

let measureCtx: CanvasRenderingContext2D | null = null

/** Text width in px as the browser draws it in `font` (canvas 2D metrics: the same font engine). */
function measure(text: string, font: string): number {
  measureCtx ??= document.createElement('canvas').getContext('2d')
  if (!measureCtx) return text.length * 7.4
  measureCtx.font = font
  return measureCtx.measureText(text).width
}

/**
 * Breaks text into lines no wider than `width` (measured, not guessed), at most `max` lines, the last
 * ellipsised when the text is longer: text never spills out of its box.
 */
export function wrapText(text: string, width: number, font: string, max: number): string[] {
  const fits = (s: string) => measure(s, font) <= width
  const lines: string[] = []
  let cur = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = cur ? `${cur} ${word}` : word
    if (fits(next)) {
      cur = next
      continue
    }
    if (cur) lines.push(cur)
    cur = word
    // A word longer than the line is broken where it must be.
    while (!fits(cur)) {
      let n = cur.length - 1
      while (n > 1 && !fits(cur.slice(0, n))) n--
      lines.push(cur.slice(0, n))
      cur = cur.slice(n)
    }
  }
  if (cur) lines.push(cur)
  if (lines.length <= max) return lines
  let last = lines[max - 1]!
  while (last && !fits(`${last}…`)) last = last.slice(0, -1)
  return [...lines.slice(0, max - 1), `${last.trimEnd()}…`]
}

/** The line under a node's summary: its kind (unless the default) and who holds it at `now`. */
export function nodeTag(n: NodeView, now: number): string {
  const claim = holderOf(n, now)
  return [shownKind(n.kind) ?? '', claim ? `claimed by ${claim.by}` : ''].filter(Boolean).join(' · ')
}

export interface SvgPicture {
  svg: string
  width: number
  height: number
}

/**
 * Draws the given nodes (default: every live node) and the edges among them, in the canvas's own
 * coordinates (the viewBox starts where the drawing does) with the canvas's edge geometry and node
 * boxes, so the picture is what the canvas shows.
 */
export function graphToSvg(model: FlowModel, only?: readonly string[]): SvgPicture {
  const ix = model.index
  // What the canvas shows: not the nodes inside a folded branch (or archived ones it hides).
  const ids = (only?.length ? only : [...ix.nodes.keys()]).filter(
    (id) => ix.live(id) && model.positionOf(id) && !model.node(id)?.hidden,
  )
  const set = new Set(ids)
  const rect = new Map<string, Rect>(ids.map((id) => [id, { ...model.positionOf(id)!, ...model.sizeOf(id) }]))
  const family =
    getComputedStyle(document.body).fontFamily || 'Inter, system-ui, -apple-system, Segoe UI, sans-serif'
  // A group (a frame, a canvas group) shows what it holds by its box: it is painted first, outer ones
  // before the groups inside them, and no tree line is drawn from it (PlexusEdge draws none either).
  const group = (id: string): boolean => shapeOf(ix.nodes.get(id) as NodeView) === 'group'
  const depth = (id: string): number => {
    let d = 0
    for (let p = ix.struct().parent.get(id); p && d < 64; p = ix.struct().parent.get(p)) d++
    return d
  }
  const groups = ids.filter(group).sort((a, b) => depth(a) - depth(b))
  // The edges the canvas draws (the lines to folded branches among them), with the canvas's geometry.
  const drawn: Array<{ e: PEdge; g: EdgeGeometry; label: string; box: Rect | null }> = []
  for (const e of model.edges) {
    if (e.hidden || !set.has(e.source) || !set.has(e.target)) continue
    const kind = e.data?.kind ?? RELATES_TO
    if (kind === 'tree' && group(e.source)) continue
    const p = e.data?.parent
    const g =
      kind === 'tree'
        ? edgeGeometry(rect.get(e.source)!, rect.get(e.target)!, true)
        : edgeGeometry(
            rect.get(e.source)!,
            rect.get(e.target)!,
            false,
            p ? rect.get(p) : undefined,
            flowOf(ix, e.source),
          )
    const stands = e.data?.stands
    const label =
      kind === 'tree'
        ? ''
        : stands
          ? `${stands.length > 1 ? `(${stands.length}) ` : ''}${e.data?.label ?? ''}`
          : e.data?.label || (kind === DEPENDS_ON || kind === RELATES_TO ? '' : relationWords(kind))
    // The label's box as drawn below: 11 px text centred on the label point, haloed 2 px each side.
    const w = label ? measure(label, `11px ${family}`) + 4 : 0
    drawn.push({
      e,
      g,
      label,
      box: label ? { x: g.labelX - w / 2, y: g.labelY - 9, width: w, height: 18 } : null,
    })
  }
  // The picture holds what is drawn: node boxes, every curve with its arrowhead, every label.
  const box = pictureBounds(
    rect.values(),
    drawn.map(({ e, g }) => ({ path: g.path, ...(e.data?.kind !== 'tree' ? { arrow: g.to } : {}) })),
    drawn.flatMap((d) => (d.box ? [d.box] : [])),
  ) ?? { x: 0, y: 0, width: 100, height: 60 }
  const pad = 40
  const ox = Math.floor(box.x - pad)
  const oy = Math.floor(box.y - pad)
  const width = Math.ceil(box.x + box.width + pad) - ox
  const height = Math.ceil(box.y + box.height + pad) - oy
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
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${ox} ${oy} ${width} ${height}" font-family="${esc(family)}">`,
    `<defs><marker id="a" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0 0L10 5L0 10z" fill="${esc(c.dep)}"/></marker>`,
    `<marker id="b" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto"><path d="M0 0L10 5L0 10z" fill="${esc(c.rel)}"/></marker></defs>`,
    `<rect x="${ox}" y="${oy}" width="${width}" height="${height}" fill="${esc(c.bg)}"/>`,
  )
  const root = meta(model.session.g).root
  const now = model.session.g.env.now()
  const paintNode = (id: string): void => {
    const n = ix.nodes.get(id) as NodeView
    const r = rect.get(id)!
    const st = ix.statusOf(id)
    const isRoot = id === root
    const shape = shapeOf(n)
    const outline = outlineOf(shape)
    const tint = colorOf(n)
    // The box model of `.pnode` in canvas.css: padding, a 14 px status icon, a 7 px gap, 19 px lines;
    // a diamond keeps its text in its middle, the other outlined shapes clear of their slants.
    const padL = shape === 'diamond' ? 46 : outline ? 30 : isRoot ? 14 : 12
    const padR = shape === 'diamond' ? 46 : outline ? 30 : isRoot ? 16 : 14
    const padT = shape === 'diamond' ? 24 : isRoot ? 12 : 9
    const size = isRoot ? 15 : 13.5
    const font = `${isRoot ? 620 : 400} ${size}px ${family}`
    const tag = nodeTag(n, now)
    const metaH = tag ? 24 : 0
    const textX = r.x + padL + 21
    const room = Math.max(1, Math.floor((r.height - padT * 2 - metaH + 2) / 19))
    const lines = wrapText(n.summary, Math.max(20, r.x + r.width - padR - textX), font, room)
    const col = c.status[st]
    // A diamond centres its text vertically (display: grid; align-content: center).
    const top =
      shape === 'diamond' ? r.y + Math.max(padT, (r.height - lines.length * 19 - metaH) / 2) : r.y + padT
    out.push(`<g data-node="${esc(id)}" opacity="${st === 'resolved' ? 0.72 : 1}">`)
    // The node's box, always first (tests and tools read it); drawn only when the shape is the box.
    const rx =
      shape === 'circle' || shape === 'double-circle' || shape === 'stadium'
        ? r.height / 2
        : shape === 'round'
          ? 16
          : 10
    const box = `x="${r.x}" y="${r.y}" width="${r.width}" height="${r.height}" rx="${rx}"`
    const paint = (el: string) => {
      out.push(el.replace('/>', ` fill="${esc(c.node)}" stroke="${esc(c.border)}"/>`))
      // A colour as the canvas mixes it: a 12 % wash and a stronger border.
      if (tint)
        out.push(
          el.replace('/>', ` fill="${tint}" fill-opacity="0.12" stroke="${tint}" stroke-opacity="0.6"/>`),
        )
    }
    if (outline) {
      out.push(`<rect data-box="" ${box} fill="none" stroke="none"/>`)
      paint(`<polygon points="${pointsIn(outline, r.x, r.y, r.width, r.height)}" stroke-linejoin="round"/>`)
    } else if (shape === 'group') {
      // A frame as `.pnode.shape-group` draws it: a 6 % wash and a dashed border, its tint or muted.
      const ink = esc(tint ?? c.muted)
      out.push(
        `<rect data-box="" ${box} fill="${ink}" fill-opacity="0.06" stroke="${ink}" stroke-opacity="0.5" stroke-width="1.5" stroke-dasharray="5 4"/>`,
      )
    } else {
      out.push(`<rect data-box="" ${box} fill="${esc(c.node)}" stroke="${esc(c.border)}"/>`)
      if (tint)
        out.push(`<rect ${box} fill="${tint}" fill-opacity="0.12" stroke="${tint}" stroke-opacity="0.6"/>`)
      out.push(
        `<rect x="${r.x}" y="${r.y + 8}" width="3" height="${r.height - 16}" rx="1.5" fill="${esc(tint ?? col)}"/>`,
      )
    }
    out.push(`<circle cx="${r.x + padL + 7}" cy="${top + 9.5}" r="3.5" fill="${esc(col)}"/>`)
    lines.forEach((l, i) => {
      out.push(
        `<text x="${textX}" y="${top + 14 + i * 19}" font-size="${size}"${isRoot ? ' font-weight="620"' : shape === 'group' ? ' font-weight="600"' : ''} fill="${esc(c.text)}"${st === 'resolved' ? ' text-decoration="line-through"' : ''}>${esc(l)}</text>`,
      )
    })
    // Under the last line of text (the root's "goal" sat on its title), else at the box's foot.
    if (tag)
      out.push(
        `<text x="${textX}" y="${Math.max(r.y + r.height - padT - 4, top + 14 + (lines.length - 1) * 19 + 17)}" font-size="10.5" fill="${esc(c.muted)}">${esc(wrapText(tag, r.x + r.width - padR - textX, `10.5px ${family}`, 1)[0] ?? '')}</text>`,
      )
    out.push('</g>')
  }
  for (const id of groups) paintNode(id)
  // The tree first, under the rest.
  for (const { e, g } of drawn)
    if (e.data?.kind === 'tree')
      out.push(
        `<path data-edge="${esc(e.id)}" d="${g.path}" fill="none" stroke="${esc(c.tree)}" stroke-width="1.6"/>`,
      )
  for (const { e, g, label } of drawn) {
    const kind = e.data?.kind ?? RELATES_TO
    if (kind === 'tree') continue
    const dep = kind === DEPENDS_ON
    out.push(
      `<path data-edge="${esc(e.id)}" d="${g.path}" fill="none" stroke="${esc(dep ? c.dep : c.rel)}" stroke-width="1.6" stroke-dasharray="${dep ? '6 4' : '2 4'}" marker-end="url(#${dep ? 'a' : 'b'})"/>`,
    )
    if (label)
      out.push(
        `<text x="${g.labelX}" y="${g.labelY + 4}" text-anchor="middle" font-size="11" fill="${esc(c.muted)}" stroke="${esc(c.bg)}" stroke-width="4" paint-order="stroke">${esc(label)}</text>`,
      )
  }
  for (const id of ids) if (!group(id)) paintNode(id)
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
