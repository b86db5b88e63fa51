import { indexOf } from './graph-index.ts'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { write } from './graph.ts'
import { writeEdge } from './edges.ts'
import { edgeParts } from './schema.ts'
import { makeGraph, rng } from './test/harness.ts'
import type { Json } from './types.ts'
import { readEdge, readNode, type WrittenNode } from './views.ts'

// A Writer hands the index the views of what it created instead of the index reading the maps back:
// these hold those views to what reading the maps gives.

describe('views of what a writer created', () => {
  it('are what reading the node back gives (seeded)', () => {
    const rand = rng(3)
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!
    const maybe = <T>(x: T): T | undefined => (rand() < 0.5 ? x : undefined)
    const { g, root } = makeGraph()
    for (let i = 0; i < 300; i++) {
      const f: WrittenNode = {
        summary: pick(['Auth service', '', ' x ', 'ünïcode']),
        notes: maybe(pick(['', 'some notes', 'two\nlines'])),
        kind: maybe(pick(['task', 'concept', '', 'goal'])),
        parent: maybe(pick([root, null, ''])),
        resolved: maybe(rand() < 0.5),
        state: maybe(pick<Json>([null, 0, 'open', { a: [1, 2] }])),
        properties: maybe({ priority: pick<Json>([1, null, 'high']), '7': 'digits first', other: null }),
        links: maybe(pick([[], ['b', 'a', 'b'], ['one']])),
        x: maybe(pick([0, 1.5, NaN, null])),
        y: maybe(pick([-3, Infinity, null])),
      }
      const id = `n${i}`
      write(g, (w) => w.createNode(id, f))
      const view = g.index.nodes.get(id)!
      const read = readNode(id, indexOf(g.doc).y.nodes.get(id)!)
      expect(view, JSON.stringify(f)).toEqual(read)
      expect(JSON.stringify(view)).toBe(JSON.stringify(read))
    }
  })

  it('leave defaults out of the document and read them back; setting a default writes nothing', () => {
    const { g, root } = makeGraph()
    write(g, (w) => w.createNode('a', { summary: 'A', parent: root }))
    const m = indexOf(g.doc).y.nodes.get('a')!
    for (const field of ['kind', 'resolved', 'rev', 'updated_at', 'updated_by'])
      expect(m.has(field)).toBe(false)
    const a = readNode('a', m)
    expect(a).toMatchObject({ kind: 'concept', resolved: false, rev: 1 })
    expect([a.updated_at, a.updated_by]).toEqual([a.created_at, a.created_by])
    const before = [...indexOf(g.doc).y.history].length
    const changed = write(g, (w) => w.set('a', 'kind', 'concept') || w.set('a', 'resolved', false))
    expect(changed).toBe(false)
    expect([...indexOf(g.doc).y.history].length).toBe(before)
    write(g, (w) => w.touch('a'))
    expect(readNode('a', m).rev).toBe(2)
  })

  it('give way to what is written to the node later in the same transaction', () => {
    const { g, root } = makeGraph()
    write(g, (w) => {
      w.createNode('a', { summary: 'First', parent: root })
      w.node('a').set('summary', 'Second')
    })
    expect(g.index.nodes.get('a')!.summary).toBe('Second')
  })

  it('are for the transaction that wrote them only', () => {
    const { g, root } = makeGraph()
    write(g, (w) => w.createNode('a', { summary: 'First', parent: root }))
    // A change made without a Writer, as a remote peer's or an undo's would be.
    g.doc.transact(() => indexOf(g.doc).y.nodes.get('a')!.set('summary', 'Second'))
    expect(g.index.nodes.get('a')!.summary).toBe('Second')
  })

  it('are what reading the edge back gives, and give way to a later write to it', () => {
    const { g, root } = makeGraph()
    write(g, (w) => {
      w.createNode('a', { summary: 'A', parent: root })
      w.createNode('b', { summary: 'B', parent: root })
      writeEdge(w, {
        from: 'a',
        to: 'b',
        type: 'depends_on',
        properties: { weight: 2, gone: null, at: { x: 1 } },
      })
      writeEdge(w, { from: 'b', to: 'a', label: 'first', properties: { p: 1 } })
      writeEdge(w, { from: 'b', to: 'a', label: 'second', properties: { k: 'v' } })
    })
    for (const e of g.index.edges.values()) {
      expect(e).toEqual(readEdge(e.id, indexOf(g.doc).y.edges.get(e.id)!))
      expect(JSON.stringify(e)).toBe(JSON.stringify(readEdge(e.id, indexOf(g.doc).y.edges.get(e.id)!)))
    }
    expect(g.index.edges.get('b>relates_to>a')).toMatchObject({
      label: 'second',
      properties: { p: 1, k: 'v' },
    })
  })

  it("leave an edge's ends and type out when its id gives them back, and keep them when it does not", () => {
    const { g, root } = makeGraph()
    write(g, (w) => {
      for (const id of ['a', 'b', 'x>y', 'p>']) w.createNode(id, { summary: id, parent: root })
      writeEdge(w, { from: 'a', to: 'b', type: 'depends_on' })
      // Ids with '>' in them split more than one way: those edges carry their ends.
      writeEdge(w, { from: 'x>y', to: 'a' })
      writeEdge(w, { from: 'b', to: 'p>' })
    })
    const m = (id: string) => indexOf(g.doc).y.edges.get(id)!
    expect(['from', 'to', 'type'].map((f) => m('a>depends_on>b').has(f))).toEqual([false, false, false])
    expect(m('x>y>relates_to>a').toJSON()).toMatchObject({ from: 'x>y', to: 'a', type: 'relates_to' })
    expect(m('b>relates_to>p>').toJSON()).toMatchObject({ from: 'b', to: 'p>', type: 'relates_to' })
    for (const e of g.index.edges.values()) expect(e).toEqual(readEdge(e.id, m(e.id)))
    expect(g.index.dependencies('a')).toEqual(['b'])
    expect(g.index.edgesOf('x>y', 'out').map((e) => e.other)).toEqual(['a'])
    expect(g.index.edgesOf('b', 'out').map((e) => e.other)).toEqual(['p>'])
  })

  it('read an edge written with its ends (as older versions wrote every edge) from those ends', () => {
    const { g, root } = makeGraph()
    write(g, (w) => {
      w.createNode('a', { summary: 'A', parent: root })
      w.createNode('b', { summary: 'B', parent: root })
    })
    g.doc.transact(() => {
      const e = new Y.Map<unknown>()
      indexOf(g.doc).y.edges.set('a>depends_on>b', e)
      for (const [k, v] of Object.entries({ from: 'a', to: 'b', type: 'depends_on', label: '' })) e.set(k, v)
      e.set('properties', new Y.Map())
    })
    expect(g.index.edges.get('a>depends_on>b')).toMatchObject({ from: 'a', to: 'b', type: 'depends_on' })
    expect(g.index.dependencies('a')).toEqual(['b'])
    expect(g.index.statusOf('a')).toBe('blocked')
  })

  it('take what an edge does not carry from its id, field by field', () => {
    const { g, root } = makeGraph()
    write(g, (w) => {
      w.createNode('a', { summary: 'A', parent: root })
      w.createNode('b', { summary: 'B', parent: root })
      writeEdge(w, { from: 'a', to: 'b', type: 'depends_on' })
    })
    // A peer running other code writes one end only.
    g.doc.transact(() => indexOf(g.doc).y.edges.get('a>depends_on>b')!.set('from', 'a'))
    expect(g.index.edges.get('a>depends_on>b')).toMatchObject({ from: 'a', to: 'b', type: 'depends_on' })
    expect(g.index.statusOf('a')).toBe('blocked')
  })

  it('of an edge whose id splits more than one way and carries no ends are a dangling edge', () => {
    const { g } = makeGraph()
    g.doc.transact(() => {
      const e = new Y.Map<unknown>()
      indexOf(g.doc).y.edges.set('a>b>c>d', e)
      e.set('properties', new Y.Map())
    })
    expect(g.index.edges.get('a>b>c>d')).toMatchObject({ from: '', to: '', type: 'relates_to' })
  })
})

describe('edgeParts', () => {
  it('splits an id into three non-empty parts, or gives null', () => {
    expect(edgeParts('a>depends_on>b')).toEqual({ from: 'a', type: 'depends_on', to: 'b' })
    for (const id of ['', 'a', 'a>b', '>t>b', 'a>>b', 'a>t>', 'a>t>b>c', 'a>b>c>d>e'])
      expect(edgeParts(id), id).toBeNull()
  })
})
