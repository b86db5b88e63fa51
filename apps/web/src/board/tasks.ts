import {
  TASK_STATUSES,
  edgesAt,
  projectTasks,
  updateEdgeProperties,
  type Graph,
  type TaskStatus,
} from '@plexus/model'

/** A column of the status board: seed 002's three statuses, and any other status an agent wrote. */
export type StatusColumn = TaskStatus | 'other'

export const STATUS_COLUMNS: Array<{ key: StatusColumn; title: string; hint: string; tone: string }> = [
  {
    key: 'todo',
    title: 'To do',
    hint: 'status todo on the edge from the project (or none)',
    tone: 'actionable',
  },
  { key: 'doing', title: 'Doing', hint: 'status doing: an agent or a person works on it', tone: 'claimed' },
  { key: 'done', title: 'Done', hint: 'status done', tone: 'resolved' },
  { key: 'other', title: 'Other', hint: 'a status the board does not know', tone: 'waiting' },
]

/**
 * The projects of seed 002's board: nodes with parent_of children by edge (or child_of edges to
 * them), as get_project_tasks reads them (the model's edgesAt), with their task counts.
 */
export function projectsOf(g: Graph): Array<{ id: string; summary: string; tasks: number }> {
  const seen = new Set<string>()
  const out: Array<{ id: string; summary: string; tasks: number }> = []
  for (const e of g.index.edges.values()) {
    const project = e.type === 'parent_of' ? e.from : e.type === 'child_of' ? e.to : null
    if (project === null || seen.has(project) || !g.index.live(project)) continue
    seen.add(project)
    const tasks = edgesAt(g, project, 'outgoing', 'parent_of').filter((t) => g.index.live(t.other)).length
    if (tasks) out.push({ id: project, summary: g.index.nodes.get(project)?.summary ?? project, tasks })
  }
  return out.sort((a, b) => a.summary.localeCompare(b.summary))
}

/** The project's tasks by the status on their edge: exactly get_project_tasks's grouping. */
export function tasksByStatus(g: Graph, project: string) {
  const b = projectTasks(g, project)
  for (const k of [...TASK_STATUSES, 'other'] as const) b[k] = b[k].filter((t) => g.index.live(t.node))
  return b
}

/**
 * A card moved to a status column: the status on its edge, as update_edge_properties writes it (merged
 * with what else the edge says), with the moment stamped as seed 002's agents stamp it: `started_at` on
 * doing (what reset_stale_tasks reads), `completed_at` on done. `other` is not a status to set.
 */
export function setTaskStatus(g: Graph, edgeId: string, to: StatusColumn, now = new Date().toISOString()) {
  if (to === 'other') return { ok: true as const, changed: false }
  const e = g.index.edges.get(edgeId)
  if (!e || e.properties.status === to) return { ok: true as const, changed: false }
  const stamp = to === 'doing' ? { started_at: now } : to === 'done' ? { completed_at: now } : {}
  const r = updateEdgeProperties(g, edgeId, { status: to, ...stamp })
  return r.ok ? { ok: true as const, changed: true } : r
}
