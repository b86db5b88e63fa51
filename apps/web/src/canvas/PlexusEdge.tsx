import { DEPENDS_ON, RELATES_TO, relationWords } from '@plexus/model'
import {
  BaseEdge,
  EdgeLabelRenderer,
  getBezierPath,
  useInternalNode,
  type EdgeProps,
  type InternalNode,
} from '@xyflow/react'
import { memo } from 'react'
import { edgeGeometry, flowOf } from './edge-geometry.ts'
import type { PEdge, PNode } from './flow-model.ts'
import type { Rect } from './geometry.ts'
import { undrawn } from './flow-window.ts'
import { useWorkspace } from './workspace.ts'

/** The words drawn on an edge: its own label, else its type's words; a plain relation says nothing. */
export function edgeLabel(kind: string, given: string | undefined): string {
  return given || (kind === RELATES_TO ? '' : relationWords(kind))
}

/** A node's box as the canvas has it, or null before it has a size. */
function box(n: InternalNode<PNode> | undefined): Rect | null {
  if (!n) return null
  const width = n.measured.width ?? n.initialWidth
  const height = n.measured.height ?? n.initialHeight
  if (!width || !height) return null
  return { ...n.internals.positionAbsolute, width, height }
}

/**
 * Edges: the tree (parent -> child) as quiet solid lines between facing sides;
 * `depends_on` as dashed arrows pointing at what must be done first, `relates_to` dotted, any other
 * type solid with its name as a label. Non-tree edges float: they leave from the facing sides. A line
 * drawn to a folded branch in place of the edges inside it shows what it stands for, with their count.
 * In a diagram (an imported file's frame, a subgraph) an edge runs along the diagram's direction; a group
 * shows what it holds by its box, so no tree line is drawn from it.
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
  const kind = data?.kind ?? RELATES_TO
  const ws = useWorkspace()
  const s = useInternalNode<PNode>(source)
  const t = useInternalNode<PNode>(target)
  const p = useInternalNode<PNode>(data?.parent ?? source)
  const a = box(s)
  const b = box(t)
  const groupTree = !!s && undrawn({ data } as PEdge, s)
  const [path, lx, ly] = (() => {
    if (a && b) {
      const flow = kind === 'tree' ? undefined : flowOf(ws.model.index, source)
      const g = edgeGeometry(a, b, kind === 'tree', p && p !== s ? (box(p) ?? undefined) : undefined, flow)
      return [g.path, g.labelX, g.labelY] as const
    }
    return getBezierPath({
      sourceX,
      sourceY,
      targetX,
      targetY,
      sourcePosition,
      targetPosition,
      curvature: 0.3,
    })
  })()
  const cls =
    kind === 'tree'
      ? 'pedge-tree'
      : kind === DEPENDS_ON
        ? 'pedge-dep'
        : kind === RELATES_TO
          ? 'pedge-rel'
          : 'pedge-other'
  const label = edgeLabel(kind, data?.label)
  // A line standing for edges into a folded branch always says what it stands for (folded-edges.ts).
  const stands = data?.stands
  const marker = kind === 'tree' ? undefined : kind === DEPENDS_ON ? 'url(#pmark-dep)' : 'url(#pmark)'
  if (groupTree) return null
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        className={`pedge ${cls}${selected ? ' is-selected' : ''}`}
        markerEnd={marker}
        interactionWidth={kind === 'tree' ? 0 : 14}
      />
      {stands ? (
        <EdgeLabelRenderer>
          <div
            className="pedge-label pedge-folded nodrag nopan"
            data-testid="folded-edge"
            title={label}
            style={{ transform: `translate(-50%, -50%) translate(${lx}px, ${ly}px)` }}
          >
            {stands.length > 1 ? (
              <span className="pedge-count" data-testid="folded-edge-count">
                {stands.length}
              </span>
            ) : null}
            {label}
          </div>
        </EdgeLabelRenderer>
      ) : label && kind !== 'tree' && (selected || kind !== DEPENDS_ON) ? (
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
