import { DEPENDS_ON, RELATES_TO, relationWords } from '@plexus/model'
import { getBezierPath, Position, useReactFlow, type ConnectionLineComponentProps } from '@xyflow/react'
import { useLayoutEffect, useRef, useState } from 'react'
import { useUI } from '../store.ts'
import { labelSpot, type LabelSize } from './connect-label.ts'
import type { PNode } from './flow-model.ts'

/** The sentence's halo (canvas.css `.pconnect-label` stroke-width), for the estimate before it is drawn. */
const HALO = 5

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
  const verb = relationWords(type)
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
  // Clear of every node's box, near the middle of the line (connect-label.ts), with the sentence's box
  // as drawn: its glyphs and the halo round them (the stroke in the background colour that keeps it
  // readable over lines, which covers what it overlaps as the text does). A sentence not yet drawn is
  // estimated from its length; once drawn it is measured (below) and placed again before the frame is
  // painted. The estimate alone, without the halo, put the halo 2 px over a node (connect.spec).
  const textEl = useRef<SVGTextElement>(null)
  const [drawn, setDrawn] = useState<{ text: string; bold: boolean; size: LabelSize } | null>(null)
  const bold = !!over
  const size: LabelSize =
    drawn && drawn.text === text && drawn.bold === bold
      ? drawn.size
      : { width: text.length * 7.4 + 12 + 2 * HALO, height: 18 + 2 * HALO, rise: 18 * 0.8 + HALO }
  useLayoutEffect(() => {
    const t = textEl.current
    if (!t) return
    const b = t.getBBox()
    // The browser counts a stroke's whole width round the glyphs (round joins reach that far).
    const halo = parseFloat(getComputedStyle(t).strokeWidth) || 0
    const measured = {
      width: b.width + 2 * halo,
      height: b.height + 2 * halo,
      rise: Number(t.getAttribute('y')) - b.y + halo,
    }
    const same =
      drawn?.text === text &&
      drawn.bold === bold &&
      Math.abs(drawn.size.width - measured.width) < 0.5 &&
      Math.abs(drawn.size.height - measured.height) < 0.5 &&
      Math.abs((drawn.size.rise ?? 0) - measured.rise) < 0.5
    if (!same) setDrawn({ text, bold, size: measured })
  })
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
        ref={textEl}
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
