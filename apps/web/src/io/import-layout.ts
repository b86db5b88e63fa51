import { setPositions, type Graph } from '@plexus/model'
import { bounds, GAP_X, SpatialGrid, type Rect, type Size, type XY } from '../canvas/geometry.ts'
import { layoutDagre, type Cluster, type Direction } from '../layout/dagre.ts'

/** The flow direction a Mermaid file declares (`flowchart LR`, `graph TD`), `LR` when it declares none. */
export function mermaidDirection(text: string): Direction {
  const m = /^\s*(?:flowchart|graph)\s+(TB|TD|BT|LR|RL)\b/im.exec(text)
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
  const edges: Array<[string, string]> = []
  const clusters: Cluster[] = []
  for (const id of mine) {
    const p = s.parent.get(id)
    if (p && mine.has(p)) edges.push([p, id])
    for (const e of ix.edgesOf(id, 'out')) if (mine.has(e.other)) edges.push([id, e.other])
    const kids = (s.children.get(id) ?? []).filter((c) => mine.has(c))
    if (kids.length) clusters.push({ id: `c:${id}`, members: [id, ...kids] })
  }
  const ids = [...mine]
  const rel = layoutDagre(ids, edges, sizeOf, direction, clusters)
  const block = bounds(ids.map((id) => ({ ...rel.get(id)!, ...sizeOf(id) })))!

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
    const c = { x: start.x, y: start.y + i * 40, width: block.width, height: block.height }
    if (grid.free(c, 24)) {
      start = c
      break
    }
  }
  const items = ids.map((id) => ({
    id,
    x: Math.round(start.x + rel.get(id)!.x),
    y: Math.round(start.y + rel.get(id)!.y),
  }))
  for (let i = 0; i < items.length; i += 2000) setPositions(g, items.slice(i, i + 2000))
  return ids
}
