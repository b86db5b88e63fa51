/**
 * The status board's model side: the projects it offers, its columns (get_project_tasks's grouping),
 * and a card's move as one undo step that leaves the edge's other properties alone.
 */
import * as Y from 'yjs'
import { describe, expect, it } from 'vitest'
import { createNodes, createTypedEdge, initGraph, openGraph, projectTasks, undoManager } from '@plexus/model'
import { projectsOf, setTaskStatus, tasksByStatus } from './tasks.ts'

function graph() {
  let t = 1000
  let i = 0
  const g = openGraph(new Y.Doc(), { actor: 'person', now: () => t++, newId: () => `n${i++}` })
  const init = initGraph(g, { id: 'kanban' })
  if (!init.ok) throw new Error(init.message)
  const made = createNodes(
    g,
    ['Relaunch', 'Draft copy', 'Build pages', 'Loose note'].map((summary) => ({
      summary,
      parent: init.root,
    })),
  )
  if (!made.ok) throw new Error(made.message)
  const [project, copy, pages] = made.created.map((c) => c.id)
  const edge = (to: string, properties: Record<string, string>) => {
    const r = createTypedEdge(g, { from: project, to, type: 'parent_of', properties })
    if (!r.ok) throw new Error(r.message)
    return r.edge.id
  }
  return {
    g,
    project: project!,
    copy: copy!,
    pages: pages!,
    e1: edge(copy!, { status: 'todo' }),
    e2: edge(pages!, { status: 'doing', assigned_to: 'agent-2' }),
  }
}

describe('the status board', () => {
  it('offers the nodes with parent_of tasks, and groups them as get_project_tasks does', () => {
    const { g, project, copy, pages } = graph()
    expect(projectsOf(g)).toEqual([{ id: project, summary: 'Relaunch', tasks: 2 }])
    const b = tasksByStatus(g, project)
    expect(b.todo.map((t) => t.node)).toEqual([copy])
    expect(b.doing.map((t) => t.node)).toEqual([pages])
    expect(b).toEqual(projectTasks(g, project))
  })

  it('moves a card by the status on its edge, one undo step, other properties kept', () => {
    const { g, project, pages, e2 } = graph()
    const undo = undoManager(g)
    undo.stopCapturing()
    expect(setTaskStatus(g, e2, 'done')).toEqual({ ok: true, changed: true })
    expect(tasksByStatus(g, project).done.map((t) => t.node)).toEqual([pages])
    expect(g.index.edges.get(e2)?.properties).toMatchObject({ status: 'done', assigned_to: 'agent-2' })
    // Dropped where it is, or on Other: nothing is written.
    expect(setTaskStatus(g, e2, 'done')).toEqual({ ok: true, changed: false })
    expect(setTaskStatus(g, e2, 'other')).toEqual({ ok: true, changed: false })
    undo.stopCapturing()
    undo.undo()
    expect(g.index.edges.get(e2)?.properties).toMatchObject({ status: 'doing', assigned_to: 'agent-2' })
    expect(undo.undoStack).toHaveLength(0)
  })

  it("stamps the moment as seed 002's agents do: started_at on doing (so the stale reset can see it), completed_at on done", () => {
    const { g, e1 } = graph()
    expect(setTaskStatus(g, e1, 'doing', '2026-11-28T10:00:00.000Z')).toEqual({ ok: true, changed: true })
    expect(g.index.edges.get(e1)?.properties).toMatchObject({
      status: 'doing',
      started_at: '2026-11-28T10:00:00.000Z',
    })
    expect(setTaskStatus(g, e1, 'done', '2026-11-28T11:00:00.000Z')).toEqual({ ok: true, changed: true })
    expect(g.index.edges.get(e1)?.properties).toMatchObject({
      status: 'done',
      started_at: '2026-11-28T10:00:00.000Z',
      completed_at: '2026-11-28T11:00:00.000Z',
    })
    // Back to todo: no moment stamped (the reset writes reset_reason; a person's move is no reset).
    expect(setTaskStatus(g, e1, 'todo', '2026-11-28T12:00:00.000Z')).toEqual({ ok: true, changed: true })
    expect(g.index.edges.get(e1)?.properties).toMatchObject({ status: 'todo' })
  })
})
