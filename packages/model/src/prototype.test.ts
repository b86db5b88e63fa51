import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { createNodes } from './create.ts'
import { shapeOfName } from './formats/mermaid-shapes.ts'
import { query } from './query.ts'
import { priorityOf } from './rank-queue.ts'
import { resolveLabel } from './resolve.ts'
import { search } from './search.ts'
import { sameWord } from './word-forms.ts'
import { importGraph } from './formats/index.ts'
import { exportJSON } from './formats/json.ts'
import { next } from './readiness.ts'
import { listCheckpoints, saveCheckpoint } from './sessions.ts'
import { makeGraph, ok, sync, joinGraph } from './test/harness.ts'
import { updateNodes } from './update.ts'
import { openGraph } from './graph.ts'
import { docAsOf } from './time.ts'

// `__proto__` is an ordinary key to a user: a property, a checkpoint name. Objects built with
// `obj[key] = value` turn it into the object's prototype instead, which hides the entry and lends its
// fields to every read (a claim nobody can see or clear).

const file = (extra: object) =>
  JSON.stringify({
    format: 'plexus',
    schema: 1,
    nodes: [{ id: 'n_task', summary: 'Write the docs', kind: 'task', ...extra }],
  })

describe('user-keyed maps and __proto__', () => {
  it('a __proto__ property from a JSON import is a visible property, not a hidden claim', () => {
    const t = makeGraph()
    const claim = { _claimed_by: 'mallory', _claimed_at: t.clock.now() }
    const text = `{"format":"plexus","schema":1,"nodes":[{"id":"n_task","summary":"Write the docs","kind":"task","properties":{"__proto__":${JSON.stringify(claim)}}}]}`
    ok(importGraph(t.g, 'json', text))
    const node = t.g.index.nodes.get('n_task')!
    expect(Object.keys(node.properties)).toEqual(['__proto__'])
    expect(node.properties._claimed_by).toBeUndefined()
    expect(ok(next(t.g, { count: 5 })).items.map((i) => i.node.id)).toContain('n_task')
    // And on a peer that reads the synced document.
    const peer = joinGraph(t, 'bob')
    sync(t.doc, peer.doc)
    expect(ok(next(peer.g, { count: 5 })).items.map((i) => i.node.id)).toContain('n_task')
  })

  it('a property written as __proto__ can be read back and cleared', () => {
    const t = makeGraph()
    ok(importGraph(t.g, 'json', file({})))
    const set = JSON.parse('[{"id":"n_task","properties":{"__proto__":"plain value"}}]') as never
    ok(updateNodes(t.g, set))
    expect(t.g.index.nodes.get('n_task')!.properties).toEqual(JSON.parse('{"__proto__":"plain value"}'))
    ok(updateNodes(t.g, JSON.parse('[{"id":"n_task","properties":{"__proto__":null}}]') as never))
    expect(Object.keys(t.g.index.nodes.get('n_task')!.properties)).toEqual([])
  })

  it('refuses a __proto__ key inside a property value, which Yjs would read back as a prototype', () => {
    const t = makeGraph()
    ok(importGraph(t.g, 'json', file({})))
    const r = updateNodes(
      t.g,
      JSON.parse('[{"id":"n_task","properties":{"x":{"__proto__":{"a":1}}}}]') as never,
    )
    expect(r.ok).toBe(false)
    expect(!r.ok && r.message).toMatch(/properties\.x: has a key "__proto__"/)
  })

  it('a checkpoint named __proto__ is listed and exported like any other', () => {
    const t = makeGraph()
    ok(saveCheckpoint(t.g, 's1', '__proto__'))
    ok(saveCheckpoint(t.g, 's1', 'lunch'))
    expect(
      listCheckpoints(t.g)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['__proto__', 'lunch'])
    expect(Object.keys(exportJSON(t.g).checkpoints).sort()).toEqual(['cp/__proto__', 'cp/lunch'])
  })

  it('a checkpoint imported under the key __proto__ is kept and exported', () => {
    const t = makeGraph()
    const text = `{"format":"plexus","schema":1,"nodes":[],"checkpoints":{"__proto__":{"hot":["a"]}}}`
    ok(importGraph(t.g, 'json', text))
    expect(t.doc.getMap('checkpoints').has('__proto__')).toBe(true)
    const out = exportJSON(t.g).checkpoints
    expect(Object.keys(out)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
  })

  it('reads a __proto__ key a peer put in a node map without lending it to the view', () => {
    const t = makeGraph()
    ok(importGraph(t.g, 'json', file({})))
    const props = (t.doc.getMap('nodes').get('n_task') as Y.Map<unknown>).get('properties') as Y.Map<unknown>
    props.set('__proto__', { priority: 9 })
    const view = t.g.index.nodes.get('n_task')!
    expect(view.properties.priority).toBeUndefined()
  })
})

// Words that name Object.prototype's members are ordinary words in a label or a priority: "The
// DistributedDataParallel constructor hangs" crashed every label lookup in a graph holding it
// (held-out set 7: a table of abbreviations read with `table[word]` found Object's constructor).
const MEMBERS = Object.getOwnPropertyNames(Object.prototype)
const WORDS = ['hangs', 'when', 'using', 'gloo', 'service', 'sync', 'repo', 'config', 'the']

describe('words that name Object.prototype members', () => {
  it('named case: a label with "constructor" resolves, dedups and searches', () => {
    const t = makeGraph()
    ok(createNodes(t.g, [{ summary: 'DistributedDataParallel constructor hangs when using gloo' }]))
    expect(sameWord('constructor', 'hangs')).toBe(false)
    expect(
      resolveLabel(t.g, 'DistributedDataParallel constructor hangs when using gloo')[0]?.confidence,
    ).toBe(1)
    expect(() => resolveLabel(t.g, 'the constructor hangs with gloo')).not.toThrow()
    ok(createNodes(t.g, [{ summary: 'constructor hangs when using NCCL' }], { mode: 'auto' }))
  })

  it('any label, query and priority made of them: nothing throws, a priority word is 0', () => {
    const word = fc.oneof(fc.constantFrom(...MEMBERS), fc.constantFrom(...WORDS))
    const label = fc.array(word, { minLength: 1, maxLength: 5 }).map((w) => w.join(' '))
    fc.assert(
      fc.property(
        fc.array(label, { minLength: 1, maxLength: 6 }),
        label,
        fc.constantFrom(...MEMBERS),
        (labels, query, p) => {
          const t = makeGraph()
          ok(
            createNodes(
              t.g,
              labels.map((summary) => ({ summary })),
              { mode: 'auto' },
            ),
          )
          for (const q of [query, ...labels]) {
            resolveLabel(t.g, q)
            search(t.g, q)
          }
          for (const a of [query, ...labels])
            for (const b of labels) sameWord(a.split(' ')[0]!, b.split(' ')[0]!)
          const n = t.g.index.nodes.get(t.root)!
          expect(priorityOf({ ...n, properties: { priority: p } })).toBe(0)
        },
      ),
      { seed: 2911, numRuns: 150 },
    )
  })
})

describe('prototype member names in shapes and property filters (review, session 14)', () => {
  it('a Mermaid shape named like a member is a name, not a function', () => {
    for (const m of MEMBERS) expect(shapeOfName(m)).toBe(m.toLowerCase())
  })

  it('a filter asking for nodes without a member-named property finds them', () => {
    const t = makeGraph()
    ok(createNodes(t.g, [{ summary: 'Plain node' }]))
    for (const m of ['constructor', 'toString', 'valueOf']) {
      const r = ok(query(t.g, { filter: { properties: { [m]: null } } }))
      expect(
        r.items.map((n) => n.summary),
        m,
      ).toContain('Plain node')
    }
  })
})

// Yjs stores a value by its `constructor`: an object value holding its own key "constructor" made Yjs
// throw "Unexpected content type" part way through a write (found through a FreeMind attribute named
// "constructor", session 15). It is refused by name now, before anything is written.
describe('a value whose top holds the key "constructor"', () => {
  it('is refused with the reason, and nothing of the call is written', () => {
    const t = makeGraph()
    const made = ok(createNodes(t.g, [{ summary: 'Building' }, { summary: 'Bridge' }]))
    const [a, b] = made.created.map((c) => c.id)
    const before = Y.encodeStateVector(t.doc)
    const r = updateNodes(t.g, [
      { id: a!, properties: { builder: 'Ada' } },
      { id: b!, properties: { built: { constructor: 'Brunel', year: 1831 } } },
    ])
    expect(r.ok).toBe(false)
    expect(!r.ok && r.message).toMatch(/properties\.built: has a key "constructor" at its top/)
    expect(Y.encodeStateVector(t.doc)).toEqual(before)
  })

  it('is stored as a property name, and deeper inside a value', () => {
    const t = makeGraph()
    const [id] = ok(createNodes(t.g, [{ summary: 'Building' }])).created.map((c) => c.id)
    ok(
      updateNodes(t.g, [
        { id: id!, properties: { constructor: 'Brunel', made: { by: { constructor: 'x' } } } },
      ]),
    )
    expect(t.g.index.nodes.get(id!)!.properties).toEqual({
      constructor: 'Brunel',
      made: { by: { constructor: 'x' } },
    })
  })

  const SEED = Number(process.env.FC_SEED ?? 291115)
  it(`any JSON property value is stored and read back, or refused; never thrown (seed ${SEED})`, () => {
    const key = fc.oneof(fc.constantFrom(...MEMBERS), fc.string({ maxLength: 6 }))
    const value = fc.letrec((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        fc.string({ maxLength: 8 }),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('v'), { maxLength: 3 }),
        fc.dictionary(key, tie('v'), { maxKeys: 3 }),
      ),
    })).v
    fc.assert(
      fc.property(fc.dictionary(key, value, { minKeys: 1, maxKeys: 3 }), (props) => {
        const t = makeGraph()
        const [id] = ok(createNodes(t.g, [{ summary: 'Node' }])).created.map((c) => c.id)
        const r = updateNodes(t.g, [{ id: id!, properties: props as never }])
        if (!r.ok) {
          expect(r.reason).toBe('invalid_argument')
          return
        }
        const got = t.g.index.nodes.get(id!)!.properties
        const peer = joinGraph(t, 'bob')
        sync(t.doc, peer.doc)
        expect(peer.g.index.nodes.get(id!)!.properties).toEqual(got)
      }),
      { seed: SEED, numRuns: 300 },
    )
  })
})

// The review (session 15): the past is rebuilt with a node's properties as one plain value, and Yjs
// refuses to store an object holding its own key "constructor" there; a property named so made every
// `as_of` read of its graph throw "Unexpected content type".
describe('the past of a node with a property named like a prototype member', () => {
  it('reads back, as the live node does', () => {
    const t = makeGraph()
    const [id] = ok(createNodes(t.g, [{ summary: 'Bridge' }])).created.map((c) => c.id)
    ok(updateNodes(t.g, [{ id: id!, properties: { constructor: 'Brunel', toString: 'x', year: 1831 } }]))
    const at = t.clock.now()
    t.clock.tick(1000)
    ok(updateNodes(t.g, [{ id: id!, summary: 'Suspension bridge' }]))
    const past = openGraph(docAsOf(t.g, at), { actor: 'reader', now: () => at, newId: () => 'x' })
    expect(past.index.nodes.get(id!)!.properties).toEqual({
      constructor: 'Brunel',
      toString: 'x',
      year: 1831,
    })
    expect(past.index.nodes.get(id!)!.summary).toBe('Bridge')
  })
})
