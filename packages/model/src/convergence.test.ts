import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { openGraph } from './graph.ts'
import { counts, next } from './readiness.ts'
import { integrity } from './integrity.ts'
import { layout } from './schema.ts'
import { Simulation, equal } from './test/simulation.ts'

// Seeds that once failed stay here forever, named for what they caught.
const REGRESSIONS: Record<string, number> = {
  'integrity problems listed in map order, which differs between peers': 3,
  'parent cycles listed in the order they were found': 83,
}

const SEEDS = Number(process.env.PLEXUS_SEEDS ?? 300)
const STEPS = Number(process.env.PLEXUS_STEPS ?? 60)
const FIRST = Number(process.env.PLEXUS_SEED ?? 1)

/** Everything a peer would show, read through a neutral actor so claims read the same everywhere. */
function picture(doc: Y.Doc, now: () => number): Record<string, unknown> {
  const g = openGraph(doc, { actor: 'reader', now, newId: () => 'unused' })
  const s = g.index.struct()
  const y = layout(doc)
  return {
    nodes: y.nodes.toJSON(),
    edges: y.edges.toJSON(),
    history: y.history.length,
    roots: s.roots,
    parents: [...s.parent].sort(),
    cycles: s.cycles,
    status: [...g.index.nodes.keys()].sort().map((id) => [id, g.index.statusOf(id)]),
    counts: counts(g),
    next: (() => {
      const r = next(g, { count: 10 })
      return r.ok ? r.items.map((i) => i.node.id) : r
    })(),
    integrity: integrity(g).map((p) => p.type + ':' + JSON.stringify(p)),
  }
}

function runSeed(seed: number): void {
  const sim = new Simulation(seed)
  try {
    sim.run(STEPS)
    const [first, ...rest] = sim.peers
    const want = Y.encodeStateAsUpdate(first!.doc)
    const wantPicture = picture(first!.doc, sim.clock.now)
    for (const p of sim.peers) sim.readAll(p.g)
    for (const p of rest) {
      expect(
        equal(Y.encodeStateVector(p.doc), Y.encodeStateVector(first!.doc)),
        `${p.name} state vector`,
      ).toBe(true)
      expect(equal(Y.encodeStateAsUpdate(p.doc), want), `${p.name} encoded state`).toBe(true)
      const got = picture(p.doc, sim.clock.now)
      for (const k of Object.keys(wantPicture))
        expect(got[k], `${p.name} reads: ${k}`).toEqual(wantPicture[k])
    }
  } catch (e) {
    const msg = `convergence failed for seed ${seed} (replay: PLEXUS_SEED=${seed} PLEXUS_SEEDS=1 npx vitest run packages/model/src/convergence.test.ts)\nlast steps:\n  ${sim.log.slice(-15).join('\n  ')}`
    console.error(msg)
    throw new Error(`${msg}\n${(e as Error).message}`, { cause: e })
  }
}

describe('convergence of random concurrent edits', () => {
  for (const [name, seed] of Object.entries(REGRESSIONS)) {
    it(`regression: ${name} (seed ${seed})`, () => runSeed(seed))
  }
  const CHUNK = 25
  for (let from = FIRST; from < FIRST + SEEDS; from += CHUNK) {
    const to = Math.min(from + CHUNK, FIRST + SEEDS)
    it(
      `seeds ${from}..${to - 1}, ${STEPS} steps each: every peer ends with the same state and every read succeeds`,
      { timeout: 600_000 },
      () => {
        for (let s = from; s < to; s++) runSeed(s)
      },
    )
  }
})
