import { describe, expect, it } from 'vitest'
import { context, traverse } from './context.ts'
import { connect } from './edges.ts'
import { integrity } from './integrity.ts'
import { query } from './query.ts'
import { counts, next } from './readiness.ts'
import { restructure } from './restructure.ts'
import { updateNodes } from './update.ts'
import {
  Clock,
  addNode,
  addNodes,
  joinGraph,
  makeGraph,
  ok,
  sync,
  view,
  type TestGraph,
} from './test/harness.ts'

/** Two peers of one graph holding `spec`, with the given client ids; both run the same clock. */
function apart(
  aliceId: number,
  bobId: number,
  spec: Parameters<typeof addNodes>[1],
): { a: TestGraph; b: TestGraph } {
  const a = makeGraph('alice', { clientID: aliceId, clock: new Clock() })
  addNodes(a.g, spec)
  return { a, b: joinGraph(a, 'bob', bobId) }
}

const both = [
  [1, 2],
  [2, 1],
] as const

describe('integrity', () => {
  it('finds nothing wrong in a graph built by one peer', () => {
    const { g } = makeGraph()
    addNodes(g, [['A'], ['B', 'A'], ['C']])
    ok(connect(g, [{ from: 'B', to: 'C', type: 'depends_on' }]))
    ok(restructure(g, [{ type: 'forget', node: 'C' }]))
    // Forgetting a node that others depend on leaves an edge behind: that is reported, nothing else.
    expect(integrity(g).map((p) => p.type)).toEqual(['dangling_edge'])
  })

  for (const [x, y] of both) {
    it(`a depends_on cycle from two offline connects blocks every node on it and is reported (clients ${x}/${y})`, () => {
      const { a, b } = apart(x, y, [['A'], ['B'], ['C'], ['W']])
      ok(connect(a.g, [{ from: 'A', to: 'B', type: 'depends_on' }]))
      ok(
        connect(b.g, [
          { from: 'B', to: 'C', type: 'depends_on' },
          { from: 'C', to: 'A', type: 'depends_on' },
          { from: 'W', to: 'A', type: 'depends_on' },
        ]),
      )
      sync(a.doc, b.doc)
      for (const t of [a, b]) {
        for (const id of ['A', 'B', 'C', 'W']) expect(t.g.index.statusOf(id), id).toBe('blocked')
        const cycles = integrity(t.g).filter((p) => p.type === 'dependency_cycle')
        expect(cycles).toHaveLength(1)
        expect(cycles[0]).toMatchObject({ nodes: ['A', 'B', 'C'] })
        expect(ok(next(t.g, { count: 10 })).items.map((i) => i.node.id)).toEqual([])
        expect(counts(t.g).blocked).toBe(4)
      }
      expect(integrity(a.g)).toEqual(integrity(b.g))
      // Resolving one node on the loop lets the next one go.
      ok(updateNodes(a.g, [{ id: 'C', resolved: true }]))
      expect(a.g.index.statusOf('B')).toBe('actionable')
      expect(integrity(a.g).filter((p) => p.type === 'dependency_cycle')).toHaveLength(1)
    })
  }

  for (const [x, y] of both) {
    it(`an edge to a node another peer forgot is ignored by reads and reported (clients ${x}/${y})`, () => {
      const { a, b } = apart(x, y, [['A'], ['X'], ['R']])
      ok(
        connect(a.g, [
          { from: 'A', to: 'X', type: 'depends_on' },
          { from: 'R', to: 'X', type: 'relates_to' },
        ]),
      )
      ok(restructure(b.g, [{ type: 'forget', node: 'X' }]))
      sync(a.doc, b.doc)
      for (const t of [a, b]) {
        expect(t.g.index.statusOf('A')).toBe('actionable')
        const cx = ok(context(t.g, 'A'))
        expect(cx.depends_on).toEqual([])
        expect(ok(context(t.g, 'R')).edges).toEqual([])
        expect(ok(traverse(t.g, 'R', { direction: 'both' })).nodes.map((n) => n.id)).toEqual(['R'])
        const dangling = integrity(t.g).filter((p) => p.type === 'dangling_edge')
        expect(dangling).toMatchObject([
          { edge: 'A>depends_on>X', missing: 'X' },
          { edge: 'R>relates_to>X', missing: 'X' },
        ])
        expect(dangling[0]!.message).toContain('forgotten')
      }
      // Restoring the node brings its edges back into every read.
      ok(restructure(a.g, [{ type: 'restore', node: 'X' }]))
      expect(a.g.index.statusOf('A')).toBe('blocked')
      expect(integrity(a.g).filter((p) => p.type === 'dangling_edge')).toEqual([])
    })
  }

  for (const [x, y] of both) {
    it(`an edit to a node another peer forgot is kept, and restore shows it (clients ${x}/${y})`, () => {
      const { a, b } = apart(x, y, [['P'], ['X', 'P', { summary: 'draft' }]])
      a.clock.tick(10)
      ok(restructure(a.g, [{ type: 'forget', node: 'X' }]))
      a.clock.tick(10)
      ok(updateNodes(b.g, [{ id: 'X', summary: 'final wording', add_links: ['https://x.test/doc'] }]))
      sync(a.doc, b.doc)
      for (const t of [a, b]) {
        expect(t.g.index.statusOf('X')).toBe('deleted')
        expect(view(t.g, 'X')).toMatchObject({ summary: 'final wording', links: ['https://x.test/doc'] })
        expect(ok(query(t.g, { filter: { text: 'final' } })).items).toEqual([])
        expect(integrity(t.g).filter((p) => p.type === 'edited_after_delete')).toMatchObject([{ node: 'X' }])
      }
      ok(restructure(b.g, [{ type: 'restore', node: 'X' }]))
      sync(a.doc, b.doc)
      expect(view(a.g, 'X')).toMatchObject({ summary: 'final wording', parent: 'P', deleted_at: null })
      expect(ok(query(a.g, { filter: { text: 'final' } })).items.map((n) => n.id)).toEqual(['X'])
    })
  }

  for (const [x, y] of both) {
    it(`edges made concurrently to or from a merged node follow the merge (clients ${x}/${y})`, () => {
      const { a, b } = apart(x, y, [['X'], ['Y'], ['Z'], ['W']])
      ok(restructure(a.g, [{ type: 'merge', node: 'X', into: 'Y' }]))
      ok(
        connect(b.g, [
          { from: 'Z', to: 'X', type: 'depends_on' },
          { from: 'X', to: 'W', type: 'depends_on' },
          { from: 'X', to: 'Z', type: 'mentions' },
        ]),
      )
      sync(a.doc, b.doc)
      for (const t of [a, b]) {
        expect(t.g.index.dependencies('Z')).toEqual(['Y'])
        expect(t.g.index.dependents('Y')).toEqual(['Z'])
        expect(t.g.index.dependencies('Y')).toEqual(['W'])
        expect(t.g.index.statusOf('Y')).toBe('blocked')
        expect(t.g.index.statusOf('Z')).toBe('blocked')
        expect(ok(context(t.g, 'Y')).edges.map((e) => [e.type, e.direction, e.node.id])).toEqual([
          ['mentions', 'out', 'Z'],
        ])
        expect(integrity(t.g)).toEqual([])
      }
      ok(updateNodes(b.g, [{ id: 'W', resolved: true }]))
      expect(b.g.index.statusOf('Y')).toBe('actionable')
      ok(updateNodes(b.g, [{ id: 'Y', resolved: true }]))
      expect(b.g.index.statusOf('Z')).toBe('actionable')
    })
  }

  for (const [x, y] of both) {
    it(`children added concurrently under a forgotten node hang from its parent (clients ${x}/${y})`, () => {
      const { a, b } = apart(x, y, [['P'], ['X', 'P'], ['K', 'X']])
      ok(restructure(a.g, [{ type: 'forget', node: 'X' }]))
      addNode(b.g, 'C', { parent: 'X' })
      sync(a.doc, b.doc)
      for (const t of [a, b]) {
        const s = t.g.index.struct()
        expect(s.parent.get('C')).toBe('P')
        expect(s.children.get('P')).toEqual(['C', 'K'])
        expect(t.g.index.statusOf('P')).toBe('waiting')
        expect(ok(context(t.g, 'C')).ancestors.map((n) => n.id)).toEqual([t.root, 'P'])
      }
      // Restore brings back the child forget moved; the one added meanwhile already names X.
      ok(restructure(a.g, [{ type: 'restore', node: 'X' }]))
      expect(a.g.index.struct().children.get('X')).toEqual(['C', 'K'])
    })
  }

  it('a node whose parent this peer has never seen is shown at the top level and reported', () => {
    const { g } = makeGraph()
    addNode(g, 'lost', { parent: 'ghost' })
    expect(g.index.struct().roots).toContain('lost')
    expect(integrity(g)).toMatchObject([{ type: 'missing_parent', node: 'lost', parent: 'ghost' }])
  })

  it('reports a parent cycle, and at most `limit` problems', () => {
    const { a, b } = apart(1, 2, [['A'], ['B'], ['F']])
    ok(restructure(a.g, [{ type: 'move', node: 'A', parent: 'B' }]))
    ok(restructure(b.g, [{ type: 'move', node: 'B', parent: 'A' }]))
    for (let i = 0; i < 5; i++) addNode(a.g, `L${i}`, { parent: `ghost${i}` })
    sync(a.doc, b.doc)
    const all = integrity(a.g)
    expect(all[0]).toMatchObject({ type: 'parent_cycle', nodes: ['A', 'B'], broken_at: 'A' })
    expect(all).toHaveLength(6)
    expect(integrity(a.g, 2)).toEqual(all.slice(0, 2))
  })
})
