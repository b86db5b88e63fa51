import {
  connect,
  createNodes,
  disconnect,
  forgetBranches,
  meta,
  setPositions,
  updateNodes,
  type BranchDeletion,
  type Failure,
} from '@plexus/model'
import { useUI, type LinkType } from '../store.ts'
import { bounds, type XY } from './geometry.ts'
import { fitInsets, inClear } from './overlays.ts'
import type { Workspace } from './workspace.ts'

// What a person can do to the graph from the canvas. Every write goes through the model with the
// person's handle (`session.g`), so undo can take it back; each command is one undo step.

export const NEW_SUMMARY = 'New idea'

const ui = () => useUI.getState()

export function report(f: Failure): void {
  ui().toast({ text: f.message, tone: 'error' })
}

function step(ws: Workspace): void {
  ws.session.undo.stopCapturing()
}

export interface CreateOptions {
  parent?: string | null
  at?: XY
  summary?: string
  edit?: boolean
}

/** Creates one node (placed beside its parent when no position is given), selects it and starts editing. */
export function createNode(ws: Workspace, o: CreateOptions = {}): string | null {
  step(ws)
  const r = createNodes(
    ws.session.g,
    [
      {
        summary: o.summary ?? NEW_SUMMARY,
        parent: o.parent ?? null,
        ...(o.at ? { x: Math.round(o.at.x), y: Math.round(o.at.y) } : {}),
      },
    ],
    { mode: 'force' },
  )
  if (!r.ok) {
    report(r)
    return null
  }
  step(ws)
  const id = r.created[0]!.id
  ws.model.select([id])
  if (o.edit !== false) ui().setEditing({ id, initial: null })
  queueMicrotask(() => reveal(ws, id))
  return id
}

export function addChild(ws: Workspace, of?: string): string | null {
  const parent = of ?? ws.model.selection()[0] ?? meta(ws.session.g).root
  return createNode(ws, { parent })
}

export function addSibling(ws: Workspace, of?: string): string | null {
  const id = of ?? ws.model.selection()[0]
  if (!id) return addChild(ws)
  const parent = ws.session.g.index.struct().parent.get(id)
  if (!parent) return createNode(ws, { parent: id })
  return createNode(ws, { parent })
}

export function rename(ws: Workspace, id: string, summary: string): boolean {
  const text = summary.replace(/\s+/g, ' ').trim()
  const view = ws.session.g.index.nodes.get(id)
  if (!view || !text || text === view.summary) return false
  step(ws)
  const r = updateNodes(ws.session.g, [{ id, summary: text }])
  if (r.ok) {
    // The room the typing made (held by the flow model while the editor was open) joins this step.
    ws.model.writeHeld(id)
    ws.model.own.changed([id])
  } else report(r)
  step(ws)
  return r.ok
}

export function setResolved(ws: Workspace, ids: string[], resolved?: boolean): void {
  const ix = ws.session.g.index
  const targets = ids.filter((id) => ix.live(id))
  if (!targets.length) return
  const value = resolved ?? !targets.every((id) => ix.nodes.get(id)!.resolved)
  step(ws)
  const r = updateNodes(
    ws.session.g,
    targets.map((id) => ({ id, resolved: value })),
  )
  step(ws)
  if (!r.ok) return report(r)
  const freed = r.newly_actionable.filter((id) => !targets.includes(id))
  if (value && freed.length) {
    ui().flashNodes(freed, 4000)
    ui().toast(
      {
        tone: 'success',
        text: `Unblocked ${freed.length} node${freed.length === 1 ? '' : 's'}:`,
        nodes: freed.slice(0, 6).map((id) => ({ id, summary: ix.nodes.get(id)?.summary ?? id })),
      },
      7000,
    )
  }
}

/**
 * Deletes the selected edges and the branches of the selected nodes (each node with everything below
 * it, as XMind and MindNode do; overlapping branches once), in one undo step, and selects the parent.
 * Relations from outside a branch go with it, and the toast names the nodes they came from
 * (apps/web/README.md, "Branches").
 */
export function deleteSelection(ws: Workspace): void {
  const g = ws.session.g
  const root = meta(g).root
  const nodes = ws.model.selection().filter((id) => id !== root && g.index.live(id))
  const edges = ws.model.selectedEdgeIds()
  if (ws.model.selection().includes(root ?? '') && !nodes.length && !edges.length) {
    ui().toast({ text: 'The root of a graph cannot be deleted.', tone: 'info' })
    return
  }
  step(ws)
  if (edges.length) {
    const r = disconnect(
      g,
      edges.map((id) => ({ id })),
    )
    if (!r.ok) report(r)
  }
  if (nodes.length) {
    const r = forgetBranches(g, nodes)
    if (!r.ok) report(r)
    else {
      // The parent of the first branch, so the keyboard keeps a place in the tree.
      ws.model.select(r.parent && g.index.live(r.parent) ? [r.parent] : [])
      deletedToast(ws, r)
    }
  }
  step(ws)
}

/** Says what a delete took beyond the selected nodes themselves: the nodes below, relations from outside. */
function deletedToast(ws: Workspace, d: BranchDeletion): void {
  const below = d.forgotten.length - d.tops.length
  const from = [...new Set(d.outside.map((o) => o.node))]
  if (!below && !d.outside.length) return
  const ix = ws.session.g.index
  const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
  const what =
    d.tops.length === 1
      ? `“${ix.nodes.get(d.tops[0]!)?.summary ?? d.tops[0]}” and ${plural(below, 'node')} below it`
      : `${plural(d.tops.length, 'branch', 'branches')}`
  const back = `Ctrl/⌘+Z brings ${d.forgotten.length === 1 ? 'it' : 'them all'} back.`
  const rel = d.outside.length
    ? ` ${plural(d.outside.length, 'relation')} from outside the branch went with it, with:`
    : ''
  ui().toast(
    {
      text: `Deleted ${plural(d.forgotten.length, 'node')} (${what}). ${back}${rel}`,
      tone: 'info',
      ...(from.length
        ? { nodes: from.slice(0, 6).map((id) => ({ id, summary: ix.nodes.get(id)?.summary ?? id })) }
        : {}),
    },
    6000,
  )
}

export function link(ws: Workspace, from: string, to: string, type: LinkType | string): void {
  step(ws)
  const r = connect(ws.session.g, [{ from, to, type }])
  step(ws)
  if (!r.ok) report(r)
}

export function moveBy(ws: Workspace, ids: string[], dx: number, dy: number): void {
  const items: Array<{ id: string; x: number; y: number }> = []
  for (const id of ids) {
    const p = ws.model.positionOf(id)
    if (p) items.push({ id, x: p.x + dx, y: p.y + dy })
  }
  if (!items.length) return
  const r = setPositions(ws.session.g, items)
  if (!r.ok) report(r)
}

export function undo(ws: Workspace): void {
  ui().setEditing(null)
  ws.session.undo.undo()
}

export function redo(ws: Workspace): void {
  ui().setEditing(null)
  ws.session.undo.redo()
}

/** Pans so the node is on screen (centring it only when it is not). */
export function reveal(ws: Workspace, id: string, opts: { center?: boolean; zoom?: number } = {}): void {
  const rf = ws.rf
  const p = ws.model.positionOf(id)
  if (!rf || !p) return
  const s = ws.model.sizeOf(id)
  if (!opts.center) {
    const a = rf.flowToScreenPosition(p)
    const b = rf.flowToScreenPosition({ x: p.x + s.width, y: p.y + s.height })
    // On screen and not under the toolbar, the minimap, the controls or a toast: leave the view alone.
    if (inClear({ left: a.x, top: a.y, right: b.x, bottom: b.y })) return
  }
  // Centred in the part of the canvas the overlays leave free.
  const pad = fitInsets()
  const zoom = opts.zoom ?? Math.max(rf.getZoom(), 0.6)
  const dy = (pad.bottom - pad.top) / 2 / zoom
  void rf.setCenter(p.x + s.width / 2, p.y + s.height / 2 + dy, { zoom, duration: 250 })
}

/** Selects a node, brings it into view and makes it glow for a moment: what search and toasts do. */
export function jumpTo(ws: Workspace, id: string): void {
  ui().setView('canvas')
  ws.model.select([id])
  ui().flashNodes([id], 1500)
  reveal(ws, id, { center: true, zoom: Math.max(ws.rf?.getZoom() ?? 1, 0.9) })
}

/**
 * Fits the graph (or some nodes) in view. Nodes off screen were never rendered, so React Flow has not
 * measured them: `includeHiddenNodes` makes it use their declared sizes instead of leaving them out.
 */
export function fit(ws: Workspace, opts: { nodes?: string[]; duration?: number } = {}): void {
  const box = graphBox(ws, opts.nodes)
  if (!box || !ws.rf) return
  const el = document.querySelector('.react-flow')?.getBoundingClientRect()
  if (!el) return
  const pad = fitInsets()
  const k = fitZoom(box, el, pad)
  // A tall one-sided tree may need less than the canvas's usual minimum zoom: lower it to fit.
  ws.zoomFloor?.(k)
  void ws.rf.setViewport(
    {
      x: pad.left + (el.width - pad.left - pad.right - box.width * k) / 2 - box.x * k,
      y: pad.top + (el.height - pad.top - pad.bottom - box.height * k) / 2 - box.y * k,
      zoom: k,
    },
    { duration: opts.duration ?? 300 },
  )
}

/** The box around these nodes (default: every live one), from the model's boxes, not React Flow's nodes: far out on a big graph there are none (Overview). */
export function graphBox(ws: Workspace, ids?: string[]): ReturnType<typeof bounds> {
  const ix = ws.session.g.index
  return bounds(
    (ids ?? [...ix.nodes.keys()].filter((id) => ix.live(id))).flatMap((id) => {
      const p = ws.model.positionOf(id)
      return p ? [{ ...p, ...ws.model.sizeOf(id) }] : []
    }),
  )
}

/**
 * The zoom that shows `box` in the part of the canvas the overlays leave free: 1.2 at most (fitBounds
 * has no maxZoom), and as little as it takes, however tall the drawing (no fixed minimum).
 */
export function fitZoom(
  box: { width: number; height: number },
  el: { width: number; height: number },
  pad = fitInsets(),
): number {
  return Math.max(
    1e-4,
    Math.min(
      1.2,
      (el.width - pad.left - pad.right) / Math.max(1, box.width),
      (el.height - pad.top - pad.bottom) / Math.max(1, box.height),
    ),
  )
}
