import { describe, expect, it } from 'vitest'
import { writeEdge } from '../edges.ts'
import { setMeta, write } from '../graph.ts'
import { CLAIMED_AT, CLAIMED_BY } from '../claims.ts'
import { contextDump } from './dump.ts'
import { ok, setup } from './test-helpers.ts'

function plan() {
  const { g, root } = setup('Ship v1')
  setMeta(g, { goal: 'A release people can install' })
  write(g, (w) => {
    w.newNode('auth', {
      summary: 'Auth service',
      kind: 'task',
      parent: root,
      notes: 'Tokens are JWT.\nSee the ADR.',
      links: ['docs/adr-1.md'],
    })
    w.newNode('repo', {
      summary: 'User repo',
      kind: 'task',
      parent: root,
      properties: { [CLAIMED_BY]: 'bob', [CLAIMED_AT]: 1000 },
    })
    w.newNode('schema', { summary: 'Schema', parent: root, resolved: true })
    w.newNode('table', { summary: 'Users table', parent: 'schema', resolved: true })
    w.newNode('loose', { summary: 'Loose idea', parent: null })
    writeEdge(w, { from: 'auth', to: 'repo', type: 'depends_on' })
    writeEdge(w, { from: 'auth', to: 'schema', type: 'depends_on' })
    writeEdge(w, { from: 'repo', to: 'loose', type: 'relates_to' })
  })
  return { g, root }
}

describe('contextDump', () => {
  it('shows title, goal, counts and the tree with status, ids, needs, claims, links and notes', () => {
    const { g, root } = plan()
    const d = ok(contextDump(g))
    const lines = d.text.split('\n')
    expect(lines.slice(0, 3)).toEqual([
      '# Ship v1',
      'Goal: A release people can install',
      '6 nodes: 2 actionable, 1 blocked, 1 waiting, 2 resolved · 3 edges',
    ])
    expect(d.text).toContain(`- [~] Ship v1 (goal) #${root}\n`)
    expect(d.text).toContain(
      "  - [~] Auth service (task) #auth ← needs: 'User repo' #repo, 'Schema' #schema ✓ · links: docs/adr-1.md\n    > Tokens are JWT. See the ADR.",
    )
    expect(d.text).toContain(
      "  - [ ] User repo (task) #repo → relates_to 'Loose idea' #loose · claimed by bob",
    )
    expect(d.text).toContain('  - [x] Schema #schema\n    - [x] Users table #table')
    // The graph's root comes first, other top-level nodes after it.
    expect(lines.at(-1)).toBe('- [ ] Loose idea #loose')
    expect(d).toMatchObject({ shown: 6, total: 6, truncated: false })
  })

  it('zooms into a subtree and cuts levels, counting what it did not list', () => {
    const { g, root } = plan()
    const sub = ok(contextDump(g, { root: 'schema' }))
    expect(sub.text).toContain(`Within: 'Ship v1' #${root}`)
    expect(sub.text).not.toContain('Auth service')
    expect(sub.total).toBe(2)
    const shallow = ok(contextDump(g, { depth: 0 }))
    expect(shallow.text).toContain('(+4 below)')
    expect(shallow.text).not.toContain('Users table')
    expect(contextDump(g, { root: 'nope' }).ok).toBe(false)
  })

  it('stops within maxChars and says honestly how much it left out', () => {
    const { g, root } = setup()
    write(g, (w) => {
      for (let i = 0; i < 500; i++)
        w.newNode(`k${String(i).padStart(3, '0')}`, {
          summary: `Item number ${i} with a few words`,
          parent: root,
        })
    })
    const d = ok(contextDump(g, { maxChars: 2000 }))
    expect(d.text.length).toBeLessThanOrEqual(2000)
    expect(d.truncated).toBe(true)
    const left = d.total - d.shown
    expect(left).toBeGreaterThan(400)
    expect(d.text.split('\n').at(-1)).toMatch(
      new RegExp(`^… ${left} more nodes not shown .* next: 'Item number \\d+ with a few words' #k\\d+`),
    )
  })

  it('keeps markup as plain text', () => {
    const { g, root } = setup('<script>x</script>')
    write(g, (w) => w.newNode('h', { summary: '<img src=x onerror=alert(1)>', parent: root }))
    expect(ok(contextDump(g)).text).toContain('<img src=x onerror=alert(1)> #h')
  })
})
