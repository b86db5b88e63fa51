import { ViewportPortal } from '@xyflow/react'
import { useSyncExternalStore, type CSSProperties } from 'react'
import type { DropPlan } from './tree-drop.ts'
import { useWorkspace } from './workspace.ts'

/**
 * Where a branch dragged in the tree would go if dropped now (tree-drop.ts): a line between the two
 * siblings it would go between, the node it would become the last child of, or, over a node inside the
 * branch itself, that node struck out (a drop there is refused: the branch goes back). Drawn in canvas
 * coordinates over the nodes; it re-renders only when the place changes, not on every pointer move.
 */
export function DropPreview() {
  const { model } = useWorkspace()
  const plan = useSyncExternalStore(model.subscribeDrop, () => model.dropPlan())
  if (!plan || plan.type === 'none') return null
  return (
    <ViewportPortal>
      <div
        className={`drop-preview is-${plan.type === 'refused' ? 'refused' : plan.marker.kind}`}
        data-testid="drop-preview"
        data-kind={plan.type === 'refused' ? 'refused' : plan.marker.kind}
        style={style(plan)}
        aria-hidden
      >
        {plan.type === 'refused' && <span>Not inside itself</span>}
      </div>
    </ViewportPortal>
  )
}

function style(plan: Exclude<DropPlan, { type: 'none' }>): CSSProperties {
  const m = plan.marker
  if (m.kind === 'line') return { transform: `translate(${m.x1}px, ${m.y - 2}px)`, width: m.x2 - m.x1 }
  const pad = 5
  return {
    transform: `translate(${m.rect.x - pad}px, ${m.rect.y - pad}px)`,
    width: m.rect.width + 2 * pad,
    height: m.rect.height + 2 * pad,
  }
}
