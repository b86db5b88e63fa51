import { describe, expect, it } from 'vitest'
import { connect } from './edges.ts'
import { board, query, type QueryFilter, type QueryOptions } from './query.ts'
import { DEFAULT_CLAIM_TTL_MS } from './claims.ts'
import { claim } from './readiness.ts'
import { restructure } from './restructure.ts'
import { updateNodes } from './update.ts'
import { addNodes, failure, joinGraph, makeGraph, ok, rng, sync, type TestGraph } from './test/harness.ts'
import type { Graph } from './graph.ts'

const ids = (g: Graph, opts: QueryOptions): string[] =>
  ok(query(g, { limit: 200, ...opts })).items.map((n) => n.id)
const where = (g: Graph, filter: QueryFilter): string[] => ids(g, { filter, sort: 'summary' })

function fixture(): TestGraph {
  const t = makeGraph()
  const { g, clock } = t
  // Summaries sort differently from ids so a sort by summary is told apart from a sort by id.
  addNodes(g, [
    ['n1', undefined, { summary: 'Design API', kind: 'task', properties: { priority: 'high', area: 'api' } }],
    [
      'n2',
      'n1',
      {
        summary: 'write OpenAPI spec',
        kind: 'task',
        notes: 'Use the Petstore layout',
        properties: { area: 'api' },
      },
    ],
    ['n3', 'n1', { summary: 'Choose auth', kind: 'question', resolved: true }],
    ['n4', undefined, { summary: 'build UI', kind: 'task', properties: { priority: 1, area: 'ui' } }],
    ['n5', undefined, { summary: 'ask design review', kind: 'action', properties: { priority: 5 } }],
  ])
  clock.tick(10)
  ok(connect(g, [{ from: 'n4', to: 'n2', type: 'depends_on' }]))
  ok(updateNodes(g, [{ id: 'n5', add_evidence: [{ type: 'commit', ref: 'c1' }] }]))
  clock.tick(10)
  ok(updateNodes(g, [{ id: 'n4', notes: 'React Flow canvas' }]))
  return t
}

describe('query filters', () => {
  it('resolved, kind and properties (null matches a missing key)', () => {
    const { g, root } = fixture()
    expect(where(g, { resolved: true })).toEqual(['n3'])
    expect(where(g, { resolved: false }).sort()).toEqual([root, 'n1', 'n2', 'n4', 'n5'].sort())
    expect(where(g, { kind: 'task' })).toEqual(['n4', 'n1', 'n2'])
    expect(where(g, { properties: { area: 'api' } })).toEqual(['n1', 'n2'])
    expect(where(g, { properties: { area: 'api', priority: 'high' } })).toEqual(['n1'])
    expect(where(g, { properties: { area: null }, kind: 'question' })).toEqual(['n3'])
    expect(where(g, { properties: { priority: 5 } })).toEqual(['n5'])
    expect(where(g, { properties: { priority: '5' } })).toEqual([])
  })

  it('text matches summary or notes, ignoring case', () => {
    const { g } = fixture()
    expect(where(g, { text: 'DESIGN' })).toEqual(['n5', 'n1'])
    expect(where(g, { text: 'petstore' })).toEqual(['n2'])
    expect(where(g, { text: 'flow canvas' })).toEqual(['n4'])
    expect(where(g, { text: 'nothing like it' })).toEqual([])
  })

  it('ancestor: the subtree below a node, not the node itself; an unknown one is a failure', () => {
    const { g } = fixture()
    expect(where(g, { ancestor: 'n1' })).toEqual(['n3', 'n2'])
    expect(where(g, { ancestor: 'n2' })).toEqual([])
    const f = failure(query(g, { filter: { ancestor: 'n9' } }))
    expect(f.reason).toBe('node_not_found')
    expect(f.message).toContain('filter.ancestor')
  })

  it('evidence type, leaf and readiness', () => {
    const { g, root } = fixture()
    expect(where(g, { evidence_type: 'commit' })).toEqual(['n5'])
    expect(where(g, { leaf: true })).toEqual(['n5', 'n4', 'n3', 'n2'])
    expect(where(g, { leaf: false }).sort()).toEqual([root, 'n1'].sort())
    expect(where(g, { status: 'actionable' })).toEqual(['n5', 'n2'])
    expect(where(g, { actionable: true })).toEqual(['n5', 'n2'])
    expect(where(g, { status: 'blocked' })).toEqual(['n4'])
    expect(where(g, { blocked: true })).toEqual(['n4'])
    expect(where(g, { blocked: false, actionable: false }).sort()).toEqual([root, 'n1', 'n3'].sort())
    expect(where(g, { status: 'waiting' }).sort()).toEqual([root, 'n1'].sort())
    expect(where(g, { status: 'resolved' })).toEqual(['n3'])
    expect(failure(query(g, { filter: { status: 'deleted' as never } })).reason).toBe('invalid_argument')
  })

  it('claimed_by counts only fresh claims', () => {
    const { g, clock } = fixture()
    ok(claim(g, 'n5'))
    expect(where(g, { claimed_by: 'alice' })).toEqual(['n5'])
    expect(where(g, { claimed_by: 'bob' })).toEqual([])
    clock.tick(DEFAULT_CLAIM_TTL_MS)
    expect(where(g, { claimed_by: 'alice' })).toEqual([])
  })

  it('claimed_by null: nodes nobody holds a fresh claim on (seed 000)', () => {
    const { g, clock } = fixture()
    ok(claim(g, 'n5'))
    expect(where(g, { claimed_by: null })).not.toContain('n5')
    expect(where(g, { claimed_by: null, resolved: false })).toContain('n2')
    clock.tick(DEFAULT_CLAIM_TTL_MS)
    expect(where(g, { claimed_by: null })).toContain('n5')
  })

  it('sorts by readiness: actionable first, by priority, then waiting, blocked, resolved', () => {
    const { g } = fixture()
    const order = ids(g, { sort: 'readiness' })
    expect(order.slice(0, 2)).toEqual(['n5', 'n2'])
    expect(order.indexOf('n4')).toBeGreaterThan(order.indexOf('n1'))
    expect(order.at(-1)).toBe('n3')
  })

  it('forgotten and merged nodes only with include_deleted', () => {
    const { g } = fixture()
    ok(
      restructure(g, [
        { type: 'forget', node: 'n5' },
        { type: 'merge', node: 'n3', into: 'n2' },
      ]),
    )
    expect(where(g, { text: 'design' })).toEqual(['n1'])
    expect(where(g, { text: 'design', include_deleted: true })).toEqual(['n5', 'n1'])
    expect(where(g, { kind: 'question', include_deleted: true })).toEqual(['n3'])
    expect(where(g, { kind: 'question' })).toEqual([])
  })
})

describe('query sorting', () => {
  it('sorts by each key, ascending by default and descending for priority', () => {
    const { g, root, clock } = fixture()
    expect(ids(g, { sort: 'summary' })).toEqual(['n5', 'n4', 'n3', 'n1', root, 'n2'])
    expect(ids(g, { sort: 'summary', order: 'desc' })).toEqual(['n2', root, 'n1', 'n3', 'n4', 'n5'])
    expect(ids(g, { sort: 'priority' })).toEqual(['n5', 'n1', 'n4', 'n2', 'n3', root])
    expect(ids(g, { sort: 'priority', order: 'asc' })).toEqual(['n2', 'n3', root, 'n4', 'n1', 'n5'])
    expect(ids(g, { sort: 'depth', order: 'desc' })).toEqual(['n2', 'n3', 'n1', 'n4', 'n5', root])
    expect(ids(g, { sort: 'updated_at', order: 'desc' }).slice(0, 2)).toEqual(['n4', 'n5'])
    expect(ids(g, { sort: 'rev', order: 'desc' }).slice(0, 2)).toEqual(['n4', 'n5'])
    clock.tick(1)
    addNodes(g, [['n0']])
    expect(ids(g, { sort: 'created_at' }).at(-1)).toBe('n0')
    expect(ids(g, { sort: 'created_at', order: 'desc' })[0]).toBe('n0')
    // Equal values keep a stable order by id.
    expect(ids(g, { sort: 'created_at' })).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', root, 'n0'])
  })

  it('refuses unknown sorts and orders', () => {
    const { g } = fixture()
    expect(failure(query(g, { sort: 'colour' as never })).reason).toBe('invalid_argument')
    expect(failure(query(g, { order: 'sideways' as never })).reason).toBe('invalid_argument')
  })

  it('limit must be a whole number from 1 to 200', () => {
    const { g } = fixture()
    for (const limit of [0, -1, 201, 2.5, Number.NaN])
      expect(failure(query(g, { limit })).reason).toBe('invalid_argument')
    expect(ok(query(g, { limit: 1 })).items).toHaveLength(1)
    expect(ok(query(g, { limit: 200 })).items).toHaveLength(6)
  })
})

describe('query pagination', () => {
  function pageAll(g: Graph, opts: QueryOptions, between?: (page: number) => void): string[] {
    const seen: string[] = []
    let cursor: string | undefined
    for (let page = 0; page < 100; page++) {
      const r = ok(query(g, { ...opts, cursor }))
      seen.push(...r.items.map((n) => n.id))
      if (!r.next_cursor) return seen
      cursor = r.next_cursor
      between?.(page)
    }
    throw new Error('pagination did not end')
  }

  it('walks every node exactly once, with total and a null cursor at the end', () => {
    const { g } = makeGraph()
    addNodes(
      g,
      Array.from({ length: 23 }, (_, i): [string] => [`k${String(i).padStart(2, '0')}`]),
    )
    const first = ok(query(g, { sort: 'summary', limit: 5 }))
    expect(first.total).toBe(24)
    expect(first.next_cursor).not.toBeNull()
    const all = pageAll(g, { sort: 'summary', limit: 5 })
    expect(all).toHaveLength(24)
    expect(new Set(all).size).toBe(24)
    expect(ok(query(g, { sort: 'summary', limit: 24 })).next_cursor).toBeNull()
  })

  for (const [sort, order] of [
    ['summary', 'asc'],
    ['created_at', 'desc'],
    ['priority', 'desc'],
    ['readiness', 'asc'],
  ] as const) {
    it(`stays stable when nodes are inserted between pages (${sort} ${order})`, () => {
      const t = makeGraph()
      const { g, root, clock } = t
      const rand = rng(7)
      const word = (): string => Math.floor(rand() * 1e6).toString(36)
      const original = [root]
      for (let i = 0; i < 40; i++) {
        clock.tick(1)
        const id = `o${i}`
        addNodes(g, [[id, undefined, { summary: word(), properties: { priority: Math.floor(rand() * 4) } }]])
        original.push(id)
      }
      let n = 0
      const seen = pageAll(g, { sort, order, limit: 7 }, () => {
        // Some land before the cursor, some after: neither may cause a duplicate or an omission.
        for (let i = 0; i < 3; i++) {
          clock.tick(1)
          addNodes(g, [
            [`new${n++}`, undefined, { summary: word(), properties: { priority: Math.floor(rand() * 4) } }],
          ])
        }
      })
      expect(new Set(seen).size).toBe(seen.length)
      for (const id of original) expect(seen).toContain(id)
      // Pages come in the requested order, inserted nodes included.
      const again = ids(g, { sort, order }).filter((id) => seen.includes(id))
      expect(seen).toEqual(again)
    })
  }

  it('refuses cursors it did not make, or made for another sort', () => {
    const { g } = fixture()
    const c = ok(query(g, { sort: 'summary', limit: 2 })).next_cursor!
    expect(ok(query(g, { sort: 'summary', limit: 2, cursor: c })).items).toHaveLength(2)
    const bad = [
      'garbage',
      '',
      'q1_%E0%A4%A',
      'q1_' + encodeURIComponent('[1]'),
      'q1_' + encodeURIComponent('{"a":1}'),
      'q1_not json',
    ]
    for (const cursor of bad) {
      const f = failure(query(g, { sort: 'summary', cursor }))
      expect(f.reason, cursor).toBe('invalid_cursor')
    }
    expect(failure(query(g, { sort: 'created_at', cursor: c })).reason).toBe('invalid_cursor')
    expect(failure(query(g, { sort: 'summary', order: 'desc', cursor: c })).reason).toBe('invalid_cursor')
  })

  it('reads the same pages on two synced peers', () => {
    const a = makeGraph('alice', { clientID: 1 })
    addNodes(
      a.g,
      Array.from({ length: 12 }, (_, i): [string, undefined, { summary: string }] => [
        `p${i}`,
        undefined,
        { summary: `item ${i % 4}` },
      ]),
    )
    const b = joinGraph(a, 'bob', 2)
    sync(a.doc, b.doc)
    const pa = ok(query(a.g, { sort: 'summary', limit: 5 }))
    const pb = ok(query(b.g, { sort: 'summary', limit: 5, cursor: undefined }))
    expect(pb.items.map((n) => n.id)).toEqual(pa.items.map((n) => n.id))
    // A cursor from one peer works on the other.
    const next = ok(query(b.g, { sort: 'summary', limit: 5, cursor: pa.next_cursor! }))
    expect(next.items.map((n) => n.id)).toEqual(
      ok(query(a.g, { sort: 'summary', limit: 5, cursor: pa.next_cursor! })).items.map((n) => n.id),
    )
  })
})

describe('board', () => {
  it('groups live nodes by readiness, honouring the filter', () => {
    const { g, root } = fixture()
    ok(restructure(g, [{ type: 'forget', node: 'n5' }]))
    const cols = ok(board(g)).columns
    const col = (k: keyof typeof cols): string[] => cols[k].map((n) => n.id).sort()
    expect(col('actionable')).toEqual(['n2'])
    expect(col('blocked')).toEqual(['n4'])
    expect(col('waiting')).toEqual([root, 'n1'].sort())
    expect(col('resolved')).toEqual(['n3'])
    const tasks = ok(board(g, { kind: 'task' })).columns
    expect(tasks.waiting.map((n) => n.id)).toEqual(['n1'])
    expect(tasks.resolved).toEqual([])
    expect(failure(board(g, { ancestor: 'zz' })).reason).toBe('node_not_found')
  })
})
