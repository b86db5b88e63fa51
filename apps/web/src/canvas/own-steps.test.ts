import {
  createNodes,
  initGraph,
  openGraph,
  restructure,
  setPositions,
  undoManager,
  updateNodes,
} from '@plexus/model'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { useUI } from '../store.ts'
import type { GraphSession } from '../sync/session.ts'
import { rename } from './commands.ts'
import { FlowModel } from './flow-model.ts'
import type { Workspace } from './workspace.ts'

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
  const ws = { session, model } as unknown as Workspace
  return { g, sys, agent, undo, model, ws, root: init.root, a, b }
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

  it("writes nothing when an agent's later change to the node grew it (this tab only saw it)", async () => {
    const s = await open()
    personEditsNotes(s)
    await settle()
    // An agent changes the node after the person did (its kind: the node now shows more); A grows.
    const r = updateNodes(s.agent, [{ id: s.a, kind: 'task', properties: { estimate: 'three days' } }])
    if (!r.ok) throw new Error(r.message)
    await settle()
    s.model.onNodesChange([{ type: 'dimensions', id: s.a, dimensions: { width: 160, height: 140 } }])
    // Every open tab measured it, each with its own fonts: none writes a push nobody chose.
    expect(s.g.index.nodes.get(s.b)!.y).toBe(80)
    // The person's Ctrl+Z takes back their notes only.
    s.undo.undo()
    expect(s.g.index.nodes.get(s.a)!.notes).toBe('')
    expect(s.g.index.nodes.get(s.b)!.y).toBe(80)
  })

  it('writes the room made while the person types in the rename, one step with it', async () => {
    const s = await open()
    personEditsNotes(s)
    await settle()
    // The person opens A's summary and types: the editor grows the node before any rename is written.
    useUI.setState({ editing: { id: s.a, initial: null } })
    s.model.onNodesChange([{ type: 'dimensions', id: s.a, dimensions: { width: 160, height: 140 } }])
    // The room is shown at once, and written with the name, not before it.
    expect(s.model.positionOf(s.b)!.y).toBeGreaterThan(80)
    expect(s.g.index.nodes.get(s.b)!.y).toBe(80)
    expect(rename(s.ws, s.a, 'A with a much longer name')).toBe(true)
    useUI.setState({ editing: null })
    const pushed = s.g.index.nodes.get(s.b)!.y!
    expect(pushed).toBeGreaterThan(80)
    // One Ctrl+Z takes back the name and the room; the next the notes; redo brings both back.
    s.undo.undo()
    expect(s.g.index.nodes.get(s.a)!.summary).toBe('A')
    expect(s.g.index.nodes.get(s.b)!.y).toBe(80)
    s.undo.undo()
    expect(s.g.index.nodes.get(s.a)!.notes).toBe('')
    expect(s.g.index.nodes.get(s.b)!.y).toBe(80)
    s.undo.redo()
    s.undo.redo()
    expect(s.g.index.nodes.get(s.a)!.summary).toBe('A with a much longer name')
    expect(s.g.index.nodes.get(s.b)!.y).toBe(pushed)
  })

  it('keeps drawing the room where it was shown while typing once the rename writes it', async () => {
    const s = await open()
    useUI.setState({ editing: { id: s.a, initial: null } })
    s.model.onNodesChange([{ type: 'dimensions', id: s.a, dimensions: { width: 160, height: 140 } }])
    await settle()
    const shown = s.model.nodes.find((n) => n.id === s.b)!.position.y
    expect(shown).toBeGreaterThan(80)
    expect(rename(s.ws, s.a, 'A with a much longer name')).toBe(true)
    useUI.setState({ editing: null })
    await settle()
    // B stays where the person saw it: not drawn back at its old place and slid down again.
    expect(s.g.index.nodes.get(s.b)!.y).toBe(shown)
    expect(s.model.nodes.find((n) => n.id === s.b)!.position.y).toBe(shown)
  })

  it('leaves a node an agent moved while the person typed where the agent put it', async () => {
    const s = await open()
    useUI.setState({ editing: { id: s.a, initial: null } })
    s.model.onNodesChange([{ type: 'dimensions', id: s.a, dimensions: { width: 160, height: 140 } }])
    expect(s.model.positionOf(s.b)!.y).toBeGreaterThan(80)
    const moved = setPositions(s.agent, [{ id: s.b, x: 600, y: 500 }])
    if (!moved.ok) throw new Error(moved.message)
    expect(rename(s.ws, s.a, 'A with a much longer name')).toBe(true)
    useUI.setState({ editing: null })
    expect(s.g.index.nodes.get(s.b)).toMatchObject({ x: 600, y: 500 })
    expect(s.model.positionOf(s.b)).toEqual({ x: 600, y: 500 })
  })

  it('puts back what was shown while typing when the name is left as it was', async () => {
    const s = await open()
    useUI.setState({ editing: { id: s.a, initial: null } })
    s.model.onNodesChange([{ type: 'dimensions', id: s.a, dimensions: { width: 160, height: 140 } }])
    expect(s.model.positionOf(s.b)!.y).toBeGreaterThan(80)
    expect(rename(s.ws, s.a, 'A')).toBe(false)
    useUI.setState({ editing: null })
    expect(s.model.positionOf(s.b)!.y).toBe(80)
    expect(s.g.index.nodes.get(s.b)!.y).toBe(80)
  })
})

/** The person sets A's shape (one undo step, noted as theirs), and A is measured at `height`. */
async function personSetsShape(
  s: Awaited<ReturnType<typeof open>>,
  shape: 'diamond' | 'circle' | null,
  height: number,
) {
  s.undo.stopCapturing()
  const r = updateNodes(s.g, [{ id: s.a, shape }])
  if (!r.ok) throw new Error(r.message)
  s.undo.stopCapturing()
  s.model.own.changed([s.a])
  await settle()
  s.model.onNodesChange([{ type: 'dimensions', id: s.a, dimensions: { width: 160, height } }])
}

describe('Give-back: a node that shrinks returns the room its growth took', () => {
  it('brings the pushed node back, in the step that shrank the node', async () => {
    const s = await open()
    await personSetsShape(s, 'diamond', 140)
    const pushed = s.g.index.nodes.get(s.b)!.y!
    expect(pushed).toBeGreaterThan(80)
    await personSetsShape(s, null, 45)
    expect(s.g.index.nodes.get(s.b)!.y).toBe(80)
    // Ctrl+Z takes back the shape and the give-back together; redo both again.
    s.undo.undo()
    expect(s.g.index.nodes.get(s.a)!.shape).toBe('diamond')
    expect(s.g.index.nodes.get(s.b)!.y).toBe(pushed)
    s.undo.redo()
    expect(s.g.index.nodes.get(s.b)!.y).toBe(80)
    // Undone again, then the box set anew: the record still knows B as pushed, and brings it back.
    s.undo.undo()
    await settle()
    s.model.onNodesChange([{ type: 'dimensions', id: s.a, dimensions: { width: 160, height: 140 } }])
    expect(s.g.index.nodes.get(s.b)!.y).toBe(pushed)
    await personSetsShape(s, null, 45)
    expect(s.g.index.nodes.get(s.b)!.y).toBe(80)
  })

  it('gives back only what is no longer needed, and never past where the node was', async () => {
    const s = await open()
    await personSetsShape(s, 'diamond', 140)
    const pushed = s.g.index.nodes.get(s.b)!.y!
    // Smaller, not back to the start: B comes up by as much as A shrank.
    await personSetsShape(s, 'circle', 100)
    expect(s.g.index.nodes.get(s.b)!.y).toBe(pushed - 40)
    // Smaller than it ever was: B stops where it was before the push.
    await personSetsShape(s, null, 30)
    expect(s.g.index.nodes.get(s.b)!.y).toBe(80)
  })

  it('moves a node left of its parent back right as it narrows (it grew leftwards)', async () => {
    const s = await open()
    const c = createNodes(s.g, [{ summary: 'L', parent: s.root, x: -300, y: 0 }])
    if (!c.ok) throw new Error(c.message)
    const l = c.created[0]!.id
    await settle()
    s.model.onNodesChange([{ type: 'dimensions', id: l, dimensions: { width: 160, height: 45 } }])
    const widen = async (summary: string, width: number) => {
      s.undo.stopCapturing()
      const r = updateNodes(s.g, [{ id: l, summary }])
      if (!r.ok) throw new Error(r.message)
      s.undo.stopCapturing()
      s.model.own.changed([l])
      await settle()
      s.model.onNodesChange([{ type: 'dimensions', id: l, dimensions: { width, height: 45 } }])
    }
    await widen('L with a longer name', 260)
    expect(s.g.index.nodes.get(l)!.x).toBe(-400)
    await widen('L', 160)
    expect(s.g.index.nodes.get(l)!.x).toBe(-300)
  })

  it('leaves a pushed node the person has since moved by hand where they put it', async () => {
    const s = await open()
    await personSetsShape(s, 'diamond', 140)
    s.undo.stopCapturing()
    setPositions(s.g, [{ id: s.b, x: 320, y: 400 }])
    await personSetsShape(s, null, 45)
    expect(s.g.index.nodes.get(s.b)).toMatchObject({ x: 320, y: 400 })
  })

  it('does not bring a node back onto one that came into its old place', async () => {
    const s = await open()
    await personSetsShape(s, 'diamond', 140)
    const pushed = s.g.index.nodes.get(s.b)!.y!
    // An agent puts a node where B was.
    const c = createNodes(s.agent, [{ summary: 'C', parent: s.root, x: 300, y: 100 }])
    if (!c.ok) throw new Error(c.message)
    await settle()
    await personSetsShape(s, null, 45)
    expect(s.g.index.nodes.get(s.b)!.y).toBe(pushed)
  })

  it("writes no give-back for an agent's shrink: the room stays as the person's step left it", async () => {
    const s = await open()
    await personSetsShape(s, 'diamond', 140)
    expect(s.g.index.nodes.get(s.b)!.y).toBeGreaterThan(80)
    const r = updateNodes(s.agent, [{ id: s.a, shape: null }])
    if (!r.ok) throw new Error(r.message)
    await settle()
    const origins: unknown[] = []
    const doc = s.g.doc
    const see = (tr: Y.Transaction) => origins.push(tr.origin)
    doc.on('afterTransaction', see)
    s.model.onNodesChange([{ type: 'dimensions', id: s.a, dimensions: { width: 160, height: 45 } }])
    doc.off('afterTransaction', see)
    expect(s.g.index.nodes.get(s.b)!.y).toBeGreaterThan(80)
    expect(origins).toEqual([])
  })
})

describe('The give-back record keeps only live nodes', () => {
  it('forgets what a deleted node pushed, and a pushed node that was deleted', async () => {
    const s = await open()
    await personSetsShape(s, 'diamond', 140)
    expect(s.g.index.nodes.get(s.b)!.y).toBeGreaterThan(80)
    expect(s.model.pushesKept()).toBe(1)
    // The pushed node goes: nothing of it is kept.
    const gone = restructure(s.g, [{ type: 'forget', node: s.b }])
    if (!gone.ok) throw new Error(gone.message)
    await settle()
    expect(s.model.pushesKept()).toBe(0)
  })

  it('does not grow while nodes come, grow, push and go', async () => {
    const s = await open()
    for (let i = 0; i < 20; i++) {
      // A node above A is named at length, grows into A and pushes A and B down; then it is deleted.
      const a = s.g.index.nodes.get(s.a)!
      const c = createNodes(s.agent, [{ summary: `C${i}`, parent: s.root, x: a.x!, y: a.y! - 60 }])
      if (!c.ok) throw new Error(c.message)
      const id = c.created[0]!.id
      await settle()
      s.model.onNodesChange([{ type: 'dimensions', id, dimensions: { width: 160, height: 45 } }])
      s.undo.stopCapturing()
      const r = updateNodes(s.g, [{ id, summary: `C${i} with a name long enough to wrap twice` }])
      if (!r.ok) throw new Error(r.message)
      s.undo.stopCapturing()
      s.model.own.changed([id])
      await settle()
      s.model.onNodesChange([{ type: 'dimensions', id, dimensions: { width: 160, height: 140 } }])
      expect(s.g.index.nodes.get(s.a)!.y).toBeGreaterThan(a.y!)
      const gone = restructure(s.agent, [{ type: 'forget', node: id }])
      if (!gone.ok) throw new Error(gone.message)
      await settle()
    }
    expect(s.model.pushesKept()).toBe(0)
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
