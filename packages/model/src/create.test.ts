import { describe, expect, it } from 'vitest'
import { createNodes } from './create.ts'
import { changesSince, historyCursor } from './history.ts'
import { restructure } from './restructure.ts'
import { addNodes, failure, makeGraph, ok, unchanged, view } from './test/harness.ts'

describe('createNodes', () => {
  it('creates nodes with every field, returning ids by ref', () => {
    const t = makeGraph()
    const { g, clock, root } = t
    const r = ok(
      createNodes(g, [
        {
          ref: 'api',
          summary: 'Design the API',
          notes: 'REST first',
          kind: 'task',
          parent: root,
          properties: { priority: 'high' },
          links: ['https://x.test/api'],
          state: { step: 1 },
          x: 10,
          y: 20,
        },
        { ref: 'done', summary: 'Pick a database', resolved: true, parent: root },
      ]),
    )
    expect(r.created.map((c) => [c.ref, c.summary])).toEqual([
      ['api', 'Design the API'],
      ['done', 'Pick a database'],
    ])
    expect(Object.keys(r.refs)).toEqual(['api', 'done'])
    const n = view(g, r.refs.api!)
    expect(n).toMatchObject({
      summary: 'Design the API',
      notes: 'REST first',
      kind: 'task',
      parent: root,
      properties: { priority: 'high' },
      links: ['https://x.test/api'],
      state: { step: 1 },
      x: 10,
      y: 20,
      created_by: 'alice',
      created_at: clock.t,
      rev: 1,
    })
    expect(view(g, r.refs.done!).resolved).toBe(true)
    expect(r.matched).toEqual([])
    expect(r.possible_duplicates).toEqual([])
  })

  it('wires parent_ref and depends_on by ref and by id, in any order in the batch', () => {
    const t = makeGraph()
    const { g, root } = t
    addNodes(g, [['EXT', undefined, { summary: 'Existing thing' }]])
    const r = ok(
      createNodes(g, [
        { ref: 'leaf', summary: 'Leaf', parent_ref: 'mid', depends_on: ['other', 'EXT'] },
        { ref: 'mid', summary: 'Middle', parent_ref: 'top' },
        { ref: 'top', summary: 'Top', parent: root },
        { ref: 'other', summary: 'Other', parent: root },
      ]),
    )
    const id = r.refs
    expect(view(g, id.leaf!).parent).toBe(id.mid)
    expect(view(g, id.mid!).parent).toBe(id.top)
    expect(g.index.dependencies(id.leaf!).sort()).toEqual([id.other!, 'EXT'].sort())
    expect(g.index.statusOf(id.leaf!)).toBe('blocked')
    expect(g.index.struct().depth.get(id.leaf!)).toBe(3)
  })

  it('takes an existing node id in parent_ref, as depends_on does (seed 000)', () => {
    const { g } = makeGraph()
    addNodes(g, [['EXT', undefined, { summary: 'Existing parent' }]])
    const r = ok(
      createNodes(g, [
        { ref: 'a', summary: 'Under the existing node', parent_ref: 'EXT' },
        { ref: 'b', summary: 'Under a', parent_ref: 'a' },
      ]),
    )
    expect(view(g, r.refs.a!).parent).toBe('EXT')
    expect(view(g, r.refs.b!).parent).toBe(r.refs.a)
  })

  it('records one create event per node', () => {
    const { g, root } = makeGraph()
    const c = historyCursor(g)
    const r = ok(
      createNodes(g, [
        { ref: 'a', summary: 'A', parent: root },
        { summary: 'B', parent_ref: 'a' },
      ]),
    )
    const events = ok(changesSince(g, c)).events.filter((e) => e.action === 'create')
    expect(events.map((e) => e.node).sort()).toEqual(r.created.map((x) => x.id).sort())
  })

  describe('dedup modes', () => {
    function existing() {
      const t = makeGraph()
      addNodes(t.g, [
        [
          'AUTH',
          undefined,
          { summary: 'Auth service', properties: { owner: 'sam' }, notes: 'Handles login' },
        ],
      ])
      return t
    }

    it('auto (the default) reuses a match instead of creating a twin', () => {
      const { g, root } = existing()
      const r = ok(
        createNodes(g, [
          { ref: 'a', summary: 'auth  Service', parent: root },
          { summary: 'Billing', parent: root },
        ]),
      )
      expect(r.matched).toEqual([{ ref: 'a', id: 'AUTH', summary: 'Auth service', confidence: 1 }])
      expect(r.refs.a).toBe('AUTH')
      expect(r.created.map((c) => c.summary)).toEqual(['Billing'])
      expect(
        ok(createNodes(g, [{ summary: 'Auth service', parent: root }], { mode: 'auto' })).created,
      ).toEqual([])
    })

    it('auto matches only under the same parent when a parent is given', () => {
      const { g } = existing()
      addNodes(g, [['OTHER']])
      const r = ok(createNodes(g, [{ summary: 'Auth service', parent: 'OTHER' }]))
      expect(r.matched).toEqual([])
      expect(r.created).toHaveLength(1)
    })

    it('strict fails the whole batch naming the match, and writes nothing', () => {
      const { g, doc, root } = existing()
      const f = unchanged(doc, () =>
        failure(
          createNodes(
            g,
            [
              { summary: 'New thing', parent: root },
              { summary: 'Auth Service', parent: root },
            ],
            { mode: 'strict' },
          ),
        ),
      )
      expect(f.reason).toBe('duplicate')
      expect(f.index).toBe(1)
      expect(f.suggestion).toEqual({ id: 'AUTH', summary: 'Auth service' })
      expect(f.message).toContain("node AUTH 'Auth service'")
    })

    it('enrich reuses the match and adds notes, new properties, links and dependencies to it', () => {
      const { g, root } = existing()
      addNodes(g, [['DB', undefined, { summary: 'Database' }]])
      const rev = view(g, 'AUTH').rev
      const r = ok(
        createNodes(
          g,
          [
            {
              summary: 'auth service',
              parent: root,
              notes: 'Uses OAuth',
              properties: { owner: 'someone else', tier: 1 },
              links: ['file:auth.ts'],
              depends_on: ['DB'],
            },
          ],
          { mode: 'enrich' },
        ),
      )
      expect(r.created).toEqual([])
      const n = view(g, 'AUTH')
      expect(n.notes).toContain('Handles login')
      expect(n.notes).toContain('Uses OAuth')
      // Existing values win; only missing keys are added.
      expect(n.properties).toEqual({ owner: 'sam', tier: 1 })
      expect(n.links).toEqual(['file:auth.ts'])
      expect(g.index.dependencies('AUTH')).toEqual(['DB'])
      expect(n.rev).toBe(rev + 1)
    })

    it('explore creates everything and reports likely duplicates', () => {
      const { g, root } = existing()
      const r = ok(
        createNodes(
          g,
          [
            { ref: 'x', summary: 'Auth service', parent: root },
            { ref: 'y', summary: 'Payroll', parent: root },
          ],
          {
            mode: 'explore',
          },
        ),
      )
      expect(r.created.map((c) => c.ref)).toEqual(['x', 'y'])
      expect(r.possible_duplicates).toEqual([
        { ref: 'x', id: r.refs.x, match: { id: 'AUTH', summary: 'Auth service', confidence: 1 } },
      ])
    })

    it('explore reports repeats inside the batch too', () => {
      const { g, root } = makeGraph()
      const r = ok(
        createNodes(
          g,
          [
            { ref: 'a', summary: 'Write docs', parent: root },
            { ref: 'b', summary: 'write docs', parent: root },
          ],
          { mode: 'explore' },
        ),
      )
      expect(r.created).toHaveLength(2)
      expect(r.possible_duplicates).toEqual([
        { ref: 'b', id: r.refs.b, match: { id: r.refs.a, summary: 'Write docs', confidence: 1 } },
      ])
    })

    it('force creates even exact twins and compares nothing', () => {
      const { g, root } = existing()
      const r = ok(
        createNodes(
          g,
          [
            { summary: 'Auth service', parent: root },
            { summary: 'Auth service', parent: root },
          ],
          { mode: 'force' },
        ),
      )
      expect(r.created).toHaveLength(2)
      expect(new Set(r.created.map((c) => c.id)).size).toBe(2)
      expect(r.matched).toEqual([])
    })

    it('within one batch: auto folds repeats into one node, strict refuses them', () => {
      const { g, doc, root } = makeGraph()
      const r = ok(
        createNodes(g, [
          { ref: 'a', summary: 'Write docs', parent: root },
          { ref: 'b', summary: 'write  DOCS', parent: root },
          { ref: 'c', summary: ' write docs\t', parent: root },
          { ref: 'd', summary: 'write docs', parent: root },
        ]),
      )
      expect(r.created).toHaveLength(1)
      expect(r.refs.a).toBe(r.refs.b)
      expect(r.refs.c).toBe(r.refs.a)
      expect(r.refs.d).toBe(r.refs.a)
      const f = unchanged(doc, () =>
        failure(
          createNodes(
            g,
            [
              { summary: 'Ship it', parent: root },
              { summary: 'ship it', parent: root },
            ],
            { mode: 'strict' },
          ),
        ),
      )
      expect(f.reason).toBe('duplicate')
      expect(f.index).toBe(1)
      expect(f.message).toContain('items[0]')
    })

    it('does not match forgotten nodes', () => {
      const { g, root } = existing()
      ok(restructure(g, [{ type: 'forget', node: 'AUTH' }]))
      expect(ok(createNodes(g, [{ summary: 'Auth service', parent: root }])).created).toHaveLength(1)
    })

    it('refuses an unknown mode', () => {
      const { g, doc } = existing()
      expect(
        unchanged(doc, () => failure(createNodes(g, [{ summary: 'x' }], { mode: 'maybe' as never }))).reason,
      ).toBe('invalid_argument')
    })
  })

  describe('failures write nothing', () => {
    it('a parent_ref loop', () => {
      const { g, doc } = makeGraph()
      const f = unchanged(doc, () =>
        failure(
          createNodes(g, [
            { ref: 'a', summary: 'A', parent_ref: 'b' },
            { ref: 'b', summary: 'B', parent_ref: 'c' },
            { ref: 'c', summary: 'C', parent_ref: 'a' },
          ]),
        ),
      )
      expect(f.reason).toBe('cycle_detected')
      expect(f.message).toContain('loop of parents')
      const self = unchanged(doc, () =>
        failure(createNodes(g, [{ ref: 'a', summary: 'A', parent_ref: 'a' }])),
      )
      expect(self.reason).toBe('cycle_detected')
    })

    it('unknown refs and ids', () => {
      const { g, doc } = makeGraph()
      addNodes(g, [['n_abc', undefined, { summary: 'Known' }]])
      const pr = unchanged(doc, () => failure(createNodes(g, [{ summary: 'A', parent_ref: 'nope' }])))
      expect(pr.reason).toBe('unknown_ref')
      expect(pr.message).toContain("'nope'")
      const dep = unchanged(doc, () =>
        failure(createNodes(g, [{ summary: 'A' }, { summary: 'B', depends_on: ['n_abd'] }])),
      )
      expect(dep.reason).toBe('node_not_found')
      expect(dep.index).toBe(1)
      expect(dep.message).toContain("did you mean n_abc 'Known'")
      expect(dep.message).toContain('not a ref in this batch either')
      const parent = unchanged(doc, () => failure(createNodes(g, [{ summary: 'A', parent: 'n_abd' }])))
      expect(parent.reason).toBe('node_not_found')
      expect(parent.suggestion?.id).toBe('n_abc')
    })

    it('a dependency cycle through refs, naming the path', () => {
      const { g, doc } = makeGraph()
      addNodes(g, [['E']])
      const f = unchanged(doc, () =>
        failure(
          createNodes(g, [
            { ref: 'a', summary: 'A', depends_on: ['b'] },
            { ref: 'b', summary: 'B', depends_on: ['c'] },
            { ref: 'c', summary: 'C', depends_on: ['a', 'E'] },
          ]),
        ),
      )
      expect(f.reason).toBe('cycle_detected')
      expect(f.index).toBe(2)
      expect(f.path).toHaveLength(4)
      expect(f.path![0]).toBe(f.path![3])
      expect(f.message).toContain(f.path!.join(' -> '))
      const self = unchanged(doc, () =>
        failure(createNodes(g, [{ ref: 'a', summary: 'A', depends_on: ['a'] }])),
      )
      expect(self.reason).toBe('cycle_detected')
    })

    it('a cycle through an existing node', () => {
      const { g, doc, root } = makeGraph()
      const r = ok(createNodes(g, [{ ref: 'x', summary: 'X', parent: root }]))
      const x = r.refs.x!
      const f = unchanged(doc, () =>
        failure(
          createNodes(g, [
            { ref: 'y', summary: 'Y', depends_on: [x] },
            { summary: 'X', parent: root, depends_on: ['y'] },
          ]),
        ),
      )
      // The second item is X itself (auto reuses it), so X -> Y -> X.
      expect(f.reason).toBe('cycle_detected')
    })

    it('bad items, duplicate refs, both parent and parent_ref', () => {
      const { g, doc, root } = makeGraph()
      const cases: Array<[unknown[], string]> = [
        [[{ summary: '' }], 'invalid_argument'],
        [[{ summary: 'a', colour: 'red' }], 'invalid_argument'],
        [[{ summary: 'a', kind: 'two words' }], 'invalid_argument'],
        [[{ summary: 'a', depends_on: 'b' }], 'invalid_argument'],
        [[{ summary: 'a', depends_on: [5] }], 'invalid_argument'],
        [[{ summary: 'a', x: Number.NaN }], 'invalid_argument'],
        [[{ summary: 'a', resolved: 1 }], 'invalid_argument'],
        [
          [
            { summary: 'a', ref: 'r' },
            { summary: 'b', ref: 'r' },
          ],
          'duplicate_ref',
        ],
        [
          [
            { ref: 'p', summary: 'p' },
            { summary: 'a', parent: root, parent_ref: 'p' },
          ],
          'invalid_argument',
        ],
        [[], 'empty_batch'],
        [[null], 'invalid_argument'],
      ]
      for (const [items, reason] of cases) {
        expect(
          unchanged(doc, () => failure(createNodes(g, items as never))).reason,
          JSON.stringify(items),
        ).toBe(reason)
      }
    })
  })
})
