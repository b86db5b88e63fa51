import { createNodes, initGraph, openGraph, setPositions } from '@plexus/model'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { GraphSession } from '../sync/session.ts'
import { FlowModel } from './flow-model.ts'

let seq = 0
function model(): { m: FlowModel; ids: string[]; session: GraphSession } {
  const doc = new Y.Doc()
  const env = { actor: 'tester', now: () => 1_700_000_000_000, newId: () => `n${(seq++).toString(36)}` }
  const g = openGraph(doc, env)
  const init = initGraph(g, { id: 'layout-test', title: 'Layout' })
  if (!init.ok) throw new Error(init.message)
  const made = createNodes(
    g,
    [
      { summary: 'One', parent: init.root, x: 0, y: 0 },
      { summary: 'Two', parent: init.root, x: 300, y: 0 },
    ],
    { mode: 'force' },
  )
  if (!made.ok) throw new Error(made.message)
  // The parts of a session the model reads; the rest (network, storage) plays no part here.
  const session = { id: 'layout-test', g, sys: g, setPresence: () => {} } as unknown as GraphSession
  const m = new FlowModel(session)
  m.attach()
  return { m, ids: made.created.map((c) => c.id), session }
}

describe('FlowModel.layoutVersion (what an overview of the whole graph draws)', () => {
  it('does not change when React Flow measures a node or the person selects one', () => {
    const { m, ids } = model()
    const before = m.layoutVersion
    const nodes = m.nodes
    m.onNodesChange([{ type: 'dimensions', id: ids[0]!, dimensions: { width: 211, height: 57 } }])
    expect(m.nodes).not.toBe(nodes) // React Flow gets the measured node
    m.onNodesChange([{ type: 'select', id: ids[1]!, selected: true }])
    expect(m.layoutVersion).toBe(before)
  })

  it('changes when a node moves, comes or goes', async () => {
    const { m, ids, session } = model()
    let v = m.layoutVersion
    setPositions(session.g, [{ id: ids[0]!, x: 40, y: 500 }])
    await Promise.resolve()
    expect(m.layoutVersion).toBeGreaterThan(v)
    v = m.layoutVersion
    const added = createNodes(session.g, [{ summary: 'Three', parent: ids[0]!, x: 600, y: 0 }], {
      mode: 'force',
    })
    expect(added.ok).toBe(true)
    await Promise.resolve()
    expect(m.layoutVersion).toBeGreaterThan(v)
  })

  it('changes when a drag moves a node on this canvas', () => {
    const { m, ids } = model()
    const v = m.layoutVersion
    m.onNodesChange([{ type: 'position', id: ids[1]!, position: { x: 320, y: 80 }, dragging: true }])
    expect(m.layoutVersion).toBeGreaterThan(v)
  })
})
