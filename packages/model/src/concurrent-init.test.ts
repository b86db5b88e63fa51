/**
 * Two peers that make the same new graph at once (issue 23's review: an engine build into a new graph
 * runs its init in the offload worker while a graph_open, a memory write or a browser makes the graph
 * on the live document; two servers, or the stdio agent offline, do the same) must end with one graph:
 * one root, named by meta, and every node each peer put under "its" root under that one.
 *
 * Invariant, over generated peers, titles, children and sync orders: after every peer has seen every
 * update, each peer reads the same meta.root, it is the only live node without a parent, and every live
 * node's parents lead to it; the graph's title and its root's summary agree.
 */
import fc from 'fast-check'
import * as Y from 'yjs'
import { describe, expect, it } from 'vitest'
import { initGraph, meta, openGraph, write, type Graph } from './graph.ts'
import { counterIds } from './ids.ts'
import { sync } from './test/harness.ts'

const SEED = 230_2026

function peer(actor: string, clientID: number): Graph {
  const doc = new Y.Doc()
  doc.clientID = clientID
  return openGraph(doc, { actor, now: () => 1_700_000_000_000, newId: counterIds(`${actor}_`) })
}

function check(graphs: Graph[]): void {
  const roots = new Set(graphs.map((g) => meta(g).root))
  expect(roots.size).toBe(1)
  const [root] = [...roots]
  for (const g of graphs) {
    const tops: string[] = []
    for (const [id] of g.index.nodes) {
      const n = g.index.live(id)
      if (!n) continue
      if (n.parent === null) tops.push(id)
      let at: string | null = id
      for (let steps = 0; at !== null && at !== root; steps++) {
        expect(steps).toBeLessThan(g.index.nodes.size)
        at = g.index.live(at)?.parent ?? null
      }
      expect(at, `node ${id} does not lead to the root`).toBe(root)
    }
    expect(tops).toEqual([root])
    // Meta and the root node settle on the same peer's init: the title and the root's summary agree.
    expect(g.index.live(root!)?.summary).toBe(meta(g).title)
  }
}

describe('a graph made by two peers at once', () => {
  it('named case: a build made the graph in a worker while graph_open made it live — one root', () => {
    const worker = peer('build', 1)
    const live = peer('open', 2)
    const a = initGraph(worker, { id: 'notes', title: 'notes' })
    const b = initGraph(live, { id: 'notes' })
    if (!a.ok || !b.ok) throw new Error('init failed')
    write(worker, (w) => w.newNode('fact_1', { parent: a.root, summary: 'Redis caches sessions' }))
    sync(worker.doc, live.doc)
    check([worker, live])
  })

  it('holds for any number of peers, titles, children and sync orders', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.array(fc.constantFrom('', 'Plan', 'notes', 'Q3 launch'), { minLength: 4, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 4 }),
        fc.array(fc.tuple(fc.nat(3), fc.nat(3)), { maxLength: 6 }),
        (n, titles, kids, partial) => {
          const graphs = Array.from({ length: n }, (_, i) => peer(`p${i}`, i + 1))
          graphs.forEach((g, i) => {
            const r = initGraph(g, { id: 'shared', ...(titles[i] ? { title: titles[i] } : {}) })
            if (!r.ok) throw new Error(r.message)
            for (let k = 0; k < (kids[i] ?? 0); k++)
              write(g, (w) => w.newNode(`p${i}_kid${k}`, { parent: r.root, summary: `kid ${k} of p${i}` }))
          })
          // Some peers hear of each other before the rest (and may init again: idempotent then).
          for (const [x, y] of partial) {
            const a = graphs[x % n]!
            const b = graphs[y % n]!
            if (a !== b) sync(a.doc, b.doc)
            initGraph(b, { id: 'shared' })
          }
          sync(...graphs.map((g) => g.doc))
          check(graphs)
          const states = graphs.map((g) => Y.encodeStateVector(g.doc).toString())
          expect(new Set(states).size).toBe(1)
        },
      ),
      { seed: SEED, numRuns: 200 },
    )
  })
})
