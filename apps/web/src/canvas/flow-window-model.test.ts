import { connect, createNodes, disconnect, restructure, setPositions, updateNodes } from '@plexus/model'
import { describe, expect, it, vi } from 'vitest'
import { FlowModel } from './flow-model.ts'
import { FlowWindow, cutWindow } from './flow-window.ts'
import { rng } from '../../../../packages/model/src/test/harness.ts'
import { bigGraph, settle } from '../test/big-graph.ts'

const SEEDS = Number(process.env.PLEXUS_SEEDS ?? 2)
const FIRST = Number(process.env.PLEXUS_SEED ?? 1)

/** Whether `part` is `all` with some entries left out (same objects, same order). */
function subsequence<T extends { id: string }>(part: readonly T[], all: readonly T[]): string | null {
  let i = 0
  for (const x of part) {
    while (i < all.length && all[i]!.id !== x.id) i++
    if (i === all.length) return `${x.id} is out of order or not in the model's array`
    if (all[i] !== x) return `${x.id} is not the model's object`
    i++
  }
  return null
}

describe('FlowWindow patched change by change', () => {
  it('holds what a cut holds, in the model’s order and objects, through random edits of a big graph (and every node shows its readiness)', async () => {
    for (let seed = FIRST; seed < FIRST + SEEDS; seed++) {
      const r = rng(seed)
      const { g, root, session, pick, spot } = bigGraph(seed, r, 'win')
      const model = new FlowModel(session)
      model.attach()
      let cuts = 0
      const w = new FlowWindow(model)
      w.setView({ x: 3000, y: 1000, width: 700, height: 450 })
      // Private, spied on to count: how many of the model's changes were cut, not patched.
      const cut = vi.spyOn(w as unknown as { cut(): boolean }, 'cut')
      let changes = 0
      model.subscribe(() => {
        const before = cut.mock.calls.length
        w.sourceChanged()
        changes++
        if (cut.mock.calls.length > before) cuts++
      })
      for (let step = 0; step < 120; step++) {
        const at = `seed ${seed} step ${step}`
        const op = r()
        if (op < 0.3) {
          // An agent's write: children without positions, placed by the canvas beside their parent.
          const parent = pick()
          const k = 1 + Math.floor(r() * 3)
          const res = createNodes(
            g,
            Array.from({ length: k }, (_, i) => ({ summary: `Agent ${step}.${i}`, parent })),
            { mode: 'force' },
          )
          if (!res.ok) throw new Error(`${at}: ${res.message}`)
        } else if (op < 0.45) {
          setPositions(g, [{ id: pick(), ...spot() }])
        } else if (op < 0.55) {
          const [a, b] = [pick(), pick()]
          if (a !== b) connect(g, [{ from: a, to: b, type: r() < 0.5 ? 'depends_on' : 'relates_to' }])
        } else if (op < 0.6) {
          const e = [...g.index.edges.values()][Math.floor(r() * g.index.edges.size)]
          if (e) disconnect(g, [{ from: e.from, to: e.to, type: e.type }])
        } else if (op < 0.7) {
          model.select([pick()], { add: r() < 0.3 })
        } else if (op < 0.75) {
          const id = pick()
          if (id !== root) restructure(g, [{ type: 'forget', node: id }])
        } else if (op < 0.8) {
          const [a, b] = [pick(), pick()]
          if (a !== b && a !== root && b !== root) restructure(g, [{ type: 'merge', node: a, into: b }])
        } else if (op < 0.85) {
          const [a, b] = [pick(), pick()]
          if (a !== root) restructure(g, [{ type: 'move', node: a, parent: b }])
        } else if (op < 0.9) {
          updateNodes(g, [{ id: pick(), resolved: r() < 0.5 }])
        } else if (op < 0.95) {
          const id = pick()
          const p = model.positionOf(id) ?? { x: 0, y: 0 }
          model.onNodesChange([
            { type: 'position', id, position: { x: p.x + 40, y: p.y + 15 }, dragging: true },
          ])
          if (r() < 0.5) model.endDrag()
        } else {
          w.setView({ ...spot(), width: 700, height: 450 })
        }
        await settle()

        // Every node shows its readiness as the index has it (the model redraws only what changed).
        for (const x of model.nodes)
          if (x.data.status !== g.index.statusOf(x.id))
            expect.fail(`${at}: ${x.id} shows ${x.data.status}, the index says ${g.index.statusOf(x.id)}`)
        const area = w.area!
        const problem = (msg: string) => expect.fail(`${at}: ${msg}`)
        const nodeErr = subsequence(w.nodes, model.nodes)
        if (nodeErr) problem(`node ${nodeErr}`)
        const edgeErr = subsequence(w.edges, model.edges)
        if (edgeErr) problem(`edge ${edgeErr}`)
        const inWindow = new Set(w.nodes.map((x) => x.id))
        const edgesIn = new Set(w.edges.map((x) => x.id))
        for (const e of w.edges)
          if (!inWindow.has(e.source) || !inWindow.has(e.target)) problem(`edge ${e.id} without both ends`)
        // Everything a cut of the same window holds, a long edge between two nodes outside it that a
        // move made cross it included.
        const fresh = cutWindow(model, area)
        for (const x of fresh.nodes) if (!inWindow.has(x.id)) problem(`misses node ${x.id}`)
        for (const e of fresh.edges) if (!edgesIn.has(e.id)) problem(`misses edge ${e.id}`)
      }
      // The patches did the work: most changes were not cut.
      expect(cuts, `seed ${seed}`).toBeLessThan(changes / 2)
    }
  })
})
