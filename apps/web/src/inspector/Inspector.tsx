import { useUI } from '../store.ts'
import { useWorkspace } from '../canvas/workspace.ts'
import { useNodeView } from '../graph/hooks.ts'
import { NodeInspector } from './NodeInspector.tsx'
import { SelectionInspector } from './SelectionInspector.tsx'

/** The side panel: every field of the selected node, or what a multiple selection allows, or a hint. */
export function Inspector() {
  const ws = useWorkspace()
  // The graph on the canvas: the live one, or the past the timeline shows (read-only then).
  const g = ws.model.g
  const selection = useUI((s) => s.selection)
  const id = selection.length === 1 ? selection[0]! : null
  const n = useNodeView(g, id)

  if (selection.length > 1) return <SelectionInspector ids={selection} />
  if (!id || !n || !g.index.live(id)) {
    return (
      <aside className="inspector empty" aria-label="Inspector" data-testid="inspector">
        <p className="muted">Select a node to see and edit everything about it.</p>
        <p className="muted small">
          Press <kbd>?</kbd> for the keyboard map.
        </p>
      </aside>
    )
  }
  return <NodeInspector key={id} id={id} n={n} />
}
