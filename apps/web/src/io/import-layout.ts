import { DEPENDS_ON, RELATES_TO, relationWords, setPositions, type Graph } from '@plexus/model'
import { bounds, GAP_X, SpatialGrid, type Rect, type Size, type XY } from '../canvas/geometry.ts'
import { frameBox, isFrame } from '../canvas/frames.ts'
import { layoutDagre, type Cluster, type Direction } from '../layout/dagre.ts'

/** The flow direction a Mermaid file declares (`flowchart LR`, `graph TD`), `LR` when it declares none. */
export function mermaidDirection(text: string): Direction {
  // Blanks within the line only: `\s*` from each line start crossed every blank line after it (quadratic).
  const m = /^[ \t]*(?:flowchart|graph)[ \t]+(TB|TD|BT|LR|RL)\b/im.exec(text)
  return (m?.[1]?.toUpperCase() as Direction | undefined) ?? 'LR'
}

/**
 * Lays out the nodes an import just created so the picture reads like its source: a layered layout in
 * the file's direction (edges and parent -> child), each subgraph's nodes kept together with the subgraph
 * as their heading, the block put beside `anchor` in the first place where it overlaps nothing already on
 * the canvas. Positions are written with `g` (the import's own undo step). Returns the ids placed.
 */
export function layoutImport(
  g: Graph,
  created: readonly string[],
  direction: Direction,
  anchor: string | null,
  positionOf: (id: string) => XY | null,
  sizeOf: (id: string) => Size,
): string[] {
  const ix = g.index
  const mine = new Set(created.filter((id) => ix.live(id)))
  if (!mine.size) return []
  const s = ix.struct()
  const edges: Array<[string, string, Size?]> = []
  // An edge's label as the canvas draws it (.pedge-label: 10.5 px text, 6 px padding, a border), with
  // room around it.
  const labelOf = (e: { type: string; label?: string | null | undefined }): Size | undefined => {
    const text = e.label || (e.type === DEPENDS_ON || e.type === RELATES_TO ? '' : relationWords(e.type))
    return text ? { width: Math.ceil(text.length * 6.2) + 28, height: 26 } : undefined
  }
  const clusters: Cluster[] = []
  // A subgraph is a frame around its members (canvas/frames.ts), not a node of the layout: its members
  // are one dagre cluster, nested in the cluster of the subgraph it is in. Its box is its members' box.
  const frames = new Set([...mine].filter((id) => isFrame(ix, id)))
  // An edge to or from a subgraph is drawn to its frame; in the layout it leaves from its last member
  // and leads to its first, so `one --> two` ranks the block two after the block one, as Mermaid does.
  const inside = (id: string, end: 'from' | 'to' = 'to'): string => {
    for (let i = 0; frames.has(id) && i < 64; i++) {
      const kids = (s.children.get(id) ?? []).filter((c) => mine.has(c))
      const pick = end === 'to' ? kids[0] : kids[kids.length - 1]
      if (!pick) break
      id = pick
    }
    return id
  }
  for (const id of mine) {
    const p = s.parent.get(id)
    if (p && mine.has(p) && !frames.has(p)) edges.push([p, inside(id)])
    for (const e of ix.edgesOf(id, 'out'))
      if (mine.has(e.other)) edges.push([inside(id, 'from'), inside(e.other), labelOf(e)])
    const kids = (s.children.get(id) ?? []).filter((c) => mine.has(c))
    if (frames.has(id))
      clusters.push({
        id: `c:${id}`,
        members: kids,
        ...(p && frames.has(p) && mine.has(p) ? { parent: `c:${p}` } : {}),
      })
    else if (kids.length) clusters.push({ id: `c:${id}`, members: [id, ...kids] })
  }
  const ids = [...mine].filter((id) => !frames.has(id))
  const rel = layoutDagre(ids, edges, sizeOf, direction, clusters)
  const at = (id: string): XY | null => rel.get(id) ?? null
  for (const f of frames) {
    const r = frameBox(ix, f, at, sizeOf)
    if (r) rel.set(f, { x: r.x, y: r.y })
  }
  const boxes = [...rel].map(([id, p]) => ({
    ...p,
    ...(frames.has(id) ? frameBox(ix, id, at, sizeOf)! : sizeOf(id)),
  }))
  const block = bounds(boxes)!

  // Beside the anchor (right of it and of everything hanging from it), else below everything.
  const grid = new SpatialGrid()
  const existing: Rect[] = []
  for (const [id] of ix.nodes) {
    if (mine.has(id) || !ix.live(id)) continue
    const p = positionOf(id)
    if (p) existing.push({ ...p, ...sizeOf(id) })
  }
  for (const r of existing) grid.add(r)
  const a = anchor ? positionOf(anchor) : null
  const all = bounds(existing)
  let start: XY = a
    ? { x: a.x + sizeOf(anchor!).width + GAP_X * 2, y: a.y - block.height / 2 }
    : all
      ? { x: all.x, y: all.y + all.height + GAP_X }
      : { x: 0, y: 0 }
  for (let i = 0; i < 400; i++) {
    // The block's corner may be left of or above 0,0 (a frame's margin and title).
    const c = {
      x: start.x + block.x,
      y: start.y + block.y + i * 40,
      width: block.width,
      height: block.height,
    }
    if (grid.free(c, 24)) {
      start = { x: c.x - block.x, y: c.y - block.y }
      break
    }
  }
  const items = [...rel.keys()].map((id) => ({
    id,
    x: Math.round(start.x + rel.get(id)!.x),
    y: Math.round(start.y + rel.get(id)!.y),
  }))
  for (let i = 0; i < items.length; i += 2000) setPositions(g, items.slice(i, i + 2000))
  return [...rel.keys()]
}
