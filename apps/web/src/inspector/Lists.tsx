import { updateNodes, type Graph, type NodeView } from '@plexus/model'
import { useState } from 'react'
import { report } from '../canvas/commands.ts'
import { describeActor } from '../identity.ts'
import { Icon } from '../ui/Icon.tsx'
import { ago } from '../ui/time.ts'
import { KeyValues } from './KeyValues.tsx'

function write(g: Graph, item: Parameters<typeof updateNodes>[1][number]): void {
  const r = updateNodes(g, [item])
  if (!r.ok) report(r)
}

export function Properties({ g, n }: { g: Graph; n: NodeView }) {
  // Claims (`_claimed_by`, `_claimed_at`, `_claimed_until`) are shown and cleared above, not as properties.
  return (
    <KeyValues
      entries={Object.entries(n.properties).filter(([k]) => !k.startsWith('_claimed'))}
      set={(properties) => write(g, { id: n.id, properties })}
      testId="properties"
    />
  )
}

const SAFE = /^https?:\/\//i

export function Links({ g, n }: { g: Graph; n: NodeView }) {
  const [draft, setDraft] = useState('')
  const add = () => {
    const l = draft.trim()
    if (!l) return
    write(g, { id: n.id, add_links: [l] })
    setDraft('')
  }
  return (
    <div className="links">
      {n.links.map((l) => (
        <div className="link-row" key={l}>
          <Icon name="link" size={12} />
          {SAFE.test(l) ? (
            <a href={l} target="_blank" rel="noopener noreferrer nofollow" title={l}>
              {l}
            </a>
          ) : (
            <span className="mono" title={l}>
              {l}
            </span>
          )}
          <button
            className="icon-btn"
            aria-label={`Remove link ${l}`}
            onClick={() => write(g, { id: n.id, remove_links: [l] })}
          >
            <Icon name="x" size={12} />
          </button>
        </div>
      ))}
      <input
        className="input"
        placeholder="Add a file, commit or URL…"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && add()}
        aria-label="Add a context link"
      />
    </div>
  )
}

export function EvidenceList({ g, n }: { g: Graph; n: NodeView }) {
  const [type, setType] = useState('note')
  const [ref, setRef] = useState('')
  const add = () => {
    if (!ref.trim()) return
    write(g, { id: n.id, add_evidence: [{ type: type.trim() || 'note', ref: ref.trim() }] })
    setRef('')
  }
  return (
    <div className="evidence">
      {n.evidence.length === 0 && <p className="muted small">No evidence yet.</p>}
      {n.evidence.map((e, i) => {
        const who = describeActor(e.agent)
        return (
          <div className="evidence-row" key={i}>
            <span className="chip">{e.type}</span>
            <span className="evidence-ref">{e.ref}</span>
            <span className="muted small">
              {who.name} · {ago(e.timestamp)}
            </span>
          </div>
        )
      })}
      <div className="kv-row add">
        <input
          className="input narrow"
          value={type}
          onChange={(e) => setType(e.target.value)}
          aria-label="Evidence type"
        />
        <input
          className="input"
          placeholder="Output, finding, advice…"
          value={ref}
          onChange={(e) => setRef(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && add()}
          aria-label="Evidence"
        />
        <button className="icon-btn" aria-label="Add evidence" onClick={add}>
          <Icon name="plus" size={13} />
        </button>
      </div>
    </div>
  )
}
