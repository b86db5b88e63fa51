import { describe, it, expect } from 'vitest'
import * as Y from 'yjs'
import { openGraph, write, type Graph } from './graph.ts'
import { createNodes } from './create.ts'
import { searchIndexOf } from './search-index.ts'
import { search, type SearchOptions, type SearchResult } from './search.ts'
import { namedGraph, rng } from './test/harness.ts'

const setup = () => namedGraph()

function ok(g: Graph, q: string, opts?: SearchOptions): SearchResult {
  const r = search(g, q, opts)
  if (!r.ok) throw new Error(`search ${JSON.stringify(q)} failed: ${r.reason}: ${r.message}`)
  return r
}
const ids = (g: Graph, q: string, opts?: SearchOptions): string[] => ok(g, q, opts).items.map((i) => i.id)

describe('search ranking', () => {
  it('ranks a summary match above a notes match', () => {
    const { g, add } = setup()
    // Ids sort the other way round, so only the field weights can put the summary first.
    add('b', { summary: 'Deploy pipeline' })
    add('a', { summary: 'Miscellaneous', notes: 'we should deploy this soon, before the freeze' })
    const r = ok(g, 'deploy')
    expect(r.items.map((i) => i.id)).toEqual(['b', 'a'])
    expect(r.items[0]!.fields).toEqual(['summary'])
    expect(r.items[1]!.fields).toEqual(['notes'])
    expect(r.items[1]!.snippet).toContain('deploy this soon')
    expect(r.items[0]!.snippet).toBeUndefined()
  })

  it('ranks nodes with both terms first (reciprocal rank fusion, k = 60)', () => {
    const { g, add } = setup()
    add('a', { summary: 'Auth flow' })
    add('b', { summary: 'Payment service' })
    add('c', { summary: 'Auth service' })
    const r = ok(g, 'auth service')
    expect(r.items.map((i) => i.id)).toEqual(['c', 'a', 'b'])
    // c is second for each term: 2 / (60 + 2); a and b are first for one term only: 1 / (60 + 1).
    // c's summary is also the query's text, which lifts it by 3.
    expect(r.items[0]!.score).toBeCloseTo(3 + 2 / 62, 6)
    expect(r.items[1]!.score).toBeCloseTo(1 / 61, 6)
    expect(r.total).toBe(3)
  })

  it('ranks the exact summary first, then the query words in a row (issue 15: "Finance 7.3")', () => {
    const { g, add } = setup()
    // A numbered plan: short area headings, longer numbered items; ids in no particular order.
    const rand = rng(7)
    const id = (): string => 'n_' + Math.floor(rand() * 2 ** 40).toString(36)
    const named = new Map<string, string>()
    for (let a = 1; a <= 12; a++) {
      named.set(`Finance area ${a}`, add(id(), { summary: `Finance area ${a}` }))
      for (let b = 1; b <= 9; b++) {
        const s = `Finance ${a}.${b} reconcile the ledger accounts`
        named.set(s, add(id(), { summary: s }))
      }
    }
    const summaries = (q: string): string[] => ok(g, q, { limit: 30 }).items.map((i) => i.summary)
    const exact = 'Finance 7.3 reconcile the ledger accounts'
    expect(summaries(exact)[0]).toBe(exact)
    expect(summaries('Finance 7.3')[0]).toBe(exact)
    // Typing "Finance 7": every "Finance 7.n" item reads as the query, the heading "Finance area 7" does not.
    const typing = summaries('Finance 7')
    const heading = typing.indexOf('Finance area 7')
    for (let b = 1; b <= 9; b++)
      expect(typing.indexOf(`Finance 7.${b} reconcile the ledger accounts`)).toBeLessThan(heading)
  })

  it('tolerates typos and other word forms, still ranking the exact word first', () => {
    const { g, add } = setup()
    add('a', { summary: 'Stripe checkout integration' })
    add('b', { summary: 'Idempotency keys for payment retries' })
    add('c', { summary: 'Verify webhooks signatures' })
    add('d', { summary: 'Stripes on the landing page' })
    add('e', { summary: 'Retry failed webhook' })
    expect(ids(g, 'stirpe')).toEqual(['a', 'd'])
    expect(ids(g, 'idempotent')).toEqual(['b'])
    expect(ids(g, 'webhoks').sort()).toEqual(['c', 'e'])
    expect(ids(g, 'stripe')).toEqual(['a', 'd'])
    expect(ids(g, 'webhook')[0]).toBe('e')
    // Abbreviations people write in plans.
    add('f', { summary: 'Database connection pool' })
    expect(ids(g, 'db pool')).toEqual(['f'])
  })

  it('finds links and evidence, and says where it matched', () => {
    const { g, add } = setup()
    add('l', { summary: 'Spec', links: ['https://github.com/acme/kiwi-parser'] })
    write(g, (w) => {
      w.newNode('e', { summary: 'Run' })
      ;(w.node('e').get('evidence') as Y.Array<unknown>).push([
        { type: 'benchmark', ref: 'kiwi timings 12ms', agent: 'a', timestamp: 1 },
      ])
    })
    const r = ok(g, 'kiwi')
    expect(r.items.map((i) => [i.id, i.fields])).toEqual([
      ['l', ['links']],
      ['e', ['evidence']],
    ])
    expect(r.items[0]!.snippet).toBe('https://github.com/acme/kiwi-parser')
    expect(r.items[1]!.snippet).toBe('benchmark: kiwi timings 12ms')
    expect(ids(g, 'benchmark')).toEqual(['e'])
  })

  it('breaks ties by id', () => {
    const { g, add } = setup()
    for (const id of ['m', 'c', 'x', 'a']) add(id, { summary: 'Same words here' })
    expect(ids(g, 'same words')).toEqual(['a', 'c', 'm', 'x'])
  })

  it('finds camelCase parts', () => {
    const { g, add } = setup()
    add('a', { summary: 'Refactor AuthService' })
    expect(ids(g, 'service')).toEqual(['a'])
    expect(ids(g, 'authservice')).toEqual(['a'])
  })
})

describe('prefix search', () => {
  it('completes the last word while typing, exact above completions', () => {
    const { g, add } = setup()
    add('a', { summary: 'Authentication module' })
    add('z', { summary: 'Auth module' })
    expect(ids(g, 'authen')).toEqual(['a'])
    expect(ids(g, 'auth')).toEqual(['z', 'a'])
    expect(ids(g, 'modu')).toEqual(['a', 'z'])
    // A finished word (trailing space) is no longer a prefix.
    expect(ids(g, 'authen ')).toEqual([])
    // Only the word being typed completes: here 'authen' is finished and matches nothing itself.
    const done = ok(g, 'authen module ')
    expect(done.items.map((i) => [i.id, i.score])).toEqual([
      ['a', expect.closeTo(1 / 61, 6)],
      ['z', expect.closeTo(1 / 62, 6)],
    ])
    const typing = ok(g, 'module authen')
    expect(typing.items.map((i) => [i.id, i.score])).toEqual([
      ['a', expect.closeTo(2 / 61, 6)],
      ['z', expect.closeTo(1 / 62, 6)],
    ])
  })
})

describe('incremental index', () => {
  it('follows summary edits, forgetting, restoring and merging', () => {
    const { g, add } = setup()
    add('a', { summary: 'Alpha task' })
    expect(ids(g, 'alpha')).toEqual(['a'])
    write(g, (w) => w.set('a', 'summary', 'Beta task'))
    expect(ids(g, 'alpha')).toEqual([])
    expect(ids(g, 'beta')).toEqual(['a'])
    write(g, (w) => w.set('a', 'deleted_at', 5))
    expect(ids(g, 'beta')).toEqual([])
    expect(ok(g, 'beta').total).toBe(0)
    write(g, (w) => w.set('a', 'deleted_at', null))
    expect(ids(g, 'beta')).toEqual(['a'])
    add('b', { summary: 'Target' })
    write(g, (w) => w.set('a', 'merged_into', 'b'))
    expect(ids(g, 'beta')).toEqual([])
  })

  it('follows kind and resolved changes in its filters', () => {
    const { g, add } = setup()
    add('a', { summary: 'Shared word' })
    add('b', { summary: 'Shared word too', kind: 'task' })
    expect(ids(g, 'shared', { kind: 'task' })).toEqual(['b'])
    write(g, (w) => {
      w.set('a', 'kind', 'task')
      w.set('b', 'resolved', true)
    })
    expect(ids(g, 'shared', { kind: 'task' })).toEqual(['a', 'b'])
    expect(ids(g, 'shared', { kind: 'task', includeResolved: false })).toEqual(['a'])
    expect(ids(g, 'shared', { kind: 'question' })).toEqual([])
  })

  it('finds text typed into notes, links added and evidence appended', () => {
    const { g, add } = setup()
    add('a', { summary: 'Plain', notes: 'nothing yet' })
    expect(ids(g, 'zebra')).toEqual([])
    write(g, (w) => {
      const notes = w.node('a').get('notes') as Y.Text
      notes.insert(notes.length, ' but a zebra now')
    })
    expect(ok(g, 'zebra').items.map((i) => [i.id, i.fields])).toEqual([['a', ['notes']]])
    write(g, (w) => (w.node('a').get('notes') as Y.Text).delete(0, 100))
    expect(ids(g, 'zebra')).toEqual([])
    write(g, (w) => (w.node('a').get('links') as Y.Map<boolean>).set('https://example.com/okapi', true))
    expect(ids(g, 'okapi')).toEqual(['a'])
    write(g, (w) =>
      (w.node('a').get('evidence') as Y.Array<unknown>).push([
        { type: 'test', ref: 'quokka', agent: 'x', timestamp: 1 },
      ]),
    )
    expect(ids(g, 'quokka')).toEqual(['a'])
  })

  it('gives the same answers as an index built from scratch after seeded random edits', () => {
    const words = ['red', 'green', 'blue', 'cyan', 'plum', 'teal', 'gold', 'rose']
    const seed = 42
    let s = seed
    const rnd = (n: number): number => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) % n
    const phrase = (k: number): string => Array.from({ length: k }, () => words[rnd(words.length)]).join(' ')
    const { g, add, doc } = setup()
    for (let i = 0; i < 40; i++) add('k' + i, { summary: phrase(1 + rnd(4)), notes: phrase(rnd(6)) })
    ok(g, 'red') // build the index before the edits, so they go through the incremental path
    // Enough re-indexing that dead postings are compacted away and ordinals reused, more than once.
    let reindexed = 0
    for (let step = 0; step < 3000; step++) {
      const id = 'k' + rnd(40)
      write(g, (w) => {
        const op = rnd(4)
        if (op < 3) reindexed++
        if (op === 0) w.set(id, 'summary', phrase(1 + rnd(4)))
        else if (op === 1) (w.node(id).get('notes') as Y.Text).insert(0, phrase(2) + ' ')
        else if (op === 2) w.set(id, 'deleted_at', w.node(id).get('deleted_at') === null ? 1 : null)
        else w.set(id, 'resolved', rnd(2) === 0)
      })
      // Writes are indexed at the next read: read after each, so each is re-indexed on its own.
      searchIndexOf(g.index)
    }
    // Without compaction every re-index would have taken a fresh ordinal.
    expect(reindexed).toBeGreaterThan(2000)
    expect(searchIndexOf(g.index).ids.length).toBeLessThan(1200)
    const copy = new Y.Doc()
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc))
    const fresh = openGraph(copy, { actor: 'bob', now: () => 0, newId: () => 'x' })
    for (const q of [...words, 'red blue', 'gold plum teal', 'gr', 'rose cy']) {
      expect(ok(fresh, q, { limit: 200 }), `seed ${seed}, query ${q}`).toEqual(ok(g, q, { limit: 200 }))
    }
  })
})

describe('index upkeep', () => {
  it('answers after many unread edits as an index built from scratch does (seeded)', () => {
    const words = ['red', 'green', 'blue', 'cyan', 'plum', 'teal', 'gold', 'rose']
    const rand = rng(7)
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!
    const phrase = (k: number): string => Array.from({ length: k }, () => pick(words)).join(' ')
    const { g, doc } = setup()
    const ids: string[] = []
    ok(g, 'red')
    for (let step = 1; step <= 400; step++) {
      // Creates, renames, note edits, forgets and restores, in runs of up to 40 with no read between.
      const r = rand()
      if (r < 0.3 || ids.length < 5) {
        const c = createNodes(g, [{ summary: phrase(1 + Math.floor(rand() * 3)), notes: phrase(2) }], {
          mode: 'force',
        })
        if (c.ok) ids.push(...c.created.map((n) => n.id))
      } else {
        const id = pick(ids)
        write(g, (w) => {
          if (r < 0.55) w.set(id, 'summary', phrase(1 + Math.floor(rand() * 3)))
          else if (r < 0.8) (w.node(id).get('notes') as Y.Text).insert(0, phrase(1) + ' ')
          else w.set(id, 'deleted_at', w.node(id).get('deleted_at') === null ? 1 : null)
        })
      }
      if (step % 40 !== 0) continue
      const copy = new Y.Doc()
      Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc))
      const fresh = openGraph(copy, { actor: 'bob', now: () => 0, newId: () => 'x' })
      for (const q of [...words, 'red blue', 'gold plum teal', 'gr']) {
        expect(ok(g, q, { limit: 200 }), `step ${step}, query ${q}`).toEqual(ok(fresh, q, { limit: 200 }))
      }
    }
  })
})

describe('Unicode', () => {
  it('folds accents, case and compatibility forms', () => {
    const { g, add } = setup()
    add('a', { summary: 'Café crème' })
    add('b', { summary: 'Straße in Łódź' })
    add('c', { summary: 'ＦＵＬＬＷＩＤＴＨ text' })
    expect(ids(g, 'cafe')).toEqual(['a'])
    expect(ids(g, 'CAFÉ CRÈME')).toEqual(['a'])
    expect(ids(g, 'strasse')).toEqual(['b'])
    expect(ids(g, 'lodz')).toEqual(['b'])
    expect(ids(g, 'fullwidth')).toEqual(['c'])
  })

  it('finds Chinese and Japanese text by bigrams and single characters', () => {
    const { g, add } = setup()
    add('zh', { summary: '用户认证服务' })
    add('cat', { summary: '小猫咪' })
    add('ja', { summary: '東京タワーに行く' })
    add('kana', { summary: 'がっこう' })
    expect(ids(g, '认证')).toEqual(['zh'])
    expect(ids(g, '用户服务')).toEqual(['zh'])
    expect(ids(g, '猫')).toEqual(['cat'])
    expect(ids(g, 'タワー')).toEqual(['ja'])
    expect(ids(g, 'ﾀﾜｰ')).toEqual(['ja'])
    // Voicing marks are not diacritics: が and か are different syllables.
    expect(ids(g, 'かっ')).toEqual([])
    expect(ids(g, 'がっ')).toEqual(['kana'])
  })

  it('ignores emoji, and reads right-to-left scripts', () => {
    const { g, add } = setup()
    add('e', { summary: '🚀 Launch day 🎉' })
    add('ar', { summary: 'مَرْحَبًا بالعالم' })
    add('he', { summary: 'שלום עולם' })
    const r = ok(g, '🚀')
    expect(r.items).toEqual([])
    expect(r.total).toBe(0)
    expect(ids(g, 'launch')).toEqual(['e'])
    expect(ids(g, 'مرحبا')).toEqual(['ar'])
    expect(ids(g, 'עולם')).toEqual(['he'])
  })
})

describe('filters', () => {
  it('keeps to a subtree, a kind, and unresolved nodes when asked', () => {
    const { g, add, root } = setup()
    add('p1', { summary: 'Widget area' })
    add('c1', { summary: 'Widget one', parent: 'p1', kind: 'task' })
    add('g1', { summary: 'Widget deep', parent: 'c1', resolved: true })
    add('p2', { summary: 'Other widget', kind: 'task' })
    add('c2', { summary: 'Widget two', parent: 'p2' })
    const sorted = (q: string, o: SearchOptions): string[] => ids(g, q, o).sort()
    expect(sorted('widget', { within: 'p1' })).toEqual(['c1', 'g1', 'p1'])
    expect(sorted('widget', { within: 'c1' })).toEqual(['c1', 'g1'])
    expect(sorted('widget', { within: root })).toEqual(['c1', 'c2', 'g1', 'p1', 'p2'])
    expect(sorted('widget', { kind: 'task' })).toEqual(['c1', 'p2'])
    expect(sorted('widget', { includeResolved: false, within: 'p1' })).toEqual(['c1', 'p1'])
    expect(ok(g, 'widget', { kind: 'task' }).total).toBe(2)
    const r = ok(g, 'widget', { within: 'p1' })
    expect(r.items.find((i) => i.id === 'g1')).toMatchObject({ resolved: true, kind: 'concept' })
  })

  it('keeps up with nodes added after a subtree search', () => {
    const { g, add } = setup()
    add('p1', { summary: 'Gadget area' })
    add('c1', { summary: 'Gadget one', parent: 'p1' })
    add('p2', { summary: 'Other gadget' })
    expect(ids(g, 'gadget', { within: 'p1' }).sort()).toEqual(['c1', 'p1'])
    // Reading readiness lets the index grow its tree in place when nodes are only added, as here.
    g.index.actionable()
    const tree = g.index.struct()
    // New leaves, a new subtree root, and a move (which renumbers the tree).
    add('g1', { summary: 'Gadget deep', parent: 'c1' })
    add('p3', { summary: 'Gadget three' })
    add('c3', { summary: 'Gadget four', parent: 'p3' })
    expect(ids(g, 'gadget', { within: 'p1' }).sort()).toEqual(['c1', 'g1', 'p1'])
    expect(ids(g, 'gadget', { within: 'c1' }).sort()).toEqual(['c1', 'g1'])
    expect(ids(g, 'gadget', { within: 'p3' }).sort()).toEqual(['c3', 'p3'])
    expect(g.index.struct()).toBe(tree)
    write(g, (w) => w.set('p2', 'parent', 'p1'))
    expect(ids(g, 'gadget', { within: 'p1' }).sort()).toEqual(['c1', 'g1', 'p1', 'p2'])
  })

  it('refuses an unknown or forgotten subtree root', () => {
    const { g, add } = setup()
    add('p1', { summary: 'Widget' })
    const r = search(g, 'widget', { within: 'p2' })
    expect(r).toMatchObject({ ok: false, reason: 'node_not_found' })
    write(g, (w) => w.set('p1', 'deleted_at', 1))
    expect(search(g, 'widget', { within: 'p1' })).toMatchObject({ ok: false, reason: 'node_deleted' })
  })
})

describe('pages', () => {
  it('walks every match once, in order', () => {
    const { g, add } = setup()
    for (let i = 0; i < 25; i++)
      add('i' + String(i).padStart(2, '0'), { summary: `Item ${i} common`, notes: 'common '.repeat(i % 3) })
    const seen: string[] = []
    const all = ok(g, 'common', { limit: 200 }).items.map((i) => i.id)
    let cursor: string | undefined
    let pages = 0
    do {
      const r = ok(g, 'common', { limit: 10, cursor })
      expect(r.total).toBe(25)
      seen.push(...r.items.map((i) => i.id))
      cursor = r.next_cursor ?? undefined
      pages++
    } while (cursor)
    expect(pages).toBe(3)
    expect(seen).toEqual(all)
    expect(new Set(seen).size).toBe(25)
  })

  it('refuses a cursor from another search or made up', () => {
    const { g, add } = setup()
    for (let i = 0; i < 5; i++) add('i' + i, { summary: `Item common ${i}` })
    const first = ok(g, 'common', { limit: 2 })
    expect(first.next_cursor).not.toBeNull()
    expect(search(g, 'item', { limit: 2, cursor: first.next_cursor! })).toMatchObject({
      ok: false,
      reason: 'invalid_cursor',
    })
    expect(search(g, 'common', { cursor: 'garbage' })).toMatchObject({ ok: false, reason: 'invalid_cursor' })
    expect(search(g, 'common', { limit: 2, cursor: first.next_cursor! })).toMatchObject({ ok: true })
  })
})

describe('bad queries', () => {
  it('fails with a reason and a message', () => {
    const { g } = setup()
    const cases: Array<[unknown, string]> = [
      [42, 'invalid_argument'],
      [undefined, 'invalid_argument'],
      ['   ', 'invalid_argument'],
      ['x'.repeat(1001), 'too_large'],
    ]
    for (const [q, reason] of cases) {
      const r = search(g, q as string)
      expect(r).toMatchObject({ ok: false, reason })
      if (!r.ok) expect(r.message).toMatch(/query/)
    }
    expect(search(g, 'x'.repeat(1000))).toMatchObject({ ok: true })
    for (const limit of [0, 201, 1.5, Number.NaN]) {
      expect(search(g, 'x', { limit })).toMatchObject({ ok: false, reason: 'invalid_argument' })
    }
  })
})
