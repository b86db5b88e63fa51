import { describe, expect, it } from 'vitest'
import { connect, disconnect } from './edges.ts'
import { nodeHistory } from './history.ts'
import { restructure } from './restructure.ts'
import { edgeId } from './schema.ts'
import { addNodes, failure, makeGraph, ok, unchanged } from './test/harness.ts'

function setup() {
  const t = makeGraph()
  addNodes(t.g, [['A'], ['B'], ['C'], ['D']])
  return t
}

describe('connect', () => {
  it('adds a depends_on edge that blocks its source until the target is resolved', () => {
    const { g } = setup()
    const r = ok(connect(g, [{ from: 'A', to: 'B', type: 'depends_on' }]))
    expect(r.added).toEqual(['A>depends_on>B'])
    expect(r.updated).toEqual([])
    const e = g.index.edges.get('A>depends_on>B')!
    expect(e).toMatchObject({ from: 'A', to: 'B', type: 'depends_on', label: '', created_by: 'alice' })
    expect(g.index.dependencies('A')).toEqual(['B'])
    expect(g.index.dependents('B')).toEqual(['A'])
    expect(g.index.statusOf('A')).toBe('blocked')
    expect(g.index.statusOf('B')).toBe('actionable')
  })

  it('defaults the type to relates_to and derives the id from the endpoints', () => {
    const { g } = setup()
    const r = ok(connect(g, [{ from: 'A', to: 'B', label: 'see also' }]))
    expect(r.added).toEqual([edgeId('A', 'relates_to', 'B')])
    expect(g.index.edges.get('A>relates_to>B')).toMatchObject({ type: 'relates_to', label: 'see also' })
    // relates_to never blocks.
    expect(g.index.statusOf('A')).toBe('actionable')
  })

  it('connecting the same edge twice keeps one edge and reports it as updated', () => {
    const { g } = setup()
    ok(connect(g, [{ from: 'A', to: 'B', type: 'depends_on' }]))
    const r = ok(connect(g, [{ from: 'A', to: 'B', type: 'depends_on' }]))
    expect(r.added).toEqual([])
    expect(r.updated).toEqual(['A>depends_on>B'])
    expect([...g.index.edges.keys()]).toEqual(['A>depends_on>B'])
  })

  it('merges edge properties per key, null deleting a key', () => {
    const { g } = setup()
    ok(connect(g, [{ from: 'A', to: 'B', properties: { weight: 1, why: 'api', keep: true } }]))
    ok(connect(g, [{ from: 'A', to: 'B', properties: { weight: 2, why: null } }]))
    expect(g.index.edges.get('A>relates_to>B')!.properties).toEqual({ weight: 2, keep: true })
  })

  it('changes the label of an existing edge and records the change', () => {
    const { g } = setup()
    ok(connect(g, [{ from: 'A', to: 'B', label: 'old' }]))
    ok(connect(g, [{ from: 'A', to: 'B', label: 'new' }]))
    expect(g.index.edges.get('A>relates_to>B')!.label).toBe('new')
    const events = ok(nodeHistory(g, 'A')).events
    expect(events[0]!.changes).toEqual([{ field: 'edge:relates_to:label', before: 'old', after: 'new' }])
    // Leaving the label out keeps it.
    ok(connect(g, [{ from: 'A', to: 'B', properties: { x: 1 } }]))
    expect(g.index.edges.get('A>relates_to>B')!.label).toBe('new')
  })

  it('rejects a depends_on edge that closes a cycle, naming the whole path, and writes nothing', () => {
    const { g, doc } = setup()
    ok(
      connect(g, [
        { from: 'A', to: 'B', type: 'depends_on' },
        { from: 'B', to: 'C', type: 'depends_on' },
      ]),
    )
    const f = unchanged(doc, () => failure(connect(g, [{ from: 'C', to: 'A', type: 'depends_on' }])))
    expect(f.reason).toBe('cycle_detected')
    expect(f.path).toEqual(['A', 'B', 'C', 'A'])
    expect(f.message).toContain('A -> B -> C -> A')
    expect(f.index).toBe(0)
    expect(g.index.edges.has('C>depends_on>A')).toBe(false)
  })

  it('sees cycles closed by edges earlier in the same batch', () => {
    const { g, doc } = setup()
    const f = unchanged(doc, () =>
      failure(
        connect(g, [
          { from: 'A', to: 'B', type: 'depends_on' },
          { from: 'B', to: 'C', type: 'depends_on' },
          { from: 'C', to: 'A', type: 'depends_on' },
        ]),
      ),
    )
    expect(f.reason).toBe('cycle_detected')
    expect(f.index).toBe(2)
    expect(f.path).toEqual(['A', 'B', 'C', 'A'])
  })

  it('allows loops of other edge types and depends_on paths that only look circular through them', () => {
    const { g } = setup()
    ok(
      connect(g, [
        { from: 'A', to: 'B' },
        { from: 'B', to: 'A' },
        { from: 'A', to: 'B', type: 'depends_on' },
        { from: 'B', to: 'C', type: 'blocks' },
        { from: 'C', to: 'A', type: 'depends_on' },
      ]),
    )
    expect(g.index.edges.size).toBe(5)
  })

  it('is atomic by default: one bad edge and nothing is written, every problem listed', () => {
    const { g, doc } = setup()
    const f = unchanged(doc, () =>
      failure(
        connect(g, [
          { from: 'A', to: 'B' },
          { from: 'A', to: 'nope' },
          { from: 'C', to: 'C' },
        ]),
      ),
    )
    expect(f.reason).toBe('node_not_found')
    expect(f.index).toBe(1)
    expect(f.rejected?.map((r) => [r.index, r.reason])).toEqual([
      [1, 'node_not_found'],
      [2, 'self_loop'],
    ])
    expect(f.message).toContain('Nothing was written')
    expect(g.index.edges.size).toBe(0)
  })

  it('with atomic: false writes the good edges and reports the rejected ones', () => {
    const { g } = setup()
    const r = ok(
      connect(
        g,
        [
          { from: 'A', to: 'B', type: 'depends_on' },
          { from: 'A', to: 'nope' },
          { from: 'B', to: 'A', type: 'depends_on' },
          { from: 'C', to: 'D' },
        ],
        { atomic: false },
      ),
    )
    expect(r.added).toEqual(['A>depends_on>B', 'C>relates_to>D'])
    expect(r.rejected.map((x) => [x.index, x.reason])).toEqual([
      [1, 'node_not_found'],
      [2, 'cycle_detected'],
    ])
    expect(r.rejected[1]!.path).toEqual(['A', 'B', 'A'])
    expect([...g.index.edges.keys()].sort()).toEqual(['A>depends_on>B', 'C>relates_to>D'])
  })

  it('with atomic: false and nothing valid writes nothing', () => {
    const { g, doc } = setup()
    const r = unchanged(doc, () => ok(connect(g, [{ from: 'A', to: 'A' }], { atomic: false })))
    expect(r.added).toEqual([])
    expect(r.rejected.map((x) => x.reason)).toEqual(['self_loop'])
  })

  it('refuses self loops of every type', () => {
    const { g, doc } = setup()
    for (const type of ['depends_on', 'relates_to']) {
      const f = unchanged(doc, () => failure(connect(g, [{ from: 'A', to: 'A', type }])))
      expect(f.reason).toBe('self_loop')
      expect(f.message).toContain('itself')
    }
  })

  it("names the nearest id for an unknown one: 'did you mean'", () => {
    const { g, doc } = makeGraph()
    addNodes(g, [['n_4f3', undefined, { summary: 'Auth service' }], ['n_9zz']])
    const f = unchanged(doc, () => failure(connect(g, [{ from: 'n_4f2', to: 'n_9zz' }])))
    expect(f.reason).toBe('node_not_found')
    expect(f.message).toContain("node n_4f2 not found; did you mean n_4f3 'Auth service'?")
    expect(f.message).toContain('edges[0].from')
    const g2 = failure(connect(g, [{ from: 'n_9zz', to: 'completely-different-id' }]))
    expect(g2.message).toContain('edges[0].to')
    expect(g2.message).not.toContain('did you mean')
  })

  it('refuses endpoints that were forgotten or merged, pointing at the merge target', () => {
    const { g, doc } = setup()
    ok(restructure(g, [{ type: 'forget', node: 'C' }]))
    ok(restructure(g, [{ type: 'merge', node: 'D', into: 'B' }]))
    const gone = unchanged(doc, () => failure(connect(g, [{ from: 'A', to: 'C' }])))
    expect(gone.reason).toBe('node_deleted')
    const merged = unchanged(doc, () => failure(connect(g, [{ from: 'D', to: 'A' }])))
    expect(merged.reason).toBe('node_merged')
    expect(merged.message).toContain('node D was merged into B; use that id')
  })

  it('rejects bad arguments with a typed failure and writes nothing', () => {
    const { g, doc } = setup()
    const cases: unknown[][] = [
      [{ from: 'A', to: 'B', type: 'two words' }],
      [{ from: 'A', to: 'B', type: '' }],
      [{ from: 'A', to: 'B', label: 42 }],
      [{ from: 'A', to: 'B', label: 'x'.repeat(201) }],
      [{ from: 'A', to: 'B', properties: 'nope' }],
      [{ from: 'A', to: 'B', properties: { n: Number.NaN } }],
      [{ from: 5, to: 'B' }],
      [null],
    ]
    for (const c of cases) {
      const f = unchanged(doc, () => failure(connect(g, c as never)))
      expect(['invalid_argument', 'too_large']).toContain(f.reason)
    }
    expect(unchanged(doc, () => failure(connect(g, []))).reason).toBe('empty_batch')
  })
})

describe('disconnect', () => {
  it('removes edges by id or by endpoints, reports the missing ones, and unblocks', () => {
    const { g } = setup()
    ok(
      connect(g, [
        { from: 'A', to: 'B', type: 'depends_on' },
        { from: 'A', to: 'C' },
      ]),
    )
    expect(g.index.statusOf('A')).toBe('blocked')
    const r = ok(
      disconnect(g, [
        { id: 'A>depends_on>B' },
        { from: 'A', to: 'C' },
        { from: 'A', to: 'D', type: 'depends_on' },
      ]),
    )
    expect(r.removed).toEqual(['A>depends_on>B', 'A>relates_to>C'])
    expect(r.missing).toEqual(['A>depends_on>D'])
    expect(g.index.edges.size).toBe(0)
    expect(g.index.statusOf('A')).toBe('actionable')
    const ev = ok(nodeHistory(g, 'A')).events[0]!
    expect(ev.action).toBe('disconnect')
    expect(ev.changes).toEqual([
      { field: 'edge:depends_on', before: 'B', after: null },
      { field: 'edge:relates_to', before: 'C', after: null },
    ])
  })

  it('writes nothing when every edge is missing or an argument is bad', () => {
    const { g, doc } = setup()
    ok(connect(g, [{ from: 'A', to: 'B' }]))
    const r = unchanged(doc, () => ok(disconnect(g, [{ id: 'A>relates_to>C' }])))
    expect(r).toMatchObject({ removed: [], missing: ['A>relates_to>C'] })
    const f = unchanged(doc, () => failure(disconnect(g, [{ from: 'A', to: 'B' }, { to: 'B' } as never])))
    expect(f.reason).toBe('invalid_argument')
    expect(f.message).toContain('edges[1]')
    expect(g.index.edges.size).toBe(1)
    expect(unchanged(doc, () => failure(disconnect(g, []))).reason).toBe('empty_batch')
  })
})
