/**
 * Invariants of label matching that decide whether two things become one node (issue 24: new work was
 * folded into old work because "Replicate staging database to prod" scored 0.92 against the resolved
 * "Replicate prod database to staging").
 *
 * Never a match (confidence < MATCH_CONFIDENCE):
 *  - the same words moved across a direction word (to, from, into, onto, →, ->);
 *  - another number or version, or the same numbers in another order;
 *  - a distinctive name swapped for another (Jira / GitHub).
 * Always a match: surface variants of one label (case, spacing, CamelCase joined or split, punctuation,
 * a plural).
 *
 * Labels are generated (fast-check, seeded): the seed is printed on failure, and failing seeds found so
 * far are kept below as named cases.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MATCH_CONFIDENCE, confidence, labelOf } from './resolve.ts'
import { createNodes } from './create.ts'
import { importGraph } from './formats/index.ts'
import { namedGraph } from './test/harness.ts'
import type { Result } from './types.ts'

const conf = (a: string, b: string): number => confidence(labelOf(a), labelOf(b))
const SEED = Number(process.env.FC_SEED ?? 24_2026)
const RUNS = 400
const check = <T>(arb: fc.Arbitrary<T>, prop: (v: T) => void, numRuns = RUNS): void => {
  const r = fc.check(
    fc.property(arb, (v) => {
      prop(v)
    }),
    { seed: SEED, numRuns },
  )
  if (r.failed)
    throw new Error(
      `seed ${SEED} (FC_SEED=${SEED}), counterexample ${JSON.stringify(r.counterexample)}: ${String((r as { errorInstance?: unknown }).errorInstance)}`,
    )
}

// Words an agent's task labels are made of: verbs, objects, qualifiers. None is a direction word,
// a number or one of the names below.
const VERBS = ['Replicate', 'Migrate', 'Copy', 'Sync', 'Move', 'Export', 'Import', 'Mirror', 'Port', 'Send']
const NOUNS = [
  'database',
  'issues',
  'tickets',
  'user records',
  'billing data',
  'config',
  'backups',
  'audit logs',
  'invoices',
  'schema',
  'payment events',
  'customer accounts',
]
const PLACES = [
  'staging',
  'prod',
  'the EU cluster',
  'the US cluster',
  'dev',
  'QA',
  'the warehouse',
  'cold storage',
  'the archive',
]
const PRODUCTS = [
  'Jira',
  'GitHub',
  'GitLab',
  'Postgres',
  'MySQL',
  'Redis',
  'Kafka',
  'Slack',
  'Stripe',
  'PayPal',
  'Snowflake',
  'BigQuery',
  'Salesforce',
  'Zendesk',
  'Okta',
  'Datadog',
]
// Arrows agents type: ASCII, and any of Unicode's arrow blocks, pointing either way.
const RIGHT_ARROWS = ['→', '->', '-->', '=>', '⇒', '⟶', '⟹', '➡', '➔', '⇨', '↦', '⮕', '⤏']
const LEFT_ARROWS = ['←', '<-', '<--', '<=', '⇐', '⟵', '⟸', '⬅', '⇦', '↤']
const DIRECTIONS = ['to', 'into', 'onto', 'from', ...RIGHT_ARROWS, ...LEFT_ARROWS]

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs)
/** Two different items of a list. */
const twoOf = <T>(xs: readonly T[]) =>
  fc.tuple(fc.nat(xs.length - 1), fc.nat(xs.length - 2)).map(([i, j]) => {
    const k = j >= i ? j + 1 : j
    return [xs[i]!, xs[k]!] as const
  })

/** Swapping the two ends of a direction: "Copy X to Y" / "Copy Y to X", with extra words around. */
const swappedDirection = fc
  .record({
    verb: pick(VERBS),
    noun: pick(NOUNS),
    ends: twoOf([...PLACES, ...PRODUCTS]),
    dir: pick(DIRECTIONS),
    nounFirst: fc.boolean(),
    tail: fc.constantFrom('', ' nightly', ' before the release', ' for the audit'),
  })
  .map(({ verb, noun, ends: [x, y], dir, nounFirst, tail }) => {
    const make = (a: string, b: string) =>
      nounFirst
        ? `${verb} ${noun} ${dir} ${b} ${dir === 'from' ? 'to' : 'from'} ${a}${tail}`
        : `${verb} ${a} ${noun} ${dir} ${b}${tail}`
    return [make(x, y), make(y, x)] as const
  })

/** The same ends with the direction turned around: "Copy X → Y" / "Copy X ← Y", "to" / "from". */
const reversedDirection = fc
  .record({
    verb: pick(VERBS),
    noun: pick(NOUNS),
    ends: twoOf([...PLACES, ...PRODUCTS]),
    pair: fc.oneof(
      fc.tuple(pick(RIGHT_ARROWS), pick(LEFT_ARROWS)),
      fc.constant(['to', 'from'] as const),
      fc.constant(['into', 'from'] as const),
    ),
  })
  .map(({ verb, noun, ends: [x, y], pair }): readonly [string, string] => {
    const [d, e] = pair as readonly [string, string]
    return [`${verb} ${noun} ${x} ${d} ${y}`, `${verb} ${noun} ${x} ${e} ${y}`]
  })

/** Two names swapped around a word that orders them: "Replace X with Y", "Prefer X over Y". */
const ORDERING = [
  'Replace {x} with {y}',
  'Prefer {x} over {y}',
  'Deploy {x} before {y}',
  'Upgrade {x} after {y}',
  'Route {x} via {y}',
  'Use {x} instead of {y}',
]
const swappedOrder = fc
  .record({ shape: pick(ORDERING), ends: twoOf([...PLACES, ...PRODUCTS]), noun: pick(['', ...NOUNS]) })
  .map(({ shape, ends: [x, y], noun }) => {
    const make = (a: string, b: string) => shape.replace('{x}', `${a} ${noun}`.trim()).replace('{y}', b)
    return [make(x, y), make(y, x)] as const
  })

// Numbers as agents spell them in labels.
const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
]

/** The same label with another number, another version, or its numbers in another order. */
const otherNumbers = fc
  .record({
    verb: pick(VERBS),
    noun: pick(NOUNS),
    product: pick(PRODUCTS),
    a: fc.nat(40),
    b: fc.nat(40),
    shape: fc.nat(6),
  })
  .filter(({ a, b }) => a !== b)
  .map(({ verb, noun, product, a, b, shape }) => {
    switch (shape) {
      case 0:
        return [`${verb} ${noun} v${a}`, `${verb} ${noun} v${b}`] as const
      case 1:
        return [`Upgrade ${product} ${a} to ${b}`, `Upgrade ${product} ${b} to ${a}`] as const
      case 2:
        return [`Round ${a} item ${b}`, `Round ${b} item ${a}`] as const
      case 3:
        return [
          `${verb} ${noun} for ${product} ${a}.${b}`,
          `${verb} ${noun} for ${product} ${a}.${b + 1}`,
        ] as const
      case 4:
        return [`Step ${a}: ${verb} ${noun}`, `Step ${b}: ${verb} ${noun}`] as const
      case 5: {
        const [x, y] = [NUMBER_WORDS[a % 21]!, NUMBER_WORDS[b % 21]!]
        return x === y
          ? ([`Round one item ${x}`, `Round two item ${x}`] as const)
          : ([`Round ${x} item ${y}`, `Round ${y} item ${x}`] as const)
      }
      default: {
        const [x, y] = [NUMBER_WORDS[a % 21]!, NUMBER_WORDS[(a + 1 + (b % 20)) % 21]!]
        return [`Step ${x}: ${verb} ${noun}`, `Step ${y}: ${verb} ${noun}`] as const
      }
    }
  })

/** The same label naming another product. */
const otherProduct = fc
  .record({
    verb: pick(VERBS),
    noun: pick(NOUNS),
    products: twoOf(PRODUCTS),
    lead: fc.constantFrom('', 'Nightly job: ', 'Set up the customer facing '),
    tail: fc.constantFrom('', ' for the billing team', ' with retries and alerting on failure'),
  })
  .map(({ verb, noun, products: [p, q], lead, tail }): readonly [string, string] => [
    `${lead}${verb} ${noun} with ${p}${tail}`,
    `${lead}${verb} ${noun} with ${q}${tail}`,
  ])

/** A label and a surface variant of it. */
const COMPOUNDS = [
  ['ConfigLoader', 'Config Loader'],
  ['PaymentService', 'Payment Service'],
  ['UserRepository', 'User Repository'],
  ['DatabasePool', 'Database Pool'],
  ['AuthService', 'Auth Service'],
  ['LoginController', 'Login Controller'],
  ['InvoiceMailer', 'Invoice Mailer'],
  ['RateLimiter', 'Rate Limiter'],
] as const
const surfaceVariant = fc
  .record({
    compound: pick(COMPOUNDS),
    head: fc.constantFrom('', 'Write ', 'Fix the ', 'Refactor '),
    joined: fc.boolean(),
    variant: fc.nat(5),
  })
  .map(({ compound, head, joined: j, variant }): readonly [string, string] => {
    const [joined, split] = compound as readonly [string, string]
    const base = `${head}${j ? joined : split}`
    const other = j ? split : joined
    switch (variant) {
      case 0:
        return [base, `${head}${other}`] as const
      case 1:
        return [base, base.toUpperCase()] as const
      case 2:
        return [base, `  ${base.replace(/ /g, '   ')}  `] as const
      case 3:
        return [base, `${base}.`] as const
      case 4:
        return [base, `${base}s`] as const
      default:
        return [base, `${head}${other}`.toLowerCase().replace(/ /g, '_')] as const
    }
  })

const notAMatch = ([a, b]: readonly [string, string]) => {
  const c = conf(a, b)
  expect(c, `'${a}' / '${b}' = ${c}`).toBeLessThan(MATCH_CONFIDENCE)
  expect(conf(b, a), `'${b}' / '${a}'`).toBeLessThan(MATCH_CONFIDENCE)
}

describe('what label matching never merges', () => {
  it('the same words on the other side of a direction word', () => check(swappedDirection, notAMatch))
  it('another number or version, or the numbers in another order', () => check(otherNumbers, notAMatch))
  it('another distinctive name', () => check(otherProduct, notAMatch))
  it('the same words with the arrow or direction word turned around', () =>
    check(reversedDirection, notAMatch))
  it('two names swapped around a word that orders them (with, over, before, after, via, instead of)', () =>
    check(swappedOrder, notAMatch))

  it('the pairs issue 24 saw merged', () => {
    for (const pair of [
      ['Replicate staging database to prod', 'Replicate prod database to staging'],
      ['Migrate v2 to v1', 'Migrate v1 to v2'],
      ['Upgrade Postgres 14 to 15', 'Upgrade Postgres 15 to 14'],
      ['Sync issues from Jira to GitHub', 'Sync issues from GitHub to Jira'],
      ['Round 1 item 0', 'Round 0 item 1'],
      [
        'Configure the new billing module for the hospital',
        'Configure the new scheduling module for the hospital',
      ],
      ['Copy A → B', 'Copy B → A'],
      ['Release 1.2', 'Release 12'],
    ] as const)
      notAMatch(pair)
  })

  it("the review's first failing seeds (242026): other arrows, an arrow turned around, numbers as words, with", () => {
    for (const pair of [
      ['Replicate staging database ⇨ prod', 'Replicate prod database ⇨ staging'],
      ['Replicate database staging → prod', 'Replicate database staging ← prod'],
      ['Round zero item one', 'Round one item zero'],
      ['Replace staging with prod', 'Replace prod with staging'],
      ['Replicate staging database ⇦ prod', 'Replicate prod database ⇦ staging'],
    ] as const)
      notAMatch(pair)
  })
})

describe('what label matching always unifies', () => {
  it('case, spacing, CamelCase joined or split, punctuation, a plural', () =>
    check(surfaceVariant, ([a, b]) => {
      const c = conf(a, b)
      expect(c, `'${a}' / '${b}' = ${c}`).toBeGreaterThanOrEqual(MATCH_CONFIDENCE)
    }))

  it('still reads the same words in another order as one label when nothing gives the order a meaning', () => {
    expect(conf('service auth', 'Auth service')).toBeGreaterThanOrEqual(MATCH_CONFIDENCE)
    expect(conf('Copy staging database to prod', 'copy Staging-Database to prod')).toBeGreaterThanOrEqual(
      MATCH_CONFIDENCE,
    )
  })
})

const must = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(r.message)
  return r as T
}
const quoted = (x: string) => `"${x.replace(/"/g, '')}"`
const apart = fc.oneof(swappedDirection, otherNumbers, otherProduct, reversedDirection, swappedOrder)

describe('what batch create and import do with those pairs (createNodes modes, fuzzy import)', () => {
  it('never fold a different label into a node, resolved or not, nor two of one batch into one', () =>
    check(
      fc.tuple(apart, fc.boolean(), fc.constantFrom('auto', 'enrich') as fc.Arbitrary<'auto' | 'enrich'>),
      ([[a, b], done, mode]) => {
        const { g, add } = namedGraph()
        add('old', { summary: a, resolved: done })
        const r = must(createNodes(g, [{ summary: b }], { mode }))
        expect(
          r.created.map((c) => c.summary),
          `${a} / ${b}`,
        ).toEqual([b])
        const t = namedGraph()
        const batch = must(createNodes(t.g, [{ summary: a }, { summary: b }], { mode }))
        expect(batch.created, `${a} / ${b}`).toHaveLength(2)
        const imp = must(
          importGraph(namedGraph().g, 'dsl', `${quoted(a)} depends_on X\n${quoted(b)} depends_on Y`, {
            fuzzy: true,
          }),
        )
        expect(imp.created, `${a} / ${b}`).toBe(4)
      },
    ))

  it('unify surface variants, in the graph and in one batch, and never silently into a resolved node', () =>
    check(
      fc.tuple(surfaceVariant, fc.boolean()),
      ([[a, b], done]) => {
        const { g, add } = namedGraph()
        add('old', { summary: a, resolved: done })
        const auto = must(createNodes(g, [{ ref: 'x', summary: b }], { mode: 'auto' }))
        if (done) {
          expect(auto.created.map((c) => c.summary)).toEqual([b])
          expect(auto.warnings).toEqual([expect.objectContaining({ ref: 'x', resolved_match: 'old' })])
        } else {
          expect(auto.matched).toEqual([expect.objectContaining({ ref: 'x', id: 'old' })])
          expect(auto.warnings).toEqual([])
        }
        const t = namedGraph()
        t.add('old', { summary: a, resolved: done })
        const enrich = must(createNodes(t.g, [{ ref: 'x', summary: b }], { mode: 'enrich' }))
        expect(enrich.matched).toEqual([
          expect.objectContaining({ id: 'old', ...(done ? { resolved: true } : {}) }),
        ])
        expect(enrich.warnings).toHaveLength(done ? 1 : 0)
        expect(
          must(createNodes(namedGraph().g, [{ summary: a }, { summary: b }], { mode: 'auto' })).created,
        ).toHaveLength(1)
        const imp = must(
          importGraph(namedGraph().g, 'dsl', `${quoted(a)} depends_on X\n${quoted(b)} depends_on Y`, {
            fuzzy: true,
          }),
        )
        expect(imp.created, `${a} / ${b}`).toBe(3)
      },
      100,
    ))

  it('without a mode asking, create everything: force creates both of a pair of variants', () => {
    const { g, add } = namedGraph()
    add('old', { summary: 'ConfigLoader' })
    expect(
      must(createNodes(g, [{ summary: 'Config Loader' }, { summary: 'config loader' }], { mode: 'force' }))
        .created,
    ).toHaveLength(2)
  })

  it('unify variants past the first 256 names of a batch under one parent', () => {
    const items = Array.from({ length: 300 }, (_, i) => ({ summary: `Task number ${i}` }))
    items.push({ summary: 'ConfigLoader' }, { summary: 'Config Loader' }, { summary: 'config_loader' })
    expect(must(createNodes(namedGraph().g, items, { mode: 'auto' })).created).toHaveLength(301)
  })
})
