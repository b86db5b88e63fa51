import { describe, expect, it } from 'vitest'
import { connect } from './edges.ts'
import { changesSince, historyCursor, nodeHistory } from './history.ts'
import { claim } from './readiness.ts'
import { clearPositions, setPositions, updateNodes } from './update.ts'
import { LIMITS } from './validate.ts'
import { addNodes, failure, makeGraph, ok, sync, twoPeers, unchanged, view } from './test/harness.ts'

describe('updateNodes', () => {
  it('sets every field in one call, bumping rev once and stamping who and when', () => {
    const { g, clock } = makeGraph()
    addNodes(g, [['A']])
    const before = view(g, 'A')
    clock.tick(1000)
    const r = ok(
      updateNodes(g, [
        {
          id: 'A',
          summary: 'Write the parser',
          notes: '# Plan\nsteps',
          kind: 'task',
          resolved: true,
          state: { phase: 2, tags: ['x'] },
          properties: { priority: 'high', owner: 'sam' },
          add_links: ['https://example.com/spec'],
          add_evidence: [{ type: 'commit', ref: 'abc123' }],
        },
      ]),
    )
    const n = view(g, 'A')
    expect(n).toMatchObject({
      summary: 'Write the parser',
      notes: '# Plan\nsteps',
      kind: 'task',
      resolved: true,
      state: { phase: 2, tags: ['x'] },
      properties: { priority: 'high', owner: 'sam' },
      links: ['https://example.com/spec'],
      evidence: [{ type: 'commit', ref: 'abc123', agent: 'alice', timestamp: clock.t }],
      rev: before.rev + 1,
      updated_at: clock.t,
      updated_by: 'alice',
      created_at: before.created_at,
    })
    expect(r.updated).toEqual([{ id: 'A', rev: before.rev + 1 }])
  })

  it('records before and after for each field it changed', () => {
    const { g } = makeGraph()
    addNodes(g, [['A', undefined, { summary: 'old', properties: { p: 1 } }]])
    const cursor = historyCursor(g)
    ok(updateNodes(g, [{ id: 'A', summary: 'new', kind: 'task', properties: { p: 2 }, state: 'x' }]))
    const { events } = ok(changesSince(g, cursor))
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ node: 'A', action: 'update', actor: 'alice' })
    expect(events[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'summary', before: 'old', after: 'new' },
        { field: 'kind', before: 'concept', after: 'task' },
        { field: 'properties.p', before: 1, after: 2 },
        { field: 'state', before: null, after: 'x' },
      ]),
    )
  })

  it('merges properties per key; null deletes a key; untouched keys stay', () => {
    const { g } = makeGraph()
    addNodes(g, [['A', undefined, { properties: { a: 1, b: 2, c: { deep: true } } }]])
    ok(updateNodes(g, [{ id: 'A', properties: { b: null, d: 'new', a: 1 } }]))
    expect(view(g, 'A').properties).toEqual({ a: 1, c: { deep: true }, d: 'new' })
    const changes = ok(nodeHistory(g, 'A')).events[0]!.changes
    // a did not change, so it is not in history.
    expect(changes).toEqual([
      { field: 'properties.b', before: 2, after: null },
      { field: 'properties.d', before: null, after: 'new' },
    ])
  })

  it('deleting a key that is not there changes nothing and bumps no revision', () => {
    const { g, doc } = makeGraph()
    addNodes(g, [['A', undefined, { properties: { a: 1 } }]])
    const rev = view(g, 'A').rev
    unchanged(doc, () => ok(updateNodes(g, [{ id: 'A', properties: { missing: null } }])))
    expect(view(g, 'A').rev).toBe(rev)
  })

  it('adds and removes links as a set', () => {
    const { g } = makeGraph()
    addNodes(g, [['A', undefined, { links: ['file:a.ts', 'file:b.ts'] }]])
    ok(
      updateNodes(g, [
        { id: 'A', add_links: ['file:c.ts', 'file:a.ts'], remove_links: ['file:b.ts', 'file:zzz'] },
      ]),
    )
    expect(view(g, 'A').links).toEqual(['file:a.ts', 'file:c.ts'])
  })

  it('two peers adding the same link apart end with one link', () => {
    const { a, b } = twoPeers()
    addNodes(a.g, [['A']])
    sync(a.doc, b.doc)
    ok(updateNodes(a.g, [{ id: 'A', add_links: ['https://x.test/1'] }]))
    ok(updateNodes(b.g, [{ id: 'A', add_links: ['https://x.test/1', 'https://x.test/2'] }]))
    sync(a.doc, b.doc)
    expect(view(a.g, 'A').links).toEqual(['https://x.test/1', 'https://x.test/2'])
    expect(view(b.g, 'A').links).toEqual(view(a.g, 'A').links)
  })

  it('appends evidence with the actor and the time, never replacing what is there', () => {
    const { a, b } = twoPeers()
    addNodes(a.g, [['A']])
    sync(a.doc, b.doc)
    a.clock.tick(50)
    ok(updateNodes(a.g, [{ id: 'A', add_evidence: [{ type: 'test', ref: 'unit tests pass' }] }]))
    const t1 = a.clock.t
    a.clock.tick(50)
    ok(updateNodes(b.g, [{ id: 'A', add_evidence: [{ type: 'advice', ref: 'use the cache' }] }]))
    sync(a.doc, b.doc)
    const ev = view(a.g, 'A').evidence
    expect(ev).toHaveLength(2)
    expect(ev).toEqual(
      expect.arrayContaining([
        { type: 'test', ref: 'unit tests pass', agent: 'alice', timestamp: t1 },
        { type: 'advice', ref: 'use the cache', agent: 'bob', timestamp: t1 + 50 },
      ]),
    )
    expect(view(b.g, 'A').evidence).toEqual(ev)
  })

  it('bumps rev exactly once per call, whatever the number of fields', () => {
    const { g } = makeGraph()
    addNodes(g, [['A'], ['B']])
    const r0 = view(g, 'A').rev
    ok(
      updateNodes(g, [
        {
          id: 'A',
          summary: 's',
          notes: 'n',
          kind: 'task',
          properties: { a: 1, b: 2 },
          add_links: ['l1', 'l2'],
        },
      ]),
    )
    expect(view(g, 'A').rev).toBe(r0 + 1)
    ok(
      updateNodes(g, [
        { id: 'A', summary: 's2' },
        { id: 'B', summary: 'b2' },
      ]),
    )
    expect(view(g, 'A').rev).toBe(r0 + 2)
    expect(view(g, 'B').rev).toBe(r0 + 1)
  })

  it('an update that changes nothing writes nothing', () => {
    const { g, doc } = makeGraph()
    addNodes(g, [['A', undefined, { summary: 'same', kind: 'task', state: { a: [1] } }]])
    unchanged(doc, () =>
      ok(updateNodes(g, [{ id: 'A', summary: 'same', kind: 'task', state: { a: [1] }, resolved: false }])),
    )
  })

  it('position-only updates are shared but write no history and no revision', () => {
    const { a, b } = twoPeers()
    addNodes(a.g, [['A']])
    sync(a.doc, b.doc)
    const before = view(a.g, 'A')
    const cursor = historyCursor(a.g)
    a.clock.tick(10)
    const r = ok(updateNodes(a.g, [{ id: 'A', x: 120.5, y: -40 }]))
    expect(r.updated).toEqual([{ id: 'A', rev: before.rev }])
    ok(setPositions(a.g, [{ id: 'A', x: 200, y: 10 }]))
    sync(a.doc, b.doc)
    for (const g of [a.g, b.g]) {
      const n = view(g, 'A')
      expect([n.x, n.y]).toEqual([200, 10])
      expect(n.rev).toBe(before.rev)
      expect(n.updated_at).toBe(before.updated_at)
      expect(ok(changesSince(g, cursor)).events).toEqual([])
    }
  })

  it('a position alongside a real change counts the change once', () => {
    const { g } = makeGraph()
    addNodes(g, [['A']])
    const rev = view(g, 'A').rev
    ok(updateNodes(g, [{ id: 'A', summary: 'moved and renamed', x: 1, y: 2 }]))
    expect(view(g, 'A')).toMatchObject({ rev: rev + 1, x: 1, y: 2 })
    expect(ok(nodeHistory(g, 'A')).events[0]!.changes.map((c) => c.field)).toEqual(['summary'])
  })

  it('refuses a stale expected_rev with a conflict and writes nothing', () => {
    const { g, doc } = makeGraph()
    addNodes(g, [['A'], ['B']])
    const rev = view(g, 'A').rev
    ok(updateNodes(g, [{ id: 'A', summary: 'first', expected_rev: rev }]))
    const f = unchanged(doc, () =>
      failure(
        updateNodes(g, [
          { id: 'B', summary: 'ok' },
          { id: 'A', summary: 'second', expected_rev: rev },
        ]),
      ),
    )
    expect(f.reason).toBe('conflict')
    expect(f.index).toBe(1)
    expect(f.message).toContain(`revision ${rev + 1}, not ${rev}`)
    expect(view(g, 'A').summary).toBe('first')
    expect(view(g, 'B').summary).toBe('B')
  })

  it('merges notes character by character with a concurrent edit on another peer', () => {
    const { a, b } = twoPeers()
    addNodes(a.g, [['A', undefined, { notes: 'The quick fox.' }]])
    sync(a.doc, b.doc)
    ok(updateNodes(a.g, [{ id: 'A', notes: 'The quick brown fox.' }]))
    ok(updateNodes(b.g, [{ id: 'A', notes: 'The quick fox jumps.' }]))
    sync(a.doc, b.doc)
    expect(view(a.g, 'A').notes).toBe('The quick brown fox jumps.')
    expect(view(b.g, 'A').notes).toBe('The quick brown fox jumps.')
  })

  it('keeps astral characters whole when notes are edited next to them concurrently', () => {
    const { a, b } = twoPeers()
    addNodes(a.g, [['A', undefined, { notes: 'go 🚀 now' }]])
    sync(a.doc, b.doc)
    ok(updateNodes(a.g, [{ id: 'A', notes: 'go 🚁 now' }]))
    ok(updateNodes(b.g, [{ id: 'A', notes: 'go 🚀 now!' }]))
    sync(a.doc, b.doc)
    expect(view(a.g, 'A').notes).toBe('go 🚁 now!')
    expect(view(b.g, 'A').notes).toBe('go 🚁 now!')
  })

  it('reports the parent as newly actionable when its last open child is resolved', () => {
    const { g } = makeGraph()
    addNodes(g, [['P'], ['C1', 'P'], ['C2', 'P']])
    expect(g.index.statusOf('P')).toBe('waiting')
    expect(ok(updateNodes(g, [{ id: 'C1', resolved: true }])).newly_actionable).toEqual([])
    expect(ok(updateNodes(g, [{ id: 'C2', resolved: true }])).newly_actionable).toEqual(['P'])
    expect(g.index.statusOf('P')).toBe('actionable')
  })

  it('reports dependents as newly actionable when their last dependency is resolved', () => {
    const { g } = makeGraph()
    addNodes(g, [['X'], ['Y'], ['D1'], ['D2']])
    ok(
      connect(g, [
        { from: 'X', to: 'D1', type: 'depends_on' },
        { from: 'X', to: 'D2', type: 'depends_on' },
        { from: 'Y', to: 'D2', type: 'depends_on' },
      ]),
    )
    expect(ok(updateNodes(g, [{ id: 'D1', resolved: true }])).newly_actionable).toEqual([])
    expect(ok(updateNodes(g, [{ id: 'D2', resolved: true }])).newly_actionable).toEqual(['X', 'Y'])
  })

  it('reports a reopened node as actionable again, and never a node that already was', () => {
    const { g } = makeGraph()
    // P is resolved although its child C is open; Q depends only on P, so Q is already actionable.
    addNodes(g, [['P', undefined, { resolved: true }], ['C', 'P'], ['Q']])
    ok(connect(g, [{ from: 'Q', to: 'P', type: 'depends_on' }]))
    expect(g.index.statusOf('Q')).toBe('actionable')
    expect(ok(updateNodes(g, [{ id: 'C', resolved: true }])).newly_actionable).toEqual([])
    expect(ok(updateNodes(g, [{ id: 'C', resolved: false }])).newly_actionable).toEqual(['C'])
  })

  it('validates the whole batch before writing anything', () => {
    const { g, doc } = makeGraph()
    addNodes(g, [['A'], ['B']])
    const bad: unknown[] = [
      { id: 'A', colour: 'red' },
      { id: 'A' },
      { id: 'A', summary: '' },
      { id: 'A', summary: 'two\nlines' },
      { id: 'A', resolved: 'yes' },
      { id: 'A', kind: 'not a word' },
      { id: 'A', x: Number.POSITIVE_INFINITY },
      { id: 'A', expected_rev: '1' },
      { id: 'A', add_links: 'file:a' },
      { id: 'A', add_evidence: [{ type: 'x' }] },
      { id: 'A', properties: [1, 2] },
      { id: 'A', state: { f: () => 1 } },
    ]
    for (const item of bad) {
      const f = unchanged(doc, () =>
        failure(updateNodes(g, [{ id: 'B', summary: 'changed' }, item as never])),
      )
      expect(f.reason, JSON.stringify(item)).toBe('invalid_argument')
      expect(f.index, JSON.stringify(item)).toBe(1)
    }
    const twice = unchanged(doc, () =>
      failure(
        updateNodes(g, [
          { id: 'A', summary: 'x' },
          { id: 'A', notes: 'y' },
        ]),
      ),
    )
    expect(twice.message).toContain('appears twice')
    expect(view(g, 'B').summary).toBe('B')
  })

  it('refuses properties that would take a node past 256 (what the server refuses too); claims do not count', () => {
    const { g, doc } = makeGraph()
    addNodes(g, [['A']])
    const many = (from: number, n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${from + i}`, i]))
    ok(updateNodes(g, [{ id: 'A', properties: many(0, 200) }]))
    const f = unchanged(doc, () => failure(updateNodes(g, [{ id: 'A', properties: many(200, 57) }])))
    expect(f.reason).toBe('too_large')
    expect(f.message).toMatch(/items\[0\]\.properties: node A would hold 257 properties; the limit is 256/)
    // Deleting makes room in the same call.
    ok(updateNodes(g, [{ id: 'A', properties: { ...many(200, 57), p0: null } }]))
    expect(Object.keys(view(g, 'A').properties)).toHaveLength(256)
    ok(claim(g, 'A'))
    expect(Object.keys(view(g, 'A').properties)).toHaveLength(259)
  })

  it('limits an evidence ref to the size of a property value, as the server does', () => {
    const { g, doc } = makeGraph()
    addNodes(g, [['A']])
    const f = unchanged(doc, () =>
      failure(
        updateNodes(g, [{ id: 'A', add_evidence: [{ type: 'log', ref: 'x'.repeat(LIMITS.value + 1) }] }]),
      ),
    )
    expect(f.message).toMatch(/add_evidence\[0\]\.ref: is 65537 characters; the limit is 65536/)
  })
})

describe('clearPositions', () => {
  it('takes back chosen positions in one undoable write, leaves unplaced nodes alone, refuses unknown ids', () => {
    const { g } = makeGraph()
    addNodes(g, [['A'], ['B']])
    ok(setPositions(g, [{ id: 'A', x: 10, y: 20 }]))
    const r = ok(clearPositions(g, ['A', 'B']))
    expect(r.cleared).toBe(1)
    expect(view(g, 'A')).toMatchObject({ x: null, y: null })
    expect(failure(clearPositions(g, ['nope'])).reason).toBe('node_not_found')
  })
})
