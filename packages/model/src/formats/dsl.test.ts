import { describe, expect, it } from 'vitest'
import { TEXT_LIMIT } from './facts.ts'
import { writeEdge } from '../edges.ts'
import { write } from '../graph.ts'
import { parseDSL, toDSL } from './dsl.ts'
import { importGraph } from './index.ts'
import { ok, setup, shape } from './test-helpers.ts'

describe('parseDSL', () => {
  it('reads facts, lone names, kinds, quotes, comments and blank lines', () => {
    const r = ok(
      parseDSL(
        [
          '# the auth work',
          '',
          'AuthService:task depends_on "User repository":concept',
          '  "Say \\"hi\\"" relates_to AuthService   # trailing comment',
          'Lonely',
          'C# DEPENDS-ON v1:2:goal',
        ].join('\n'),
      ),
    )
    expect(r.nodes.map((n) => [n.name, n.kind ?? '-', n.at])).toEqual([
      ['AuthService', 'task', 'line 3'],
      ['User repository', 'concept', 'line 3'],
      ['Say "hi"', '-', 'line 4'],
      ['Lonely', '-', 'line 5'],
      ['C#', '-', 'line 6'],
      ['v1:2', 'goal', 'line 6'],
    ])
    expect(r.facts.map((f) => `${f.from.name} ${f.rel} ${f.to.name}`)).toEqual([
      'AuthService depends_on User repository',
      'Say "hi" relates_to AuthService',
      'C# depends_on v1:2',
    ])
    expect(r.facts[0]!.from).toMatchObject({ name: 'AuthService', kind: 'task' })
  })

  it('turns contains/parent_of and part_of/child_of into tree links, not edges', () => {
    const r = ok(parseDSL('Backend contains Auth\nDb part_of Backend\nA parent_of B\nC child_of A'))
    expect(r.facts).toEqual([])
    expect(r.parents.map((p) => `${p.child}<${p.parent}`)).toEqual([
      'Auth<Backend',
      'Db<Backend',
      'B<A',
      'C<A',
    ])
  })

  it('reads names left unquoted around the relation word (seed 003 writes them so)', () => {
    const r = ok(
      parseDSL(
        [
          'Authentication Service depends_on User Repository',
          'User Repository talks to Database Pool',
          'Config Loader:service configures Database Pool',
          'Login Controller uses Authentication Service',
          'Token Cache is part of Authentication Service',
        ].join('\n'),
      ),
    )
    expect(r.nodes.map((n) => [n.name, n.kind])).toEqual([
      ['Authentication Service', undefined],
      ['User Repository', undefined],
      ['Database Pool', undefined],
      ['Config Loader', 'service'],
      ['Login Controller', undefined],
      ['Token Cache', undefined],
    ])
    expect(r.facts.map((f) => `${f.from.name} ${f.rel} ${f.to.name}`)).toEqual([
      'Authentication Service depends_on User Repository',
      'User Repository talks_to Database Pool',
      'Config Loader configures Database Pool',
      'Login Controller uses Authentication Service',
    ])
    expect(r.parents.map((p) => `${p.child} < ${p.parent}`)).toEqual(['Token Cache < Authentication Service'])
  })

  it.each([
    ['A depends_on "B', 'line 2: unterminated quote'],
    [
      'Auth Service calls_into Repo reads_from Db',
      "line 2: expected 'A relation B' or a single name, got 6 words and cannot tell which is the relation",
    ],
    ['Auth "Service" depends_on Repo', 'line 2: quote the whole name or none of it'],
    ['A depends', "line 2: expected 'A relation B'"],
    ['A "depends on" B', 'line 2: the relation "depends on" must be one unquoted word'],
    ['A:task relates_to B\nA:goal', "line 3: 'A' is given kind goal, but line 2 gave it task"],
    ['""', 'line 2: empty name'],
    ['x"y relates_to z', 'line 2: stray quote'],
  ])('names the line of an error: %s', (text, message) => {
    const r = parseDSL(`# first\n${text}`)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.message).toContain(message)
  })

  it('refuses a text over the import limit with a clear message', () => {
    const r = parseDSL('A relates_to B\n'.repeat(TEXT_LIMIT / 15 + 1))
    expect(r.ok === false && r.reason).toBe('too_large')
    expect(r.ok === false && r.message).toMatch(/the limit for one import is \d+/)
  })
})

describe('DSL import', () => {
  it('resolves names to live nodes case-insensitively and puts new ones under the root', () => {
    const { g, root } = setup()
    write(g, (w) => w.newNode('auth', { summary: 'Auth service', parent: root }))
    const r = ok(
      importGraph(g, 'dsl', '"auth SERVICE" depends_on "User repo":task\nBackend contains "auth service"'),
    )
    expect(r).toMatchObject({ created: 2, matched: 1, edges: 1 })
    expect(r.skipped[0]).toContain(
      "line 2: 'Auth service' already exists; an import does not move existing nodes",
    )
    const repo = [...g.index.nodes.values()].find((n) => n.summary === 'User repo')!
    expect(repo).toMatchObject({ kind: 'task', parent: root })
    expect(g.index.dependencies('auth')).toEqual([repo.id])
  })

  it('writes nothing when any line is wrong, or when the text would close a cycle', () => {
    const { g } = setup()
    const before = g.index.nodes.size
    expect(importGraph(g, 'dsl', 'A depends_on B\nB depends_on C\nC depends_on "unterminated').ok).toBe(false)
    expect(g.index.nodes.size).toBe(before)
    const strict = importGraph(g, 'dsl', 'A depends_on B\nB depends_on C\nC depends_on A', { strict: true })
    expect(strict.ok === false && strict.reason).toBe('cycle_detected')
    expect(strict.ok === false && strict.message).toMatch(
      /line \d: .* would close a dependency cycle: 'A' → 'B' → 'C' → 'A'|'C' → 'A' → 'B' → 'C'/,
    )
    expect(g.index.nodes.size).toBe(before)
    const tree = importGraph(g, 'dsl', 'A contains B\nB contains A')
    expect(tree.ok === false && tree.message).toContain('the tree loops')
    const long = importGraph(g, 'dsl', `Fine\n"${'x'.repeat(2001)}"`)
    expect(long.ok === false && long.message).toContain('line 2: name')
    expect(g.index.nodes.size).toBe(before)
    expect(g.index.edges.size).toBe(0)
  })

  it('keeps markup and any script as plain text', () => {
    const { g } = setup()
    ok(importGraph(g, 'dsl', '"<img src=x onerror=alert(1)>" relates_to "Ünïcødé 日本語 🚀":émoji'))
    const names = [...g.index.nodes.values()].map((n) => n.summary)
    expect(names).toContain('<img src=x onerror=alert(1)>')
    expect(names).toContain('Ünïcødé 日本語 🚀')
    expect([...g.index.nodes.values()].find((n) => n.kind === 'émoji')).toBeTruthy()
  })
})

describe('toDSL', () => {
  it('round-trips names, kinds, the tree and edges into an empty graph', () => {
    const { g, root } = setup()
    write(g, (w) => {
      w.newNode('a', { summary: 'Auth service', kind: 'task', parent: root })
      w.newNode('b', { summary: 'User "repo" \\ store', parent: 'a' })
      w.newNode('c', { summary: '<b>bold</b> #1: ok', kind: 'question', parent: root })
      w.newNode('d', { summary: '日本語', parent: null })
      writeEdge(w, { from: 'a', to: 'c', type: 'depends_on' })
      writeEdge(w, { from: 'b', to: 'd', type: 'relates_to' })
      writeEdge(w, { from: 'd', to: 'c', type: 'blocks' })
    })
    const text = toDSL(g)
    expect(text.split('\n')[0]).toBe('# Plan')
    expect(text).toContain('Plan:goal\nPlan contains "Auth service":task\n')
    const back = setup()
    const r = ok(importGraph(back.g, 'dsl', text))
    expect(r).toMatchObject({ created: 4, matched: 1, edges: 3, skipped: [] })
    const want = shape(g)
    // A top-level node of the source lands under the target's root.
    want.nodes = want.nodes.map((n) => (n === '日本語:concept' ? '日本語:concept < Plan' : n)).sort()
    expect(shape(back.g)).toEqual(want)
    // Importing the export into the graph it came from changes nothing.
    expect(ok(importGraph(g, 'dsl', text))).toMatchObject({ created: 0, edges: 0 })
  })

  it('says so when nodes share a summary', () => {
    const { g, root } = setup()
    write(g, (w) => {
      w.newNode('a', { summary: 'Tests', parent: root })
      w.newNode('b', { summary: 'Tests', parent: 'a' })
    })
    expect(toDSL(g)).toContain('# note: 1 node(s) share a summary')
  })
})
