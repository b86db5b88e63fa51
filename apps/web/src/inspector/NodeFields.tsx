import { holderOf, release, type NodeView, type UpdateItem } from '@plexus/model'
import { report, setResolved } from '../canvas/commands.ts'
import { useWorkspace } from '../canvas/workspace.ts'
import { describeActor } from '../identity.ts'
import { Icon } from '../ui/Icon.tsx'
import { ago } from '../ui/time.ts'
import { CommitInput, Field } from './Field.tsx'

// The top of the node inspector: its status with the resolve button, the summary, kind and resolved
// fields, and who holds a claim on it.

export type NodeUpdate = Omit<UpdateItem, 'id'>

const KINDS = ['concept', 'task', 'goal', 'question', 'evidence', 'action']
const STATUS_TEXT = {
  actionable: 'Ready to work on',
  blocked: 'Blocked by a dependency',
  waiting: 'Waiting on its children',
  resolved: 'Resolved',
  deleted: 'Deleted',
} as const

export function StatusLine({ id, n }: { id: string; n: NodeView }) {
  const ws = useWorkspace()
  const status = ws.model.g.index.statusOf(id)
  return (
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
  )
}

export function CoreFields({ id, n, update }: { id: string; n: NodeView; update: (u: NodeUpdate) => void }) {
  const ws = useWorkspace()
  return (
    <>
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
    </>
  )
}

export function ClaimBox({ n }: { n: NodeView }) {
  const ws = useWorkspace()
  const claim = holderOf(n, ws.session.g.env.now())
  if (!claim) return null
  return (
    <div className="claim-box" data-testid="insp-claim">
      <Icon name={describeActor(claim.by).person ? 'user' : 'bot'} size={13} />
      <span>
        Claimed by <strong>{describeActor(claim.by).name}</strong> {claim.at ? ago(claim.at) : ''}
      </span>
      <button
        className="btn small ghost"
        onClick={() => {
          // Anyone may clear a claim; it is recorded as their release (never cleared as properties).
          const r = release(ws.session.g, n.id, { force: true })
          if (!r.ok) report(r)
        }}
      >
        Clear
      </button>
    </div>
  )
}
