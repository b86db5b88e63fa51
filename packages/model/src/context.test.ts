import { describe, expect, it } from 'vitest'
import { context, traverse, type TraverseOptions } from './context.ts'
import { connect } from './edges.ts'
import { restructure } from './restructure.ts'
import { addNodes, failure, makeGraph, ok, type TestGraph } from './test/harness.ts'

function fixture(): TestGraph {
  const t = makeGraph()
  addNodes(t.g, [
    ['A', undefined, { summary: 'Alpha', kind: 'task' }],
    ['A1', 'A'],
    ['A11', 'A1'],
    ['A12', 'A1'],
    ['A111', 'A11'],
    ['A2', 'A'],
    ['B'],
    ['C'],
    ['D'],
    ['E'],
  ])
  ok(
    connect(t.g, [
      { from: 'A', to: 'B', type: 'depends_on' },
      { from: 'C', to: 'A', type: 'depends_on' },
      { from: 'A', to: 'D', label: 'see' },
      { from: 'E', to: 'A', type: 'mentions' },
      { from: 'B', to: 'D', type: 'depends_on' },
    ]),
  )
  return t
}

describe('context', () => {
  it('gives the node, its status and its ancestors from the top down', () => {
    const { g, root } = fixture()
    const r = ok(context(g, 'A11'))
    expect(r.node.id).toBe('A11')
    expect(r.status).toBe('waiting')
    expect(r.ancestors.map((a) => a.id)).toEqual([root, 'A', 'A1'])
    expect(r.ancestors[1]).toEqual({ id: 'A', summary: 'Alpha', kind: 'task', status: 'blocked' })
    expect(ok(context(g, root)).ancestors).toEqual([])
  })

  it('gives the subtree to the requested depth, with parent, depth and child counts', () => {
    const { g } = fixture()
    const one = ok(context(g, 'A'))
    expect(one.subtree.map((e) => [e.id, e.depth, e.parent, e.children])).toEqual([
      ['A1', 1, 'A', 2],
      ['A2', 1, 'A', 0],
    ])
    const all = ok(context(g, 'A', { depth: 10 }))
    expect(all.subtree.map((e) => e.id)).toEqual(['A1', 'A2', 'A11', 'A12', 'A111'])
    expect(all.subtree.find((e) => e.id === 'A111')).toMatchObject({
      depth: 3,
      parent: 'A11',
      status: 'actionable',
    })
    expect(all.truncated).toBe(0)
    expect(ok(context(g, 'A', { depth: 0 })).subtree).toEqual([])
  })

  it('cuts the subtree at the limit and counts exactly what it left out', () => {
    const { g } = fixture()
    const r = ok(context(g, 'A', { depth: 10, limit: 2 }))
    expect(r.subtree.map((e) => e.id)).toEqual(['A1', 'A2'])
    expect(r.truncated).toBe(3)
    const r2 = ok(context(g, 'A', { depth: 2, limit: 1 }))
    expect(r2.subtree.map((e) => e.id)).toEqual(['A1'])
    // A2 at depth 1, A11 and A12 at depth 2; A111 is beyond the depth asked for.
    expect(r2.truncated).toBe(3)
  })

  it('gives dependencies both ways and every other edge with its direction and label', () => {
    const { g } = fixture()
    const r = ok(context(g, 'A'))
    expect(r.depends_on.map((b) => b.id)).toEqual(['B'])
    expect(r.depends_on[0]!.status).toBe('blocked')
    expect(r.dependents.map((b) => b.id)).toEqual(['C'])
    expect(r.edges.map((e) => [e.type, e.direction, e.label, e.node.id])).toEqual([
      ['relates_to', 'out', 'see', 'D'],
      ['mentions', 'in', '', 'E'],
    ])
  })

  it('reads edges of nodes merged into this one as its own, and ignores edges to forgotten nodes', () => {
    const { g } = fixture()
    addNodes(g, [['M'], ['F']])
    ok(
      connect(g, [
        { from: 'M', to: 'C', type: 'blocks' },
        { from: 'A', to: 'F', type: 'depends_on' },
      ]),
    )
    ok(
      restructure(g, [
        { type: 'merge', node: 'M', into: 'A' },
        { type: 'forget', node: 'F' },
      ]),
    )
    const r = ok(context(g, 'A'))
    expect(r.edges.map((e) => [e.type, e.node.id])).toContainEqual(['blocks', 'C'])
    expect(r.depends_on.map((b) => b.id)).toEqual(['B'])
  })

  it('fails with a reason for unknown nodes and bad bounds', () => {
    const { g } = fixture()
    const f = failure(context(g, 'A3'))
    expect(f.reason).toBe('node_not_found')
    expect(f.message).toContain('did you mean')
    for (const depth of [-1, 11, 1.5])
      expect(failure(context(g, 'A', { depth })).reason).toBe('invalid_argument')
    for (const limit of [0, 501, Number.NaN, 2.5])
      expect(failure(context(g, 'A', { limit })).reason).toBe('invalid_argument')
  })
})

describe('traverse', () => {
  const walk = (
    t: TestGraph,
    start: string,
    opts: TraverseOptions = {},
  ): Array<[string, number, string | null]> =>
    ok(traverse(t.g, start, opts)).nodes.map((n) => [
      n.id,
      n.distance,
      n.via ? `${n.via.from}:${n.via.type}` : null,
    ])

  it('follows outgoing edges of every type by default, two steps deep', () => {
    const t = fixture()
    expect(walk(t, 'A')).toEqual([
      ['A', 0, null],
      ['B', 1, 'A:depends_on'],
      ['D', 1, 'A:relates_to'],
    ])
    expect(walk(t, 'C')).toEqual([
      ['C', 0, null],
      ['A', 1, 'C:depends_on'],
      ['B', 2, 'A:depends_on'],
      ['D', 2, 'A:relates_to'],
    ])
    const r = ok(traverse(t.g, 'C', { depth: 1 }))
    expect(r.nodes.map((n) => n.id)).toEqual(['C', 'A'])
    expect(r.edges.map((e) => e.id)).toEqual(['C>depends_on>A'])
    expect(r.truncated).toBe(false)
  })

  it('filters by edge type and walks in, out or both ways', () => {
    const t = fixture()
    expect(walk(t, 'C', { types: ['depends_on'], depth: 5 }).map((x) => x[0])).toEqual(['C', 'A', 'B', 'D'])
    expect(walk(t, 'D', { types: ['depends_on'], direction: 'in', depth: 5 })).toEqual([
      ['D', 0, null],
      ['B', 1, 'D:depends_on'],
      ['A', 2, 'B:depends_on'],
      ['C', 3, 'A:depends_on'],
    ])
    expect(walk(t, 'A', { types: ['mentions', 'relates_to'], direction: 'both' }).map((x) => x[0])).toEqual([
      'A',
      'D',
      'E',
    ])
    expect(walk(t, 'A', { types: ['nothing'] })).toEqual([['A', 0, null]])
  })

  it("walks the tree with 'child' and 'parent' steps, in either direction", () => {
    const t = fixture()
    const { root } = t
    expect(walk(t, 'A', { types: ['child'], depth: 2 }).map((x) => x[0])).toEqual([
      'A',
      'A1',
      'A2',
      'A11',
      'A12',
    ])
    expect(walk(t, 'A111', { types: ['parent'], depth: 10 }).map((x) => x[0])).toEqual([
      'A111',
      'A11',
      'A1',
      'A',
      root,
    ])
    // Followed backwards, a child step reaches the parent and a parent step the children.
    expect(walk(t, 'A11', { types: ['child'], direction: 'in', depth: 1 })).toEqual([
      ['A11', 0, null],
      ['A1', 1, 'A11:child'],
    ])
    expect(walk(t, 'A1', { types: ['parent'], direction: 'in', depth: 1 }).map((x) => x[0])).toEqual([
      'A1',
      'A11',
      'A12',
    ])
    expect(walk(t, 'A1', { types: ['child'], direction: 'both', depth: 1 }).map((x) => x[0])).toEqual([
      'A1',
      'A11',
      'A12',
      'A',
    ])
    // Mixed with edges: up the tree, then along a dependency.
    expect(walk(t, 'A2', { types: ['parent', 'depends_on'], depth: 2 }).map((x) => x[0])).toEqual([
      'A2',
      'A',
      'B',
      root,
    ])
  })

  it('stops at the limit and says so', () => {
    const t = fixture()
    const r = ok(traverse(t.g, 'A', { types: ['child'], depth: 5, limit: 3 }))
    expect(r.nodes.map((n) => n.id)).toEqual(['A', 'A1', 'A2'])
    expect(r.truncated).toBe(true)
  })

  it('fails with a reason for unknown starts and bad options', () => {
    const t = fixture()
    expect(failure(traverse(t.g, 'Z')).reason).toBe('node_not_found')
    for (const depth of [0, 21, 1.5])
      expect(failure(traverse(t.g, 'A', { depth })).reason).toBe('invalid_argument')
    for (const limit of [0, 2001, Number.NaN])
      expect(failure(traverse(t.g, 'A', { limit })).reason).toBe('invalid_argument')
    expect(failure(traverse(t.g, 'A', { direction: 'up' as never })).reason).toBe('invalid_argument')
  })
})
