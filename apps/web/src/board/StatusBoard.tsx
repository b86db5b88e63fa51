import { useMemo, useState, type ReactNode } from 'react'
import { jumpTo, report } from '../canvas/commands.ts'
import { useWorkspace } from '../canvas/workspace.ts'
import { useGraphVersion } from '../graph/hooks.ts'
import { useUI } from '../store.ts'
import { natural } from './columns.ts'
import { STATUS_COLUMNS, projectsOf, setTaskStatus, tasksByStatus, type StatusColumn } from './tasks.ts'
import { BoardColumn } from './BoardColumn.tsx'
import { useCardDrag } from './useCardDrag.ts'

export type BoardMode = 'readiness' | 'status'

/** The switch between the two boards, in the bar of each. */
export function BoardModes({ mode, set }: { mode: BoardMode; set: (m: BoardMode) => void }) {
  const option = (m: BoardMode, label: string, title: string) => (
    <button
      className={`btn small${mode === m ? '' : ' ghost'}`}
      aria-pressed={mode === m}
      data-testid={`board-mode-${m}`}
      title={title}
      onClick={() => set(m)}
    >
      {label}
    </button>
  )
  return (
    <div className="board-modes" role="group" aria-label="Board">
      {option('readiness', 'Readiness', 'Work by readiness and claims')}
      {option(
        'status',
        'Tasks by status',
        "A project's tasks by the status on their edge (agents' todo / doing / done)",
      )}
    </div>
  )
}

/**
 * Seed 002's Kanban: a project's tasks (its parent_of edges) in columns by the `status` on each
 * edge, as get_project_tasks groups them. A card dropped on another column writes the edge's status
 * (one undo step); the agents read it at once.
 */
export function StatusBoard({ modes }: { modes: ReactNode }) {
  const ws = useWorkspace()
  const g = ws.session.g
  const version = useGraphVersion(g)
  const readOnly = useUI((s) => s.readOnly)
  const [chosen, setChosen] = useState<string | null>(null)
  const projects = useMemo(() => {
    void version
    return projectsOf(g)
  }, [g, version])
  const project = projects.find((p) => p.id === chosen)?.id ?? projects[0]?.id ?? null
  const board = useMemo(() => {
    void version
    return project ? tasksByStatus(g, project) : null
  }, [g, version, project])
  const edgeOf = (node: string): string | undefined =>
    board
      ? Object.values(board)
          .flat()
          .find((t) => t.node === node)?.edge.id
      : undefined
  const drag = useCardDrag<StatusColumn>((node, to) => {
    const edge = edgeOf(node)
    if (!edge) return
    ws.session.undo.stopCapturing()
    const r = setTaskStatus(g, edge, to)
    if (!r.ok) report(r)
    ws.session.undo.stopCapturing()
  })
  const columns = STATUS_COLUMNS.filter((c) => c.key !== 'other' || (board?.other.length ?? 0) > 0)

  return (
    <div className="board" data-testid="board">
      <div className="board-bar">
        {modes}
        {projects.length > 0 && (
          <select
            className="input"
            aria-label="Project"
            data-testid="board-project"
            value={project ?? ''}
            onChange={(e) => setChosen(e.target.value)}
          >
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.summary} ({p.tasks})
              </option>
            ))}
          </select>
        )}
        <span className="muted small" data-testid="board-hint">
          {projects.length === 0
            ? 'No project here yet: a project is a node with parent_of edges to its tasks (an agent’s create_edge, or connect on the canvas with the relation parent_of).'
            : (readOnly ?? 'Drag a card to another column to set the status on its edge.')}
        </span>
      </div>
      {board && (
        <div
          className="board-cols by-status"
          style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(200px, 1fr))` }}
        >
          {columns.map((c) => {
            const list = [...board[c.key]]
              .map((t) => ({ t, n: g.index.nodes.get(t.node) }))
              .sort((a, b) => natural.compare(a.n?.summary ?? '', b.n?.summary ?? ''))
            return (
              <BoardColumn
                key={c.key}
                column={c.key}
                tone={c.tone}
                title={c.title}
                hint={c.hint}
                count={list.length}
                over={drag.over === c.key}
                testId={`status-${c.key}`}
              >
                <ul>
                  {list.map(({ t, n }) => (
                    <li
                      key={t.node}
                      className={`card st-${c.tone}${drag.dragging === t.node ? ' is-dragging' : ''}`}
                      data-testid="status-card"
                      data-id={t.node}
                      data-edge={t.edge.id}
                      onPointerDown={readOnly ? undefined : drag.onPointerDown(t.node)}
                    >
                      <button
                        className="card-main"
                        onClick={() => jumpTo(ws, t.node)}
                        title="Show on the canvas"
                      >
                        <span className="card-summary">{n?.summary ?? t.node}</span>
                        <span className="card-meta">
                          {c.key === 'other' && <span className="chip">{t.status}</span>}
                          {Object.entries(t.edge.properties)
                            .filter(([k]) => k !== 'status')
                            .slice(0, 3)
                            .map(([k, v]) => (
                              <span key={k} className="chip">
                                {k}: {typeof v === 'string' ? v : JSON.stringify(v)}
                              </span>
                            ))}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </BoardColumn>
            )
          })}
        </div>
      )}
    </div>
  )
}
