import { describe, expect, it } from 'vitest'
import { context, traverse } from './context.ts'
import { createNodes } from './create.ts'
import { connect, disconnect } from './edges.ts'
import { query } from './query.ts'
import { claim, next, release } from './readiness.ts'
import { restructure } from './restructure.ts'
import { setPositions, updateNodes } from './update.ts'
import { LIMITS } from './validate.ts'
import { addNodes, failure, joinGraph, makeGraph, ok, sync, unchanged, view } from './test/harness.ts'
import type { Failure, Result } from './types.ts'

// Bad input through the public operations: every refusal is a typed failure, and the document is
// byte-for-byte what it was before the call.

function graph() {
  const t = makeGraph('alice', { clientID: 1 })
  addNodes(t.g, [['A', undefined, { summary: 'Alpha' }], ['B']])
  return t
}

function refuses<T>(t: ReturnType<typeof graph>, call: () => Result<T>): Failure {
  return unchanged(t.doc, () => failure(call()))
}

const MB = 'x'.repeat(1 << 20)

describe('unknown ids', () => {
  it('every operation names the closest id it knows', () => {
    const t = graph()
    const { g } = t
    const calls: Array<() => Result<unknown>> = [
      () => updateNodes(g, [{ id: 'a', summary: 'x' }]),
      () => connect(g, [{ from: 'A', to: 'C' }]),
      () => restructure(g, [{ type: 'move', node: 'C', parent: 'A' }]),
      () => restructure(g, [{ type: 'move', node: 'A', parent: 'C' }]),
      () => claim(g, 'C'),
      () => release(g, 'C'),
      () => context(g, 'C'),
      () => traverse(g, 'C'),
      () => next(g, { scope: 'C' }),
      () => query(g, { filter: { ancestor: 'C' } }),
      () => createNodes(g, [{ summary: 'x', parent: 'C' }]),
      () => createNodes(g, [{ summary: 'x', depends_on: ['C'] }]),
    ]
    for (const call of calls) {
      const f = refuses(t, call)
      expect(f.reason, call.toString()).toBe('node_not_found')
      expect(f.message, call.toString()).toMatch(/did you mean (A|B)/)
    }
    expect(refuses(t, () => setPositions(g, [{ id: 'C', x: 1, y: 1 }])).reason).toBe('node_not_found')
  })
})

describe('wrong types', () => {
  it('non-arrays, non-objects and wrongly typed fields are refused as invalid_argument', () => {
    const t = graph()
    const { g } = t
    const calls: Array<() => Result<unknown>> = [
      () => updateNodes(g, 'A' as never),
      () => updateNodes(g, [null as never]),
      () => updateNodes(g, [['A'] as never]),
      () => updateNodes(g, [{ id: 'A', summary: 5 as never }]),
      () => updateNodes(g, [{ id: 'A', notes: {} as never }]),
      () => updateNodes(g, [{ id: 'A', properties: 'p' as never }]),
      () => updateNodes(g, [{ id: 'A', add_evidence: 'e' as never }]),
      () => updateNodes(g, [{ id: 'A', add_evidence: [null] as never }]),
      () => updateNodes(g, [{ id: 'A', x: '1' as never }]),
      () => updateNodes(g, [{ id: 5 as never, summary: 'x' }]),
      () => createNodes(g, { summary: 'x' } as never),
      () => createNodes(g, [{ summary: ['x'] as never }]),
      () => createNodes(g, [{ summary: 'x', links: [1] as never }]),
      () => createNodes(g, [{ summary: 'x', state: new Date() as never }]),
      () => connect(g, 'A>B' as never),
      () => connect(g, [{ from: 'A', to: 'B', properties: [] as never }]),
      () => disconnect(g, [5 as never]),
      () => restructure(g, [{ type: 'move' } as never]),
      () => restructure(g, [{ type: 'drop', node: 'A', reason: 5 } as never]),
      () => restructure(g, ['forget A' as never]),
      () => setPositions(g, [{ id: 'A', x: Number.NaN, y: 0 }]),
      () => next(g, { count: '3' as never }),
      () => context(g, 'A', { depth: '2' as never }),
      () => traverse(g, 'A', { depth: Number.POSITIVE_INFINITY }),
      () => query(g, { limit: '10' as never }),
    ]
    for (const call of calls) expect(refuses(t, call).reason, call.toString()).toBe('invalid_argument')
  })
})

describe('batch sizes', () => {
  it('empty batches are refused as empty_batch', () => {
    const t = graph()
    const { g } = t
    const calls: Array<() => Result<unknown>> = [
      () => createNodes(g, []),
      () => updateNodes(g, []),
      () => connect(g, []),
      () => disconnect(g, []),
      () => restructure(g, []),
      () => setPositions(g, []),
    ]
    for (const call of calls) expect(refuses(t, call).reason).toBe('empty_batch')
  })

  it(`a batch of 10,000 items (limit ${LIMITS.batch}) is refused as too_large by every batch operation`, () => {
    const t = graph()
    const { g } = t
    const n = 10_000
    const calls: Array<() => Result<unknown>> = [
      () =>
        createNodes(
          g,
          Array.from({ length: n }, (_, i) => ({ summary: `item ${i}` })),
        ),
      () =>
        updateNodes(
          g,
          Array.from({ length: n }, () => ({ id: 'A', summary: 'x' })),
        ),
      () =>
        connect(
          g,
          Array.from({ length: n }, () => ({ from: 'A', to: 'B' })),
        ),
      () =>
        disconnect(
          g,
          Array.from({ length: n }, () => ({ from: 'A', to: 'B' })),
        ),
      () =>
        restructure(
          g,
          Array.from({ length: n }, () => ({ type: 'forget' as const, node: 'A' })),
        ),
      () =>
        setPositions(
          g,
          Array.from({ length: n }, () => ({ id: 'A', x: 0, y: 0 })),
        ),
    ]
    for (const call of calls) {
      const f = refuses(t, call)
      expect(f.reason).toBe('too_large')
      expect(f.message).toContain(`${n} items`)
      expect(f.message).toContain(String(LIMITS.batch))
    }
  })

  it('a batch at the limit is accepted', () => {
    const { g } = graph()
    const r = ok(
      createNodes(
        g,
        Array.from({ length: LIMITS.batch }, (_, i) => ({ summary: `item ${i}` })),
        { mode: 'force' },
      ),
    )
    expect(r.created).toHaveLength(LIMITS.batch)
  })
})

describe('Unicode', () => {
  const names: Array<[string, string]> = [
    ['emoji', 'Ship it 🚀🔥'],
    ['ZWJ sequences', 'Family 👨‍👩‍👧‍👦 and 🏳️‍🌈 and 👩🏽‍💻'],
    ['flags and keycaps', '🇯🇵 🇫🇷 1️⃣ #️⃣'],
    ['RTL Arabic', 'مرحبا بالعالم'],
    ['RTL Hebrew with marks', 'שָׁלוֹם עוֹלָם'],
    ['mixed direction with LRM', 'Deploy \u200eגרסה 2\u200f now'],
    ['combining marks', 'Cafe\u0301 and Z\u0351\u0313a\u0352\u0346l\u0310\u0352g\u0311o'],
    ['CJK', '设计数据库架构 データベース設計 데이터베이스'],
    ['astral CJK and maths', '𠜎𠜱𠝹 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𝟘𝟙𝟚'],
    ['Devanagari', 'डेटाबेस डिज़ाइन करें'],
    ['Thai', 'ออกแบบฐานข้อมูล'],
    ['variation selectors and BOM-free', '☺︎ ☺️ ✔︎'],
  ]

  for (const [what, name] of names) {
    it(`accepts and round-trips ${what} in every text field, on a synced peer too`, () => {
      const t = graph()
      const { g, root } = t
      const r = ok(
        createNodes(g, [
          {
            ref: 'n',
            summary: name,
            notes: `${name}\n${name}`,
            parent: root,
            properties: { [name]: name },
            links: [name],
          },
        ]),
      )
      const id = r.refs.n!
      ok(
        updateNodes(g, [
          { id: 'A', summary: name, notes: name, add_evidence: [{ type: 'note', ref: name }] },
        ]),
      )
      ok(connect(g, [{ from: 'A', to: id, label: name }]))
      const b = joinGraph(t, 'bob', 2)
      sync(t.doc, b.doc)
      for (const gg of [g, b.g]) {
        expect(view(gg, id)).toMatchObject({
          summary: name,
          notes: `${name}\n${name}`,
          properties: { [name]: name },
          links: [name],
        })
        expect(view(gg, 'A')).toMatchObject({ summary: name, notes: name })
        expect(view(gg, 'A').evidence[0]!.ref).toBe(name)
        expect(gg.index.edges.get(`A>relates_to>${id}`)!.label).toBe(name)
      }
      // Editing next to the characters keeps them whole.
      ok(updateNodes(b.g, [{ id: 'A', notes: `${name}!` }]))
      sync(t.doc, b.doc)
      expect(view(g, 'A').notes).toBe(`${name}!`)
    })
  }

  it('accepts kinds and edge types written in any script', () => {
    const t = graph()
    ok(updateNodes(t.g, [{ id: 'A', kind: 'कार्य' }]))
    ok(connect(t.g, [{ from: 'A', to: 'B', type: 'зависит' }]))
    expect(view(t.g, 'A').kind).toBe('कार्य')
    expect(t.g.index.edges.has('A>зависит>B')).toBe(true)
  })

  it('refuses lone surrogates in every field that takes text', () => {
    const t = graph()
    const { g } = t
    for (const lone of ['\ud83d', '\ude80', 'ok \ud83d then', 'end \ud83d']) {
      const calls: Array<() => Result<unknown>> = [
        () => updateNodes(g, [{ id: 'A', summary: lone }]),
        () => updateNodes(g, [{ id: 'A', notes: lone }]),
        () => updateNodes(g, [{ id: 'A', properties: { k: lone } }]),
        () => updateNodes(g, [{ id: 'A', properties: { [lone]: 1 } }]),
        () => updateNodes(g, [{ id: 'A', state: [lone] }]),
        () => updateNodes(g, [{ id: 'A', add_links: [lone] }]),
        () => updateNodes(g, [{ id: 'A', add_evidence: [{ type: 'note', ref: lone }] }]),
        () => createNodes(g, [{ summary: lone }]),
        () => createNodes(g, [{ summary: 'ok', notes: lone }]),
        () => connect(g, [{ from: 'A', to: 'B', label: lone }]),
        () => restructure(g, [{ type: 'drop', node: 'A', reason: lone }]),
      ]
      for (const call of calls) {
        const f = refuses(t, call)
        expect(f.reason, call.toString()).toBe('invalid_argument')
      }
    }
  })

  it('refuses control characters in one-line fields and in notes, keeping tabs and line breaks in notes', () => {
    const t = graph()
    const { g } = t
    for (const ch of ['\u0000', '\u0008', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(refuses(t, () => updateNodes(g, [{ id: 'A', summary: `a${ch}b` }])).reason).toBe(
        'invalid_argument',
      )
      expect(refuses(t, () => updateNodes(g, [{ id: 'A', notes: `a${ch}b` }])).reason).toBe(
        'invalid_argument',
      )
      expect(refuses(t, () => createNodes(g, [{ summary: `a${ch}b` }])).reason).toBe('invalid_argument')
      expect(refuses(t, () => connect(g, [{ from: 'A', to: 'B', label: `a${ch}b` }])).reason).toBe(
        'invalid_argument',
      )
    }
    expect(refuses(t, () => updateNodes(g, [{ id: 'A', summary: 'two\nlines' }])).reason).toBe(
      'invalid_argument',
    )
    ok(updateNodes(g, [{ id: 'A', notes: 'line one\r\n\tline two' }]))
    expect(view(g, 'A').notes).toBe('line one\r\n\tline two')
  })

  it('refuses 1 MB strings for summary and notes as too_large', () => {
    const t = graph()
    const { g } = t
    const calls: Array<() => Result<unknown>> = [
      () => updateNodes(g, [{ id: 'A', summary: MB }]),
      () => updateNodes(g, [{ id: 'A', notes: MB }]),
      () => createNodes(g, [{ summary: MB }]),
      () => createNodes(g, [{ summary: 'ok', notes: MB }]),
      () => updateNodes(g, [{ id: 'A', properties: { big: MB } }]),
      () => updateNodes(g, [{ id: 'A', state: { big: MB } }]),
      () => updateNodes(g, [{ id: 'A', add_evidence: [{ type: 'log', ref: MB }] }]),
    ]
    for (const call of calls) {
      const f = refuses(t, call)
      expect(f.reason, call.toString()).toBe('too_large')
      expect(f.message).toMatch(/limit/)
    }
    // Just under the notes limit is fine.
    ok(updateNodes(g, [{ id: 'A', notes: 'y'.repeat(LIMITS.notes) }]))
    expect(view(g, 'A').notes).toHaveLength(LIMITS.notes)
  })
})
