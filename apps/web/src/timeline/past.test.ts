import {
  createNodes,
  initGraph,
  openGraph,
  saveCheckpoint,
  setPositions,
  undoManager,
  updateNodes,
  type Graph,
} from '@plexus/model'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { PNode } from '../canvas/flow-model.ts'
import { openPast } from './past.ts'

// The past view the timeline draws (issue 30): the canvas's own FlowModel over the graph as it was,
// and nothing the view does reaches the live document.

/** A graph an actor edited at known times: made at 1000, "Plan" at 2000, renamed at 3000, "Later" at 4000. */
function edited(): { live: Graph; clock: { t: number }; plan: string; undo: Y.UndoManager } {
  const clock = { t: 1000 }
  let n = 0
  const live = openGraph(new Y.Doc(), { actor: 'person:ann', now: () => clock.t, newId: () => `n${n++}` })
  const undo = undoManager(live)
  const init = initGraph(live, { id: 'trip', title: 'Trip' })
  if (!init.ok) throw new Error(init.message)
  setPositions(live, [{ id: init.root, x: 0, y: 0 }])
  clock.t = 2000
  const made = createNodes(live, [{ summary: 'Plan', parent: init.root }])
  if (!made.ok) throw new Error(made.message)
  const plan = made.created[0]!.id
  clock.t = 3000
  const renamed = updateNodes(live, [{ id: plan, summary: 'Plan B' }])
  if (!renamed.ok) throw new Error(renamed.message)
  clock.t = 4000
  const later = createNodes(live, [{ summary: 'Later', parent: plan }])
  if (!later.ok) throw new Error(later.message)
  saveCheckpoint(live, 's1', 'after later')
  return { live, clock, plan, undo }
}

const labels = (nodes: PNode[]) => nodes.filter((n) => !n.hidden).map((n) => n.data.view.summary)

describe('openPast', () => {
  it('draws a node with the label it had before a rename', () => {
    const { live, plan } = edited()
    const past = openPast(live, 2500)
    try {
      expect(labels(past.model.nodes)).toContain('Plan')
      expect(labels(past.model.nodes)).not.toContain('Plan B')
      expect(past.model.node(plan)?.data.view.summary).toBe('Plan')
      // The tree edge to it is drawn too.
      expect(past.model.edges.some((e) => e.target === plan && e.data?.kind === 'tree')).toBe(true)
    } finally {
      past.close()
    }
    // And the live graph still says what it says now.
    expect(live.index.nodes.get(plan)?.summary).toBe('Plan B')
  })

  it('leaves out a node made after the moment, and the edge to it', () => {
    const { live, plan } = edited()
    const before = openPast(live, 1500)
    const mid = openPast(live, 3500)
    try {
      expect(before.model.node(plan)).toBeUndefined()
      expect(labels(before.model.nodes)).toEqual(['Trip'])
      expect(labels(mid.model.nodes).sort()).toEqual(['Plan B', 'Trip'])
      expect(mid.model.edges.filter((e) => e.source === plan)).toEqual([])
    } finally {
      before.close()
      mid.close()
    }
  })

  it('reads the graph with its clock at the moment', () => {
    const { live } = edited()
    const past = openPast(live, 2500)
    expect(past.g.env.now()).toBe(2500)
    expect(past.at).toBe(2500)
    past.close()
  })

  it('writes nothing to the live document and adds no undo step, whatever the view does', () => {
    const { live, plan, undo } = edited()
    const state = Y.encodeStateAsUpdate(live.doc)
    const vector = Y.encodeStateVector(live.doc)
    const steps = undo.undoStack.length
    const past = openPast(live, 2500)
    const m = past.model
    m.attach()
    // What the canvas does to a model while it is shown: measures nodes (bigger than estimated, which
    // makes room on a live canvas), selects, folds, and a drag's positions.
    m.onNodesChange(
      m.nodes.map((n) => ({
        type: 'dimensions' as const,
        id: n.id,
        dimensions: { width: 400, height: 120 },
      })),
    )
    m.select([plan])
    m.toggleCollapsed(m.nodes.find((n) => n.data.isRoot)!.id)
    m.onNodesChange([{ type: 'position', id: plan, position: { x: 90, y: 90 }, dragging: true }])
    m.endDrag()
    past.close()
    expect(Y.encodeStateVector(live.doc)).toEqual(vector)
    expect(Y.encodeStateAsUpdate(live.doc)).toEqual(state)
    expect(undo.undoStack.length).toBe(steps)
  })
})
