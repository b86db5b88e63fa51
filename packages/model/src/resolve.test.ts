import { describe, it, expect } from 'vitest'
import { write } from './graph.ts'
import { MATCH_CONFIDENCE, bestMatch, confidence, labelOf, mayReach, resolveLabel } from './resolve.ts'
import { asciiLabelShape } from './tokenize.ts'
import { namedGraph, rng } from './test/harness.ts'

const setup = () => namedGraph()

const conf = (a: string, b: string): number => confidence(labelOf(a), labelOf(b))

describe('confidence', () => {
  it('reads common abbreviations as the words they stand for, in any order', () => {
    expect(conf('DB connection pool', 'Database Connection Pool')).toBeGreaterThanOrEqual(MATCH_CONFIDENCE)
    expect(conf('connection pool DB', 'Database Connection Pool')).toBeGreaterThanOrEqual(MATCH_CONFIDENCE)
    expect(conf('Auth Svc', 'Authentication Service')).toBeGreaterThanOrEqual(MATCH_CONFIDENCE)
    expect(conf('authz service', 'Authorization Service')).toBeGreaterThanOrEqual(MATCH_CONFIDENCE)
    expect(conf('k8s deploy config', 'Kubernetes deploy configuration')).toBeGreaterThanOrEqual(
      MATCH_CONFIDENCE,
    )
    // Two different words stay different, abbreviated or not.
    expect(conf('Authorization Service', 'Authentication Service')).toBeLessThan(MATCH_CONFIDENCE)
    expect(conf('authz service', 'Authentication Service')).toBeLessThan(MATCH_CONFIDENCE)
    expect(conf('DB migration', 'Database Connection Pool')).toBeLessThan(MATCH_CONFIDENCE)
  })

  it('is 1 for the same text up to case, spacing and end punctuation', () => {
    expect(conf('Auth service', 'auth service')).toBe(1)
    expect(conf('  Auth   Service. ', 'auth service')).toBe(1)
    expect(conf('Ａｕｔｈ service', 'auth service')).toBe(1)
  })

  it('is a match for camelCase, punctuation, plural, accents and word order', () => {
    const pairs = [
      ['AuthService', 'Auth service'],
      ['UserRepository', 'User repository'],
      ['auth_service', 'Auth-Service'],
      ['Write tests', 'Write test'],
      ['Café menu', 'Cafe menu'],
      ['LoginPage', 'login page'],
      ['service auth', 'Auth service'],
    ]
    for (const [a, b] of pairs) {
      const c = conf(a!, b!)
      expect(c, `${a} / ${b}`).toBeGreaterThanOrEqual(MATCH_CONFIDENCE)
      expect(c, `${a} / ${b}`).toBeLessThan(1)
    }
  })

  it('is moderate for typos: a long word survives one, a short word does not', () => {
    expect(conf('Auth servcie', 'Auth service')).toBeGreaterThanOrEqual(MATCH_CONFIDENCE)
    expect(conf('Auth servcie', 'Auth service')).toBeLessThanOrEqual(0.9)
    expect(conf('Authentification', 'Authentication')).toBeGreaterThanOrEqual(MATCH_CONFIDENCE)
    const short = conf('Form', 'From')
    expect(short).toBeGreaterThan(0.3)
    expect(short).toBeLessThan(MATCH_CONFIDENCE)
  })

  it('is low for different things', () => {
    const pairs = [
      ['Auth service', 'Payment service'],
      ['Node A', 'Node B'],
      ['Step 1', 'Step 2'],
      ['Create user', 'Delete user'],
      ['User login', 'User logout'],
      ['Implement the login page for admins', 'Implement the logout page for admins'],
      ['Auth', 'Auth service'],
      // Everything else matches closely: only the different number keeps these apart.
      ['Release version2024 notes', 'Release version2025 notes'],
    ]
    for (const [a, b] of pairs) expect(conf(a!, b!), `${a} / ${b}`).toBeLessThan(MATCH_CONFIDENCE)
    expect(conf('Auth service', 'Payment service')).toBeLessThanOrEqual(0.6)
  })
})

describe('resolveLabel with abbreviations', () => {
  it('finds the node an abbreviated label names, and ties where the abbreviation is ambiguous', () => {
    const { g, add } = setup()
    add('pool', { summary: 'Database Connection Pool' })
    add('authn', { summary: 'Authentication Service' })
    add('authz', { summary: 'Authorization Service' })
    expect(bestMatch(g, 'DB connection pool')?.id).toBe('pool')
    expect(bestMatch(g, 'Authorization Service')?.id).toBe('authz')
    // Ambiguous: no best match, so batch create makes a node rather than merging into either.
    expect(bestMatch(g, 'Auth Svc')).toBeUndefined()
    const auth = resolveLabel(g, 'Auth Svc', { limit: 3 })
    expect(
      auth
        .slice(0, 2)
        .map((r) => r.id)
        .sort(),
    ).toEqual(['authn', 'authz'])
    expect(auth[0]!.confidence).toBe(auth[1]!.confidence)
    const [top, second] = resolveLabel(g, 'Authorization Service', { limit: 2 })
    expect(top!.id).toBe('authz')
    expect(second!.confidence).toBeLessThan(MATCH_CONFIDENCE)
  })
})

describe('resolveLabel', () => {
  it('finds the node a label names, best first', () => {
    const { g, add } = setup()
    add('pay', { summary: 'Payment service' })
    add('auth', { summary: 'Auth service' })
    add('repo', { summary: 'UserRepository' })
    const r = resolveLabel(g, 'AuthService')
    expect(r[0]).toEqual({ id: 'auth', summary: 'Auth service', confidence: expect.any(Number) })
    expect(r[0]!.confidence).toBeGreaterThanOrEqual(MATCH_CONFIDENCE)
    for (let i = 1; i < r.length; i++) expect(r[i]!.confidence).toBeLessThanOrEqual(r[i - 1]!.confidence)
    expect(r.find((x) => x.id === 'pay')?.confidence ?? 0).toBeLessThan(MATCH_CONFIDENCE)
    expect(bestMatch(g, 'user repository')?.id).toBe('repo')
    expect(bestMatch(g, 'auth service')).toEqual({ id: 'auth', summary: 'Auth service', confidence: 1 })
  })

  it('does not match a different thing', () => {
    const { g, add } = setup()
    add('pay', { summary: 'Payment service' })
    expect(bestMatch(g, 'Auth service')).toBeUndefined()
    expect(bestMatch(g, 'Step 2')).toBeUndefined()
  })

  it('finds typos in every word, and nothing for a label of only symbols', () => {
    const { g, add } = setup()
    add('pay', { summary: 'Payment gateway' })
    const r = resolveLabel(g, 'Paymnet gatewya')
    expect(r[0]?.id).toBe('pay')
    expect(r[0]!.confidence).toBeGreaterThan(0.5)
    expect(resolveLabel(g, '?!')).toEqual([])
    expect(resolveLabel(g, 42 as unknown as string)).toEqual([])
  })

  it('keeps to the given parent, or to top-level nodes for null', () => {
    const { g, add, root } = setup()
    add('p1', { summary: 'Frontend' })
    add('p2', { summary: 'Backend' })
    add('a1', { summary: 'Auth service', parent: 'p1' })
    add('a2', { summary: 'Auth service', parent: 'p2' })
    write(g, (w) => w.newNode('top', { summary: 'Auth service', parent: null }))
    expect(resolveLabel(g, 'Auth service').map((r) => r.id)).toEqual(['a1', 'a2', 'top'])
    expect(resolveLabel(g, 'Auth service', { parent: 'p2' }).map((r) => r.id)).toEqual(['a2'])
    expect(resolveLabel(g, 'Auth service', { parent: null }).map((r) => r.id)).toEqual(['top'])
    expect(bestMatch(g, 'Auth service', { parent: root })).toBeUndefined()
    expect(bestMatch(g, 'auth servcie', { parent: 'p1' })?.id).toBe('a1')
  })

  it('filters by kind and respects the limit', () => {
    const { g, add } = setup()
    add('t', { summary: 'Review docs', kind: 'task' })
    add('q', { summary: 'Review docs', kind: 'question' })
    add('r', { summary: 'Review the docs' })
    expect(resolveLabel(g, 'review docs', { kind: 'question' }).map((r) => r.id)).toEqual(['q'])
    expect(resolveLabel(g, 'review docs', { limit: 1 }).map((r) => r.id)).toEqual(['q'])
    expect(resolveLabel(g, 'review docs').map((r) => r.id)).toEqual(['q', 't', 'r'])
  })

  it('never matches forgotten or merged nodes, and follows renames', () => {
    const { g, add } = setup()
    add('a', { summary: 'Auth service' })
    add('b', { summary: 'Billing' })
    expect(bestMatch(g, 'Auth service')?.id).toBe('a')
    write(g, (w) => w.set('a', 'deleted_at', 1))
    expect(resolveLabel(g, 'Auth service')).toEqual([])
    write(g, (w) => w.set('a', 'deleted_at', null))
    expect(bestMatch(g, 'Auth service')?.id).toBe('a')
    write(g, (w) => w.set('a', 'merged_into', 'b'))
    expect(resolveLabel(g, 'Auth service')).toEqual([])
    add('c', { summary: 'Old name' })
    expect(bestMatch(g, 'old name')?.id).toBe('c')
    write(g, (w) => w.set('c', 'summary', 'New name'))
    expect(bestMatch(g, 'old name')).toBeUndefined()
    expect(bestMatch(g, 'new name')?.id).toBe('c')
  })

  it('finds the match among many similar labels', () => {
    const { g, add } = setup()
    const words = ['auth', 'payment', 'user', 'order', 'cart', 'search', 'email', 'report']
    const summary = (i: number): string => `${words[i % 8]} service ${words[(i * 7) % 8]} handler ${i}`
    for (let i = 0; i < 3000; i++) add('f' + i, { summary: summary(i) })
    add('target', { summary: 'Service registry' })
    expect(bestMatch(g, 'ServiceRegistry')?.id).toBe('target')
    expect(bestMatch(g, 'service registy')?.id).toBe('target')
    expect(summary(17)).toBe('payment service report handler 17')
    expect(bestMatch(g, 'Payment Service: report handler 17')?.id).toBe('f17')
    // Every word is shared with hundreds of nodes; only the number differs.
    expect(bestMatch(g, 'payment service report handler 9999')).toBeUndefined()
    expect(bestMatch(g, 'payment service report handlers 1700')).toBeUndefined()
  })
})

describe('the floor only skips pairs that could not reach it', () => {
  it('agrees with the unbounded score on random labels (seeded)', () => {
    const rand = rng(7)
    const words = [
      'auth',
      'service',
      'user',
      'repo',
      'repository',
      'api',
      'gateway',
      'write',
      'tests',
      'test',
      'docs',
      'Ship',
      'it',
      'café',
      'cafe',
      '2',
      '3',
    ]
    const label = (): string =>
      Array.from({ length: 1 + Math.floor(rand() * 4) }, () => words[Math.floor(rand() * words.length)]).join(
        rand() < 0.3 ? '' : ' ',
      )
    for (let i = 0; i < 3000; i++) {
      const a = labelOf(label())
      const b = labelOf(label())
      const full = confidence(a, b)
      for (const min of [0.4, 0.85]) {
        const bounded = confidence(a, b, min)
        if (full >= min) expect(bounded, `${a.exact} ~ ${b.exact} at ${min}`).toBe(full)
        else expect(bounded).toBeLessThan(min)
      }
    }
  })

  it('passes over by shape only pairs that score below the floor (seeded)', () => {
    const rand = rng(9)
    const words = [
      'auth',
      'Service',
      'users',
      'UserRepository',
      'api',
      'tests',
      'x',
      '42',
      'log',
      'in',
      'login',
      'Page',
      '-',
    ]
    const text = (): string =>
      Array.from({ length: Math.floor(rand() * 5) }, () => words[Math.floor(rand() * words.length)]).join(
        rand() < 0.3 ? '' : ' ',
      )
    let skipped = 0
    for (let i = 0; i < 5000; i++) {
      const x = text()
      // Often the same words run together or spread apart, which only the same-letters rule catches.
      const y = rand() < 0.3 ? x.replace(/ /g, '') : rand() < 0.3 ? x.split('').join(' ') : text()
      for (const min of [0.4, 0.85]) {
        if (mayReach(asciiLabelShape(x, 24), asciiLabelShape(y, 24), min)) continue
        skipped++
        expect(confidence(labelOf(x), labelOf(y)), `${x} / ${y} at ${min}`).toBeLessThan(min)
      }
    }
    expect(skipped).toBeGreaterThan(1000)
  })

  it('settles same letters and same words in another order whatever the lengths (seeded)', () => {
    const rand = rng(11)
    const words = ['log', 'in', 'login', 'page', 'pa', 'ge', 'auth', 'service', 'a', 'b']
    const pick = (): string => words[Math.floor(rand() * words.length)]!
    let letters = 0
    let reordered = 0
    for (let i = 0; i < 5000; i++) {
      const xs = Array.from({ length: 1 + Math.floor(rand() * 3) }, pick)
      // Half the time the other label is the same words shuffled, or run together differently.
      const ys =
        rand() < 0.5
          ? Array.from({ length: 1 + Math.floor(rand() * 3) }, pick)
          : [...xs].sort(() => rand() - 0.5)
      const ta = xs.join(' ')
      const tb = rand() < 0.3 ? ys.join('') : ys.join(' ')
      const a = labelOf(ta)
      const b = labelOf(tb)
      const same = (p: string[], q: string[]): boolean => p.join(' ') === q.join(' ')
      const sortedWords = (l: typeof a): string[] => [...l.words].sort()
      // "a" written as an article (first, or lower case between words) is left out (session 15).
      const bare = (l: typeof a, t: string): string[] =>
        /(?:^[Aa]|\sa)\s/.test(t) ? l.words.filter((w) => w !== 'a') : l.words
      const want = same(a.words, b.words)
        ? a.exact === b.exact
          ? 1
          : 0.97
        : a.words.join('') === b.words.join('')
          ? 0.93
          : same(sortedWords(a), sortedWords(b)) || same(bare(a, ta), bare(b, tb))
            ? 0.92
            : null
      if (want === 0.93) letters++
      if (want === 0.92) reordered++
      const c = confidence(a, b, 0.85)
      if (want !== null) expect(c, `${a.seq} / ${b.seq}`).toBe(want)
      else expect(c, `${a.seq} / ${b.seq}`).toBeLessThanOrEqual(0.9)
    }
    expect(letters).toBeGreaterThan(100)
    expect(reordered).toBeGreaterThan(100)
  })
})
