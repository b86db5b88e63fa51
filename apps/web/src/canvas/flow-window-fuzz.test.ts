import { DEPENDS_ON, connect, createNodes, restructure, setPositions, undoManager } from '@plexus/model'
import { describe, expect, it } from 'vitest'
import { FlowModel } from './flow-model.ts'
import { FlowWindow, cutWindow } from './flow-window.ts'
import { rng } from '../../../../packages/model/src/test/harness.ts'
import { bigGraph, settle } from '../test/big-graph.ts'

// The sequences flow-window-model.test.ts does not make: undo of a delete or a merge, a branch folded
// and opened, the model detached and attached, long edges between nodes outside the window. With branches
// folded, relation edges into them are drawn to the folded nodes (folded-edges.ts): those lines come and go
// with folds and edits, and must be what a model built afresh with the same folds draws.
const SEEDS = Number(process.env.PLEXUS_SEEDS ?? 1)
const FIRST = Number(process.env.PLEXUS_SEED ?? 1)

describe('FlowWindow patched through undo, folds and detach', () => {
  it('holds what a cut of the same window holds, the model’s own objects', { timeout: 120_000 }, async () => {
    for (let seed = FIRST; seed < FIRST + SEEDS; seed++) {
      console.log(`flow-window-fuzz seed ${seed}`)
      const r = rng(seed)
      const { g, root, session, live, pick, spot } = bigGraph(seed, r, 'fz')
      const um = undoManager(g, { captureTimeout: 0 })
      const model = new FlowModel(session)
      let detach: (() => void) | null = model.attach()
      const w = new FlowWindow(model)
      w.setView({ x: 3000, y: 1000, width: 700, height: 450 })
      model.subscribe(() => void w.sourceChanged())
      for (let step = 0; step < 150; step++) {
        const at = `seed ${seed} step ${step}`
        const op = r()
        if (op < 0.15) {
          const res = createNodes(g, [{ summary: `Agent ${step}`, parent: pick() }], { mode: 'force' })
          if (!res.ok) throw new Error(`${at}: ${res.message}`)
        } else if (op < 0.3) {
          setPositions(g, [{ id: pick(), ...spot() }])
        } else if (op < 0.4) {
          const [a, b] = [pick(), pick()]
          if (a !== b) connect(g, [{ from: a, to: b, type: r() < 0.5 ? 'relates_to' : DEPENDS_ON }])
        } else if (op < 0.5) {
          const id = pick()
          if (id !== root) restructure(g, [{ type: 'forget', node: id }])
        } else if (op < 0.55) {
          const [a, b] = [pick(), pick()]
          if (a !== b && a !== root && b !== root) restructure(g, [{ type: 'merge', node: a, into: b }])
        } else if (op < 0.6) {
          const [a, b] = [pick(), pick()]
          if (a !== root) restructure(g, [{ type: 'move', node: a, parent: b }])
        } else if (op < 0.72) {
          um.undo()
        } else if (op < 0.77) {
          um.redo()
        } else if (op < 0.85) {
          model.toggleCollapsed(pick())
        } else if (op < 0.9) {
          model.select([pick()], { add: r() < 0.3 })
        } else if (op < 0.95) {
          // The canvas away (a graph switched and back): edits it did not see, then attached again.
          if (detach) {
            detach()
            detach = null
          } else detach = model.attach()
        } else {
          w.setView({ ...spot(), width: 700, height: 450 })
        }
        await settle()
        if (detach === null) continue

        const problem = (msg: string) => expect.fail(`${at}: ${msg}`)
        const byId = new Map(model.nodes.map((x) => [x.id, x]))
        const edgeById = new Map(model.edges.map((x) => [x.id, x]))
        for (const x of w.nodes) if (byId.get(x.id) !== x) problem(`node ${x.id} is not the model's object`)
        for (const e of w.edges)
          if (edgeById.get(e.id) !== e) problem(`edge ${e.id} is not the model's object`)
        const inWindow = new Set(w.nodes.map((x) => x.id))
        const edgesIn = new Set(w.edges.map((x) => x.id))
        for (const e of w.edges)
          if (!inWindow.has(e.source) || !inWindow.has(e.target)) problem(`edge ${e.id} without both ends`)
        const fresh = cutWindow(model, w.area!)
        for (const x of fresh.nodes)
          if (!inWindow.has(x.id))
            problem(
              `misses node ${x.id} (core ${fresh.core.has(x.id)}, op ${op.toFixed(2)}, edges ${fresh.edges
                .filter((e) => e.source === x.id || e.target === x.id)
                .map((e) => `${e.id} ${fresh.core.has(e.source)}/${fresh.core.has(e.target)}`)
                .join(', ')})`,
            )
        for (const e of fresh.edges)
          if (!edgesIn.has(e.id))
            problem(
              `misses edge ${e.id} (${fresh.core.has(e.source)}/${fresh.core.has(e.target)}, op ${op.toFixed(2)})`,
            )
        // An edge drawn has both ends drawn: none runs into a folded branch.
        for (const e of model.edges)
          if (!e.hidden && (!byId.get(e.source) || byId.get(e.source)!.hidden || byId.get(e.target)!.hidden))
            problem(`edge ${e.id} drawn to a hidden node`)
        if (step % 5 === 4) {
          // The lines drawn are those a model built now with the same folds draws.
          const again = new FlowModel(session)
          for (const id of live()) if (model.isCollapsed(id)) again.toggleCollapsed(id)
          const drawn = (m: FlowModel) =>
            m.edges
              .filter((e) => !e.hidden)
              .map((e) => `${e.id} ${e.source}>${e.target} ${e.data?.label} ${e.data?.stands?.join()}`)
              .sort()
          expect(drawn(model), at).toEqual(drawn(again))
        }
      }
    }
  })
})
