import { getBezierPath, Position } from '@xyflow/react'
import type { Rect, XY } from './geometry.ts'

// Where an edge between two node boxes runs. One pure function for the canvas (PlexusEdge) and for the
// SVG/PNG export, so a picture's edges leave and arrive exactly where the canvas draws them.

export interface Side extends XY {
  position: Position
}

/** The way a diagram reads: its ranks top to bottom (`vertical`) or left to right (`horizontal`). */
export type Flow = 'vertical' | 'horizontal'

/** What `flowOf` reads of the graph: node views and the tree. */
export interface FlowIndex {
  nodes: ReadonlyMap<string, { properties: Readonly<Record<string, unknown>> }>
  struct(): { parent: ReadonlyMap<string, string> }
}

/**
 * The flow of the diagram `id` is drawn in: the direction of the nearest frame around it (or of itself)
 * that has one (an imported file's frame or a Mermaid subgraph, `mermaid_direction`), else none (a mind
 * map, a free canvas).
 */
export function flowOf(ix: FlowIndex, id: string): Flow | undefined {
  const parent = ix.struct().parent
  let cur: string | undefined = id
  for (let i = 0; cur !== undefined && i < 64; i++, cur = parent.get(cur)) {
    const d = ix.nodes.get(cur)?.properties.mermaid_direction
    if (typeof d !== 'string') continue
    const u = d.toUpperCase()
    if (u === 'TB' || u === 'TD' || u === 'BT') return 'vertical'
    if (u === 'LR' || u === 'RL') return 'horizontal'
  }
  return undefined
}

const V: [Position, Position] = [Position.Bottom, Position.Top]
const H: [Position, Position] = [Position.Right, Position.Left]

/** Out of `a`'s side facing `b` and into `b`'s side facing `a`, along one axis. */
function across(a: Rect, b: Rect, vertical: boolean): [Side, Side] {
  const [fwd, back] = vertical ? V : H
  const ahead = vertical ? b.y + b.height / 2 > a.y + a.height / 2 : b.x + b.width / 2 > a.x + a.width / 2
  const at = (r: Rect, p: Position): Side =>
    p === Position.Bottom
      ? { x: r.x + r.width / 2, y: r.y + r.height, position: p }
      : p === Position.Top
        ? { x: r.x + r.width / 2, y: r.y, position: p }
        : p === Position.Right
          ? { x: r.x + r.width, y: r.y + r.height / 2, position: p }
          : { x: r.x, y: r.y + r.height / 2, position: p }
  return ahead ? [at(a, fwd), at(b, back)] : [at(a, back), at(b, fwd)]
}

export interface EdgeGeometry {
  path: string
  /** Where a label goes. */
  labelX: number
  labelY: number
  from: XY
  to: XY
}

/**
 * The facing sides (in a diagram with a `flow`, along it: see above): left/right when the nodes are side by side, top/bottom when one is above the other.
 * Tree edges always run between a left and a right side, so a branch on the left of a mind map grows
 * leftwards as naturally as one on the right. `parent` is the source's own tree parent, when it has one.
 */
export function facing(a: Rect, b: Rect, tree: boolean, parent?: Rect, flow?: Flow): [Side, Side] {
  if (flow && !tree) {
    // In a diagram, an edge runs along its flow (bottom to top in a top-down one) between nodes of
    // different ranks, and across it between nodes of one rank (whose boxes overlap along the flow).
    const apart =
      flow === 'vertical'
        ? b.y >= a.y + a.height || a.y >= b.y + b.height
        : b.x >= a.x + a.width || a.x >= b.x + b.width
    return across(a, b, flow === 'vertical' ? apart : !apart)
  }
  const dx = b.x + b.width / 2 - (a.x + a.width / 2)
  const dy = b.y + b.height / 2 - (a.y + a.height / 2)
  const horizontal = tree || Math.abs(dx) > (a.width + b.width) / 2 || Math.abs(dx) * 0.5 > Math.abs(dy)
  if (horizontal || Math.abs(dx) < 60) {
    // Side by side, or stacked in one column (siblings): stacked ones get a bracket on the side away
    // from the parent, outside the branch, which never crosses the nodes between them or tree edges.
    if (!horizontal) {
      const left = !!parent && parent.x > a.x
      return left
        ? [
            { x: a.x, y: a.y + a.height / 2, position: Position.Left },
            { x: b.x, y: b.y + b.height / 2, position: Position.Left },
          ]
        : [
            { x: a.x + a.width, y: a.y + a.height / 2, position: Position.Right },
            { x: b.x + b.width, y: b.y + b.height / 2, position: Position.Right },
          ]
    }
    return dx > 0
      ? [
          { x: a.x + a.width, y: a.y + a.height / 2, position: Position.Right },
          { x: b.x, y: b.y + b.height / 2, position: Position.Left },
        ]
      : [
          { x: a.x, y: a.y + a.height / 2, position: Position.Left },
          { x: b.x + b.width, y: b.y + b.height / 2, position: Position.Right },
        ]
  }
  return dy > 0
    ? [
        { x: a.x + a.width / 2, y: a.y + a.height, position: Position.Bottom },
        { x: b.x + b.width / 2, y: b.y, position: Position.Top },
      ]
    : [
        { x: a.x + a.width / 2, y: a.y, position: Position.Top },
        { x: b.x + b.width / 2, y: b.y + b.height, position: Position.Bottom },
      ]
}

/** A curve out of one side and into the same side of another node, bulging out by more the further apart they are. */
function bracket(a: Side, b: Side): [string, number, number] {
  const k = 36 + Math.min(120, Math.abs(b.y - a.y) * 0.25)
  const x = a.position === Position.Left ? Math.min(a.x, b.x) - k : Math.max(a.x, b.x) + k
  return [`M${a.x},${a.y} C${x},${a.y} ${x},${b.y} ${b.x},${b.y}`, (x + a.x) / 2, (a.y + b.y) / 2]
}

/** The path of an edge from box `a` to box `b`; `flow`, the diagram's, when it is drawn in one (`flowOf`). */
export function edgeGeometry(a: Rect, b: Rect, tree: boolean, parent?: Rect, flow?: Flow): EdgeGeometry {
  const [s, t] = facing(a, b, tree, parent, flow)
  const [path, labelX, labelY] =
    s.position === t.position
      ? bracket(s, t)
      : getBezierPath({
          sourceX: s.x,
          sourceY: s.y,
          sourcePosition: s.position,
          targetX: t.x,
          targetY: t.y,
          targetPosition: t.position,
          curvature: 0.3,
        })
  return { path, labelX, labelY, from: { x: s.x, y: s.y }, to: { x: t.x, y: t.y } }
}
