import { DEPENDS_ON, clearPositions, meta, setPositions } from '@plexus/model'
import { layoutDagre } from '../layout/dagre.ts'
import { layoutLayered } from '../layout/layered.ts'
import { drawnOrder, layoutMindMap } from '../layout/mindmap.ts'
import { layoutTree } from '../layout/tree.ts'
import { useUI } from '../store.ts'
import { fit } from './commands.ts'
import { bounds, type XY } from './geometry.ts'
import type { Workspace } from './workspace.ts'

/** Above this many nodes the layered layout is the hand-written one (dagre: ~3 s for 2,000 nodes). */
const DAGRE_MAX = 1500

export type LayoutKind = 'mindmap' | 'tree' | 'layered'

/**
 * Auto layout of the whole graph, or of the selection when more than one node is selected. The drawing
 * keeps its top-left corner where it was, so the view does not jump; it is one undo step.
 */
export function arrange(ws: Workspace, kind: LayoutKind): void {
  const ix = ws.session.g.index
  const s = ix.struct()
  const selection = ws.model.selection()
  const scope =
    selection.length > 1 ? new Set(selection) : new Set([...ix.nodes.keys()].filter((id) => ix.live(id)))
  if (!scope.size) return
  const ids = [...scope]
  const sizeOf = ws.model.sizeOf
  let pos: Map<string, XY>
  const roots = ids.filter((id) => !scope.has(s.parent.get(id) ?? '')).sort((a, b) => (a < b ? -1 : 1))
  // Keep siblings in the order they are drawn now (top to bottom; round the root for a mind map), so a
  // layout tidies rather than shuffles.
  const at = (id: string) => ws.model.positionOf(id) ?? { x: 0, y: 0 }
  const kids = (id: string) =>
    (s.children.get(id) ?? []).filter((c) => scope.has(c)).sort((a, b) => at(a).y - at(b).y)
  const root = meta(ws.session.g).root
  if (kind === 'mindmap' && root && scope.has(root) && selection.length <= 1) {
    // The whole graph as a mind map: every node goes back to where the tree puts it (layout/derived.ts),
    // so what grows it later (an agent, a peer) lands in its branch. One undo step.
    return derive(ws, ids)
  }
  if (kind === 'mindmap' && root && scope.has(root)) {
    const r = at(root)
    // Branches in the order drawn now, clockwise round the root: what the layout draws back.
    pos = layoutMindMap(root, drawnOrder(root, kids, at), sizeOf)
    // Other top-level trees go below the map.
    const others = roots.filter((id) => id !== root)
    if (others.length) {
      const bottom = Math.max(...[...pos].map(([id, p]) => p.y + sizeOf(id).height))
      const left = Math.min(...[...pos.values()].map((p) => p.x))
      for (const [id, p] of layoutTree(
        others.sort((a, b) => at(a).y - at(b).y),
        kids,
        sizeOf,
      ))
        pos.set(id, { x: left + p.x, y: bottom + 80 + p.y })
    }
    // Keep the root where it is.
    for (const p of pos.values()) {
      p.x += r.x
      p.y += r.y
    }
    return write(ws, pos, kind)
  } else if (kind !== 'layered') {
    pos = layoutTree(
      roots.sort((a, b) => at(a).y - at(b).y),
      kids,
      sizeOf,
    )
  } else {
    const edges: Array<[string, string]> = []
    for (const [child, parent] of s.parent)
      if (scope.has(child) && scope.has(parent)) edges.push([parent, child])
    for (const e of ix.edges.values()) {
      const from = ix.canonical(e.from)
      const to = ix.canonical(e.to)
      if (!from || !to || !scope.has(from) || !scope.has(to)) continue
      // A depends on B: B is done first, so it sits left of A.
      edges.push(e.type === DEPENDS_ON ? [to, from] : [from, to])
    }
    // dagre draws better (layout/dagre.ts) but takes seconds past a couple of thousand nodes.
    pos = ids.length <= DAGRE_MAX ? layoutDagre(ids, edges, sizeOf) : layoutLayered(ids, edges, sizeOf)
  }
  const before = bounds(ids.map((id) => ({ ...(ws.model.positionOf(id) ?? { x: 0, y: 0 }), ...sizeOf(id) })))
  const origin = before ?? { x: 0, y: 0 }
  for (const p of pos.values()) {
    p.x += origin.x
    p.y += origin.y
  }
  write(ws, pos, kind)
}

const NAMES: Record<LayoutKind, string> = {
  mindmap: 'a mind map',
  tree: 'a tree',
  layered: 'a layered graph',
}

function derive(ws: Workspace, ids: string[]): void {
  ws.session.undo.stopCapturing()
  for (let i = 0; i < ids.length; i += 2000) clearPositions(ws.session.g, ids.slice(i, i + 2000))
  ws.session.undo.stopCapturing()
  useUI.getState().toast(
    {
      text: `Arranged ${ids.length} node${ids.length === 1 ? '' : 's'} as ${NAMES.mindmap}.`,
      tone: 'info',
    },
    2500,
  )
  if (ids.length <= 400) setTimeout(() => fit(ws, { nodes: ids }), 30)
}

function write(ws: Workspace, pos: Map<string, XY>, kind: LayoutKind): void {
  const items = [...pos].map(([id, p]) => ({ id, x: Math.round(p.x), y: Math.round(p.y) }))
  ws.session.undo.stopCapturing()
  for (let i = 0; i < items.length; i += 2000) setPositions(ws.session.g, items.slice(i, i + 2000))
  ws.session.undo.stopCapturing()
  useUI.getState().toast(
    {
      text: `Arranged ${items.length} node${items.length === 1 ? '' : 's'} as ${NAMES[kind]}.`,
      tone: 'info',
    },
    2500,
  )
  if (items.length <= 400) setTimeout(() => fit(ws, { nodes: items.map((i) => i.id) }), 30)
}
