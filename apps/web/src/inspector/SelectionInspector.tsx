import { jumpTo, setResolved } from '../canvas/commands.ts'
import { useWorkspace } from '../canvas/workspace.ts'
import { useUI } from '../store.ts'
import { Icon } from '../ui/Icon.tsx'

/** Several nodes selected: resolve or reopen them all, or jump to one. */
export function SelectionInspector({ ids }: { ids: string[] }) {
  const ws = useWorkspace()
  const g = ws.model.g
  const readOnly = useUI((s) => s.readOnly)
  return (
    <aside className="inspector" aria-label="Inspector" data-testid="inspector">
      <h2 className="insp-title">{ids.length} nodes selected</h2>
      <div className="insp-actions">
        <button
          className="btn"
          disabled={!!readOnly}
          title={readOnly ?? undefined}
          onClick={() => setResolved(ws, ids, true)}
        >
          <Icon name="check" /> Resolve all
        </button>
        <button
          className="btn"
          disabled={!!readOnly}
          title={readOnly ?? undefined}
          onClick={() => setResolved(ws, ids, false)}
        >
          Reopen all
        </button>
      </div>
      <ul className="sel-list">
        {ids.slice(0, 50).map((s) => (
          <li key={s}>
            <button className="link-btn" onClick={() => jumpTo(ws, s)}>
              {g.index.nodes.get(s)?.summary ?? s}
            </button>
          </li>
        ))}
      </ul>
    </aside>
  )
}
