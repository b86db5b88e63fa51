import { describe, expect, it } from 'vitest'
import { restructure } from './restructure.ts'
import { addNodes, makeGraph, ok } from './test/harness.ts'
import {
  LIMITS,
  checkBatch,
  checkJson,
  checkKind,
  checkLinks,
  checkProperties,
  checkString,
  closestId,
  editDistance,
  isFailure,
  liveNode,
} from './validate.ts'

const reason = (c: { reason: string } | null): string | null => c?.reason ?? null

describe('checkString', () => {
  it('accepts ordinary text and reports the path of what it refuses', () => {
    expect(checkString('Plan the launch', 'summary', 100)).toBeNull()
    const c = checkString(42, 'items[3].summary', 100)
    expect(c).toMatchObject({ reason: 'invalid_argument' })
    expect(c!.message).toBe('items[3].summary: expected a string, got a number')
  })

  it('refuses empty and blank strings unless asked to allow them', () => {
    expect(reason(checkString('', 's', 10))).toBe('invalid_argument')
    expect(reason(checkString(' \t ', 's', 10))).toBe('invalid_argument')
    expect(checkString('', 's', 10, { empty: true })).toBeNull()
  })

  it('refuses strings over the limit as too_large, counting UTF-16 units', () => {
    expect(checkString('x'.repeat(10), 's', 10)).toBeNull()
    expect(reason(checkString('x'.repeat(11), 's', 10))).toBe('too_large')
    expect(checkString('😀'.repeat(5), 's', 10)).toBeNull()
    expect(reason(checkString('😀'.repeat(6), 's', 10))).toBe('too_large')
  })

  it('refuses control characters; a line keeps tab, text keeps tab and line breaks', () => {
    for (const ch of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b']) {
      expect(reason(checkString(`a${ch}b`, 's', 100)), escape(ch)).toBe('invalid_argument')
      expect(reason(checkString(`a${ch}b`, 's', 100, { line: true })), escape(ch)).toBe('invalid_argument')
    }
    expect(checkString('a\tb', 's', 100, { line: true })).toBeNull()
    expect(reason(checkString('a\nb', 's', 100, { line: true }))).toBe('invalid_argument')
    expect(reason(checkString('a\rb', 's', 100, { line: true }))).toBe('invalid_argument')
    expect(checkString('a\nb\r\n\tc', 's', 100)).toBeNull()
    expect(checkString('a\u001bb', 's', 100)!.message).toContain('U+001b at 1')
  })

  it('refuses lone surrogates anywhere and accepts pairs', () => {
    for (const s of ['\ud83d', 'a\ud83d', '\ude00b', 'a\ude00\ud83d', '\ud83d\ud83d\ude00']) {
      expect(reason(checkString(s, 's', 100)), escape(s)).toBe('invalid_argument')
    }
    expect(checkString('\ud83d\ude00', 's', 100)).toBeNull()
  })
})

function escape(s: string): string {
  return [...s].map((c) => 'U+' + c.codePointAt(0)!.toString(16).padStart(4, '0')).join(' ')
}

describe('checkKind', () => {
  it('takes one word in any script, marks included', () => {
    for (const k of [
      'task',
      'user-story',
      'open_question',
      'タスク',
      'задача',
      'कार्य',
      'ta\u0302che',
      'v2',
    ]) {
      expect(checkKind(k, 'kind'), k).toBeNull()
    }
  })

  it('refuses spaces, punctuation, empties, leading marks and long words', () => {
    for (const k of ['two words', 'task!', '', '\u0301a', 'a'.repeat(LIMITS.kind + 1), 'a\nb', 7]) {
      expect(checkKind(k, 'kind'), String(k)).not.toBeNull()
    }
  })
})

describe('checkJson', () => {
  it('accepts plain JSON', () => {
    expect(checkJson({ a: [1, 'x', null, true, { b: -0.5 }] }, 'v')).toBeNull()
  })

  it('refuses what JSON cannot hold', () => {
    const bad: unknown[] = [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      undefined,
      () => 1,
      new Date(0),
      new Map(),
      [1, undefined],
      { a: Symbol('s') },
      { a: BigInt(1) },
      'lone \ud800',
      { ['k\udc00']: 1 },
    ]
    for (const v of bad) expect(reason(checkJson(v, 'v')), String(v)).toBe('invalid_argument')
  })

  it('bounds depth and size', () => {
    let deep: unknown = 1
    for (let i = 0; i < LIMITS.depth + 1; i++) deep = [deep]
    expect(checkJson(deep, 'v')!.message).toContain('nested deeper')
    expect(reason(checkJson('x'.repeat(LIMITS.value), 'v'))).toBe('too_large')
    expect(checkJson('x'.repeat(LIMITS.value - 2), 'v')).toBeNull()
  })
})

describe('checkProperties, checkLinks, checkBatch', () => {
  it('properties: an object of bounded keys and JSON values; null only where it deletes', () => {
    expect(checkProperties({ a: 1, b: null }, 'p', true)).toBeNull()
    expect(checkProperties({ a: 1, b: null }, 'p', false)).toBeNull()
    expect(reason(checkProperties([1], 'p', true))).toBe('invalid_argument')
    expect(reason(checkProperties(null, 'p', true))).toBe('invalid_argument')
    expect(reason(checkProperties({ a: undefined }, 'p', true))).toBe('invalid_argument')
    expect(reason(checkProperties({ '': 1 }, 'p', true))).toBe('invalid_argument')
    expect(reason(checkProperties({ ['k'.repeat(LIMITS.propertyKey + 1)]: 1 }, 'p', true))).toBe('too_large')
    const many = Object.fromEntries(Array.from({ length: LIMITS.properties + 1 }, (_, i) => [`k${i}`, i]))
    expect(reason(checkProperties(many, 'p', true))).toBe('too_large')
    expect(checkProperties({ a: { n: Number.NaN } }, 'p', true)!.message).toContain('p.a')
  })

  it('links: an array of bounded one-line strings', () => {
    expect(checkLinks(['https://x.test', 'file:a.ts'], 'l')).toBeNull()
    expect(reason(checkLinks('https://x.test', 'l'))).toBe('invalid_argument')
    expect(reason(checkLinks([''], 'l'))).toBe('invalid_argument')
    expect(reason(checkLinks(['a\nb'], 'l'))).toBe('invalid_argument')
    expect(reason(checkLinks(['x'.repeat(LIMITS.link + 1)], 'l'))).toBe('too_large')
    expect(
      reason(
        checkLinks(
          Array.from({ length: LIMITS.links + 1 }, (_, i) => `l${i}`),
          'l',
        ),
      ),
    ).toBe('too_large')
  })

  it('batches: a non-empty array of at most LIMITS.batch items', () => {
    expect(checkBatch([1], 'items')).toBeNull()
    expect(checkBatch(new Array(LIMITS.batch).fill(0), 'items')).toBeNull()
    expect(reason(checkBatch([], 'items'))).toBe('empty_batch')
    expect(reason(checkBatch({ length: 1 }, 'items'))).toBe('invalid_argument')
    const big = checkBatch(new Array(LIMITS.batch + 1).fill(0), 'items')
    expect(big).toMatchObject({ reason: 'too_large' })
    expect(big!.message).toContain('Split it')
  })
})

describe('liveNode and did-you-mean', () => {
  it('finds live nodes and says why others are not usable', () => {
    const { g } = makeGraph()
    addNodes(g, [['n_4f3', undefined, { summary: 'Auth service' }], ['n_9aa'], ['n_9ab']])
    ok(
      restructure(g, [
        { type: 'forget', node: 'n_9aa' },
        { type: 'merge', node: 'n_9ab', into: 'n_4f3' },
      ]),
    )
    const live = liveNode(g, 'n_4f3', 'id')
    expect(isFailure(live)).toBe(false)
    const nf = liveNode(g, 'n_4f2', 'id')
    expect(nf).toMatchObject({
      reason: 'node_not_found',
      message: "id: node n_4f2 not found; did you mean n_4f3 'Auth service'?",
      suggestion: { id: 'n_4f3', summary: 'Auth service' },
    })
    expect(liveNode(g, 'n_9aa', 'id')).toMatchObject({ reason: 'node_deleted' })
    expect(liveNode(g, 'n_9ab', 'id')).toMatchObject({ reason: 'node_merged', suggestion: { id: 'n_4f3' } })
    expect(liveNode(g, 7, 'id')).toMatchObject({ reason: 'invalid_argument' })
    expect(liveNode(g, '', 'id')).toMatchObject({ reason: 'invalid_argument' })
  })

  it('suggests only live ids that are close, never a forgotten one', () => {
    const { g } = makeGraph()
    addNodes(g, [['task-1'], ['task-2'], ['zzzzzz']])
    ok(restructure(g, [{ type: 'forget', node: 'task-1' }]))
    expect(closestId(g, 'task-1')?.id).toBe('task-2')
    expect(closestId(g, 'completely-unrelated-id')).toBeUndefined()
  })

  it('editDistance counts insertions, deletions and substitutions, and gives up at the cap', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(editDistance('', 'abc')).toBe(3)
    expect(editDistance('same', 'same')).toBe(0)
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(2)
  })
})
