import {
  CLAIMED_AT,
  CLAIMED_BY,
  CLAIMED_UNTIL,
  connect,
  type CreateItem,
  createNodes,
  DEFAULT_KIND,
  DEPENDS_ON,
  formatOutline,
  type Json,
  parseOutline,
} from '@plexus/model'
import { useUI } from '../store.ts'
import { report } from './commands.ts'
import type { XY } from './geometry.ts'
import type { Workspace } from './workspace.ts'

/** Copied nodes: their fields, their tree among themselves, their edges among themselves, their layout. */
export interface ClipPayload {
  plexus: 1
  nodes: Array<{
    ref: string
    summary: string
    notes: string
    kind: string
    resolved: boolean
    properties: Record<string, Json>
    links: string[]
    parent_ref?: string
    dx: number
    dy: number
  }>
  edges: Array<{ from: string; to: string; type: string; label: string }>
}

export const CLIP_MIME = 'application/x-plexus+json'
const STORE_KEY = 'plexus.clipboard'

export function copySelection(ws: Workspace): ClipPayload | null {
  const ix = ws.session.g.index
  const s = ix.struct()
  const ids = ws.model.selection().filter((id) => ix.live(id))
  if (!ids.length) return null
  const set = new Set(ids)
  const origin = ws.model.positionOf(ids[0]!) ?? { x: 0, y: 0 }
  const refOf = new Map(ids.map((id, i) => [id, `c${i}`]))
  const payload: ClipPayload = { plexus: 1, nodes: [], edges: [] }
  for (const id of ids) {
    const n = ix.nodes.get(id)!
    const p = ws.model.positionOf(id) ?? origin
    const properties = { ...n.properties }
    delete properties[CLAIMED_BY]
    delete properties[CLAIMED_AT]
    delete properties[CLAIMED_UNTIL]
    const parent = s.parent.get(id)
    payload.nodes.push({
      ref: refOf.get(id)!,
      summary: n.summary,
      notes: n.notes,
      kind: n.kind,
      resolved: n.resolved,
      properties,
      links: n.links,
      ...(parent && set.has(parent) ? { parent_ref: refOf.get(parent)! } : {}),
      dx: p.x - origin.x,
      dy: p.y - origin.y,
    })
  }
  for (const e of ix.edges.values()) {
    const from = ix.canonical(e.from)
    const to = ix.canonical(e.to)
    if (from && to && set.has(from) && set.has(to))
      payload.edges.push({ from: refOf.get(from)!, to: refOf.get(to)!, type: e.type, label: e.label })
  }
  remember(payload)
  return payload
}

function remember(p: ClipPayload): void {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(p))
  } catch {
    // too large for local storage: the system clipboard still has it
  }
}

export function remembered(): ClipPayload | null {
  try {
    return parsePayload(localStorage.getItem(STORE_KEY) ?? '')
  } catch {
    return null
  }
}

export function parsePayload(text: string): ClipPayload | null {
  if (!text.startsWith('{')) return null
  try {
    const v = JSON.parse(text) as ClipPayload
    return v && v.plexus === 1 && Array.isArray(v.nodes) && Array.isArray(v.edges) ? v : null
  } catch {
    return null
  }
}

/** A readable outline for pasting into other programs: two spaces per level. */
export function toOutline(p: ClipPayload): string {
  const at = new Map(p.nodes.map((n, i) => [n.ref, i]))
  return formatOutline(
    p.nodes.map((n) => ({ summary: n.summary, parent: at.get(n.parent_ref ?? '') ?? null })),
  )
}

/** Plain text becomes nodes: one per non-empty line, indentation making children. */
export function fromOutline(text: string): ClipPayload | null {
  const items = parseOutline(text)
  if (!items) return null
  return {
    plexus: 1,
    nodes: items.map((it, i) => ({
      ref: `t${i}`,
      summary: it.summary,
      notes: '',
      kind: DEFAULT_KIND,
      resolved: false,
      properties: {},
      links: [],
      ...(it.parent !== null ? { parent_ref: `t${it.parent}` } : {}),
      dx: 0,
      dy: i * 60,
    })),
    edges: [],
  }
}

/**
 * Pastes as new nodes (new ids, so pasting twice or into another graph is always safe). With one node
 * selected, the pasted tops become its children and are placed beside it; otherwise they keep their
 * layout around `at`.
 */
export function paste(ws: Workspace, p: ClipPayload, at: XY | null): void {
  const sel = ws.model.selection()
  const parent = sel.length === 1 ? sel[0]! : null
  const keepLayout = !parent && at !== null
  const items: CreateItem[] = p.nodes.map((n) => ({
    ref: n.ref,
    summary: n.summary,
    ...(n.notes ? { notes: n.notes } : {}),
    kind: n.kind,
    resolved: n.resolved,
    properties: n.properties,
    links: n.links,
    ...(n.parent_ref ? { parent_ref: n.parent_ref } : { parent }),
    ...(keepLayout ? { x: Math.round(at.x + n.dx), y: Math.round(at.y + n.dy) } : {}),
  }))
  for (const e of p.edges) {
    if (e.type !== DEPENDS_ON) continue
    const it = items.find((i) => i.ref === e.from)
    if (it) it.depends_on = [...(it.depends_on ?? []), e.to]
  }
  ws.session.undo.stopCapturing()
  const r = createNodes(ws.session.g, items, { mode: 'force' })
  if (!r.ok) return report(r)
  const others = p.edges.filter((e) => e.type !== DEPENDS_ON && r.refs[e.from] && r.refs[e.to])
  if (others.length) {
    const c = connect(
      ws.session.g,
      others.map((e) => ({ from: r.refs[e.from]!, to: r.refs[e.to]!, type: e.type, label: e.label })),
      { atomic: false },
    )
    if (!c.ok) report(c)
  }
  ws.session.undo.stopCapturing()
  ws.model.select(r.created.map((c) => c.id))
  useUI
    .getState()
    .toast(
      { text: `Pasted ${r.created.length} node${r.created.length === 1 ? '' : 's'}.`, tone: 'info' },
      2000,
    )
}
