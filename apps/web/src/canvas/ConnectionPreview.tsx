import { DEPENDS_ON, RELATES_TO } from '@plexus/model'
import { getBezierPath, Position, useReactFlow, type ConnectionLineComponentProps } from '@xyflow/react'
import { useUI } from '../store.ts'
import { labelSpot } from './connect-label.ts'
import type { PNode } from './flow-model.ts'

const VERB: Record<string, string> = { depends_on: 'depends on', relates_to: 'relates to' }

/** The node drawn under a screen point (not `except`), for drops on a node's body rather than its handle. */
export function nodeAt(clientX: number, clientY: number, except?: string): string | null {
  for (const el of document.elementsFromPoint(clientX, clientY)) {
    const n = (el as HTMLElement).closest?.<HTMLElement>('.react-flow__node')
    const id = n?.dataset.id
    if (id && id !== except) return id
  }
  return null
}

/** "API depends on Database": what releasing the connection here will create, read as a sentence. */
export function sentence(from: string, type: string, to: string | null): string {
  const verb = VERB[type] ?? type.replace(/_/g, ' ')
  return to === null
    ? `${from} ${verb} … (drop on a node; on empty canvas: a new child)`
    : `${from} ${verb} ${to}`
}

/**
 * The line drawn while connecting: in the style of the edge it will become, ending on the side of the
 * node under the pointer (anywhere on its body counts), labelled with the sentence it will make.
 */
export function ConnectionPreview({
  fromNode,
  fromHandle,
  fromX,
  fromY,
  toX,
  toY,
  toNode,
}: ConnectionLineComponentProps<PNode>) {
  const rf = useReactFlow<PNode>()
  const type = useUI((s) => s.linkType)
  const screen = rf.flowToScreenPosition({ x: toX, y: toY })
  const overId = toNode && toNode.id !== fromNode.id ? toNode.id : nodeAt(screen.x, screen.y, fromNode.id)
  const over = overId ? rf.getInternalNode(overId) : undefined
  let tx = toX
  let ty = toY
  let tpos = Position.Left
  if (over) {
    const w = over.measured.width ?? 0
    const h = over.measured.height ?? 0
    const left = over.internals.positionAbsolute.x + w / 2 >= fromX
    tx = over.internals.positionAbsolute.x + (left ? 0 : w)
    ty = over.internals.positionAbsolute.y + h / 2
    tpos = left ? Position.Left : Position.Right
  }
  const [path] = getBezierPath({
    sourceX: fromX,
    sourceY: fromY,
    sourcePosition: Position.Right,
    targetX: tx,
    targetY: ty,
    targetPosition: tpos,
    curvature: 0.3,
  })
  // Dragged out of a node's left (target) handle, the node dropped on is the one that points at it.
  const back = fromHandle.type === 'target'
  const mine = fromNode.data.view.summary
  const theirs = over ? over.data.view.summary : null
  const text = back && theirs !== null ? sentence(theirs, type, mine) : sentence(mine, type, theirs)
  // Clear of every node's box, near the middle of the line (connect-label.ts). The width is estimated
  // from the length: the text is not laid out yet when this renders.
  const size = { width: text.length * 7.4 + 12, height: 18 }
  const boxes = rf.getNodes().flatMap((n) =>
    n.hidden
      ? []
      : [
          {
            x: n.position.x,
            y: n.position.y,
            width: n.measured?.width ?? 150,
            height: n.measured?.height ?? 40,
          },
        ],
  )
  const spot = labelSpot({ x: (fromX + tx) / 2, y: (fromY + ty) / 2 }, size, boxes)
  const cls = type === DEPENDS_ON ? 'pedge-dep' : type === RELATES_TO ? 'pedge-rel' : 'pedge-other'
  return (
    <g className="pconnect">
      <path
        d={path}
        className={`pedge ${cls}`}
        markerStart={back ? 'url(#pmark-dep)' : undefined}
        markerEnd={back ? undefined : type === DEPENDS_ON ? 'url(#pmark-dep)' : 'url(#pmark)'}
      />
      <text
        x={spot.x}
        y={spot.y}
        textAnchor="middle"
        className={`pconnect-label${over ? ' is-target' : ''}`}
        data-testid={over ? 'connection-preview' : 'connection-hint'}
      >
        {text}
      </text>
    </g>
  )
}
