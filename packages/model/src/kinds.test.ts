import { describe, expect, it } from 'vitest'
import { next } from './readiness.ts'
import { suggest } from './suggest.ts'
import { updateNodes } from './update.ts'
import { addNodes, makeGraph, ok } from './test/harness.ts'

const offered = (g: Parameters<typeof next>[0]): string[] =>
  ok(next(g, { count: 50 }))
    .items.map((i) => i.node.id)
    .sort()

describe('knowledge is not offered as work', () => {
  it('leaves concepts, notes and facts out of next and suggest once the graph types its work', () => {
    const { g } = makeGraph()
    addNodes(g, [
      ['stripe', undefined, { summary: 'Stripe' }],
      ['note', undefined, { summary: 'Webhooks arrive twice', kind: 'note' }],
      ['fact', undefined, { summary: 'Refunds take 5 days', kind: 'fact' }],
      ['t1', undefined, { summary: 'Verify webhook signatures', kind: 'task' }],
      ['q1', undefined, { summary: 'Which currency first?', kind: 'question' }],
      ['custom', undefined, { summary: 'Ship the SDK', kind: 'deliverable' }],
    ])
    expect(offered(g)).toEqual(['custom', 'q1', 't1'])
    expect(
      suggest(g, { limit: 10 })
        .next.map((n) => n.id)
        .sort(),
    ).toEqual(['custom', 'q1', 't1'])
  })

  it('offers untyped nodes as work in a plan that never gives kinds (seed 000), and stops once it does', () => {
    const { g } = makeGraph()
    addNodes(g, [
      ['a', undefined, { summary: 'Design the schema' }],
      ['b', undefined, { summary: 'Write the migration' }],
      ['n', undefined, { summary: 'Postgres 16 is the target', kind: 'note' }],
    ])
    expect(offered(g)).toEqual(['a', 'b'])
    ok(updateNodes(g, [{ id: 'b', kind: 'task' }]))
    expect(offered(g)).toEqual(['b'])
  })
})
