import { createNodes, initGraph, openGraph, setPositions, undoManager, updateNodes } from '@plexus/model'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { useUI } from '../store.ts'
import type { GraphSession } from '../sync/session.ts'
import { FlowModel } from './flow-model.ts'

const settle = async () => {
  for (let i = 0; i < 4; i++) await Promise.resolve()
}

/** A root with two children, A above B, on a real document: the person's handle, the app's, an agent's. */
async function open() {
  let n = 0
  const doc = new Y.Doc()
  const env = (actor: string) => ({ actor, now: () => 1000 + n, newId: () => `${actor[0]}_${n++}` })
  const g = openGraph(doc, env('person'))
  const sys = openGraph(doc, env('app'))
  const agent = openGraph(doc, env('agent'))
  const init = initGraph(g, { id: 'own-steps', title: 'Own steps' })
  if (!init.ok) throw new Error(init.message)
  const kids = createNodes(g, [
    { summary: 'A', parent: init.root },
    { summary: 'B', parent: init.root },
  ])
  if (!kids.ok) throw new Error(kids.message)
  const [a, b] = kids.created.map((c) => c.id) as [string, string]
  setPositions(g, [
    { id: init.root, x: 0, y: 0 },
    { id: a, x: 300, y: 0 },
    { id: b, x: 300, y: 80 },
  ])
  const undo = undoManager(g)
  const session = { g, sys, undo, setPresence: () => {} } as unknown as GraphSession
  const model = new FlowModel(session)
  model.attach()
  await settle()
  for (const id of [init.root, a, b])
    model.onNodesChange([{ type: 'dimensions', id, dimensions: { width: 160, height: 45 } }])
  return { g, agent, undo, model, a, b }
}

/** The person changes A's notes in the inspector (one undo step, noted as theirs); A keeps its size. */
function personEditsNotes(s: Awaited<ReturnType<typeof open>>) {
  s.undo.stopCapturing()
  const r = updateNodes(s.g, [{ id: s.a, notes: 'why this matters' }])
  if (!r.ok) throw new Error(r.message)
  s.undo.stopCapturing()
  s.model.own.changed([s.a])
}

describe('OwnSteps: the push from a growth joins the person step only when that step caused it', () => {
  it('joins the person step when their change grew the node (Ctrl+Z puts the push back)', async () => {
    const s = await open()
    personEditsNotes(s)
    await settle()
    s.model.onNodesChange([{ type: 'dimensions', id: s.a, dimensions: { width: 160, height: 140 } }])
    const pushed = s.g.index.nodes.get(s.b)!.y!
    expect(pushed).toBeGreaterThan(80)
    s.undo.undo()
    expect(s.g.index.nodes.get(s.b)!.y).toBe(80)
  })

  it("does not join it when an agent's later change to the node grew it", async () => {
    const s = await open()
    personEditsNotes(s)
    await settle()
    // An agent changes the node after the person did (its kind: the node now shows more); A grows.
    const r = updateNodes(s.agent, [{ id: s.a, kind: 'task', properties: { estimate: 'three days' } }])
    if (!r.ok) throw new Error(r.message)
    await settle()
    s.model.onNodesChange([{ type: 'dimensions', id: s.a, dimensions: { width: 160, height: 140 } }])
    const pushed = s.g.index.nodes.get(s.b)!.y!
    expect(pushed).toBeGreaterThan(80)
    // The person's Ctrl+Z takes back their notes, not the room the agent's change needed.
    s.undo.undo()
    expect(s.g.index.nodes.get(s.a)!.notes).toBe('')
    expect(s.g.index.nodes.get(s.b)!.y).toBe(pushed)
  })

  it('does not join it when the node grows as the person types in it (no step has that text yet)', async () => {
    const s = await open()
    personEditsNotes(s)
    await settle()
    // The person then opens A's summary and types: the editor grows the node before any rename is written.
    useUI.setState({ editing: { id: s.a, initial: null } })
    try {
      s.model.onNodesChange([{ type: 'dimensions', id: s.a, dimensions: { width: 160, height: 140 } }])
    } finally {
      useUI.setState({ editing: null })
    }
    const pushed = s.g.index.nodes.get(s.b)!.y!
    expect(pushed).toBeGreaterThan(80)
    // Ctrl+Z takes back the notes; the room the typing needed is not part of that step.
    s.undo.undo()
    expect(s.g.index.nodes.get(s.a)!.notes).toBe('')
    expect(s.g.index.nodes.get(s.b)!.y).toBe(pushed)
  })
})

describe('OwnSteps: what it keeps', () => {
  it('forgets a node whose step is no longer the last one (a change that never resized the node)', async () => {
    const s = await open()
    // Notes that do not change A's size: no measurement comes, so nothing settles A's entry.
    personEditsNotes(s)
    await settle()
    for (let i = 0; i < 5; i++) {
      s.undo.stopCapturing()
      const r = updateNodes(s.g, [{ id: s.b, notes: `note ${i}` }])
      if (!r.ok) throw new Error(r.message)
      s.undo.stopCapturing()
      s.model.own.changed([s.b])
    }
    // Only the last step's node can still join its step; A's entry, from an older step, cannot.
    expect(s.model.own.size).toBe(1)
  })
})
