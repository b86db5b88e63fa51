import { describe, expect, it } from 'vitest'
import { connect } from './edges.ts'
import { nodeHistory } from './history.ts'
import { restructure, type RestructureOp } from './restructure.ts'
import { updateNodes } from './update.ts'
import { LIMITS } from './validate.ts'
import { addNodes, failure, makeGraph, ok, unchanged, view } from './test/harness.ts'

const childrenOf = (t: { g: Parameters<typeof view>[0] }, id: string): readonly string[] =>
  t.g.index.struct().children.get(id) ?? []

describe('move', () => {
  it('moves a node under a new parent, recording the change', () => {
    const t = makeGraph()
    const { g, root } = t
    addNodes(g, [['A'], ['B'], ['C', 'A']])
    const rev = view(g, 'C').rev
    ok(restructure(g, [{ type: 'move', node: 'C', parent: 'B' }]))
    expect(view(g, 'C')).toMatchObject({ parent: 'B', rev: rev + 1 })
    expect(childrenOf(t, 'A')).toEqual([])
    expect(childrenOf(t, 'B')).toEqual(['C'])
    expect(g.index.struct().depth.get('C')).toBe(2)
    const ev = ok(nodeHistory(g, 'C')).events[0]!
    expect(ev).toMatchObject({ action: 'move', changes: [{ field: 'parent', before: 'A', after: 'B' }] })
    ok(restructure(g, [{ type: 'move', node: 'C', parent: null }]))
    expect(g.index.struct().roots).toEqual([root, 'C'].sort())
  })

  it('refuses to move a node under itself or its own descendant, and writes nothing', () => {
    const { g, doc } = makeGraph()
    addNodes(g, [['A'], ['B', 'A'], ['C', 'B']])
    const deep = unchanged(doc, () => failure(restructure(g, [{ type: 'move', node: 'A', parent: 'C' }])))
    expect(deep.reason).toBe('cycle_detected')
    expect(deep.message).toContain('cannot move A under C')
    expect(deep.path).toEqual(['A', 'C'])
    const self = unchanged(doc, () => failure(restructure(g, [{ type: 'move', node: 'B', parent: 'B' }])))
    expect(self.reason).toBe('cycle_detected')
    expect(self.message).toContain('itself')
  })

  it('validates each move against the moves before it in the batch', () => {
    const { g, doc } = makeGraph()
    addNodes(g, [['A'], ['B']])
    const f = unchanged(doc, () =>
      failure(
        restructure(g, [
          { type: 'move', node: 'A', parent: 'B' },
          { type: 'move', node: 'B', parent: 'A' },
        ]),
      ),
    )
    expect(f.reason).toBe('cycle_detected')
    expect(f.index).toBe(1)
  })
})

describe('merge', () => {
  function merged() {
    const t = makeGraph()
    const { g } = t
    addNodes(g, [
      [
        'X',
        undefined,
        { notes: 'from X', links: ['file:x.ts', 'file:both.ts'], properties: { owner: 'sam', size: 1 } },
      ],
      ['Y', undefined, { notes: 'from Y', links: ['file:both.ts'], properties: { size: 9 } }],
      ['X1', 'X'],
      ['X2', 'X'],
      ['Y1', 'Y'],
      ['D'],
      ['U'],
      ['R'],
    ])
    ok(updateNodes(g, [{ id: 'X', add_evidence: [{ type: 'commit', ref: 'abc' }] }]))
    ok(
      connect(g, [
        { from: 'X', to: 'D', type: 'depends_on' },
        { from: 'U', to: 'X', type: 'depends_on' },
        { from: 'X', to: 'R', label: 'see', properties: { w: 1 } },
        { from: 'X', to: 'Y' },
      ]),
    )
    ok(restructure(g, [{ type: 'merge', node: 'X', into: 'Y' }]))
    return t
  }

  it('moves children, edges, evidence, links, missing properties and notes into the target', () => {
    const t = merged()
    const { g } = t
    expect(childrenOf(t, 'Y')).toEqual(['X1', 'X2', 'Y1'])
    const y = view(g, 'Y')
    expect(y.links).toEqual(['file:both.ts', 'file:x.ts'])
    expect(y.properties).toEqual({ owner: 'sam', size: 9 })
    expect(y.evidence).toEqual([expect.objectContaining({ type: 'commit', ref: 'abc' })])
    expect(y.notes).toContain('from Y')
    expect(y.notes).toContain('from X')
    expect(g.index.dependencies('Y')).toEqual(['D'])
    expect(g.index.dependents('Y')).toEqual(['U'])
    expect(g.index.edgesOf('Y', 'out').find((e) => e.type === 'relates_to')).toMatchObject({
      other: 'R',
      label: 'see',
      properties: { w: 1 },
    })
    // The edge between the two became a self loop and is gone; every written edge names live ends.
    for (const e of g.index.edges.values()) {
      expect(e.from).not.toBe('X')
      expect(e.to).not.toBe('X')
    }
    expect(g.index.edges.has('Y>relates_to>Y')).toBe(false)
  })

  it('leaves the merged node pointing at its target, not live', () => {
    const t = merged()
    const { g } = t
    expect(view(g, 'X').merged_into).toBe('Y')
    expect(g.index.statusOf('X')).toBe('deleted')
    expect(g.index.canonical('X')).toBe('Y')
    const f = failure(updateNodes(g, [{ id: 'X', summary: 'again' }]))
    expect(f.reason).toBe('node_merged')
    expect(f.suggestion).toEqual({ id: 'Y', summary: 'Y' })
    expect(ok(nodeHistory(g, 'Y')).events.some((e) => e.action === 'merge')).toBe(true)
  })

  it('keeps the target within the limits the server enforces; what does not fit stays on the merged node', () => {
    const { g } = makeGraph()
    addNodes(g, [['X'], ['Y']])
    const props = (p: string, n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`${p}${i}`, i]))
    ok(updateNodes(g, [{ id: 'Y', properties: props('y', 250), notes: 'y'.repeat(LIMITS.notes - 10) }]))
    ok(updateNodes(g, [{ id: 'X', properties: props('x', 10), notes: 'x'.repeat(100) }]))
    ok(restructure(g, [{ type: 'merge', node: 'X', into: 'Y' }]))
    expect(Object.keys(view(g, 'Y').properties)).toHaveLength(LIMITS.properties)
    expect(view(g, 'Y').notes).toHaveLength(LIMITS.notes - 10)
    expect(Object.keys(view(g, 'X').properties)).toHaveLength(10)
    expect(view(g, 'X').notes).toHaveLength(100)
  })

  it('merging into its own descendant puts the descendant in its place', () => {
    const t = makeGraph()
    const { g, root } = t
    addNodes(g, [['P'], ['X', 'P'], ['C', 'X'], ['C1', 'C'], ['S', 'X']])
    ok(restructure(g, [{ type: 'merge', node: 'X', into: 'C' }]))
    expect(view(g, 'C').parent).toBe('P')
    expect(childrenOf(t, 'P')).toEqual(['C'])
    expect(childrenOf(t, 'C')).toEqual(['C1', 'S'])
    expect(g.index.struct().cycles).toEqual([])
    expect(g.index.struct().roots).toEqual([root])
  })

  it('refuses a merge that would close a depends_on cycle, naming it, and writes nothing', () => {
    const { g, doc } = makeGraph()
    addNodes(g, [['X'], ['Y'], ['A']])
    ok(
      connect(g, [
        { from: 'Y', to: 'A', type: 'depends_on' },
        { from: 'A', to: 'X', type: 'depends_on' },
      ]),
    )
    const f = unchanged(doc, () => failure(restructure(g, [{ type: 'merge', node: 'X', into: 'Y' }])))
    expect(f.reason).toBe('cycle_detected')
    expect(f.path).toEqual(['Y', 'A', 'Y'])
    expect(f.message).toContain('Y -> A -> Y')
  })

  it('merging a node into its own dependency drops the edge between them instead of making a loop', () => {
    const { g } = makeGraph()
    addNodes(g, [['X'], ['Y']])
    ok(connect(g, [{ from: 'X', to: 'Y', type: 'depends_on' }]))
    ok(restructure(g, [{ type: 'merge', node: 'X', into: 'Y' }]))
    expect(g.index.dependencies('Y')).toEqual([])
    expect(g.index.statusOf('Y')).toBe('actionable')
  })

  it('refuses to merge the root or a node into itself', () => {
    const { g, doc, root } = makeGraph()
    addNodes(g, [['A']])
    expect(
      unchanged(doc, () => failure(restructure(g, [{ type: 'merge', node: root, into: 'A' }]))).message,
    ).toContain('root')
    expect(
      unchanged(doc, () => failure(restructure(g, [{ type: 'merge', node: 'A', into: 'A' }]))).reason,
    ).toBe('invalid_argument')
  })
})

describe('drop', () => {
  it('resolves the whole subtree and records the reason as evidence', () => {
    const t = makeGraph()
    const { g, clock } = t
    addNodes(g, [['P'], ['A', 'P'], ['A1', 'A'], ['A2', 'A', { resolved: true }], ['B', 'P'], ['Q']])
    ok(connect(g, [{ from: 'Q', to: 'A1', type: 'depends_on' }]))
    clock.tick(5)
    const r = ok(restructure(g, [{ type: 'drop', node: 'A', reason: 'out of scope' }]))
    for (const id of ['A', 'A1', 'A2']) expect(view(g, id).resolved).toBe(true)
    expect(view(g, 'B').resolved).toBe(false)
    expect(view(g, 'P').resolved).toBe(false)
    expect(view(g, 'A').evidence).toEqual([
      { type: 'dropped', ref: 'out of scope', agent: 'alice', timestamp: clock.t },
    ])
    // A descendant the drop resolves says why (issue 24: it looked finished); one resolved before keeps its own story.
    expect(view(g, 'A1').evidence).toEqual([
      { type: 'dropped', ref: 'out of scope (with A)', agent: 'alice', timestamp: clock.t },
    ])
    expect(view(g, 'A2').evidence).toEqual([])
    expect(r.newly_actionable).toEqual(['Q'])
    expect(ok(nodeHistory(g, 'A1')).events).toContainEqual(
      expect.objectContaining({
        action: 'drop',
        changes: [{ field: 'resolved', before: false, after: true }],
      }),
    )
  })

  it('requires a reason', () => {
    const { g, doc } = makeGraph()
    addNodes(g, [['A']])
    const f = unchanged(doc, () => failure(restructure(g, [{ type: 'drop', node: 'A', reason: '  ' }])))
    expect(f.reason).toBe('invalid_argument')
  })
})

describe('forget and restore', () => {
  it('forget is a soft delete; the children move up to the forgotten node’s parent', () => {
    const t = makeGraph()
    const { g, clock } = t
    addNodes(g, [['P'], ['X', 'P'], ['C1', 'X'], ['C2', 'X'], ['G', 'C1']])
    clock.tick(7)
    const r = ok(restructure(g, [{ type: 'forget', node: 'X' }]))
    expect(r.applied).toEqual([{ type: 'forget', node: 'X' }])
    const x = view(g, 'X')
    expect(x).toMatchObject({ deleted_at: clock.t, deleted_by: 'alice', summary: 'X' })
    expect(g.index.statusOf('X')).toBe('deleted')
    expect(view(g, 'C1').parent).toBe('P')
    expect(childrenOf(t, 'P')).toEqual(['C1', 'C2'])
    expect(childrenOf(t, 'C1')).toEqual(['G'])
    expect(failure(updateNodes(g, [{ id: 'X', summary: 'edit' }])).reason).toBe('node_deleted')
  })

  it('reports the parent as newly actionable when its last open child is forgotten', () => {
    const { g } = makeGraph()
    addNodes(g, [['P'], ['X', 'P']])
    expect(ok(restructure(g, [{ type: 'forget', node: 'X' }])).newly_actionable).toEqual(['P'])
  })

  it('the root cannot be forgotten', () => {
    const { g, doc, root } = makeGraph()
    const f = unchanged(doc, () => failure(restructure(g, [{ type: 'forget', node: root }])))
    expect(f.reason).toBe('invalid_argument')
    expect(f.message).toContain('root')
  })

  it('restore brings the node back with the children forget moved up', () => {
    const t = makeGraph()
    const { g } = t
    addNodes(g, [['P'], ['X', 'P'], ['C1', 'X'], ['C2', 'X']])
    ok(restructure(g, [{ type: 'forget', node: 'X' }]))
    ok(restructure(g, [{ type: 'restore', node: 'X' }]))
    expect(view(g, 'X')).toMatchObject({ deleted_at: null, deleted_by: null, parent: 'P' })
    expect(g.index.statusOf('X')).toBe('waiting')
    expect(childrenOf(t, 'X')).toEqual(['C1', 'C2'])
    expect(childrenOf(t, 'P')).toEqual(['X'])
  })

  it('restore brings back every child, however many and however long their ids', () => {
    const t = makeGraph()
    const { g } = t
    const kids = Array.from(
      { length: 40 },
      (_, i) => `0b6f2c1e-6f5d-4b7a-9c1e-${String(i).padStart(12, '0')}`,
    )
    addNodes(g, [['P'], ['X', 'P'], ...kids.map((k): [string, string] => [k, 'X'])])
    ok(restructure(g, [{ type: 'forget', node: 'X' }]))
    expect(childrenOf(t, 'X')).toEqual([])
    ok(restructure(g, [{ type: 'restore', node: 'X' }]))
    expect(childrenOf(t, 'X')).toEqual([...kids].sort())
  })

  it('restore leaves a child where it is if someone moved it since', () => {
    const t = makeGraph()
    const { g } = t
    addNodes(g, [['P'], ['Q'], ['X', 'P'], ['C1', 'X'], ['C2', 'X']])
    ok(restructure(g, [{ type: 'forget', node: 'X' }]))
    ok(restructure(g, [{ type: 'move', node: 'C2', parent: 'Q' }]))
    ok(restructure(g, [{ type: 'restore', node: 'X' }]))
    expect(childrenOf(t, 'X')).toEqual(['C1'])
    expect(childrenOf(t, 'Q')).toEqual(['C2'])
  })

  it('restore un-merges a merged node and refuses a node that is live', () => {
    const { g, doc } = makeGraph()
    addNodes(g, [['X'], ['Y']])
    ok(restructure(g, [{ type: 'merge', node: 'X', into: 'Y' }]))
    ok(restructure(g, [{ type: 'restore', node: 'X' }]))
    expect(view(g, 'X').merged_into).toBeNull()
    expect(g.index.statusOf('X')).toBe('actionable')
    const f = unchanged(doc, () => failure(restructure(g, [{ type: 'restore', node: 'X' }])))
    expect(f.reason).toBe('not_deleted')
    expect(unchanged(doc, () => failure(restructure(g, [{ type: 'restore', node: 'nope' }]))).reason).toBe(
      'node_not_found',
    )
  })
})

describe('batches', () => {
  it('a bad op late in a batch writes nothing at all', () => {
    const { g, doc, root } = makeGraph()
    addNodes(g, [['A'], ['B'], ['C'], ['D', 'C']])
    const f = unchanged(doc, () =>
      failure(
        restructure(g, [
          { type: 'move', node: 'A', parent: 'B' },
          { type: 'merge', node: 'C', into: 'B' },
          { type: 'drop', node: 'D', reason: 'no' },
          { type: 'forget', node: root },
        ]),
      ),
    )
    expect(f.index).toBe(3)
    expect(view(g, 'A').parent).toBe(root)
    expect(view(g, 'C').merged_into).toBeNull()
  })

  it('sees nodes removed by earlier ops in the batch', () => {
    const { g, doc } = makeGraph()
    addNodes(g, [['A'], ['B'], ['C']])
    const f = unchanged(doc, () =>
      failure(
        restructure(g, [
          { type: 'forget', node: 'A' },
          { type: 'move', node: 'B', parent: 'A' },
        ]),
      ),
    )
    expect(f).toMatchObject({ reason: 'node_deleted', index: 1 })
    const m = unchanged(doc, () =>
      failure(
        restructure(g, [
          { type: 'merge', node: 'A', into: 'B' },
          { type: 'merge', node: 'C', into: 'A' },
        ]),
      ),
    )
    expect(m).toMatchObject({ reason: 'node_deleted', index: 1 })
  })

  it('applies a valid batch in one go', () => {
    const t = makeGraph()
    const { g } = t
    addNodes(g, [['A'], ['B'], ['C'], ['D']])
    const r = ok(
      restructure(g, [
        { type: 'move', node: 'A', parent: 'B' },
        { type: 'forget', node: 'C' },
        { type: 'merge', node: 'D', into: 'B' },
      ]),
    )
    expect(r.applied.map((a) => a.type)).toEqual(['move', 'forget', 'merge'])
    expect(childrenOf(t, 'B')).toEqual(['A'])
    expect(g.index.statusOf('C')).toBe('deleted')
    expect(view(g, 'D').merged_into).toBe('B')
  })

  it('later ops see the tree as earlier ops in the batch left it', () => {
    const t = makeGraph()
    const { g } = t
    addNodes(g, [['Old'], ['A'], ['X'], ['X1', 'X'], ['P'], ['F', 'P'], ['K']])
    ok(
      restructure(g, [
        { type: 'move', node: 'A', parent: 'Old' },
        { type: 'merge', node: 'X', into: 'Old' },
        { type: 'drop', node: 'Old', reason: 'obsolete' },
        { type: 'move', node: 'K', parent: 'F' },
        { type: 'forget', node: 'F' },
      ]),
    )
    // Dropping Old resolved what was moved and merged under it in the same batch.
    for (const id of ['Old', 'A', 'X1']) expect(view(g, id).resolved, id).toBe(true)
    // Forgetting F moved K, which had just been put under it, up to P; restore brings it back.
    expect(view(g, 'K').parent).toBe('P')
    ok(restructure(g, [{ type: 'restore', node: 'F' }]))
    expect(childrenOf(t, 'F')).toEqual(['K'])
  })

  it('rejects unknown op types, unknown nodes and empty batches', () => {
    const { g, doc } = makeGraph()
    addNodes(g, [['A']])
    expect(
      unchanged(doc, () => failure(restructure(g, [{ type: 'explode', node: 'A' } as never]))).reason,
    ).toBe('invalid_argument')
    const nf = unchanged(doc, () => failure(restructure(g, [{ type: 'forget', node: 'B' }])))
    expect(nf.reason).toBe('node_not_found')
    expect(unchanged(doc, () => failure(restructure(g, []))).reason).toBe('empty_batch')
  })
})

describe('batches that could slip past validation', () => {
  it('refuses a second merge in one call, writing nothing', () => {
    const { g, doc } = makeGraph()
    addNodes(g, [['A'], ['B'], ['C'], ['D']])
    ok(
      connect(g, [
        { from: 'A', to: 'C', type: 'depends_on' },
        { from: 'D', to: 'B', type: 'depends_on' },
      ]),
    )
    const f = unchanged(doc, () =>
      failure(
        restructure(g, [
          { type: 'merge', node: 'A', into: 'B' },
          { type: 'merge', node: 'C', into: 'D' },
        ]),
      ),
    )
    expect(f).toMatchObject({ reason: 'invalid_argument', index: 1 })
    expect(f.message).toMatch(/one merge per call/)
  })

  it('sees where a node restored earlier in the batch hangs, so a move cannot close a parent loop', () => {
    const { g, doc } = makeGraph()
    addNodes(g, [['X'], ['C', 'X'], ['R', 'C']])
    ok(restructure(g, [{ type: 'forget', node: 'R' }]))
    const f = unchanged(doc, () =>
      failure(
        restructure(g, [
          { type: 'restore', node: 'R' },
          { type: 'move', node: 'X', parent: 'R' },
        ]),
      ),
    )
    expect(f).toMatchObject({ reason: 'cycle_detected', index: 1 })
    expect(g.index.struct().cycles).toEqual([])
  })

  it('refuses a move without a parent field instead of moving to the top level', () => {
    const { g, doc } = makeGraph()
    addNodes(g, [['P'], ['X', 'P']])
    const f = unchanged(doc, () =>
      failure(restructure(g, [{ type: 'move', node: 'X', to: 'P' } as unknown as RestructureOp])),
    )
    expect(f.reason).toBe('invalid_argument')
    expect(f.message).toMatch(/parent/)
  })
})
