import {
  createNodes,
  forgetBranches,
  initGraph,
  openGraph,
  previewGraphRestore,
  undoManager,
  updateNodes,
  type Graph,
} from '@plexus/model'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { restoredText, restoreGraphTo, restoreQuestion, restoreRefusal } from './restore.ts'

// Restoring the whole graph from the timeline (issue 30): asked with exact counts before writing, then
// one undo step of the page's own; refused only for reasons that are the person's, not the timeline's.

const ok = <T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> => {
  if (!r.ok) throw new Error(JSON.stringify(r))
  return r as Extract<T, { ok: true }>
}

function edited() {
  const clock = { t: 1000 }
  let n = 0
  const live: Graph = openGraph(new Y.Doc(), {
    actor: 'person:ann',
    now: () => clock.t,
    newId: () => `n${n++}`,
  })
  const undo = undoManager(live)
  const { root } = ok(initGraph(live, { id: 'trip', title: 'Trip' }))
  clock.t = 2000
  const [plan, gone] = ok(
    createNodes(live, [
      { summary: 'Plan', parent: root },
      { summary: 'Gone', parent: root },
    ]),
  ).created.map((c) => c.id)
  const at = clock.t
  clock.t = 3000
  ok(updateNodes(live, [{ id: plan!, summary: 'Plan B' }]))
  clock.t = 4000
  ok(createNodes(live, [{ summary: 'Later', parent: root }]))
  clock.t = 5000
  ok(forgetBranches(live, [gone!]))
  clock.t = 6000
  undo.stopCapturing()
  return { live, undo, at }
}

const summaries = (g: Graph) =>
  [...g.index.nodes.values()]
    .filter((n) => g.index.live(n.id))
    .map((n) => n.summary)
    .sort()

describe('restore the graph from the timeline', () => {
  it('asks with what it will do, writes nothing to ask, and one undo step takes the whole restore back', () => {
    const { live, undo, at } = edited()
    const now = summaries(live)
    const preview = ok(previewGraphRestore(live, { at }))
    expect(summaries(live)).toEqual(now)
    expect(restoreQuestion(preview, at)).toMatch(
      /It brings back 1 node, removes 1 node made since \(kept in history\), changes 1 node\. One new change: Ctrl\+Z undoes it\.$/,
    )
    const r = ok(restoreGraphTo(live, undo, at))
    expect(restoredText(r, at, 'the graph')).toMatch(
      /1 node put back, 1 node made since removed, 1 node brought back\./,
    )
    expect(summaries(live)).toEqual(['Gone', 'Plan', 'Trip'])
    undo.undo()
    expect(summaries(live)).toEqual(now)
    undo.redo()
    expect(summaries(live)).toEqual(['Gone', 'Plan', 'Trip'])
  })

  it('is refused for the person’s reasons (schema, token), not for the timeline showing the past', () => {
    expect(restoreRefusal({ past: 'Viewing … — read-only' })).toBeNull()
    expect(restoreRefusal({ past: 'Viewing …', token: 'Your token only reads this graph' })).toBe(
      'Your token only reads this graph',
    )
    expect(restoreRefusal({ schema: 'A newer version wrote this graph' })).toBe(
      'A newer version wrote this graph',
    )
  })
})
