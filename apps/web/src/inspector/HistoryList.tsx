import { nodeHistory, SEED_ACTIONS, type Graph, type HistoryEvent, type Json } from '@plexus/model'
import { useMemo } from 'react'
import { describeActor } from '../identity.ts'
import { Icon } from '../ui/Icon.tsx'
import { ago, stamp } from '../ui/time.ts'

/** A history value as text; a node id (a parent, an edge's other end) reads as that node's summary. */
function show(g: Graph, v: Json): string {
  if (v === null) return '∅'
  if (typeof v !== 'string') return JSON.stringify(v)
  const n = g.index.nodes.get(v)
  return n ? `“${n.summary}”` : v
}

/**
 * Who changed what on this node, newest first, people and agents told apart. With `onRestore` (not
 * read-only), each change offers to put the node and its branch back as they were right after it.
 */
export function HistoryList({
  g,
  id,
  version,
  onRestore,
}: {
  g: Graph
  id: string
  version: number
  onRestore?: (at: number) => void
}) {
  const events = useMemo(() => {
    void version
    const r = nodeHistory(g, id, { limit: 50 })
    return r.ok ? r.events : []
  }, [g, id, version])
  if (!events.length) return <p className="muted small">No recorded changes.</p>
  return (
    <ol className="history" data-testid="history">
      {events.map((e: HistoryEvent, i: number) => {
        const who = describeActor(e.actor)
        return (
          <li key={e.id}>
            <div className="history-head">
              <span
                className={`who ${who.person ? 'person' : 'agent'}`}
                title={who.person ? 'person' : 'agent or tool'}
              >
                <Icon name={who.person ? 'user' : 'bot'} size={12} />
                {who.name}
              </span>
              <span className="action">{SEED_ACTIONS[e.action] ?? e.action}</span>
              <time className="muted" title={stamp(e.ts)}>
                {ago(e.ts)}
              </time>
              {onRestore && i > 0 && (
                <button
                  type="button"
                  className="history-restore"
                  data-testid="history-restore"
                  title={`Put this node and its branch back as they were right after this change (${stamp(e.ts)}), as a new change: Ctrl+Z undoes it`}
                  onClick={() => onRestore(e.ts)}
                >
                  Restore
                </button>
              )}
            </div>
            {e.changes.length > 0 && (
              <ul className="changes">
                {e.changes.slice(0, 6).map((c, i) => (
                  <li key={i}>
                    <span className="field-name">{c.field}</span>{' '}
                    <span className="before">{show(g, c.before)}</span>
                    <Icon name="arrow" size={11} /> <span className="after">{show(g, c.after)}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        )
      })}
    </ol>
  )
}
