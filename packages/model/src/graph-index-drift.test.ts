import { describe, expect, it } from 'vitest'
import { connect } from './edges.ts'
import { createNodes } from './create.ts'
import { GraphIndex } from './graph-index.ts'
import { restructure } from './restructure.ts'
import { updateNodes } from './update.ts'
import { undoManager } from './undo.ts'
import { makeGraph, rng } from './test/harness.ts'
import { buildStructure } from './structure.ts'

// The structure patched on adds and moves (graph-index.ts) through what graph-index.test.ts does not
// make: forgets, merges, their undo and redo, moves a loop refuses, and statuses read or not between.
const SEEDS = Number(process.env.PLEXUS_SEEDS ?? 4)
const FIRST = Number(process.env.PLEXUS_SEED ?? 1)

describe('GraphIndex kept through deletes, merges and undo', () => {
  it('equals a fresh build and a fresh index at every step', () => {
    for (let seed = FIRST; seed < FIRST + SEEDS; seed++) {
      const r = rng(seed)
      const { g, doc, root } = makeGraph('agent', { id: `drift-${seed}` })
      const ix = g.index
      if (!(ix instanceof GraphIndex)) throw new Error('the graph is indexed by a GraphIndex')
      const um = undoManager(g, { captureTimeout: 0 })
      const tracker = ix.trackStatus()
      const live = () => [...ix.nodes.keys()].filter((id) => ix.live(id))
      const pick = () => {
        const ids = live()
        return ids[Math.floor(r() * ids.length)] ?? root
      }
      for (let i = 0; i < 40; i++)
        createNodes(g, [{ summary: `Seed ${i}`, parent: pick() }], { mode: 'force' })
      for (let step = 0; step < 250; step++) {
        const at = `seed ${seed} step ${step}`
        const op = r()
        if (op < 0.3) {
          createNodes(g, [{ summary: `Agent ${step}`, parent: pick() }], { mode: 'force' })
        } else if (op < 0.5) {
          const [a, b] = [pick(), pick()]
          if (a !== root) restructure(g, [{ type: 'move', node: a, parent: b }])
        } else if (op < 0.58) {
          const a = pick()
          if (a !== root) restructure(g, [{ type: 'forget', node: a }])
        } else if (op < 0.64) {
          const [a, b] = [pick(), pick()]
          if (a !== b && a !== root && b !== root) restructure(g, [{ type: 'merge', node: a, into: b }])
        } else if (op < 0.76) {
          um.undo()
        } else if (op < 0.82) {
          um.redo()
        } else if (op < 0.9) {
          updateNodes(g, [{ id: pick(), resolved: r() < 0.5 }])
        } else {
          const [a, b] = [pick(), pick()]
          if (a !== b) connect(g, [{ from: a, to: b, type: 'depends_on' }])
        }
        // Half the steps read no status (an agent's peer), half do (a canvas).
        if (r() < 0.5) tracker.take()
        const s = ix.struct()
        const fresh = buildStructure(ix.nodes, s.version)
        expect(new Map(s.parent), at).toEqual(fresh.parent)
        const kids = new Map([...s.children].filter(([, c]) => c.length))
        expect(kids, at).toEqual(fresh.children)
        expect(new Map(s.depth), at).toEqual(fresh.depth)
        expect([...s.roots], at).toEqual(fresh.roots)
        const other = new GraphIndex(doc)
        for (const id of ix.nodes.keys())
          if (ix.statusOf(id) !== other.statusOf(id))
            expect.fail(`${at}: ${id} is ${ix.statusOf(id)}, a fresh index says ${other.statusOf(id)}`)
        expect(new Set(ix.actionable()), at).toEqual(new Set(other.actionable()))
        const top = (x: GraphIndex) => x.topActionable(8, () => true).map((e) => `${e.view.id}@${e.depth}`)
        expect(top(ix), at).toEqual(top(other))
      }
      tracker.close()
    }
  })
})
