import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { createNodes } from './create.ts'
import { connect } from './edges.ts'
import type { Graph } from './graph.ts'
import { claim } from './readiness.ts'
import { restructure } from './restructure.ts'
import { undoManager } from './undo.ts'
import { updateNodes } from './update.ts'
import { Clock, addNodes, joinGraph, makeGraph, ok, sync, view } from './test/harness.ts'

// Undo as the web app does it: one UndoManager per peer that tracks only that peer's own writes, so an
// agent's edit is never undone by a person's Ctrl+Z, and an undo reaches every peer like any edit.

const undoOf = (_doc: Y.Doc, g: Graph): Y.UndoManager => undoManager(g)

const both = [
  [1, 2],
  [2, 1],
] as const

describe('undo of your own changes only', () => {
  for (const [x, y] of both) {
    it(`alice undoes her summary edit; bob's concurrent edits to another field and node stay (clients ${x}/${y})`, () => {
      const a = makeGraph('alice', { clientID: x, clock: new Clock() })
      addNodes(a.g, [
        ['X', undefined, { summary: 'Original' }],
        ['Y', undefined, { summary: 'Other' }],
      ])
      const b = joinGraph(a, 'bob', y)
      const um = undoOf(a.doc, a.g)
      ok(updateNodes(a.g, [{ id: 'X', summary: 'Alice was here' }]))
      ok(updateNodes(b.g, [{ id: 'X', kind: 'task', properties: { owner: 'bob' } }]))
      ok(updateNodes(b.g, [{ id: 'Y', summary: 'Bob was here' }]))
      sync(a.doc, b.doc)
      expect(view(b.g, 'X').summary).toBe('Alice was here')
      expect(um.undoStack).toHaveLength(1)
      um.undo()
      sync(a.doc, b.doc)
      for (const t of [a, b]) {
        expect(view(t.g, 'X')).toMatchObject({
          summary: 'Original',
          kind: 'task',
          properties: { owner: 'bob' },
        })
        expect(view(t.g, 'Y').summary).toBe('Bob was here')
      }
    })
  }

  it("bob's later edit to the same node survives alice's undo", () => {
    const a = makeGraph('alice', { clientID: 1 })
    addNodes(a.g, [['X', undefined, { summary: 'Original', notes: 'base' }]])
    const b = joinGraph(a, 'bob', 2)
    const um = undoOf(a.doc, a.g)
    ok(updateNodes(a.g, [{ id: 'X', summary: 'Alice' }]))
    sync(a.doc, b.doc)
    ok(updateNodes(b.g, [{ id: 'X', notes: 'base, and bob' }]))
    sync(a.doc, b.doc)
    um.undo()
    sync(a.doc, b.doc)
    for (const t of [a, b])
      expect(view(t.g, 'X')).toMatchObject({ summary: 'Original', notes: 'base, and bob' })
  })

  it('nothing of bob is on alice’s undo stack', () => {
    const a = makeGraph('alice', { clientID: 1 })
    addNodes(a.g, [['X']])
    const b = joinGraph(a, 'bob', 2)
    const um = undoOf(a.doc, a.g)
    ok(updateNodes(b.g, [{ id: 'X', summary: 'bob' }]))
    sync(a.doc, b.doc)
    expect(um.undoStack).toHaveLength(0)
    um.undo()
    expect(view(a.g, 'X').summary).toBe('bob')
  })

  it('undo of a createNodes call removes the nodes and their edges; redo brings them back', () => {
    const a = makeGraph('alice', { clientID: 1 })
    addNodes(a.g, [['EXT']])
    const b = joinGraph(a, 'bob', 2)
    const um = undoOf(a.doc, a.g)
    const r = ok(
      createNodes(a.g, [
        { ref: 'p', summary: 'Plan', parent: a.root },
        { ref: 'c', summary: 'Step', parent_ref: 'p', depends_on: ['EXT'] },
      ]),
    )
    const ids = [r.refs.p!, r.refs.c!]
    sync(a.doc, b.doc)
    expect(ids.every((id) => b.g.index.live(id))).toBe(true)
    um.undo()
    sync(a.doc, b.doc)
    for (const t of [a, b]) {
      for (const id of ids) expect(t.g.index.nodes.has(id)).toBe(false)
      expect(t.g.index.dependents('EXT')).toEqual([])
      expect(t.g.index.struct().children.get(a.root) ?? []).toEqual(['EXT'])
    }
    um.redo()
    sync(a.doc, b.doc)
    for (const t of [a, b]) {
      expect(view(t.g, ids[0]!).summary).toBe('Plan')
      expect(view(t.g, ids[1]!).parent).toBe(ids[0])
      expect(t.g.index.dependencies(ids[1]!)).toEqual(['EXT'])
      expect(t.g.index.statusOf(ids[1]!)).toBe('blocked')
    }
  })

  it('undo of a restructure puts the tree back', () => {
    const a = makeGraph('alice', { clientID: 1 })
    addNodes(a.g, [['P'], ['X', 'P'], ['C', 'X']])
    ok(connect(a.g, [{ from: 'C', to: 'P' }]))
    const um = undoOf(a.doc, a.g)
    ok(restructure(a.g, [{ type: 'forget', node: 'X' }]))
    expect(a.g.index.struct().parent.get('C')).toBe('P')
    um.undo()
    expect(a.g.index.live('X')).toBeDefined()
    expect(a.g.index.struct().parent.get('C')).toBe('X')
  })

  it('keeps the evidence a step added (evidence is append-only), and still undoes the step’s other changes', () => {
    const a = makeGraph('alice', { clientID: 1 })
    addNodes(a.g, [['X'], ['Y']])
    const um = undoOf(a.doc, a.g)
    ok(updateNodes(a.g, [{ id: 'X', resolved: true, add_evidence: [{ type: 'commit', ref: 'a1b2c3d' }] }]))
    um.stopCapturing()
    ok(restructure(a.g, [{ type: 'drop', node: 'Y', reason: 'out of scope' }]))
    um.undo()
    um.undo()
    expect(view(a.g, 'X')).toMatchObject({ resolved: false, evidence: [{ type: 'commit', ref: 'a1b2c3d' }] })
    expect(view(a.g, 'Y')).toMatchObject({
      resolved: false,
      evidence: [{ type: 'dropped', ref: 'out of scope' }],
    })
  })

  it('undo of a creation removes the node whole, evidence and all', () => {
    const a = makeGraph('alice', { clientID: 1 })
    addNodes(a.g, [['EXT']])
    const um = undoOf(a.doc, a.g)
    const r = ok(createNodes(a.g, [{ ref: 'n', summary: 'New' }]))
    ok(updateNodes(a.g, [{ id: r.refs.n!, add_evidence: [{ type: 'note', ref: 'x' }] }]))
    um.undo()
    expect(a.g.index.nodes.has(r.refs.n!)).toBe(false)
  })
})

// Authorship (issue 23): the sync server refuses a node change that arrives without its history
// event, or that names anyone but the writer. An undo is a change like any other.
describe('undo and redo are recorded, and stamped with whoever undid', () => {
  const lastEvent = (t: { doc: Y.Doc }) => {
    const h = t.doc.getArray<{ actor: string; node: string; action: string }>('history')
    return h.get(h.length - 1)
  }
  it('bob undoing his edit of alice’s node records an undo event and names bob, not alice', () => {
    const a = makeGraph('alice', { clientID: 1, clock: new Clock() })
    addNodes(a.g, [['X', undefined, { summary: 'Original' }]])
    const b = joinGraph(a, 'bob', 2)
    const um = undoOf(b.doc, b.g)
    ok(updateNodes(b.g, [{ id: 'X', summary: 'Bob was here' }]))
    const updates: Uint8Array[] = []
    b.doc.on('update', (u: Uint8Array) => updates.push(u))
    um.undo()
    // One update: the change and its record travel together.
    expect(updates).toHaveLength(1)
    expect(view(b.g, 'X')).toMatchObject({ summary: 'Original', updated_by: 'bob' })
    expect(lastEvent(b)).toMatchObject({ actor: 'bob', node: 'X', action: 'undo' })
    um.redo()
    expect(view(b.g, 'X')).toMatchObject({ summary: 'Bob was here', updated_by: 'bob' })
    expect(lastEvent(b)).toMatchObject({ actor: 'bob', node: 'X', action: 'redo' })
    // The redo stack still works after a recorded undo: undo, redo, undo again.
    um.undo()
    expect(view(b.g, 'X').summary).toBe('Original')
  })

  it('an undo never brings back someone else’s claim: bob’s forced claim undone leaves the node free', () => {
    const a = makeGraph('alice', { clientID: 1, clock: new Clock() })
    addNodes(a.g, [['T', undefined, { summary: 'Task', kind: 'task' }]])
    ok(claim(a.g, 'T'))
    const b = joinGraph(a, 'bob', 2)
    const um = undoOf(b.doc, b.g)
    ok(claim(b.g, 'T', { force: true }))
    expect(view(b.g, 'T').properties._claimed_by).toBe('bob')
    um.undo()
    expect(view(b.g, 'T').properties._claimed_by).toBeUndefined()
    expect(lastEvent(b)).toMatchObject({ actor: 'bob', node: 'T', action: 'release' })
  })
})
