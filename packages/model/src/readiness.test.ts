import { describe, expect, it } from 'vitest'
import { connect, disconnect } from './edges.ts'
import { GraphIndex } from './graph-index.ts'
import { openGraph } from './graph.ts'
import { counterIds } from './ids.ts'
import { CLAIMED_AT, CLAIMED_BY, DEFAULT_CLAIM_TTL_MS } from './claims.ts'
import { claim, counts, next, priorityOf, release, status } from './readiness.ts'
import { restructure } from './restructure.ts'
import { updateNodes } from './update.ts'
import { createNodes } from './create.ts'
import * as Y from 'yjs'
import {
  Clock,
  addNodes,
  failure,
  joinGraph,
  makeGraph,
  ok,
  rng,
  sync,
  unchanged,
  view,
} from './test/harness.ts'
import type { Graph } from './graph.ts'

const ids = (r: ReturnType<typeof next>): string[] => ok(r).items.map((i) => i.node.id)

describe('status', () => {
  it('tells actionable, waiting, blocked, resolved and deleted apart', () => {
    const { g, root } = makeGraph()
    addNodes(g, [
      ['leaf'],
      ['parent'],
      ['child', 'parent'],
      ['dep'],
      ['blocked'],
      ['done', undefined, { resolved: true }],
      ['both'],
      ['bothKid', 'both'],
      ['gone'],
    ])
    ok(
      connect(g, [
        { from: 'blocked', to: 'dep', type: 'depends_on' },
        { from: 'both', to: 'dep', type: 'depends_on' },
      ]),
    )
    ok(restructure(g, [{ type: 'forget', node: 'gone' }]))
    expect(status(g, 'leaf')).toBe('actionable')
    expect(status(g, 'parent')).toBe('waiting')
    expect(status(g, 'child')).toBe('actionable')
    expect(status(g, 'blocked')).toBe('blocked')
    expect(status(g, 'dep')).toBe('actionable')
    expect(status(g, 'done')).toBe('resolved')
    // An open dependency outranks open children.
    expect(status(g, 'both')).toBe('blocked')
    expect(status(g, 'gone')).toBe('deleted')
    expect(status(g, 'never-existed')).toBe('deleted')
    expect(status(g, root)).toBe('waiting')
    expect(counts(g)).toEqual({ total: 9, resolved: 1, unresolved: 8, actionable: 4, blocked: 2, waiting: 2 })
  })

  it('follows resolution as it changes: resolving the dependency unblocks, reopening blocks again', () => {
    const { g } = makeGraph()
    addNodes(g, [['A'], ['B']])
    ok(connect(g, [{ from: 'A', to: 'B', type: 'depends_on' }]))
    expect(status(g, 'A')).toBe('blocked')
    ok(updateNodes(g, [{ id: 'B', resolved: true }]))
    expect(status(g, 'A')).toBe('actionable')
    ok(updateNodes(g, [{ id: 'B', resolved: false }]))
    expect(status(g, 'A')).toBe('blocked')
  })

  it('a dependency merged, on another peer, into the node that depends on it does not block that node', () => {
    const a = makeGraph('alice')
    addNodes(a.g, [['A'], ['B']])
    const b = joinGraph(a, 'bob')
    ok(connect(a.g, [{ from: 'A', to: 'B', type: 'depends_on' }]))
    ok(restructure(b.g, [{ type: 'merge', node: 'B', into: 'A' }]))
    sync(a.doc, b.doc)
    for (const t of [a, b]) {
      expect(t.g.index.dependencies('A')).toEqual([])
      expect(status(t.g, 'A')).toBe('actionable')
    }
  })

  it('a resolved node stays resolved even with open children', () => {
    const { g } = makeGraph()
    addNodes(g, [
      ['P', undefined, { resolved: true }],
      ['C', 'P'],
    ])
    expect(status(g, 'P')).toBe('resolved')
  })
})

describe('priorityOf', () => {
  it('reads numbers, numeric strings and common words', () => {
    const { g } = makeGraph()
    const cases: Array<[unknown, number]> = [
      [5, 5],
      [-1, -1],
      ['7', 7],
      ['critical', 4],
      ['Urgent', 4],
      ['HIGH', 3],
      ['medium', 2],
      ['normal', 2],
      ['low', 1],
      ['whenever', 0],
      [null, 0],
      [true, 0],
    ]
    cases.forEach(([p, want], i) => {
      addNodes(g, [[`n${i}`, undefined, { properties: p === null ? {} : { priority: p as never } }]])
      expect(priorityOf(view(g, `n${i}`)), JSON.stringify(p)).toBe(want)
    })
  })
})

describe('next', () => {
  it('ranks by priority (numbers and words), then depth, then least recently updated, then id', () => {
    const t = makeGraph()
    const { g, clock } = t
    addNodes(g, [
      ['p-low', undefined, { properties: { priority: 'low' } }],
      ['p-num', undefined, { properties: { priority: 3.5 } }],
      ['p-crit', undefined, { properties: { priority: 'critical' } }],
      ['shallow'],
      ['mid'],
      ['deep', 'mid'],
    ])
    // Two leaves at the same depth and priority: the one updated longer ago comes first.
    clock.tick(10)
    addNodes(g, [['z-old', 'mid']])
    clock.tick(10)
    addNodes(g, [['a-new', 'mid']])
    // Same everything: id decides.
    clock.tick(10)
    addNodes(g, [
      ['tie-b', 'mid'],
      ['tie-a', 'mid'],
    ])
    expect(ids(next(g, { count: 10 }))).toEqual([
      'p-crit',
      'p-num',
      'p-low',
      'deep',
      'z-old',
      'a-new',
      'tie-a',
      'tie-b',
      'shallow',
    ])
    expect(ids(next(g))).toEqual(['p-crit'])
    const first = ok(next(g)).items[0]!
    expect(first).toMatchObject({ priority: 4, depth: 1 })
  })

  it('never returns nodes that are waiting, blocked, resolved or forgotten', () => {
    const { g } = makeGraph()
    addNodes(g, [['P'], ['C', 'P'], ['B'], ['D', undefined, { resolved: true }], ['F']])
    ok(connect(g, [{ from: 'B', to: 'C', type: 'depends_on' }]))
    ok(restructure(g, [{ type: 'forget', node: 'F' }]))
    expect(ids(next(g, { count: 50 }))).toEqual(['C'])
  })

  it('limits to a scope subtree, including the scope node itself', () => {
    const { g } = makeGraph()
    addNodes(g, [['S'], ['S1', 'S'], ['S2', 'S1'], ['O'], ['O1', 'O'], ['L']])
    expect(ids(next(g, { scope: 'S', count: 10 }))).toEqual(['S2'])
    expect(ids(next(g, { scope: 'L', count: 10 }))).toEqual(['L'])
    const f = failure(next(g, { scope: 'S3' }))
    expect(f.reason).toBe('node_not_found')
    expect(f.message).toContain('did you mean')
  })

  it('keeps the best items whichever order the scope check meets them in', () => {
    const { g } = makeGraph()
    // Higher priority outside the scope must not push in-scope items out of a short list.
    addNodes(g, [['S'], ['in1', 'S'], ['in2', 'S'], ['out1', undefined, { properties: { priority: 9 } }]])
    expect(ids(next(g, { scope: 'S', count: 2 }))).toEqual(['in1', 'in2'])
  })

  it('filters by kind and by property values', () => {
    const { g } = makeGraph()
    addNodes(g, [
      ['t1', undefined, { kind: 'task', properties: { area: 'api' } }],
      ['t2', undefined, { kind: 'task', properties: { area: 'ui' } }],
      ['q1', undefined, { kind: 'question', properties: { area: 'api' } }],
    ])
    expect(ids(next(g, { kind: 'task', count: 10 }))).toEqual(['t1', 't2'])
    expect(ids(next(g, { properties: { area: 'api' }, count: 10 }))).toEqual(['q1', 't1'])
    expect(ids(next(g, { kind: 'task', properties: { area: 'api' }, count: 10 }))).toEqual(['t1'])
    expect(ids(next(g, { kind: 'goal', count: 10 }))).toEqual([])
  })

  it('rejects counts and TTLs out of range', () => {
    const { g } = makeGraph()
    for (const count of [0, 51, 1.5, Number.NaN])
      expect(failure(next(g, { count })).reason).toBe('invalid_argument')
    for (const claimTtlMs of [0, -5, Number.POSITIVE_INFINITY]) {
      expect(failure(next(g, { claimTtlMs })).reason).toBe('invalid_argument')
    }
  })
})

describe('claims', () => {
  function shared() {
    const clock = new Clock()
    const a = makeGraph('alice', { clock, clientID: 1 })
    addNodes(a.g, [['A', undefined, { properties: { priority: 2 } }], ['B']])
    const b = joinGraph(a, 'bob', 2)
    return { clock, a, b }
  }

  it('next can claim what it returns; others skip it until the TTL runs out', () => {
    const { clock, a, b } = shared()
    const r = ok(next(a.g, { claim: true }))
    expect(r.claimed).toEqual(['A'])
    expect(r.items[0]!.node.properties).toMatchObject({ [CLAIMED_BY]: 'alice', [CLAIMED_AT]: clock.t })
    sync(a.doc, b.doc)
    expect(ids(next(b.g, { count: 5 }))).toEqual(['B'])
    // The holder still sees its own claim.
    expect(ids(next(a.g, { count: 5 }))).toEqual(['A', 'B'])
    clock.tick(DEFAULT_CLAIM_TTL_MS - 1)
    expect(ids(next(b.g, { count: 5 }))).toEqual(['B'])
    clock.tick(1)
    expect(ids(next(b.g, { count: 5 }))).toEqual(['A', 'B'])
    // The claimer sets the lease: others read it from the node, whatever TTL they would use.
    ok(claim(a.g, 'B', { claimTtlMs: 500 }))
    sync(a.doc, b.doc)
    expect(ids(next(b.g, { count: 5, claimTtlMs: 5000 }))).toEqual(['A'])
    clock.tick(500)
    expect(ids(next(b.g, { count: 5, claimTtlMs: 5000 }))).toEqual(['A', 'B'])
  })

  it('claim refuses a fresh claim by someone else unless forced, and allows an expired one', () => {
    const { clock, a, b } = shared()
    ok(claim(a.g, 'A'))
    sync(a.doc, b.doc)
    const f = unchanged(b.doc, () => failure(claim(b.g, 'A')))
    expect(f.reason).toBe('claimed')
    expect(f.message).toContain('claimed by alice')
    expect(ok(claim(b.g, 'A', { force: true })).node.properties[CLAIMED_BY]).toBe('bob')
    ok(claim(a.g, 'B'))
    sync(a.doc, b.doc)
    clock.tick(DEFAULT_CLAIM_TTL_MS)
    expect(ok(claim(b.g, 'B')).node.properties[CLAIMED_BY]).toBe('bob')
  })

  it('claim refuses resolved, unknown and forgotten nodes', () => {
    const { a } = shared()
    addNodes(a.g, [['R', undefined, { resolved: true }], ['F']])
    ok(restructure(a.g, [{ type: 'forget', node: 'F' }]))
    expect(unchanged(a.doc, () => failure(claim(a.g, 'R'))).reason).toBe('resolved')
    expect(unchanged(a.doc, () => failure(claim(a.g, 'Q'))).reason).toBe('node_not_found')
    expect(unchanged(a.doc, () => failure(claim(a.g, 'F'))).reason).toBe('node_deleted')
  })

  it('only the holder releases; releasing an unclaimed node writes nothing', () => {
    const { a, b } = shared()
    unchanged(a.doc, () => ok(release(a.g, 'A')))
    ok(claim(a.g, 'A'))
    sync(a.doc, b.doc)
    const f = unchanged(b.doc, () => failure(release(b.g, 'A')))
    expect(f.reason).toBe('claimed')
    expect(f.message).toContain('only the holder')
    const r = ok(release(a.g, 'A'))
    expect(r.node.properties[CLAIMED_BY]).toBeUndefined()
    expect(r.node.properties[CLAIMED_AT]).toBeUndefined()
    sync(a.doc, b.doc)
    expect(ids(next(b.g, { count: 5 }))).toEqual(['A', 'B'])
    expect(failure(release(a.g, 'nope')).reason).toBe('node_not_found')
  })

  for (const [aliceId, bobId] of [
    [1, 2],
    [2, 1],
  ] as const) {
    it(`a double claim made apart: the earlier claim wins whatever the client ids, and the loser hears of it once (client ids ${aliceId}/${bobId})`, () => {
      const clock = new Clock()
      const a = makeGraph('alice', { clock, clientID: aliceId })
      addNodes(a.g, [['A', undefined, { properties: { priority: 2 } }], ['B']])
      const b = joinGraph(a, 'bob', bobId)
      expect(ok(next(a.g, { claim: true })).claimed).toEqual(['A'])
      clock.tick(5)
      expect(ok(next(b.g, { claim: true })).claimed).toEqual(['A'])
      sync(a.doc, b.doc)
      expect(view(b.g, 'A').properties).toEqual(view(a.g, 'A').properties)
      // Alice claimed first: she keeps A on every peer, whichever write the document kept.
      expect(ok(next(a.g)).items.map((i) => i.node.id)).toEqual(['A'])
      const lost = ok(next(b.g))
      expect(lost.lost_claims).toEqual([{ id: 'A', summary: 'A', held_by: 'alice', resolved: false }])
      expect(lost.items.map((i) => i.node.id)).toEqual(['B'])
      expect(ok(next(a.g)).lost_claims).toEqual([])
      // A claiming call records that bob was told, and leaves alice's claim on the node.
      expect(ok(next(b.g, { claim: true })).lost_claims).toHaveLength(1)
      sync(a.doc, b.doc)
      expect(ok(next(b.g)).lost_claims).toEqual([])
      expect(view(a.g, 'A').properties[CLAIMED_BY]).toBe('alice')
      expect(view(b.g, 'A').properties[CLAIMED_BY]).toBe('alice')
    })
  }

  it('a claim released and then taken by someone else is not reported as lost', () => {
    const { a, b } = shared()
    ok(claim(a.g, 'A'))
    ok(release(a.g, 'A'))
    sync(a.doc, b.doc)
    ok(claim(b.g, 'A'))
    sync(a.doc, b.doc)
    expect(ok(next(a.g)).lost_claims).toEqual([])
    // Claiming again later and losing it is reported.
    ok(claim(a.g, 'B'))
    sync(a.doc, b.doc)
    ok(claim(b.g, 'B', { force: true }))
    sync(a.doc, b.doc)
    expect(ok(next(a.g)).lost_claims).toEqual([{ id: 'B', summary: 'B', held_by: 'bob', resolved: false }])
  })

  it('a lost claim on a node that was resolved since is reported, with who won it', () => {
    const { a, b } = shared()
    ok(claim(a.g, 'A'))
    sync(a.doc, b.doc)
    ok(claim(b.g, 'A', { force: true }))
    ok(updateNodes(b.g, [{ id: 'A', resolved: true }]))
    sync(a.doc, b.doc)
    expect(ok(next(a.g)).lost_claims).toEqual([{ id: 'A', summary: 'A', held_by: 'bob', resolved: true }])
  })

  it('both resolved a node claimed apart: the later claimer is told, even though it finished', () => {
    const { clock, a, b } = shared()
    ok(claim(a.g, 'B'))
    ok(updateNodes(a.g, [{ id: 'B', resolved: true }]))
    clock.tick(10)
    ok(claim(b.g, 'B'))
    ok(updateNodes(b.g, [{ id: 'B', resolved: true }]))
    sync(a.doc, b.doc)
    expect(ok(next(a.g)).lost_claims).toEqual([])
    expect(ok(next(b.g)).lost_claims).toEqual([{ id: 'B', summary: 'B', held_by: 'alice', resolved: true }])
  })

  it("the holder's writes renew its lease; release: true ends it; a write to a held node warns", () => {
    const { clock, a, b } = shared()
    ok(claim(a.g, 'A', { claimTtlMs: 1000 }))
    clock.tick(800)
    ok(updateNodes(a.g, [{ id: 'A', notes: 'half way' }]))
    sync(a.doc, b.doc)
    clock.tick(800)
    // 1,600 ms after the claim, 800 after the renewal: still alice's.
    expect(ids(next(b.g, { count: 5 }))).toEqual(['B'])
    const w = ok(updateNodes(b.g, [{ id: 'A', notes: 'a hint' }]))
    expect(w.warnings).toEqual([{ id: 'A', claimed_by: 'alice', until: clock.t + 200 }])
    // bob's write is not alice's: it renews nothing.
    sync(a.doc, b.doc)
    ok(updateNodes(a.g, [{ id: 'A', release: true }]))
    expect(view(a.g, 'A').properties[CLAIMED_BY]).toBeUndefined()
    sync(a.doc, b.doc)
    expect(ids(next(b.g, { count: 5 }))).toEqual(['A', 'B'])
    expect(ok(updateNodes(b.g, [{ id: 'A', notes: 'free' }])).warnings).toEqual([])
  })

  it('claims read the same on every handle of a document', () => {
    const { a } = shared()
    ok(claim(a.g, 'A'))
    // A second handle on the same document, for another actor (a server serving two agents).
    const other: Graph = openGraph(a.doc, { actor: 'carol', now: a.clock.now, newId: counterIds('c_') })
    expect(ids(next(other, { count: 5 }))).toEqual(['B'])
  })
})

describe('the incremental readiness index', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`agrees with an index built from scratch through random edits on two peers (seed ${seed})`, () => {
      const rand = rng(seed)
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!
      const clock = new Clock()
      const a = makeGraph('alice', { clock, clientID: 1 })
      const ids = Array.from({ length: 12 }, (_, i) => `n${i}`)
      addNodes(
        a.g,
        ids.map((id, i): [string, string | undefined] => [
          id,
          i > 2 && rand() < 0.6 ? `n${Math.floor(rand() * i)}` : undefined,
        ]),
      )
      const peers = [a, joinGraph(a, 'bob', 2)]
      for (let step = 0; step < 80; step++) {
        const { g } = pick(peers)
        const n = pick(ids)
        const m = pick(ids)
        const x = rand()
        clock.tick(1)
        if (x < 0.3) updateNodes(g, [{ id: n, resolved: rand() < 0.6 }])
        else if (x < 0.5) connect(g, [{ from: n, to: m, type: 'depends_on' }])
        else if (x < 0.55) disconnect(g, [{ from: n, to: m, type: 'depends_on' }])
        else if (x < 0.65) restructure(g, [{ type: 'move', node: n, parent: m }])
        else if (x < 0.7) restructure(g, [{ type: 'forget', node: n }])
        else if (x < 0.75) restructure(g, [{ type: 'restore', node: n }])
        else if (x < 0.8) restructure(g, [{ type: 'merge', node: n, into: m }])
        else if (x < 0.85) restructure(g, [{ type: 'drop', node: n, reason: 'r' }])
        else sync(peers[0]!.doc, peers[1]!.doc)
        for (const p of peers) {
          const fresh = new GraphIndex(p.doc)
          for (const id of [p.root, ...ids]) {
            expect(p.g.index.statusOf(id), `seed ${seed} step ${step} ${p.g.env.actor} ${id}`).toBe(
              fresh.statusOf(id),
            )
          }
          expect([...p.g.index.actionable()].sort()).toEqual([...fresh.actionable()].sort())
        }
      }
    })
  }
})

describe('readiness kept incrementally', () => {
  it('a node that comes back (redo of an undone create) blocks what already depends on it', () => {
    const a = makeGraph('alice', { clientID: 1 })
    addNodes(a.g, [['X']])
    const um = new Y.UndoManager([a.doc.getMap('nodes'), a.doc.getMap('edges')], {
      trackedOrigins: new Set([a.g.origin]),
    })
    const n = ok(createNodes(a.g, [{ summary: 'N task' }], { mode: 'force' })).created[0]!.id
    um.stopCapturing()
    const b = joinGraph(a, 'bob', 2)
    ok(connect(b.g, [{ from: 'X', to: n, type: 'depends_on' }]))
    sync(a.doc, b.doc)
    um.undo()
    um.redo()
    expect(status(a.g, 'X')).toBe(new GraphIndex(a.doc).statusOf('X'))
    expect(status(a.g, 'X')).toBe('blocked')
    expect(ok(next(a.g, { count: 5 })).items.map((i) => i.node.id)).not.toContain('X')
  })

  it('a selective filter finds the best match deep in the ranking', () => {
    const { g } = makeGraph()
    addNodes(
      g,
      Array.from({ length: 600 }, (_, i) => [`c${i}`] as [string]),
    )
    ok(createNodes(g, [{ summary: 'the only task', kind: 'task' }], { mode: 'force' }))
    const r = ok(next(g, { count: 3, kind: 'task' }))
    expect(r.items.map((i) => i.node.summary)).toEqual(['the only task'])
  })
})
