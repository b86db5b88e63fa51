import {
  BaseEdge,
  EdgeLabelRenderer,
  Position,
  getBezierPath,
  useInternalNode,
  type EdgeProps,
  type InternalNode,
} from '@xyflow/react'
import { memo } from 'react'
import type { PEdge, PNode } from './flow-model.ts'

const LABELS: Record<string, string> = { depends_on: 'depends on', relates_to: '' }

interface Side {
  x: number
  y: number
  position: Position
}

/**
 * Where an edge between two nodes should leave and arrive: the facing sides, left/right when the nodes
 * are side by side, top/bottom when one is above the other. Tree edges always run between a left and a
 * right side, so a branch on the left of a mind map grows leftwards as naturally as one on the right.
 */
function facing(
  s: InternalNode<PNode>,
  t: InternalNode<PNode>,
  tree: boolean,
  parent: InternalNode<PNode> | undefined,
): [Side, Side] | null {
  const sw = s.measured.width ?? s.initialWidth
  const sh = s.measured.height ?? s.initialHeight
  const tw = t.measured.width ?? t.initialWidth
  const th = t.measured.height ?? t.initialHeight
  if (!sw || !sh || !tw || !th) return null
  const a = s.internals.positionAbsolute
  const b = t.internals.positionAbsolute
  const dx = b.x + tw / 2 - (a.x + sw / 2)
  const dy = b.y + th / 2 - (a.y + sh / 2)
  const horizontal = tree || Math.abs(dx) > (sw + tw) / 2 || Math.abs(dx) * 0.5 > Math.abs(dy)
  if (horizontal || Math.abs(dx) < 60) {
    // Side by side, or stacked in one column (siblings): stacked ones get a bracket on the right,
    // which never crosses the nodes between them.
    if (!horizontal) {
      // The bracket goes on the side away from the parent: outside the branch, clear of tree edges.
      const left = !!parent && parent !== s && parent.internals.positionAbsolute.x > a.x
      return left
        ? [
            { x: a.x, y: a.y + sh / 2, position: Position.Left },
            { x: b.x, y: b.y + th / 2, position: Position.Left },
          ]
        : [
            { x: a.x + sw, y: a.y + sh / 2, position: Position.Right },
            { x: b.x + tw, y: b.y + th / 2, position: Position.Right },
          ]
    }
    return dx > 0
      ? [
          { x: a.x + sw, y: a.y + sh / 2, position: Position.Right },
          { x: b.x, y: b.y + th / 2, position: Position.Left },
        ]
      : [
          { x: a.x, y: a.y + sh / 2, position: Position.Left },
          { x: b.x + tw, y: b.y + th / 2, position: Position.Right },
        ]
  }
  return dy > 0
    ? [
        { x: a.x + sw / 2, y: a.y + sh, position: Position.Bottom },
        { x: b.x + tw / 2, y: b.y, position: Position.Top },
      ]
    : [
        { x: a.x + sw / 2, y: a.y, position: Position.Top },
        { x: b.x + tw / 2, y: b.y + th, position: Position.Bottom },
      ]
}

/** A curve out of one side and into the same side of another node, bulging out by more the further apart they are. */
function bracket(a: Side, b: Side): [string, number, number] {
  const k = 36 + Math.min(120, Math.abs(b.y - a.y) * 0.25)
  const x = a.position === Position.Left ? Math.min(a.x, b.x) - k : Math.max(a.x, b.x) + k
  return [`M${a.x},${a.y} C${x},${a.y} ${x},${b.y} ${b.x},${b.y}`, (x + a.x) / 2, (a.y + b.y) / 2]
}

/**
 * Edges: the tree (parent -> child) as quiet solid lines between facing sides;
 * `depends_on` as dashed arrows pointing at what must be done first, `relates_to` dotted, any other
 * type solid with its name as a label. Non-tree edges float: they leave from the facing sides.
 */
function PlexusEdgeImpl({
  id,
  source,
  target,
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  data,
  selected,
}: EdgeProps<PEdge>) {
  const kind = data?.kind ?? 'relates_to'
  const s = useInternalNode<PNode>(source)
  const t = useInternalNode<PNode>(target)
  const p = useInternalNode<PNode>(data?.parent ?? source)
  const sides = s && t ? facing(s, t, kind === 'tree', p) : null
  const [path, lx, ly] =
    sides && sides[0].position === sides[1].position
      ? bracket(sides[0], sides[1])
      : getBezierPath(
          sides
            ? {
                sourceX: sides[0].x,
                sourceY: sides[0].y,
                sourcePosition: sides[0].position,
                targetX: sides[1].x,
                targetY: sides[1].y,
                targetPosition: sides[1].position,
                curvature: 0.3,
              }
            : { sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, curvature: 0.3 },
        )
  const cls =
    kind === 'tree'
      ? 'pedge-tree'
      : kind === 'depends_on'
        ? 'pedge-dep'
        : kind === 'relates_to'
          ? 'pedge-rel'
          : 'pedge-other'
  const label = data?.label || (kind in LABELS ? LABELS[kind] : kind.replace(/_/g, ' '))
  const marker = kind === 'tree' ? undefined : kind === 'depends_on' ? 'url(#pmark-dep)' : 'url(#pmark)'
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        className={`pedge ${cls}${selected ? ' is-selected' : ''}`}
        markerEnd={marker}
        interactionWidth={kind === 'tree' ? 0 : 14}
      />
      {label && kind !== 'tree' && (selected || kind !== 'depends_on') ? (
        <EdgeLabelRenderer>
          <div
            className="pedge-label nodrag nopan"
            style={{ transform: `translate(-50%, -50%) translate(${lx}px, ${ly}px)` }}
          >
            {label}
          </div>
        </EdgeLabelRenderer>
      ) : null}
    </>
  )
}

export const PlexusEdge = memo(PlexusEdgeImpl)

/** Arrow heads, defined once for every edge. */
export function EdgeMarkers() {
  return (
    <svg className="pmarkers" width="0" height="0" aria-hidden>
      <defs>
        <marker
          id="pmark-dep"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M0 0L10 5L0 10z" className="pmark-dep" />
        </marker>
        <marker
          id="pmark"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="6"
          markerHeight="6"
          orient="auto-start-reverse"
        >
          <path d="M0 0L10 5L0 10z" className="pmark" />
        </marker>
      </defs>
    </svg>
  )
}
