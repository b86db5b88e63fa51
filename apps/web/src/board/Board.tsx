import { board, meta, type NodeView, shownKind } from '@plexus/model'
import { useMemo, useState, type ReactNode } from 'react'
import { jumpTo, setResolved } from '../canvas/commands.ts'
import { useWorkspace } from '../canvas/workspace.ts'
import { useUI } from '../store.ts'
import { useGraphVersion } from '../graph/hooks.ts'
import { describeActor } from '../identity.ts'
import { Icon } from '../ui/Icon.tsx'
import { activeClaim, branchPath, COLUMNS, splitColumns, type Column } from './columns.ts'
import { moveCard } from './move.ts'
import { BoardColumn } from './BoardColumn.tsx'
import { BoardModes, StatusBoard, type BoardMode } from './StatusBoard.tsx'
import { useCardDrag } from './useCardDrag.ts'

const PAGE = 150

/**
 * The board, two ways: by Plexus readiness and claims (below), or a project's tasks by the status on
 * their edges, seed 002's Kanban (StatusBoard.tsx). The person switches in the bar.
 */
export function Board() {
  const [mode, setMode] = useState<BoardMode>('readiness')
  return mode === 'status' ? (
    <StatusBoard modes={<BoardModes mode={mode} set={setMode} />} />
  ) : (
    <ReadinessBoard modes={<BoardModes mode={mode} set={setMode} />} />
  )
}

/** Nodes grouped by readiness and claims; a card dragged to another column changes what it says. */
function ReadinessBoard({ modes }: { modes: ReactNode }) {
  const ws = useWorkspace()
  const g = ws.session.g
  const version = useGraphVersion(g)
  const readOnly = useUI((s) => s.readOnly)
  const [filter, setFilter] = useState('')
  const drag = useCardDrag<Column>((id, to) => moveCard(ws, id, to))
  const [shown, setShown] = useState<Record<Column, number>>({
    actionable: PAGE,
    claimed: PAGE,
    blocked: PAGE,
    waiting: PAGE,
    resolved: PAGE,
  })
  const columns = useMemo(() => {
    void version
    const r = board(g, filter.trim() ? { text: filter.trim() } : {})
    const now = Date.now()
    return splitColumns(r.ok ? r.columns : { actionable: [], blocked: [], waiting: [], resolved: [] }, now)
  }, [g, version, filter])
  const root = meta(g).root

  const card = (n: NodeView, col: Column) => {
    const claim = activeClaim(n, Date.now())
    const deps = g.index.dependencies(n.id).filter((d) => !g.index.nodes.get(d)?.resolved)
    const path = branchPath(g.index, n.id, root)
    return (
      <li
        key={n.id}
        className={`card st-${col}${drag.dragging === n.id ? ' is-dragging' : ''}`}
        data-testid="board-card"
        data-id={n.id}
        // Read-only here: cards stay put (the bar says why).
        onPointerDown={readOnly ? undefined : drag.onPointerDown(n.id)}
      >
        <button className="card-main" onClick={() => jumpTo(ws, n.id)} title="Show on the canvas">
          {path.length > 0 && (
            <span className="card-path" data-testid="card-path">
              {path.join(' › ')}
            </span>
          )}
          <span className="card-summary">{n.summary}</span>
          <span className="card-meta">
            {shownKind(n.kind) && <span className="chip">{n.kind}</span>}
            {claim && (
              <span className="chip claim" data-testid="card-claim">
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
          disabled={readOnly !== null}
          aria-label={n.resolved ? 'Reopen' : 'Resolve'}
          title={readOnly ?? (n.resolved ? 'Reopen' : 'Resolve')}
        >
          <Icon name={n.resolved ? 'undo' : 'check'} size={14} />
        </button>
      </li>
    )
  }

  return (
    <div className="board" data-testid="board">
      <div className="board-bar">
        {modes}
        <input
          className="input"
          placeholder="Filter cards…"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          aria-label="Filter cards"
        />
        <span className="muted small" data-testid="board-hint">
          {readOnly ?? 'Drag a card to another column to resolve, reopen, claim or release it.'}
        </span>
      </div>
      <div className="board-cols">
        {COLUMNS.map((c) => {
          const list = columns[c.key]
          return (
            <BoardColumn
              key={c.key}
              column={c.key}
              tone={c.key}
              title={c.title}
              hint={c.hint}
              count={list.length}
              over={drag.over === c.key}
              testId={`board-${c.key}`}
            >
              <ul>{list.slice(0, shown[c.key]).map((n) => card(n, c.key))}</ul>
              {list.length > shown[c.key] && (
                <button
                  className="btn ghost small"
                  onClick={() => setShown((s) => ({ ...s, [c.key]: s[c.key] + PAGE }))}
                >
                  Show {Math.min(PAGE, list.length - shown[c.key])} more
                </button>
              )}
            </BoardColumn>
          )
        })}
      </div>
    </div>
  )
}
