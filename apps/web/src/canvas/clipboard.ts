import {
  branchOf,
  type BranchCopy,
  copyBranches,
  DEFAULT_KIND,
  formatOutline,
  type Graph,
  inDrawnOrder,
  meta,
  parseOutline,
  pasteBranches,
  setTreePlaces,
} from '@plexus/model'
import { useUI } from '../store.ts'
import { report } from './commands.ts'
import type { XY } from './geometry.ts'
import type { Workspace } from './workspace.ts'

/** Copied branches: their nodes' fields, parents first, their tree, the relations among them, their layout. */
export interface ClipPayload {
  plexus: 1
  /** The model's branch copy (BranchCopy), placed by offsets from the copied branches' corner instead of x, y. */
  nodes: Array<Omit<BranchCopy['nodes'][number], 'x' | 'y'> & { dx: number; dy: number }>
  edges: Array<{ from: string; to: string; type: string; label: string }>
}

export const CLIP_MIME = 'application/x-plexus+json'
const STORE_KEY = 'plexus.clipboard'

/**
 * Copies the branches of the selection (each selected node with everything below it, and the relations
 * among their nodes), as XMind and MindNode copy a topic. `dx`/`dy` are each node's place relative to
 * the first, for a paste on a free canvas.
 */
export function copySelection(ws: Workspace): ClipPayload | null {
  const ix = ws.session.g.index
  const ids = ws.model.selection().filter((id) => ix.live(id))
  if (!ids.length) return null
  const payload = toPayload(ws, copyBranches(ws.session.g, ids), branchOf(ws.session.g, ids).nodes)
  remember(payload)
  return payload
}

/** The model's copy with each node's place on the canvas (by the node ids it was made from, in order). */
function toPayload(ws: Workspace, copy: BranchCopy, ids: string[]): ClipPayload {
  const origin = ws.model.positionOf(ids[0]!) ?? { x: 0, y: 0 }
  return {
    plexus: 1,
    nodes: copy.nodes.map(({ x: _x, y: _y, ...n }, i) => {
      const p = ws.model.positionOf(ids[i]!) ?? origin
      return { ...n, dx: p.x - origin.x, dy: p.y - origin.y }
    }),
    edges: copy.edges,
  }
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
 * Pastes as new nodes (new ids, so pasting twice or into another graph is always safe), in one undo
 * step. With one node selected, the pasted branches become its last children, placed by the tree, their
 * order and inner relations kept; otherwise they keep their layout around `at`. The pasted tops are
 * selected.
 */
export function paste(ws: Workspace, p: ClipPayload, at: XY | null): void {
  const sel = ws.model.selection()
  const parent = sel.length === 1 ? sel[0]! : null
  const keepLayout = !parent && at !== null
  const copy: BranchCopy = {
    nodes: p.nodes.map(({ dx, dy, ...n }) => ({
      ...n,
      ...(keepLayout ? { x: Math.round(at.x + dx), y: Math.round(at.y + dy) } : {}),
    })),
    edges: p.edges,
  }
  ws.session.undo.stopCapturing()
  const r = pasteBranches(ws.session.g, copy, { parent, positions: keepLayout ? 'keep' : 'drop' })
  ws.session.undo.stopCapturing()
  if (!r.ok) return report(r)
  ws.model.select(r.tops)
  const n = r.created.length
  useUI.getState().toast({ text: `Pasted ${n} node${n === 1 ? '' : 's'}.`, tone: 'info' }, 2000)
}

/** How far a duplicate of a branch someone placed by hand sits from the original (canvas pixels). */
const DUPLICATE_OFFSET = 40

/**
 * Places `copy` (a new child of `parent`) right after `original` among the siblings, on the original's
 * half of the map: an `order` between the original's and the next sibling's (siblings are drawn by
 * `order`, else the order they were made: inDrawnOrder), in the same undo step as the copy.
 */
function nextTo(g: Graph, parent: string, original: string, copy: string): void {
  const ix = g.index
  const kids = inDrawnOrder(
    ix,
    [...(ix.struct().children.get(parent) ?? [])].filter((id) => id !== copy && ix.live(id)),
  )
  const at = kids.indexOf(original)
  const next = kids[at + 1]
  if (at < 0 || next === undefined) return // already drawn last, right after it
  const key = (id: string) => {
    const v = ix.nodes.get(id)!
    return v.order ?? v.created_at
  }
  const side = ix.nodes.get(original)!.side
  const r = setTreePlaces(g, [
    { id: copy, order: (key(original) + key(next)) / 2, ...(side ? { side } : {}) },
  ])
  if (!r.ok) report(r)
}

/**
 * Duplicates the branches of the selection (Ctrl+D): each copy, with its inner relations, hangs under
 * the original's parent, drawn right after the original (`nextTo`).
 * A branch whose top has a chosen position is copied beside it, its positions shifted. One undo step;
 * the copies are selected. The clipboard is left alone.
 */
export function duplicate(ws: Workspace): void {
  const g = ws.session.g
  const root = meta(g).root
  const sel = ws.model.selection().filter((id) => g.index.live(id))
  if (sel.includes(root ?? '')) {
    useUI.getState().toast({
      text: 'The root cannot be duplicated: copy it (Ctrl/⌘+C) and paste it under a node instead.',
      tone: 'info',
    })
    return
  }
  const { tops } = branchOf(g, sel)
  if (!tops.length) return
  const made: string[] = []
  ws.session.undo.stopCapturing()
  for (const top of tops) {
    const copy = copyBranches(g, [top])
    const pinned = copy.nodes[0]!.x !== undefined
    if (pinned)
      for (const n of copy.nodes) {
        if (n.x !== undefined) n.x += DUPLICATE_OFFSET
        if (n.y !== undefined) n.y += DUPLICATE_OFFSET
      }
    const parent = g.index.struct().parent.get(top) ?? null
    const r = pasteBranches(g, copy, { parent, positions: pinned ? 'keep' : 'drop' })
    if (!r.ok) {
      report(r)
      break
    }
    made.push(...r.tops)
    if (parent) nextTo(g, parent, top, r.tops[0]!)
  }
  ws.session.undo.stopCapturing()
  if (made.length) ws.model.select(made)
}
