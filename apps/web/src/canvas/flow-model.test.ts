import {
  DEPENDS_ON,
  connect,
  createNodes,
  initGraph,
  openGraph,
  restructure,
  setPositions,
  updateNodes,
  type Graph,
} from '@plexus/model'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { GraphSession } from '../sync/session.ts'
import { FlowModel } from './flow-model.ts'
import { overlaps } from './geometry.ts'
import { rng } from '../../../../packages/model/src/test/harness.ts'

const SEEDS = Number(process.env.PLEXUS_SEEDS ?? 6)
const FIRST = Number(process.env.PLEXUS_SEED ?? 1)

/** A real graph on a real Yjs document; the session is only the parts FlowModel reads. */
function open(seed: number): { g: Graph; model: FlowModel; root: string } {
  let n = 0
  const env = (actor: string) => ({ actor, now: () => 1000 + n, newId: () => `${actor[0]}${seed}_${n++}` })
  const doc = new Y.Doc()
  const g = openGraph(doc, env('person'))
  const sys = openGraph(doc, env('app'))
  const init = initGraph(g, { id: `flow-${seed}`, title: 'Flow' })
  if (!init.ok) throw new Error(init.message)
  setPositions(g, [{ id: init.root, x: 0, y: 0 }])
  const session = { g, sys, setPresence: () => {} } as unknown as GraphSession
  const model = new FlowModel(session)
  model.attach()
  return { g, model, root: init.root }
}

const settle = async () => {
  for (let i = 0; i < 4; i++) await Promise.resolve()
}

describe('FlowModel placement', () => {
  it('keeps its placement index equal to one built from scratch through random edits, and places every node', async () => {
    for (let seed = FIRST; seed < FIRST + SEEDS; seed++) {
      const r = rng(seed)
      const { g, model, root } = open(seed)
      const liveIds = () =>
        [...g.index.nodes.values()]
          .filter((v) => v.deleted_at === null && v.merged_into === null)
          .map((v) => v.id)
      const pick = () => {
        const ids = liveIds()
        return ids[Math.floor(r() * ids.length)] ?? root
      }
      for (let step = 0; step < 120; step++) {
        const op = r()
        const at = `seed ${seed} step ${step}`
        if (op < 0.4) {
          // An agent's write: children without positions, placed by the canvas.
          const parent = pick()
          const k = 1 + Math.floor(r() * 3)
          const items = Array.from({ length: k }, (_, i) => ({ summary: `Agent ${step}.${i}`, parent }))
          const res = createNodes(g, items, { mode: 'force' })
          if (!res.ok) throw new Error(`${at}: ${res.message}`)
        } else if (op < 0.5) {
          const id = pick()
          setPositions(g, [{ id, x: Math.round((r() - 0.5) * 3000), y: Math.round((r() - 0.5) * 3000) }])
        } else if (op < 0.6) {
          const id = pick()
          model.onNodesChange([
            {
              type: 'dimensions',
              id,
              dimensions: { width: 140 + Math.round(r() * 100), height: 45 + Math.round(r() * 30) },
            },
          ])
        } else if (op < 0.7) {
          const id = pick()
          const res = updateNodes(g, [
            { id, summary: `Longer text ${step} `.repeat(1 + Math.floor(r() * 4)) },
          ])
          if (!res.ok) throw new Error(`${at}: ${res.message}`)
        } else if (op < 0.8) {
          const id = pick()
          const p = model.positionOf(id) ?? { x: 0, y: 0 }
          model.onNodesChange([
            { type: 'position', id, position: { x: p.x + 30, y: p.y + 12 }, dragging: true },
          ])
          if (r() < 0.5) model.endDrag()
        } else if (op < 0.9) {
          const id = pick()
          if (id !== root) restructure(g, [{ type: 'forget', node: id }])
        } else {
          const a = pick()
          const b = pick()
          if (a !== b && a !== root && b !== root) restructure(g, [{ type: 'merge', node: a, into: b }])
        }
        await settle()
        const drift = model.placementDrift()
        if (drift.length) expect.fail(`${at}: ${drift.slice(0, 5).join('; ')}`)
      }
      model.endDrag()
      await settle()
      // Every node got a place.
      for (const id of liveIds()) expect(model.positionOf(id), `seed ${seed}: ${id}`).not.toBeNull()
      expect(model.placementDrift(), `seed ${seed}`).toEqual([])
    }
  })

  it('places an agent child beside its parent, clear of the nodes around it', async () => {
    const { g, model, root } = open(99)
    const res = createNodes(
      g,
      Array.from({ length: 5 }, (_, i) => ({ summary: `First ${i}`, parent: root })),
      { mode: 'force' },
    )
    if (!res.ok) throw new Error(res.message)
    await settle()
    const kid = res.created[2]!.id
    const more = createNodes(g, [{ summary: 'Agent note', parent: kid }], { mode: 'force' })
    if (!more.ok) throw new Error(more.message)
    await settle()
    const id = more.created[0]!.id
    const p = model.positionOf(id)!
    const q = model.positionOf(kid)!
    expect(p.x).toBeGreaterThan(q.x + model.sizeOf(kid).width)
    const rect = { ...p, ...model.sizeOf(id) }
    for (const other of g.index.nodes.keys()) {
      if (other === id) continue
      const o = model.positionOf(other)
      if (o) expect(overlaps(rect, { ...o, ...model.sizeOf(other) }), other).toBe(false)
    }
  })
})

describe('FlowModel placement around frames', () => {
  it('keeps a frame’s rectangle in the placement index when one of its members goes', async () => {
    const { g, model, root } = open(7)
    const made = createNodes(g, [{ summary: 'Frame', parent: root }], { mode: 'force' })
    if (!made.ok) throw new Error(made.message)
    const frame = made.created[0]!.id
    const members = createNodes(
      g,
      [
        { summary: 'Top member', parent: frame },
        { summary: 'Bottom member', parent: frame },
      ],
      { mode: 'force' },
    )
    if (!members.ok) throw new Error(members.message)
    const [top, bottom] = members.created.map((c) => c.id) as [string, string]
    setPositions(g, [
      { id: frame, x: 400, y: 0 },
      { id: top, x: 420, y: 40 },
      { id: bottom, x: 420, y: 600 },
    ])
    const look = updateNodes(g, [{ id: frame, shape: 'group' }])
    if (!look.ok) throw new Error(look.message)
    await settle()
    // An agent's node without a position: the canvas places it, building the placement index.
    const agent = createNodes(g, [{ summary: 'Agent note', parent: root }], { mode: 'force' })
    if (!agent.ok) throw new Error(agent.message)
    await settle()
    expect(model.placementDrift()).toEqual([])
    // The bottom member goes: the frame now ends at the top member, and placement must see that.
    restructure(g, [{ type: 'forget', node: bottom }])
    await settle()
    expect(model.placementDrift()).toEqual([])
  })
})

describe('FlowModel fold badge side', () => {
  it('puts a folded branch’s count on the side away from its parent after the parent moves across it', async () => {
    const { g, model, root } = open(1)
    const made = createNodes(g, [{ summary: 'Branch', parent: root }], { mode: 'force' })
    if (!made.ok) throw new Error(made.message)
    const branch = made.created[0]!.id
    const kids = createNodes(g, [{ summary: 'Leaf', parent: branch }], { mode: 'force' })
    if (!kids.ok) throw new Error(kids.message)
    setPositions(g, [{ id: branch, x: 300, y: 0 }])
    await settle()
    model.toggleCollapsed(branch)
    await settle()
    expect(model.node(branch)!.data.foldedLeft).toBeUndefined()
    // The root moved right of the branch (a drag, a peer, a layout that moves the root only).
    setPositions(g, [{ id: root, x: 800, y: 0 }])
    await settle()
    expect(model.node(branch)!.data.foldedLeft).toBe(true)
  })
})

describe('FlowModel folded branches keep their relation edges', () => {
  /** Trip: Travel > (Trains > Book seats, Ferries > Pay ferry), and Pack beside Travel. */
  async function trip() {
    const { g, model, root } = open(3)
    const made = (items: Array<{ summary: string; parent: string }>) => {
      const r = createNodes(g, items, { mode: 'force' })
      if (!r.ok) throw new Error(r.message)
      return r.created.map((c) => c.id)
    }
    const [travel, pack] = made([
      { summary: 'Travel', parent: root },
      { summary: 'Pack', parent: root },
    ]) as [string, string]
    const [trains, ferries] = made([
      { summary: 'Trains', parent: travel },
      { summary: 'Ferries', parent: travel },
    ]) as [string, string]
    const [seats] = made([{ summary: 'Book seats', parent: trains }]) as [string]
    const [pay] = made([{ summary: 'Pay ferry', parent: ferries }]) as [string]
    await settle()
    const link = (from: string, to: string, type = DEPENDS_ON) => {
      const r = connect(g, [{ from, to, type }])
      if (!r.ok) throw new Error(r.message)
      return r.added[0]!
    }
    return { g, model, root, travel, pack, trains, ferries, seats, pay, link }
  }
  const shown = (model: FlowModel) =>
    model.edges
      .filter((e) => !e.hidden && e.data?.kind !== 'tree')
      .map((e) => ({ source: e.source, target: e.target, kind: e.data?.kind, label: e.data?.label }))

  it('draws an edge into a folded branch to the folded node, one line with a count, and back when opened', async () => {
    const { model, travel, pack, seats, pay, link } = await trip()
    const e1 = link(pack, seats)
    const e2 = link(pack, pay)
    await settle()
    model.toggleCollapsed(travel)
    await settle()
    expect(model.edge(e1)!.hidden).toBe(true)
    expect(model.edge(e2)!.hidden).toBe(true)
    expect(shown(model)).toEqual([
      { source: pack, target: travel, kind: DEPENDS_ON, label: 'depends on Book seats, Pay ferry' },
    ])
    const proxy = model.edges.find((e) => !e.hidden && e.data?.kind === DEPENDS_ON)!
    expect(proxy.data?.stands).toEqual([e1, e2])
    model.toggleCollapsed(travel)
    await settle()
    expect(model.edge(proxy.id)).toBeUndefined()
    expect(shown(model).map((e) => e.target)).toEqual([seats, pay])
  })

  it('hides an edge with both ends inside the same folded branch, and draws one leaving it from the folded node', async () => {
    const { model, travel, pack, seats, pay, link } = await trip()
    const inner = link(seats, pay)
    link(pay, pack)
    await settle()
    model.toggleCollapsed(travel)
    await settle()
    expect(model.edge(inner)!.hidden).toBe(true)
    expect(shown(model)).toEqual([
      { source: travel, target: pack, kind: DEPENDS_ON, label: 'Pay ferry depends on Pack' },
    ])
  })

  it('folds an edge an agent adds while the branch is folded, as it does the others', async () => {
    const { g, model, travel, pack, seats, link } = await trip()
    model.toggleCollapsed(travel)
    await settle()
    const e = link(pack, seats)
    await settle()
    expect(model.edge(e)!.hidden).toBe(true)
    expect(shown(model)).toEqual([
      { source: pack, target: travel, kind: DEPENDS_ON, label: 'depends on Book seats' },
    ])
    // And a node an agent adds inside the folded branch: hidden with its tree edge.
    const r = createNodes(g, [{ summary: 'Agent note', parent: seats }], { mode: 'force' })
    if (!r.ok) throw new Error(r.message)
    await settle()
    const id = r.created[0]!.id
    expect(model.node(id)!.hidden).toBe(true)
    expect(model.edge(`t:${id}`)!.hidden).toBe(true)
    // The folded node counts it.
    expect(model.node(travel)!.data.folded).toBe(5)
  })

  it('keeps the edges under a branch still folded inside one that opens hidden', async () => {
    const { model, travel, trains, pack, seats, link } = await trip()
    const e = link(pack, seats)
    await settle()
    model.toggleCollapsed(trains)
    model.toggleCollapsed(travel)
    await settle()
    expect(shown(model).map((x) => x.target)).toEqual([travel])
    model.toggleCollapsed(travel)
    await settle()
    expect(model.edge(e)!.hidden).toBe(true)
    expect(model.edge(`t:${seats}`)!.hidden).toBe(true)
    expect(shown(model).map((x) => x.target)).toEqual([trains])
  })
})
