import { readMeta, restoreAsOf, updateNodes, type NodeView } from '@plexus/model'
import { report } from '../canvas/commands.ts'
import { useWorkspace } from '../canvas/workspace.ts'
import { useGraphVersion } from '../graph/hooks.ts'
import { useUI } from '../store.ts'
import { focusCanvas } from '../ui/focus.ts'
import { describeActor } from '../identity.ts'
import { ago, stamp } from '../ui/time.ts'
import { AddRelation } from './AddRelation.tsx'
import { Field } from './Field.tsx'
import { restoreOnCanvas } from '../timeline/restore.ts'
import { HistoryList } from './HistoryList.tsx'
import { EvidenceList, Links, Properties } from './Lists.tsx'
import { ClaimBox, CoreFields, StatusLine, type NodeUpdate } from './NodeFields.tsx'
import { Notes } from './Notes.tsx'
import { Relations } from './Relations.tsx'
import { StyleFields } from './StyleFields.tsx'

/** Escape in the inspector returns the keyboard to the canvas, after the field has handled it (it bubbles here). */
function backToCanvas(e: React.KeyboardEvent): void {
  if (e.key === 'Escape') focusCanvas()
}

/** Every field of one node, editable, with its relations and history. */
export function NodeInspector({ id, n }: { id: string; n: NodeView }) {
  const ws = useWorkspace()
  // The graph on the canvas: the live one, or the past the timeline shows (every field locked then).
  const g = ws.model.g
  const version = useGraphVersion(g)
  // Read-only here: every field shows its value and edits nothing (a disabled fieldset), and says why.
  const readOnly = useUI((s) => s.readOnly)
  const locked = readOnly !== null
  // The goal the graph was made with (an agent's graph_open {goal}): the graph's, not the root's notes,
  // so two makers' goals never run together; shown on the root, read-only.
  const meta = readMeta(g.doc)
  const goal = meta.root === id && meta.goal.trim() ? meta.goal : null
  const update = (item: NodeUpdate) => {
    ws.session.undo.stopCapturing()
    const r = updateNodes(g, [{ id, ...item }])
    ws.session.undo.stopCapturing()
    if (r.ok) ws.model.own.changed([id])
    else report(r)
  }
  // The branch as it was right after a change: one new change (one undo step), the past untouched.
  const restore = (at: number) => {
    restoreOnCanvas(ws, at, () => restoreAsOf(g, { node: id, at, branch: true }))
  }
  return (
    <aside className="inspector" aria-label="Inspector" data-testid="inspector" onKeyDown={backToCanvas}>
      {readOnly && (
        <p className="insp-readonly" data-testid="insp-readonly">
          {readOnly}.
        </p>
      )}
      <fieldset className="insp-fields" disabled={locked}>
        <StatusLine id={id} n={n} />
        <CoreFields id={id} n={n} update={update} />
        <StyleFields n={n} update={update} />
        <ClaimBox n={n} />
        {goal && (
          <Field label="Goal">
            <p className="insp-goal" data-testid="insp-goal">
              {goal}
            </p>
          </Field>
        )}
        <Notes key={id} notes={n.notes} onSave={(v) => update({ notes: v })} />
      </fieldset>
      <section className="insp-section">
        <h3>Edges</h3>
        <Relations g={g} id={id} version={version} readOnly={locked} />
        <fieldset className="insp-fields" disabled={locked}>
          <AddRelation g={g} id={id} />
        </fieldset>
      </section>
      <fieldset className="insp-fields" disabled={locked}>
        <section className="insp-section">
          <h3>Properties</h3>
          <Properties g={g} n={n} />
        </section>
        <section className="insp-section">
          <h3>Context links</h3>
          <Links g={g} n={n} />
        </section>
        <section className="insp-section">
          <h3>Evidence</h3>
          <EvidenceList g={g} n={n} />
        </section>
      </fieldset>
      <section className="insp-section">
        <h3>History</h3>
        <HistoryList g={g} id={id} version={version} onRestore={locked ? undefined : restore} />
      </section>
      <p className="muted small insp-foot">
        Created by {describeActor(n.created_by).name}{' '}
        <time title={stamp(n.created_at)}>{ago(n.created_at)}</time> · rev {n.rev} ·{' '}
        <span className="mono">{n.id}</span>
      </p>
    </aside>
  )
}
