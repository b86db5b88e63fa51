import { CLAIMED_AT, CLAIMED_BY, CLAIMED_UNTIL, holderOf, updateNodes } from '@plexus/model'
import { jumpTo, report, setResolved } from '../canvas/commands.ts'
import { useWorkspace } from '../canvas/workspace.ts'
import { useGraphVersion, useNodeView } from '../graph/hooks.ts'
import { describeActor } from '../identity.ts'
import { useUI } from '../store.ts'
import { Icon } from '../ui/Icon.tsx'
import { ago, stamp } from '../ui/time.ts'
import { CommitInput, Field } from './Field.tsx'
import { HistoryList } from './HistoryList.tsx'
import { EvidenceList, Links, Properties } from './Lists.tsx'
import { Notes } from './Notes.tsx'
import { AddRelation } from './AddRelation.tsx'
import { Relations } from './Relations.tsx'

const KINDS = ['concept', 'task', 'goal', 'question', 'evidence', 'action']
const STATUS_TEXT = {
  actionable: 'Ready to work on',
  blocked: 'Blocked by a dependency',
  waiting: 'Waiting on its children',
  resolved: 'Resolved',
  deleted: 'Deleted',
} as const

/** Escape in the inspector returns the keyboard to the canvas, after the field has handled it. */
function backToCanvas(e: React.KeyboardEvent): void {
  if (e.key !== 'Escape') return
  setTimeout(() => document.querySelector<HTMLElement>('.canvas-wrap')?.focus({ preventScroll: true }), 0)
}

/** Every field of the selected node, editable, with its relations and history. */
export function Inspector() {
  const ws = useWorkspace()
  const g = ws.session.g
  const selection = useUI((s) => s.selection)
  const id = selection.length === 1 ? selection[0]! : null
  const n = useNodeView(g, id)
  const version = useGraphVersion(g)

  if (selection.length > 1) {
    return (
      <aside className="inspector" aria-label="Inspector" data-testid="inspector">
        <h2 className="insp-title">{selection.length} nodes selected</h2>
        <div className="insp-actions">
          <button className="btn" onClick={() => setResolved(ws, selection, true)}>
            <Icon name="check" /> Resolve all
          </button>
          <button className="btn" onClick={() => setResolved(ws, selection, false)}>
            Reopen all
          </button>
        </div>
        <ul className="sel-list">
          {selection.slice(0, 50).map((s) => (
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
  const status = g.index.statusOf(id)
  const claim = holderOf(n, g.env.now())
  const update = (item: Omit<Parameters<typeof updateNodes>[1][number], 'id'>) => {
    ws.session.undo.stopCapturing()
    const r = updateNodes(g, [{ id, ...item }])
    ws.session.undo.stopCapturing()
    if (!r.ok) report(r)
  }
  return (
    <aside
      className="inspector"
      aria-label="Inspector"
      data-testid="inspector"
      key={id}
      onKeyDown={backToCanvas}
    >
      <div className={`insp-status st-${status}`}>
        <span className="dot" />
        {STATUS_TEXT[status]}
        <button
          className={`btn small ${n.resolved ? '' : 'primary'}`}
          onClick={() => setResolved(ws, [id])}
          data-testid="resolve-toggle"
        >
          <Icon name={n.resolved ? 'undo' : 'check'} size={13} /> {n.resolved ? 'Reopen' : 'Resolve'}
        </button>
      </div>
      <Field label="Summary" htmlFor="insp-summary">
        <CommitInput
          id="insp-summary"
          value={n.summary}
          onCommit={(v) => v.trim() && update({ summary: v.replace(/\s+/g, ' ').trim() })}
          testId="insp-summary"
        />
      </Field>
      <div className="field-row">
        <Field label="Kind" htmlFor="insp-kind">
          <CommitInput
            id="insp-kind"
            value={n.kind}
            list="plexus-kinds"
            onCommit={(v) => v.trim() && update({ kind: v.trim() })}
          />
          <datalist id="plexus-kinds">
            {KINDS.map((k) => (
              <option key={k} value={k} />
            ))}
          </datalist>
        </Field>
        <Field label="Resolved">
          <label className="switch">
            <input
              type="checkbox"
              checked={n.resolved}
              onChange={(e) => setResolved(ws, [id], e.target.checked)}
            />
            <span>{n.resolved ? 'Yes' : 'No'}</span>
          </label>
        </Field>
      </div>
      {claim && (
        <div className="claim-box" data-testid="insp-claim">
          <Icon name={describeActor(claim.by).person ? 'user' : 'bot'} size={13} />
          <span>
            Claimed by <strong>{describeActor(claim.by).name}</strong> {claim.at ? ago(claim.at) : ''}
          </span>
          <button
            className="btn small ghost"
            onClick={() =>
              update({ properties: { [CLAIMED_BY]: null, [CLAIMED_AT]: null, [CLAIMED_UNTIL]: null } })
            }
          >
            Clear
          </button>
        </div>
      )}
      <Notes key={id} notes={n.notes} onSave={(v) => update({ notes: v })} />
      <section className="insp-section">
        <h3>Edges</h3>
        <Relations g={g} id={id} version={version} />
        <AddRelation g={g} id={id} />
      </section>
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
      <section className="insp-section">
        <h3>History</h3>
        <HistoryList g={g} id={id} version={version} />
      </section>
      <p className="muted small insp-foot">
        Created by {describeActor(n.created_by).name}{' '}
        <time title={stamp(n.created_at)}>{ago(n.created_at)}</time> · rev {n.rev} ·{' '}
        <span className="mono">{n.id}</span>
      </p>
    </aside>
  )
}
