// The items of one batch are matched with each other whatever order the agent wrote them in (issue 24,
// session 16). Before, a batch item was scored as a query against the items before it, and the
// word-added cap reads one way only (a query saying more than its label is capped, a shorter one is
// not): "Add API support ..." then "Add support ..." merged into one node, the reverse made two. Between
// two new items neither is the label already there, so a batch reads the pair both ways and keeps the
// lower score. Seeded (PLEXUS_SEED, default below, printed on failure).
import fc from 'fast-check'
import { checkSeeded } from './test/property.ts'
import { describe, expect, it } from 'vitest'
import { createNodes, type CreateItem } from './create.ts'
import { BatchLabels, MATCH_CONFIDENCE, confidence, labelOf } from './resolve.ts'
import { graphOf } from './test/labels.ts'

const DEFAULT_SEED = 20261129
const seed = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)
function check<T>(arb: fc.Arbitrary<T>, property: (t: T) => void): void {
  checkSeeded(arb, property, { seed, numRuns: 60 })
}

/** How many nodes one `graph_plan {mode}` batch of these summaries makes, under one parent. */
function made(summaries: readonly string[], mode: 'auto' | 'enrich' = 'auto'): number {
  const g = graphOf(['Unrelated: archive the 2019 exports'])
  const parent = g.index.live('n0')!.parent
  const items: CreateItem[] = summaries.map((summary) => ({ summary, parent }))
  const r = createNodes(g, items, { mode })
  if (!r.ok) throw new Error(r.message)
  return r.created.length
}

/** Whether the batch finds item 1 to be item 0, reading `a` then `b`. */
function twins(a: string, b: string): boolean {
  const batch = new BatchLabels()
  batch.add(null, a, 0)
  return batch.find(null, b) === 0
}

describe('a batch unifies its items the same way in either order (named cases)', () => {
  it('"Add API support ..." and "Add support ...": two nodes, in either order (merged one way before)', () => {
    const a = 'Alerting: Add API support for inhibition rules'
    const b = 'Alerting: Add support for inhibition rules'
    expect(made([a, b])).toBe(2)
    expect(made([b, a])).toBe(2)
    expect(made([a, b], 'enrich')).toBe(2)
    expect(made([b, a], 'enrich')).toBe(2)
  })
  it('"ConfigLoader" and "Config Loader": one node, in either order', () => {
    expect(made(['ConfigLoader', 'Config Loader'])).toBe(1)
    expect(made(['Config Loader', 'ConfigLoader'])).toBe(1)
  })
  it('"Design the landing page" and "Design landing page": one node, in either order', () => {
    expect(made(['Design the landing page', 'Design landing page'])).toBe(1)
    expect(made(['Design landing page', 'Design the landing page'])).toBe(1)
  })
})

const HEADS = ['Alerting: Add', 'Dashboards: Support', 'Loki: Document', 'Tempo: Expose', 'Fix', 'Design']
const EXTRA = ['API', 'webhook', 'tenant', 'bulk', 'audit', 'the', 'dashboard', 'remote', 'new']
const OBJECTS = [
  'support for inhibition rules',
  'silences for recording rules',
  'limits on label values',
  'landing page',
  'ConfigLoader',
]
const EDITS: Array<(s: string) => string> = [
  (s) => s,
  (s) => s.toLowerCase(),
  (s) => s.replace(/([a-z])([A-Z])/g, '$1 $2'),
  (s) => s.replace(/ (\w)/, (_, c: string) => ` ${c.toUpperCase()}`),
  (s) => s.replace(/rules/, 'rule'),
]

describe('invariant (seeded)', () => {
  it('the batch of two items makes as many nodes whichever comes first, and twins both ways or neither', () => {
    check(
      fc.record({
        head: fc.constantFrom(...HEADS),
        extra: fc.option(fc.constantFrom(...EXTRA), { nil: undefined }),
        object: fc.constantFrom(...OBJECTS),
        edit: fc.nat(EDITS.length - 1),
      }),
      ({ head, extra, object, edit }) => {
        const a = `${head} ${object}`
        const b = EDITS[edit]!(extra === undefined ? a : `${head} ${extra} ${object}`)
        expect(twins(a, b)).toBe(twins(b, a))
        expect(made([a, b])).toBe(made([b, a]))
        // The pair the batch merges is one the graph would merge with either as the label there.
        if (twins(a, b)) {
          expect(confidence(labelOf(a), labelOf(b))).toBeGreaterThanOrEqual(MATCH_CONFIDENCE)
          expect(confidence(labelOf(b), labelOf(a))).toBeGreaterThanOrEqual(MATCH_CONFIDENCE)
        }
      },
    )
  })
})
