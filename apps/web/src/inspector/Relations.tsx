import { DEPENDS_ON, disconnect, type EdgeView, type Graph, relationWords } from '@plexus/model'
import { jumpTo, report } from '../canvas/commands.ts'
import { useWorkspace } from '../canvas/workspace.ts'
import { Icon } from '../ui/Icon.tsx'
import { EdgeProperties } from './EdgeProperties.tsx'

/** What this node depends on and what depends on it, each a jump on the canvas away. */
export function Relations({
  g,
  id,
  version,
  readOnly,
}: {
  g: Graph
  id: string
  version: number
  /** The graph cannot be changed here: the jumps stay, the remove buttons go. */
  readOnly?: boolean
}) {
  const ws = useWorkspace()
  void version
  const ix = g.index
  const out = ix.edgesOf(id, 'out')
  const inc = ix.edgesOf(id, 'in')
  const row = (other: string, label: string, e: EdgeView) => {
    const edgeId = e.id
    const n = ix.nodes.get(other)
    const st = ix.statusOf(other)
    return (
      <li key={`${edgeId}`} className="rel-item">
        <div className="rel-row">
          <span className="rel-type">{label}</span>
          <button
            className={`rel-node st-${st}`}
            onClick={() => jumpTo(ws, other)}
            title="Show on the canvas"
          >
            <span className="dot" />
            {n?.summary ?? other}
          </button>
          <button
            className="icon-btn"
            disabled={readOnly}
            aria-label="Remove this edge"
            onClick={() => {
              const r = disconnect(g, [{ id: edgeId }])
              if (!r.ok) report(r)
            }}
          >
            <Icon name="x" size={12} />
          </button>
        </div>
        <EdgeProperties g={g} e={e} readOnly={readOnly} />
      </li>
    )
  }
  if (!out.length && !inc.length)
    return (
      <p className="muted small">
        No edges yet: drag between two nodes' handles on the canvas, or connect one below.
      </p>
    )
  return (
    <ul className="relations">
      {out.map((e) => row(e.other, relationWords(e.type), e))}
      {inc.map((e) => row(e.other, e.type === DEPENDS_ON ? 'needed by' : `← ${relationWords(e.type)}`, e))}
    </ul>
  )
}
