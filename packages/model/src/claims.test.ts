import { describe, expect, it } from 'vitest'
import { CLAIMED_BY, holderOf, lostClaims, settleClaims } from './claims.ts'
import { eventsOn } from './history.ts'
import { createNodes } from './create.ts'
import { next } from './readiness.ts'
import { updateNodes } from './update.ts'
import { Clock, addNodes, joinGraph, makeGraph, ok, rng, sync, view, type TestGraph } from './test/harness.ts'

const ACTORS = ['ana', 'ben', 'cy', 'dee']
const TASKS = Array.from({ length: 12 }, (_, i) => `T${i}`)

/** Who resolved each node, from history. */
function resolvers(p: TestGraph, id: string): Set<string> {
  const out = new Set<string>()
  for (const e of eventsOn(p.g, id))
    if (e.changes.some((c) => c.field === 'resolved' && c.after === true)) out.add(e.actor)
  return out
}

/**
 * Four peers loop claim -> resolve while they sync only now and then, in a seeded order; then they
 * all meet. Every peer must settle every node the same way, and whoever resolved a node it did not
 * win must be told.
 */
function run(seed: number) {
  const random = rng(seed)
  const clock = new Clock()
  const base = makeGraph(ACTORS[0], { clock, clientID: 1 })
  addNodes(
    base.g,
    TASKS.map((t) => [t]),
  )
  const peers = [base, ...ACTORS.slice(1).map((a, i) => joinGraph(base, a, i + 2))]
  const told = new Map(ACTORS.map((a) => [a, new Set<string>()]))
  for (let step = 0; step < 80; step++) {
    clock.tick(Math.floor(random() * 3))
    const p = peers[Math.floor(random() * peers.length)]!
    const r = ok(next(p.g, { claim: true }))
    for (const l of r.lost_claims) told.get(p.g.env.actor)!.add(l.id)
    if (r.claimed[0] && random() < 0.7) ok(updateNodes(p.g, [{ id: r.claimed[0], resolved: true }]))
    if (random() < 0.3) {
      const q = peers[Math.floor(random() * peers.length)]!
      sync(p.doc, q.doc)
    }
  }
  // Everyone meets, in a seeded order.
  const order = [...peers].sort(() => random() - 0.5)
  sync(...order.map((p) => p.doc))
  for (const p of peers) for (const l of lostClaims(p.g, p.g.env.actor)) told.get(p.g.env.actor)!.add(l.id)
  return { peers, told }
}

describe('claims made apart settle the same way everywhere', () => {
  for (let seed = 1; seed <= 60; seed++) {
    it(`seed ${seed}`, () => {
      const { peers, told } = run(seed)
      for (const id of TASKS) {
        const [first, ...rest] = peers.map((p) => settleClaims(p.g, id))
        for (const s of rest) {
          expect(s.winner, `seed ${seed} ${id}`).toEqual(first!.winner)
          expect([...s.losers].sort(), `seed ${seed} ${id}`).toEqual([...first!.losers].sort())
        }
        const by = resolvers(peers[0]!, id)
        for (const actor of by) {
          if (actor === first!.winner?.by) continue
          const why = `seed ${seed}: ${actor} resolved ${id}, which ${first!.winner?.by} won`
          expect([...told.get(actor)!], why).toContain(id)
        }
      }
      // The winner is never told it lost.
      for (const id of TASKS) {
        const w = settleClaims(peers[0]!.g, id).winner?.by
        if (w) expect(told.get(w)!.has(id), `seed ${seed}: ${w} won ${id} and was told it lost`).toBe(false)
      }
      // A claiming call tells each loser once and leaves the winner's name on the node, on every peer.
      for (const p of peers) ok(next(p.g, { claim: true }))
      sync(...peers.map((p) => p.doc))
      for (const p of peers) expect(lostClaims(p.g, p.g.env.actor), `seed ${seed}`).toEqual([])
      for (const id of TASKS) {
        const names = new Set(peers.map((p) => view(p.g, id).properties[CLAIMED_BY]))
        expect(names.size, `seed ${seed} ${id}`).toBe(1)
        const h = holderOf(view(peers[0]!.g, id), peers[0]!.clock.t)
        if (h) expect(h.by).toBe(settleClaims(peers[0]!.g, id).winner?.by)
      }
    })
  }
})

describe('claiming again a node one lost', () => {
  it('holds it: the old loss is not acknowledged over the new claim (which would release it)', () => {
    const ana = makeGraph('ana')
    addNodes(ana.g, [['T']])
    const ben = joinGraph(ana, 'ben')
    // Apart: ben claims T and releases it; in between ana claims it without seeing ben's claim, so by
    // history ana lost T (made while ben held it), though nobody holds it now.
    ok(next(ben.g, { claim: true }))
    ana.clock.tick(5)
    ok(next(ana.g, { claim: true }))
    ana.clock.tick(5)
    ok(updateNodes(ben.g, [{ id: 'T', release: true }]))
    sync(ana.doc, ben.doc)
    expect(settleClaims(ana.g, 'T').losers.has('ana')).toBe(true)
    expect(settleClaims(ana.g, 'T').winner).toBe(null)
    ana.clock.tick(5)
    const r = ok(next(ana.g, { claim: true }))
    expect(r.claimed).toEqual(['T'])
    expect(r.lost_claims.map((l) => l.id)).toEqual([])
    expect(holderOf(view(ana.g, 'T'), ana.clock.t)?.by).toBe('ana')
    expect(settleClaims(ana.g, 'T').winner?.by).toBe('ana')
  })
})

describe('claims are made by claiming, never set as properties (issue 23)', () => {
  it('graph_update / graph_add properties naming a claim key are refused with what to do instead', () => {
    const p = makeGraph('ana', { clock: new Clock(), clientID: 1 })
    addNodes(p.g, [['T', undefined, { summary: 'Task', kind: 'task' }]])
    for (const key of [CLAIMED_BY, '_claimed_at', '_claimed_until']) {
      const r = updateNodes(p.g, [{ id: 'T', properties: { [key]: key === CLAIMED_BY ? 'agent1' : 1 } }])
      expect(r.ok).toBe(false)
      if (r.ok) continue
      expect(r.message).toMatch(new RegExp(`items\\[0\\]\\.properties\\.${key}: a claim is made by claiming`))
      const c = createNodes(p.g, [{ summary: 'New', properties: { [key]: 'agent1' } }])
      expect(c.ok).toBe(false)
    }
    expect(view(p.g, 'T').properties[CLAIMED_BY]).toBeUndefined()
  })
})
