import { updateNodes, type Graph, type Json, type NodeView } from '@plexus/model'
import { useState } from 'react'
import { report } from '../canvas/commands.ts'
import { describeActor } from '../identity.ts'
import { Icon } from '../ui/Icon.tsx'
import { ago } from '../ui/time.ts'
import { CommitInput } from './Field.tsx'

function write(g: Graph, item: Parameters<typeof updateNodes>[1][number]): void {
  const r = updateNodes(g, [item])
  if (!r.ok) report(r)
}

/** A property value as typed: JSON when it parses (numbers, true, lists), else the text itself. */
function parseValue(text: string): Json {
  try {
    return JSON.parse(text) as Json
  } catch {
    return text
  }
}

const showValue = (v: Json): string => (typeof v === 'string' ? v : JSON.stringify(v))

export function Properties({ g, n }: { g: Graph; n: NodeView }) {
  const [key, setKey] = useState('')
  const [val, setVal] = useState('')
  // Claims (`_claimed_by`, `_claimed_at`, `_claimed_until`) are shown and cleared above, not as properties.
  const entries = Object.entries(n.properties).filter(([k]) => !k.startsWith('_claimed'))
  const add = () => {
    const k = key.trim()
    if (!k) return
    write(g, { id: n.id, properties: { [k]: parseValue(val) } })
    setKey('')
    setVal('')
  }
  return (
    <div className="kv" data-testid="properties">
      {entries.map(([k, v]) => (
        <div className="kv-row" key={k}>
          <span className="kv-key" title={k}>
            {k}
          </span>
          <CommitInput
            value={showValue(v)}
            onCommit={(t) => write(g, { id: n.id, properties: { [k]: parseValue(t) } })}
          />
          <button
            className="icon-btn"
            title={`Remove ${k}`}
            aria-label={`Remove property ${k}`}
            onClick={() => write(g, { id: n.id, properties: { [k]: null } })}
          >
            <Icon name="x" size={13} />
          </button>
        </div>
      ))}
      <div className="kv-row add">
        <input
          className="input"
          placeholder="key"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          aria-label="New property key"
        />
        <input
          className="input"
          placeholder="value"
          value={val}
          onChange={(e) => setVal(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && add()}
          aria-label="New property value"
        />
        <button className="icon-btn" title="Add property" aria-label="Add property" onClick={add}>
          <Icon name="plus" size={13} />
        </button>
      </div>
    </div>
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
