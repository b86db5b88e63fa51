import { describe, expect, it } from 'vitest'
import { context } from './context.ts'
import { integrity } from './integrity.ts'
import { restructure } from './restructure.ts'
import { createNodes } from './create.ts'
import { connect } from './edges.ts'
import { GraphIndex, type StructureView } from './graph-index.ts'
import { next } from './readiness.ts'
import { updateNodes } from './update.ts'
import { buildStructure, type Structure } from './structure.ts'
import { addNodes, joinGraph, makeGraph, ok, rng, sync, type TestGraph } from './test/harness.ts'
import type { NodeView } from './types.ts'

function nv(id: string, parent: string | null, extra: Partial<NodeView> = {}): NodeView {
  return {
    id,
    summary: id,
    notes: '',
    kind: 'concept',
    parent,
    resolved: false,
    state: null,
    properties: {},
    links: [],
    evidence: [],
    x: null,
    y: null,
    created_at: 0,
    updated_at: 0,
    created_by: 'test',
    updated_by: 'test',
    rev: 1,
    deleted_at: null,
    deleted_by: null,
    merged_into: null,
    ...extra,
  }
}

const build = (nodes: NodeView[]): Structure => buildStructure(new Map(nodes.map((n) => [n.id, n])), 0)

/** Everything a reader sees of a structure, in a form two peers can compare. */
const picture = (s: StructureView) => ({
  parent: [...s.parent].sort(),
  children: [...s.children].sort(),
  depth: [...s.depth].sort(),
  mergedFrom: [...s.mergedFrom].sort(),
  roots: s.roots,
  cycles: s.cycles,
})

function shuffled<T>(xs: T[], seed: number): T[] {
  const rand = rng(seed)
  const out = [...xs]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

describe('buildStructure', () => {
  it('builds parents, sorted children, sorted roots and depths', () => {
    const s = build([nv('r', null), nv('b', 'r'), nv('a', 'r'), nv('a1', 'a'), nv('z', null)])
    expect(s.roots).toEqual(['r', 'z'])
    expect(s.children.get('r')).toEqual(['a', 'b'])
    expect(s.parent.get('a1')).toBe('a')
    expect([s.depth.get('r'), s.depth.get('a'), s.depth.get('a1')]).toEqual([0, 1, 2])
    expect(s.cycles).toEqual([])
  })

  it('skips forgotten nodes: their children hang from the nearest live node above', () => {
    const s = build([
      nv('r', null),
      nv('x', 'r', { deleted_at: 5 }),
      nv('y', 'x', { deleted_at: 6 }),
      nv('c', 'y'),
      nv('top', null, { deleted_at: 1 }),
      nv('orphan', 'top'),
    ])
    expect(s.parent.get('c')).toBe('r')
    expect(s.children.get('r')).toEqual(['c'])
    expect(s.parent.has('x')).toBe(false)
    expect(s.depth.has('x')).toBe(false)
    expect(s.roots).toEqual(['orphan', 'r'])
  })

  it('hangs children of a merged node from the node it was merged into', () => {
    const s = build([nv('r', null), nv('m', 'r', { merged_into: 't' }), nv('t', 'r'), nv('c', 'm')])
    expect(s.parent.get('c')).toBe('t')
    expect(s.mergedFrom.get('t')).toEqual(['m'])
  })

  it('follows chains of merges to the live node', () => {
    const s = build([
      nv('r', null),
      nv('a', 'r', { merged_into: 'b' }),
      nv('b', 'r', { merged_into: 'c' }),
      nv('c', 'r'),
    ])
    expect(s.mergedFrom.get('c')).toEqual(['a', 'b'])
  })

  it('does not hand a merged node’s edges to the parent of a forgotten merge target', () => {
    const s = build([
      nv('r', null),
      nv('p', 'r'),
      nv('t', 'p', { deleted_at: 3 }),
      nv('m', 'r', { merged_into: 't' }),
    ])
    // t is gone, so what was merged into it stands for nothing; p must not inherit m's edges.
    expect(s.mergedFrom.get('p')).toBeUndefined()
    expect(s.mergedFrom.get('r')).toBeUndefined()
  })

  it('breaks a parent cycle at its smallest id and reports it from there', () => {
    const s = build([nv('r', null), nv('c', 'b'), nv('b', 'a'), nv('a', 'c'), nv('k', 'b')])
    expect(s.cycles).toEqual([['a', 'c', 'b']])
    expect(s.roots).toEqual(['a', 'r'])
    expect(s.parent.get('b')).toBe('a')
    expect(s.parent.get('c')).toBe('b')
    expect(s.depth.get('k')).toBe(2)
  })

  it('is the same whatever order the nodes arrive in, several cycles included', () => {
    const nodes = [
      nv('r', null),
      nv('a', 'b'),
      nv('b', 'a'),
      nv('q', 'p'),
      nv('p', 's'),
      nv('s', 'q'),
      nv('m', 'q', { merged_into: 'x' }),
      nv('x', 'm'),
      nv('d', 'p', { deleted_at: 1 }),
      nv('e', 'd'),
      nv('kid', 'm'),
    ]
    const want = picture(build(nodes))
    expect(want.cycles.length).toBeGreaterThanOrEqual(2)
    for (let seed = 1; seed <= 30; seed++)
      expect(picture(build(shuffled(nodes, seed))), `order ${seed}`).toEqual(want)
  })

  it('ignores a parent this peer has never seen', () => {
    const s = build([nv('r', null), nv('c', 'ghost')])
    expect(s.roots).toEqual(['c', 'r'])
  })
})

describe('the tree two peers read after concurrent moves', () => {
  function cycleBy2(aliceId: number, bobId: number): { a: TestGraph; b: TestGraph } {
    const a = makeGraph('alice', { clientID: aliceId })
    addNodes(a.g, [['A'], ['B'], ['A1', 'A'], ['B1', 'B']])
    const b = joinGraph(a, 'bob', bobId)
    ok(restructure(a.g, [{ type: 'move', node: 'A', parent: 'B' }]))
    ok(restructure(b.g, [{ type: 'move', node: 'B', parent: 'A' }]))
    sync(a.doc, b.doc)
    return { a, b }
  }

  for (const [x, y] of [
    [1, 2],
    [2, 1],
  ] as const) {
    it(`a parent cycle made apart reads the same on both peers, broken at the smallest id (clients ${x}/${y})`, () => {
      const { a, b } = cycleBy2(x, y)
      const sa = a.g.index.struct()
      expect(picture(b.g.index.struct())).toEqual(picture(sa))
      expect(sa.cycles).toEqual([['A', 'B']])
      expect(sa.roots).toEqual([a.root, 'A'].sort())
      expect(sa.parent.get('B')).toBe('A')
      expect(sa.children.get('B')).toEqual(['B1'])
      const pa = integrity(a.g).filter((p) => p.type === 'parent_cycle')
      expect(pa).toEqual(integrity(b.g).filter((p) => p.type === 'parent_cycle'))
      expect(pa).toMatchObject([{ broken_at: 'A', nodes: ['A', 'B'] }])
      // Every read still works.
      expect(ok(context(a.g, 'B', { depth: 5 })).ancestors.map((n) => n.id)).toEqual(['A'])
      expect(a.g.index.statusOf('A')).toBe('waiting')
    })
  }

  it('a three-way cycle from three peers converges to one tree', () => {
    const a = makeGraph('alice', { clientID: 7 })
    addNodes(a.g, [['X'], ['Y'], ['Z']])
    const b = joinGraph(a, 'bob', 3)
    const c = joinGraph(a, 'carol', 5)
    ok(restructure(a.g, [{ type: 'move', node: 'X', parent: 'Y' }]))
    ok(restructure(b.g, [{ type: 'move', node: 'Y', parent: 'Z' }]))
    ok(restructure(c.g, [{ type: 'move', node: 'Z', parent: 'X' }]))
    sync(a.doc, c.doc)
    sync(b.doc, c.doc)
    sync(a.doc, b.doc)
    const want = picture(a.g.index.struct())
    expect(want.cycles).toEqual([['X', 'Y', 'Z']])
    expect(picture(b.g.index.struct())).toEqual(want)
    expect(picture(c.g.index.struct())).toEqual(want)
    // A move by anyone mends it.
    ok(restructure(b.g, [{ type: 'move', node: 'X', parent: b.root }]))
    sync(a.doc, b.doc, c.doc)
    expect(a.g.index.struct().cycles).toEqual([])
    expect(integrity(c.g)).toEqual([])
  })
})

describe('the tree kept in place through moves and additions', () => {
  for (const seed of [1, 2, 3, 4]) {
    it(`matches a rebuild after random moves, creates and resolves (seed ${seed})`, () => {
      const rand = rng(seed)
      const { g, root } = makeGraph()
      const ids = [root]
      for (let step = 0; step < 400; step++) {
        const pick = (): string => ids[Math.floor(rand() * ids.length)]!
        const r = rand()
        if (r < 0.25) {
          const c = createNodes(g, [{ summary: `n${step}`, parent: rand() < 0.9 ? pick() : null }], {
            mode: 'force',
          })
          if (c.ok) ids.push(c.created[0]!.id)
        } else if (r < 0.35) {
          // A batch in one transaction, deduplicated against siblings and itself: children of new
          // items by ref, and dependencies on existing nodes and on each other.
          const words = ['alpha', 'beta', 'gamma', 'Alpha', 'betas']
          const items = Array.from({ length: 2 + Math.floor(rand() * 6) }, (_, i) => ({
            ref: `r${i}`,
            summary: `${words[Math.floor(rand() * words.length)]} ${Math.floor(rand() * 3)}`,
            ...(i > 0 && rand() < 0.3 ? { parent_ref: `r${Math.floor(rand() * i)}` } : { parent: pick() }),
            depends_on: rand() < 0.5 ? [rand() < 0.5 ? pick() : `r${Math.floor(rand() * i)}`] : [],
          }))
          const c = createNodes(g, items, { mode: 'auto' })
          if (c.ok) ids.push(...c.created.map((n) => n.id))
        } else if (r < 0.75)
          restructure(g, [{ type: 'move', node: pick(), parent: rand() < 0.9 ? pick() : null }])
        else if (r < 0.9) updateNodes(g, [{ id: pick(), resolved: rand() < 0.5 }])
        else connect(g, [{ from: pick(), to: pick(), type: 'depends_on' }])
        if (step % 20 === 0) next(g, { count: 3 })
        if (step % 50 === 49) {
          const fresh = new GraphIndex(g.doc)
          const byId = <T>(m: ReadonlyMap<string, T>): Array<[string, T]> =>
            [...m].sort((x, y) => (x[0] < y[0] ? -1 : 1))
          expect(byId(g.index.nodes), `views at step ${step}`).toEqual(byId(fresh.nodes))
          expect(byId(g.index.edges), `edges at step ${step}`).toEqual(byId(fresh.edges))
          for (const id of ids) {
            expect(g.index.dependencies(id).sort()).toEqual(fresh.dependencies(id).sort())
            expect(g.index.dependents(id).sort()).toEqual(fresh.dependents(id).sort())
          }
          const a = g.index.struct()
          const b = fresh.struct()
          expect([...a.parent].sort(), `parents at step ${step}`).toEqual([...b.parent].sort())
          expect([...a.depth].sort(), `depths at step ${step}`).toEqual([...b.depth].sort())
          expect(a.roots).toEqual(b.roots)
          expect([...a.children].filter(([, c]) => c.length).sort()).toEqual([...b.children].sort())
          for (const id of ids) expect(g.index.statusOf(id), `status of ${id}`).toBe(fresh.statusOf(id))
          const want = [...fresh.actionable()].sort()
          expect([...g.index.actionable()].sort()).toEqual(want)
          const got = ok(next(g, { count: 50 })).items.map((i) => i.node.id)
          expect(got.length).toBe(Math.min(50, want.length))
        }
      }
    })
  }
})
