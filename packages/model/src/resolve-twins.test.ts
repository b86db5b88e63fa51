// Near twins (issue 24, held-out set 6): two nodes naming the same work ("Add HPOS support for
// wooCommerce" / "feat: add support for WooCommerce High Performance Order Storage (HPOS)") each took
// the other's query at 0.865-0.868, silently. When the best candidate and the runner-up (another label)
// score within TWIN_MARGIN of each other, no resolution picks one: the label is uncertain and both are
// listed, unless the best is the same label written another way (SAME_WORDS or more).
// The property is seeded (PLEXUS_SEED, default fixed; printed on failure); a seed that failed is kept
// below as a named case.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { write, type Graph } from './graph.ts'
import {
  MATCH_CONFIDENCE,
  SAME_WORDS,
  TWIN_MARGIN,
  BatchLabels,
  bestMatch,
  confidence,
  labelOf,
  resolveLabel,
  type Resolution,
  rivalsOf,
  sureMatch,
} from './resolve.ts'
import { createNodes } from './create.ts'
import { namedGraph } from './test/harness.ts'

const SEED = Number(process.env.PLEXUS_SEED ?? 0x24_7719)
function check<T>(arb: fc.Arbitrary<T>, property: (t: T) => void, seed = SEED, numRuns = 300): void {
  const r = fc.check(fc.property(arb, property), { seed, numRuns })
  if (r.failed)
    throw new Error(
      `PLEXUS_SEED=${seed}: counterexample ${JSON.stringify(r.counterexample)}: ${String((r as { errorInstance?: unknown }).errorInstance)}`,
    )
}

function graphOf(labels: readonly string[]): { g: Graph; root: string } {
  const { g, root } = namedGraph()
  write(g, (w) => labels.forEach((summary, i) => w.newNode(`n${i}`, { summary, parent: root })))
  return { g, root }
}

const HPOS_SHORT = 'Add HPOS support for wooCommerce'
const HPOS_LONG = 'feat: add support for WooCommerce High Performance Order Storage (HPOS)'

describe('near twins: the HPOS pair of held-out set 6 (each query went to the other node before)', () => {
  const queries = [
    // expected HPOS_SHORT; taken by HPOS_LONG at 0.868 before
    'Add High-Performance Order Storage support for wooCommerce',
    // expected HPOS_LONG; taken by HPOS_SHORT at 0.865 before
    'feat: add support for WooCommerce HPOS',
  ]
  for (const q of queries)
    it(`"${q}" is uncertain between the two, listing both`, () => {
      const { g, root } = graphOf([HPOS_SHORT, HPOS_LONG])
      const found = resolveLabel(g, q)
      expect(sureMatch(found)).toBeUndefined()
      expect(
        rivalsOf(found)
          .map((r) => r.id)
          .sort(),
      ).toEqual(['n0', 'n1'])
      // Deduplication (graph_plan's modes, graph_add_facts) and the engine's reading merge into neither.
      expect(bestMatch(g, q)).toBeUndefined()
      expect(bestMatch(g, q, { parent: root })).toBeUndefined()
      expect(bestMatch(g, q, { readings: 'name' })).toBeUndefined()
      // A batch create in auto mode creates the item and reports both as possible duplicates.
      const r = createNodes(g, [{ summary: q, parent: root }], { mode: 'auto' })
      if (!r.ok) throw new Error(r.message)
      expect(r.matched).toEqual([])
      expect(r.created).toHaveLength(1)
      expect(r.possible_duplicates.map((p) => p.match.id).sort()).toEqual(['n0', 'n1'])
    })

  it('an exact label still resolves though a near twin scores close', () => {
    const { g } = graphOf([HPOS_SHORT, HPOS_LONG])
    expect(sureMatch(resolveLabel(g, HPOS_SHORT))?.id).toBe('n0')
    expect(bestMatch(g, HPOS_LONG)?.id).toBe('n1')
  })
})

// Labels built from one small vocabulary with slips, so that two of them often score close for a query.
const WORDS = ['export', 'invoice', 'ledger', 'billing', 'report', 'monthly', 'customer', 'payment']
const MORE = ['exports', 'invoices', 'ledgers', 'bills', 'reports', 'month', 'customers', 'payments']
const slip = (w: string, i: number): string =>
  w.length < 5
    ? w
    : w.slice(0, i % (w.length - 1)) +
      w[(i % (w.length - 1)) + 1] +
      w[i % (w.length - 1)] +
      w.slice((i % (w.length - 1)) + 2)
const word = fc
  .tuple(
    fc.nat(WORDS.length - 1),
    fc.constantFrom<'same' | 'form' | 'slip'>('same', 'same', 'form', 'slip'),
    fc.nat(20),
  )
  .map(([i, how, k]) => (how === 'same' ? WORDS[i]! : how === 'form' ? MORE[i]! : slip(WORDS[i]!, k)))
const label = fc.array(word, { minLength: 2, maxLength: 5 }).map((ws) => ws.join(' '))
const conf = (a: string, b: string): number => confidence(labelOf(a), labelOf(b))
const same = (a: string, b: string): boolean => labelOf(a).exact === labelOf(b).exact

/** Whether two scores are the near twins the rule is about: within the margin, neither the same label. */
const close = (x: number | undefined, y: number | undefined): boolean =>
  x !== undefined && y !== undefined && Math.abs(x - y) <= TWIN_MARGIN && Math.max(x, y) < SAME_WORDS
const scoreOf = (list: Resolution[], id: string): number | undefined =>
  list.find((r) => r.id === id)?.confidence

type World = { query: string; a: string; b: string; others: string[] }

/** How often each path met two labels within the margin at a matching score (the generator must reach it). */
const reached = { resolve: 0, dedup: 0, batch: 0 }
function neverSure(w: World): void {
  if (same(w.a, w.b)) return
  const { g, root } = graphOf([w.a, w.b, ...w.others.filter((o) => !same(o, w.a) && !same(o, w.b))])
  const twins = ['n0', 'n1']
  // A node argument (resolveLabel as read for a name, node-args.ts's rule).
  const named = resolveLabel(g, w.query, { limit: 10 })
  if (close(scoreOf(named, 'n0'), scoreOf(named, 'n1'))) {
    if (Math.max(scoreOf(named, 'n0')!, scoreOf(named, 'n1')!) >= MATCH_CONFIDENCE) reached.resolve++
    expect(twins).not.toContain(sureMatch(named)?.id)
    expect(twins).not.toContain(bestMatch(g, w.query, { readings: 'name' })?.id)
  }
  // Deduplication (bestMatch reads a label as the same thing written another way).
  for (const parent of [undefined, root]) {
    const same = resolveLabel(g, w.query, { limit: 10, readings: 'same', parent })
    if (close(scoreOf(same, 'n0'), scoreOf(same, 'n1'))) {
      if (Math.max(scoreOf(same, 'n0')!, scoreOf(same, 'n1')!) >= MATCH_CONFIDENCE) reached.dedup++
      expect(twins).not.toContain(bestMatch(g, w.query, { parent })?.id)
    }
  }
  // The items of one batch, compared label to label.
  if (close(conf(w.query, w.a), conf(w.query, w.b))) {
    if (Math.max(conf(w.query, w.a), conf(w.query, w.b)) >= MATCH_CONFIDENCE) reached.batch++
    const b = new BatchLabels()
    b.add(null, w.a, 0)
    b.add(null, w.b, 1)
    expect([0, 1]).not.toContain(b.find(null, w.query))
  }
}

/** One small edit of a label's words: a word in another form or with a slip, a word more or less. */
type Edit = [how: 'none' | 'form' | 'slip' | 'insert' | 'drop', at: number, word: number]
const edit: fc.Arbitrary<Edit> = fc.tuple(
  fc.constantFrom<Edit[0]>('none', 'form', 'slip', 'insert', 'drop'),
  fc.nat(5),
  fc.nat(WORDS.length - 1),
)
function edited(base: readonly number[], [how, at, w]: Edit): string {
  const k = at % base.length
  const ws = base.map((i) => WORDS[i]!)
  if (how === 'form') ws[k] = MORE[base[k]!]!
  if (how === 'slip') ws[k] = slip(ws[k]!, at + w)
  if (how === 'insert') ws.splice(k, 0, WORDS[w]!)
  if (how === 'drop' && ws.length > 2) ws.splice(k, 1)
  return ws.join(' ')
}

/** Three near spellings of one label: the query and the two nodes a and b, and some other labels. */
const world: fc.Arbitrary<World> = fc
  .record({
    base: fc.array(fc.nat(WORDS.length - 1), { minLength: 2, maxLength: 5 }),
    a: edit,
    b: edit,
    q: edit,
    others: fc.array(label, { maxLength: 4 }),
  })
  .map(({ base, a, b, q, others }) => ({
    query: edited(base, q),
    a: edited(base, a),
    b: edited(base, b),
    others,
  }))

describe('named regressions of the property (each failed on the build before)', () => {
  it('PLEXUS_SEED=2389785: a plural against a form and a slip of the same label', () => {
    neverSure({
      query: 'export export bills export export',
      a: 'export export billing export export',
      b: 'xeport export billing export export',
      others: [],
    })
  })
})

describe('property: two labels within the margin for a query are never a sure match (seeded)', () => {
  it('holds on generated graphs', () => {
    check(world, neverSure)
    // The generator reaches the case it is about, on every path.
    expect(reached.resolve).toBeGreaterThan(10)
    expect(reached.dedup).toBeGreaterThan(10)
    expect(reached.batch).toBeGreaterThan(10)
  })
})
