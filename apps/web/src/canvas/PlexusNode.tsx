import { COMMON_KINDS, holderOf, shownKind } from '@plexus/model'
import { Handle, Position, type NodeProps } from '@xyflow/react'
import { memo, type CSSProperties } from 'react'
import { describeActor } from '../identity.ts'
import { usePresence } from '../presence/presence.ts'
import { useUI } from '../store.ts'
import { Icon } from '../ui/Icon.tsx'
import type { PNode } from './flow-model.ts'
import { nodeLook } from './node-style.ts'
import { pointsIn } from './shapes.ts'
import { SummaryEditor } from './SummaryEditor.tsx'

const KNOWN_KINDS = new Set(COMMON_KINDS)
const STATUS_LABEL = {
  actionable: 'Ready',
  blocked: 'Blocked',
  waiting: 'Waiting',
  resolved: 'Done',
  deleted: 'Deleted',
} as const

/**
 * One node on the canvas. It receives its own view through React Flow (a new object only when this node
 * changed) and subscribes to nothing global but its own editing state, highlight and presence, so a
 * change elsewhere in the graph never renders it. Text is only ever rendered as text.
 */
function PlexusNodeImpl({ id, data, selected, isConnectable }: NodeProps<PNode>) {
  const editing = useUI((s) => (s.editing?.id === id ? s.editing : null))
  const flash = useUI((s) => s.flash[id] !== undefined)
  const presence = usePresence((s) => s.byNode.get(id))
  const { view, status, isRoot } = data
  // The model's rule: the claimer's lease, and nobody holds resolved work.
  const claim = holderOf(view, Date.now())
  const claimer = claim ? describeActor(claim.by) : null
  const ring = presence?.selectedBy[0]
  const look = nodeLook(view)
  const style: CSSProperties = {
    ...look.style,
    // A subgraph's frame is as large as its members' box (frames.ts), whatever size it was stored with.
    ...(data.frame
      ? { width: data.frame.width, height: data.frame.height, minHeight: 0, maxWidth: 'none' }
      : {}),
    // Where the tree puts it, it is drawn at the box it was laid out at (layout/derived.ts): the same
    // box in every tab, whatever its fonts.
    ...(data.box ? { width: data.box.width, minWidth: 0, maxWidth: 'none', minHeight: data.box.height } : {}),
    ...(ring ? ({ '--peer': ring.color } as CSSProperties) : {}),
  }
  const cls = [
    'pnode',
    `st-${status}`,
    KNOWN_KINDS.has(view.kind) ? `k-${view.kind}` : 'k-custom',
    isRoot ? 'is-root' : '',
    selected ? 'is-selected' : '',
    flash ? 'is-flash' : '',
    ring ? 'is-peer-selected' : '',
    claim ? 'is-claimed' : '',
    look.className,
    data.frame ? 'is-frame' : '',
  ].join(' ')
  return (
    <div
      className={cls}
      style={style}
      data-testid="node"
      data-id={id}
      data-status={status}
      data-kind={view.kind}
      {...(look.color ? { 'data-color': look.color } : {})}
      {...(data.frame ? { 'data-frame': '' } : {})}
      {...(view.tier ? { 'data-tier': view.tier } : {})}
      title={`${STATUS_LABEL[status]} · ${view.kind}`}
    >
      <Handle type="target" position={Position.Left} className="phandle" isConnectable={isConnectable} />
      {look.outline && (
        // A shape a box cannot draw: its outline in a 100x100 box stretched over the node (shapes.ts).
        <svg
          className="pnode-outline"
          data-testid="node-outline"
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          aria-hidden
        >
          <polygon points={pointsIn(look.outline, 0, 0, 100, 100)} vectorEffect="non-scaling-stroke" />
        </svg>
      )}
      {ring && (
        <div className="pnode-peer" style={{ background: ring.color }}>
          {presence!.selectedBy.map((p) => p.name).join(', ')}
        </div>
      )}
      {presence?.agents.length ? (
        <div className="pnode-agents" data-testid="agent-badge">
          {presence.agents.map((a) => (
            <span key={a.clientId} className="agent-chip" style={{ '--c': a.color } as CSSProperties}>
              <Icon name="bot" size={11} />
              {a.name}
            </span>
          ))}
        </div>
      ) : null}
      <div className="pnode-body">
        <span className="pnode-status" aria-label={STATUS_LABEL[status]}>
          <Icon
            name={
              status === 'resolved'
                ? 'check'
                : status === 'blocked'
                  ? 'lock'
                  : status === 'waiting'
                    ? 'clock'
                    : 'dot'
            }
            size={12}
          />
        </span>
        {editing ? (
          <SummaryEditor id={id} summary={view.summary} initial={editing.initial} />
        ) : (
          <div className="pnode-summary" data-testid="node-summary">
            {view.summary}
          </div>
        )}
      </div>
      {(shownKind(view.kind) || claimer || view.notes) && (
        <div className="pnode-meta">
          {shownKind(view.kind) && <span className="pnode-kind">{view.kind}</span>}
          {view.notes && (
            <span className="pnode-notes" data-testid="notes-marker" title="Has notes (see the inspector)">
              <Icon name="file" size={11} /> notes
            </span>
          )}
          {claimer && (
            <span className="pnode-claim" data-testid="claim" title={`Claimed by ${claim!.by}`}>
              <Icon name={claimer.person ? 'user' : 'bot'} size={11} />
              {claimer.name}
            </span>
          )}
        </div>
      )}
      {data.folded > 0 && (
        <span
          className={`pnode-folded${data.foldedLeft ? ' on-left' : ''}`}
          data-testid="folded"
          title="Folded branch: select it and press Space to open"
        >
          +{data.folded}
        </span>
      )}
      <Handle type="source" position={Position.Right} className="phandle" isConnectable={isConnectable} />
    </div>
  )
}

export const PlexusNode = memo(PlexusNodeImpl)
