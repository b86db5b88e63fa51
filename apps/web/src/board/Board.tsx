import { board, claimOf, type NodeView, type Status } from '@plexus/model'
import { useMemo, useState } from 'react'
import { jumpTo, setResolved } from '../canvas/commands.ts'
import { useWorkspace } from '../canvas/workspace.ts'
import { useGraphVersion } from '../graph/hooks.ts'
import { describeActor } from '../identity.ts'
import { Icon } from '../ui/Icon.tsx'

type Column = Exclude<Status, 'deleted'>
const COLUMNS: Array<{ key: Column; title: string; hint: string }> = [
  { key: 'actionable', title: 'Ready', hint: 'Unresolved, nothing in the way' },
  { key: 'blocked', title: 'Blocked', hint: 'Waiting for a dependency' },
  { key: 'waiting', title: 'In progress', hint: 'Waiting for its children' },
  { key: 'resolved', title: 'Done', hint: 'Resolved' },
]
const PAGE = 150

/** Nodes grouped by readiness, as the model's `board` reads them. */
export function Board() {
  const ws = useWorkspace()
  const g = ws.session.g
  const version = useGraphVersion(g)
  const [filter, setFilter] = useState('')
  const [shown, setShown] = useState<Record<Column, number>>({
    actionable: PAGE,
    blocked: PAGE,
    waiting: PAGE,
    resolved: PAGE,
  })
  const columns = useMemo(() => {
    void version
    const r = board(g, filter.trim() ? { text: filter.trim() } : {})
    return r.ok ? r.columns : { actionable: [], blocked: [], waiting: [], resolved: [] }
  }, [g, version, filter])

  const card = (n: NodeView, col: Column) => {
    const claim = claimOf(n)
    const deps = g.index.dependencies(n.id).filter((d) => !g.index.nodes.get(d)?.resolved)
    return (
      <li key={n.id} className={`card st-${col}`} data-testid="board-card" data-id={n.id}>
        <button className="card-main" onClick={() => jumpTo(ws, n.id)} title="Show on the canvas">
          <span className="card-summary">{n.summary}</span>
          <span className="card-meta">
            {n.kind !== 'concept' && <span className="chip">{n.kind}</span>}
            {claim && (
              <span className="chip claim">
                <Icon name={describeActor(claim.by).person ? 'user' : 'bot'} size={11} />
                {describeActor(claim.by).name}
              </span>
            )}
            {col === 'blocked' && deps.length > 0 && (
              <span className="muted small">
                needs{' '}
                {deps
                  .map((d) => g.index.nodes.get(d)?.summary ?? d)
                  .slice(0, 2)
                  .join(', ')}
              </span>
            )}
          </span>
        </button>
        <button
          className="icon-btn"
          onClick={() => setResolved(ws, [n.id])}
          aria-label={n.resolved ? 'Reopen' : 'Resolve'}
          title={n.resolved ? 'Reopen' : 'Resolve'}
        >
          <Icon name={n.resolved ? 'undo' : 'check'} size={14} />
        </button>
      </li>
    )
  }

  return (
    <div className="board" data-testid="board">
      <div className="board-bar">
        <input
          className="input"
          placeholder="Filter cards…"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          aria-label="Filter cards"
        />
      </div>
      <div className="board-cols">
        {COLUMNS.map((c) => {
          const list = [...columns[c.key]].sort((a, b) => a.summary.localeCompare(b.summary))
          return (
            <section
              key={c.key}
              className={`board-col st-${c.key}`}
              aria-label={c.title}
              data-testid={`board-${c.key}`}
            >
              <header>
                <span className="dot" />
                <h2>{c.title}</h2>
                <span className="count">{list.length}</span>
              </header>
              <p className="muted small">{c.hint}</p>
              <ul>{list.slice(0, shown[c.key]).map((n) => card(n, c.key))}</ul>
              {list.length > shown[c.key] && (
                <button
                  className="btn ghost small"
                  onClick={() => setShown((s) => ({ ...s, [c.key]: s[c.key] + PAGE }))}
                >
                  Show {Math.min(PAGE, list.length - shown[c.key])} more
                </button>
              )}
            </section>
          )
        })}
      </div>
    </div>
  )
}
