import { getBezierPath, Position } from '@xyflow/react'
import type { Rect, XY } from './geometry.ts'

// Where an edge between two node boxes runs. One pure function for the canvas (PlexusEdge) and for the
// SVG/PNG export, so a picture's edges leave and arrive exactly where the canvas draws them.

export interface Side extends XY {
  position: Position
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
 * The facing sides: left/right when the nodes are side by side, top/bottom when one is above the other.
 * Tree edges always run between a left and a right side, so a branch on the left of a mind map grows
 * leftwards as naturally as one on the right. `parent` is the source's own tree parent, when it has one.
 */
export function facing(a: Rect, b: Rect, tree: boolean, parent?: Rect): [Side, Side] {
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

/** The path of an edge from box `a` to box `b`. */
export function edgeGeometry(a: Rect, b: Rect, tree: boolean, parent?: Rect): EdgeGeometry {
  const [s, t] = facing(a, b, tree, parent)
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
