import { describe, expect, it } from 'vitest'
import { connect, disconnect } from './edges.ts'
import { createNodes } from './create.ts'
import { restructure } from './restructure.ts'
import { updateNodes } from './update.ts'
import { makeGraph, rng } from './test/harness.ts'
import { buildStructure } from './structure.ts'
import type { Status } from './types.ts'

const SEEDS = Number(process.env.PLEXUS_SEEDS ?? 6)
const FIRST = Number(process.env.PLEXUS_SEED ?? 1)

describe('GraphIndex.trackStatus', () => {
  it('names every node whose status changed, through random edits (a full recompute names all)', () => {
    for (let seed = FIRST; seed < FIRST + SEEDS; seed++) {
      const r = rng(seed)
      const { g, root } = makeGraph('alice', { id: `track-${seed}` })
      const ix = g.index
      const tracker = ix.trackStatus()
      const shown = new Map<string, Status>()
      const look = () => {
        for (const id of ix.nodes.keys()) shown.set(id, ix.statusOf(id))
      }
      tracker.take()
      look()
      const live = () => [...ix.nodes.keys()].filter((id) => ix.live(id))
      const pick = () => {
        const ids = live()
        return ids[Math.floor(r() * ids.length)] ?? root
      }
      let partial = 0
      for (let step = 0; step < 200; step++) {
        const op = r()
        if (op < 0.3) {
          const parent = pick()
          createNodes(g, [{ summary: `Task ${step}`, parent }], { mode: 'force' })
        } else if (op < 0.5) {
          updateNodes(g, [{ id: pick(), resolved: r() < 0.6 }])
        } else if (op < 0.65) {
          const [a, b] = [pick(), pick()]
          if (a !== b) connect(g, [{ from: a, to: b, type: 'depends_on' }])
        } else if (op < 0.72) {
          const e = [...ix.edges.values()][Math.floor(r() * ix.edges.size)]
          if (e) disconnect(g, [{ from: e.from, to: e.to, type: e.type }])
        } else if (op < 0.85) {
          const [a, b] = [pick(), pick()]
          if (a !== root) restructure(g, [{ type: 'move', node: a, parent: b }])
        } else if (op < 0.93) {
          const a = pick()
          if (a !== root) restructure(g, [{ type: 'forget', node: a }])
        } else {
          const [a, b] = [pick(), pick()]
          if (a !== b && a !== root && b !== root) restructure(g, [{ type: 'merge', node: a, into: b }])
        }
        const changed = tracker.take()
        if (changed) partial++
        for (const id of ix.nodes.keys()) {
          const now = ix.statusOf(id)
          if (now !== shown.get(id) && changed && !changed.has(id))
            expect.fail(`seed ${seed} step ${step}: ${id} went ${shown.get(id)} -> ${now}, not named`)
        }
        look()
      }
      // Most edits are followed node by node, not by a full recompute.
      expect(partial, `seed ${seed}`).toBeGreaterThan(100)
      tracker.close()
    }
  })
})

describe('GraphIndex.struct kept through adds and moves', () => {
  it('is patched, not rebuilt, for a peer that never reads a status, and equals a fresh build', () => {
    for (let seed = FIRST; seed < FIRST + SEEDS; seed++) {
      const r = rng(seed)
      const { g, root } = makeGraph('agent', { id: `struct-${seed}` })
      const ix = g.index
      const live = () => [...ix.nodes.keys()].filter((id) => ix.live(id))
      const pick = () => {
        const ids = live()
        return ids[Math.floor(r() * ids.length)] ?? root
      }
      for (let i = 0; i < 60; i++)
        createNodes(g, [{ summary: `Seed ${i}`, parent: pick() }], { mode: 'force' })
      let rebuilt = 0
      // An agent adding one node at a time, reading the tree after each (as a server answering it does).
      for (let i = 0; i < 10; i++) {
        const before = ix.struct().version
        createNodes(g, [{ summary: `Agent ${i}`, parent: pick() }], { mode: 'force' })
        if (ix.struct().version !== before) rebuilt++
      }
      for (let step = 0; step < 150; step++) {
        const before = ix.struct().version
        if (r() < 0.7) {
          const k = 1 + Math.floor(r() * 3)
          const parent = pick()
          createNodes(
            g,
            Array.from({ length: k }, (_, i) => ({ summary: `Agent ${step}.${i}`, parent })),
            { mode: 'force' },
          )
        } else {
          const [a, b] = [pick(), pick()]
          if (a !== root) restructure(g, [{ type: 'move', node: a, parent: b }])
        }
        const s = ix.struct()
        if (s.version !== before) rebuilt++
        const fresh = buildStructure(ix.nodes, s.version)
        const at = `seed ${seed} step ${step}`
        expect(new Map(s.parent), at).toEqual(fresh.parent)
        // A parent whose last child moved away may keep an empty list: the same as none.
        const kids = new Map([...s.children].filter(([, c]) => c.length))
        expect(kids, at).toEqual(fresh.children)
        expect(new Map(s.depth), at).toEqual(fresh.depth)
        expect([...s.roots], at).toEqual(fresh.roots)
      }
      // Nothing here needs a rebuild (no forget, merge or loop): each add and move is patched in.
      expect(rebuilt, `seed ${seed}`).toBe(0)
    }
  })
})
