/**
 * Never-merge invariants of label resolution, as generated properties (issue 24: a wrong merge is the
 * worst failure; a miss that offers candidates is acceptable). For a label L drawn from the development
 * sets (bench/fixtures/resolution-dev.json, resolution-dev-erp.json) or generated, and each mutation
 * M(L) below, M(L) never resolves to L's node and L never resolves to M(L)'s node, on the three paths an
 * agent's label takes:
 *   label — resolveLabel as a node argument reads it (node-args.ts: best >= MATCH_CONFIDENCE, no tie);
 *   dedup — bestMatch scoped to the parent, as batch create in a matching mode;
 *   facts — findByLabel, as the engine and graph_add_facts name things.
 * Mutations:
 *   - a negation inserted or removed: 'not', "n't", 'no', 'never', 'without', and "does not" / "did not"
 *     with the base form of an inflected verb ("respects" / "does not respect"), 'not' before a
 *     participle ("are unified" / "are not unified");
 *   - any digit of any token changed, codes included (B0001, v1.2.3, E0502);
 *   - a punctuation-only or symbol token replaced by another (`[` / `(` / `{`, `&T` / `&&T`, `[]` /
 *     `[""]`, `->` / `<-`);
 *   - a 'no', 'non' or 'un' prefix glued onto an identifier (termguicolors / notermguicolors);
 *   - a word swapped for its opposite (opposites.ts);
 *   - the two sides of "X instead of Y", "X over Y", "X vs Y", "from X to Y" swapped.
 * Other labels of the development sets stand beside L in the graph, as an agent's graph has other nodes.
 * Seeded (PLEXUS_SEED); the seed is printed on failure, and the failing pairs found so far are kept below
 * as named cases.
 */
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { findByLabel } from './analysis-ask.ts'
import { write } from './graph.ts'
import { OPPOSITES } from './opposites.ts'
import { MATCH_CONFIDENCE, bestMatch, resolveLabel } from './resolve.ts'
import { namedGraph } from './test/harness.ts'

// Fixed (issue 31): a default taken from the clock tried a new seed every run, so one run in N
// failed on a case nobody had seen. PLEXUS_SEED=N runs another.
const DEFAULT_SEED = 20261129
const seed = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)
const RUNS = Number(process.env.PLEXUS_RUNS ?? 120)

const devLabels = (file: string): string[] =>
  (
    JSON.parse(readFileSync(new URL(`../../../bench/fixtures/${file}`, import.meta.url), 'utf8')) as {
      nodes: Array<{ summary: string }>
    }
  ).nodes.map((n) => n.summary)
const DEV = [...devLabels('resolution-dev.json'), ...devLabels('resolution-dev-erp.json')]

// Generated labels: issue-title shapes over a vocabulary of its own.
const SUBJECTS = [
  'Spatial audio volume',
  'The borrow checker',
  'Cargo build',
  'Some features',
  'The status line',
  'Window resize events',
  'Invoice export',
  'Ledger import',
  'Shader cache',
  'Signature help',
]
const OBJECTS = [
  "the channel's volume",
  'workspace members',
  'the lockfile',
  'trailing whitespace',
  'the render graph',
  'locked dependencies',
  'the colour scheme',
  'nested generics',
]
const ADVERBS = ['', ' correctly', ' on reload', ' after restart', ' in release builds']
/** Verbs with their third person, past and participle forms. */
const VERBS: ReadonlyArray<readonly [string, string, string, string]> = [
  ['respect', 'respects', 'respected', 'respected'],
  ['unify', 'unifies', 'unified', 'unified'],
  ['resolve', 'resolves', 'resolved', 'resolved'],
  ['update', 'updates', 'updated', 'updated'],
  ['handle', 'handles', 'handled', 'handled'],
  ['load', 'loads', 'loaded', 'loaded'],
  ['compile', 'compiles', 'compiled', 'compiled'],
  ['render', 'renders', 'rendered', 'rendered'],
]
const pick = <T>(xs: readonly T[]): fc.Arbitrary<T> => fc.constantFrom(...xs)
const generated = fc
  .record({ s: pick(SUBJECTS), v: pick(VERBS), o: pick(OBJECTS), adv: pick(ADVERBS) })
  .map(({ s, v, o, adv }) => `${s} ${v[1]} ${o}${adv}`)
const anyLabel = fc.oneof(pick(DEV), generated)

/** A pair [L, M(L)] that must never resolve to each other. */
type Pair = readonly [string, string]

const words = (s: string): string[] => s.split(' ')
const insertAt = (s: string, at: number, w: string): string => {
  const ws = words(s)
  const i = at % (ws.length + 1)
  return [...ws.slice(0, i), w, ...ws.slice(i)].join(' ')
}

// ── negation ──
const negationPairs: fc.Arbitrary<Pair> = fc.oneof(
  // a negating word put anywhere in any label
  fc
    .record({ l: anyLabel, w: pick(['not', 'no', 'never', 'without']), at: fc.nat(30) })
    .map(({ l, w, at }): Pair => [l, insertAt(l, at, w)]),
  // "X respects Y" / "X does not respect Y" / "X doesn't respect Y"; "X respected Y" / "X did not respect Y"
  fc
    .record({
      s: pick(SUBJECTS),
      v: pick(VERBS),
      o: pick(OBJECTS),
      adv: pick(ADVERBS),
      form: pick(['does not', "doesn't", 'did not', "didn't", 'never', 'no longer'] as const),
    })
    .map(({ s, v, o, adv, form }): Pair => {
      const past = form.startsWith('did')
      return [
        `${s} ${past ? v[2] : v[1]} ${o}${adv}`,
        form === 'never' || form === 'no longer'
          ? `${s} ${form} ${v[1]} ${o}${adv}`
          : `${s} ${form} ${v[0]} ${o}${adv}`,
      ]
    }),
  // 'not' before a participle: "Some features are unified correctly" / "... are not unified correctly"
  fc
    .record({
      s: pick(SUBJECTS),
      v: pick(VERBS),
      aux: pick(['are', 'is', 'were', 'was', 'is being', 'has been'] as const),
      adv: pick(ADVERBS),
      neg: pick(['not', "n't", 'never'] as const),
    })
    .map(({ s, v, aux, adv, neg }): Pair => {
      const [first, ...rest] = aux.split(' ')
      const negated = neg === "n't" ? `${first}n't` : `${first} ${neg}`
      return [`${s} ${aux} ${v[3]}${adv}`, [`${s} ${negated}`, ...rest, `${v[3]}${adv}`].join(' ')]
    }),
)

// ── digits ──
const CODES = fc.oneof(
  fc
    .tuple(fc.constantFrom('B', 'E', 'W', 'CVE-', 'RFC', 'ISO'), fc.integer({ min: 1, max: 9999 }))
    .map(([p, n]) => `${p}${String(n).padStart(4, '0')}`),
  fc.tuple(fc.nat(9), fc.nat(20), fc.nat(30)).map(([a, b, c]) => `v${a}.${b}.${c}`),
  fc
    .tuple(fc.constantFrom('utf', 'x', 'sha', 'md', 'h', 'python'), fc.integer({ min: 1, max: 512 }))
    .map(([p, n]) => `${p}${n}`),
)
/** `s` with its digit at `k` (counting digits only) changed by `by` (1 to 9). */
const changeDigit = (s: string, k: number, by: number): string | undefined => {
  const at = [...s].flatMap((c, i) => (/\d/.test(c) ? [i] : []))
  if (at.length === 0) return undefined
  const i = at[k % at.length]!
  return s.slice(0, i) + String((Number(s[i]) + by) % 10) + s.slice(i + 1)
}
const digitPairs: fc.Arbitrary<Pair> = fc
  .record({
    l: anyLabel,
    code: CODES,
    at: fc.nat(30),
    k: fc.nat(20),
    by: fc.integer({ min: 1, max: 9 }),
    frame: pick(['', 'Fix typo in ', 'Error ', 'Bump to ']),
  })
  .map(({ l, code, at, k, by, frame }): Pair => {
    const a =
      /\d/.test(l) && at % 2 === 0
        ? l
        : frame
          ? `${frame}${code} ${words(l).slice(-2).join(' ')}`
          : insertAt(l, at, code)
    return [a, changeDigit(a, k, by)!]
  })

// ── punctuation-only and symbol tokens ──
const SYMBOL_GROUPS: ReadonlyArray<readonly string[]> = [
  ['[', '(', '{', '<'],
  ['`&T`', '`&&T`', '`*T`'],
  ['&T', '&&T', '*T'],
  ['[]', '[""]', '{}', '()'],
  // "=>" and "->" are one direction, as resolve.ts reads arrows: only a turned arrow is another label.
  ['->', '<-'],
  ['=>', '<='],
  // Arrows that point up, down or both ways are not "→" (keybindings: "Move line ↑" / "Move line ↓").
  ['\u2192', '\u2191', '\u2193', '\u2194', '\u2195'],
  ['\u21D1', '\u21D3', '\u21D4'],
  ['==', '!=', '='],
  ['&&', '||'],
  ['+', '-', '*', '/'],
  // A reference or pointer sigil, and a qualifier inside code: `&T` / `&mut T` name two types.
  ['`T`', '`&T`', '`&mut T`', '`*const T`', '`*mut T`', '`&&T`'],
  ['&self', '&mut self', 'self', '*self'],
  ['`Result<T>`', '`Result<T, E>`', '`Result<&T>`'],
  ['i++', 'i--'],
]
const twoOf = (xs: readonly string[]): fc.Arbitrary<readonly [string, string]> =>
  fc
    .tuple(fc.nat(xs.length - 1), fc.nat(xs.length - 2))
    .map(([i, j]) => [xs[i]!, xs[j >= i ? j + 1 : j]!] as const)
const symbolPairs: fc.Arbitrary<Pair> = fc.oneof(
  fc
    .record({ l: anyLabel, g: pick(SYMBOL_GROUPS), at: fc.nat(30) })
    .chain(({ l, g, at }) => twoOf(g).map(([x, y]): Pair => [insertAt(l, at, x), insertAt(l, at, y)])),
  // the same two symbol tokens in swapped places: "default [""] instead of []"
  fc
    .record({ l: pick(SUBJECTS), g: pick(SYMBOL_GROUPS), mid: pick(['instead of', 'or', 'and', 'over']) })
    .chain(({ l, g, mid }) =>
      twoOf(g).map(([x, y]): Pair => [`${l} ${x} ${mid} ${y}`, `${l} ${y} ${mid} ${x}`]),
    ),
)

// ── glued negative prefixes on identifiers ──
const IDENTS = [
  'termguicolors',
  'wrapscan',
  'hlsearch',
  'incremental',
  'autoindent',
  'expandtab',
  'modeline',
  'blocking',
  'ignorecase',
  'bounded',
  'sized',
  'exhaustive',
]
const prefixPairs: fc.Arbitrary<Pair> = fc
  .record({
    id: pick(IDENTS),
    p: pick(['no', 'non', 'un', 'non-', 'no_', 'not']),
    frame: pick([
      'set {} and tmux -2',
      'Option {} is ignored',
      '{} breaks on reload',
      'Document the {} option',
    ]),
  })
  .map(({ id, p, frame }): Pair => [frame.replace('{}', id), frame.replace('{}', p + id)])

// ── opposites ──
const oppositePairs: fc.Arbitrary<Pair> = fc
  .record({ l: anyLabel, o: pick(OPPOSITES), at: fc.nat(30) })
  .map(({ l, o, at }): Pair => [insertAt(l, at, o[0]), insertAt(l, at, o[1])])

// ── two sides swapped around an ordering word ──
const SIDES = [
  'Postgres',
  'MySQL',
  'the lockfile',
  'workspace members',
  'tabs',
  'spaces',
  'Vulkan',
  'Metal',
  'staging',
  'prod',
  'nightly',
  'stable',
]
const swapPairs: fc.Arbitrary<Pair> = fc
  .record({
    shape: pick([
      'Use {x} instead of {y}',
      'Prefer {x} over {y}',
      '{x} vs {y}',
      'Migrate from {x} to {y}',
      'Benchmark {x} vs {y} builds',
      '{s}: {x} instead of {y}',
    ]),
    s: pick(SUBJECTS),
  })
  .chain(({ shape, s }) =>
    twoOf(SIDES).map(([x, y]): Pair => {
      const fill = (a: string, b: string): string =>
        shape.replace('{s}', s).replace('{x}', a).replace('{y}', b)
      return [fill(x, y), fill(y, x)]
    }),
  )

/** Which of the three paths took the node `id` for `query`, in a graph of `target` beside the dev labels. */
function tookBy(target: string, query: string): string[] {
  const { g, root } = namedGraph()
  write(g, (w) => {
    DEV.forEach((s, i) => {
      if (s !== target) w.newNode(`dev_${i}`, { summary: s, kind: 'task', parent: root })
    })
    w.newNode('target', { summary: target, kind: 'task', parent: root })
  })
  const took: string[] = []
  const [top, second] = resolveLabel(g, query, { limit: 2 })
  if (top && top.confidence >= MATCH_CONFIDENCE && !(second && second.confidence >= top.confidence))
    if (top.id === 'target') took.push(`label ${top.confidence}`)
  const d = bestMatch(g, query, { parent: root })
  if (d?.id === 'target') took.push(`dedup ${d.confidence}`)
  if (findByLabel(g, query)?.id === 'target') took.push('facts')
  return took
}

/** Both ways: neither label of the pair is resolved to the other's node on any path. */
function neverMerged([a, b]: Pair): void {
  if (a === b) return
  const ab = tookBy(a, b)
  const ba = tookBy(b, a)
  if (ab.length || ba.length)
    throw new Error(
      `${JSON.stringify(b)} resolved to ${JSON.stringify(a)} on [${ab.join(', ')}]; ` +
        `${JSON.stringify(a)} resolved to ${JSON.stringify(b)} on [${ba.join(', ')}]`,
    )
}

const check = (arb: fc.Arbitrary<Pair>, numRuns = RUNS): void => {
  const r = fc.check(fc.property(arb, neverMerged), { seed, numRuns })
  if (r.failed)
    throw new Error(
      `PLEXUS_SEED=${seed}: counterexample ${JSON.stringify(r.counterexample)}: ${String((r as { errorInstance?: unknown }).errorInstance)}`,
    )
}

describe('label resolution never merges (label, dedup and facts paths, both ways)', () => {
  it('a label and the label with a negation inserted (not, no, never, without, does not + base verb, not before a participle)', () =>
    check(negationPairs))
  it('a label and the label with any digit of any token changed (codes, versions)', () => check(digitPairs))
  it('a label and the label with a punctuation-only or symbol token replaced by another', () =>
    check(symbolPairs))
  it("an identifier and the identifier with a glued 'no', 'non' or 'un' prefix", () => check(prefixPairs))
  it('a label and the label with a word swapped for its opposite', () => check(oppositePairs))
  it('the two sides of instead of / over / vs / from … to swapped', () => check(swapPairs))

  // Pairs the properties (and the fourth held-out set's report) found merged, kept as named cases.
  it('named regression cases', () => {
    const cases: Pair[] = [
      ['Fix typo in B0001 message', 'Fix typo in B0002 message'],
      [
        "Spatial audio volume respects the channel's volume",
        "Spatial audio volume does not respect the channel's volume",
      ],
      ['Some features are unified correctly', 'Some features are not unified correctly'],
      ['Trait is implemented for `&T`', 'Trait is implemented for `&&T`'],
      ['set termguicolors and tmux -2', 'set notermguicolors and tmux -2'],
      ['Error on opening ( or start of signature help', 'Error on opening [ or start of signature help'],
      ['default [""] instead of []', 'default [] instead of [""]'],
      // PLEXUS_SEED=1, on the build before these rules and while they were written
      [
        "Spatial audio volume respected the channel's volume",
        "Spatial audio volume didn't respect the channel's volume",
      ],
      ["Fix typo in utf10 channel's volume", "Fix typo in utf20 channel's volume"],
      ['Spatial audio volume [ instead of (', 'Spatial audio volume ( instead of ['],
      ['Use Postgres instead of MySQL', 'Use MySQL instead of Postgres'],
      [
        '-> Content Security Policy (CSP) violation reports',
        '<- Content Security Policy (CSP) violation reports',
      ],
      ['Spatial audio volume + instead of -', 'Spatial audio volume - instead of +'],
      // The session's review: vertical and two-way arrows were read as "→" (0.97).
      ['Move line \u2191', 'Move line \u2193'],
      ['Swap panes \u2194', 'Swap panes \u2192'],
      // Session 12 (fifth held-out round): a qualifier or sigil inside code was read as one more word
      // of prose and the fuzzy score passed it (0.87-0.97).
      [
        'Possible false positive in `needless_borrow` for `Mul` implemented for `&T`',
        'Possible false positive in `needless_borrow` for `Mul` implemented for `&mut T`',
      ],
      ['Trait is implemented for `&T`', 'Trait is implemented for `&mut T`'],
      ['Method takes `&self` in the trait', 'Method takes `&mut self` in the trait'],
      ['Trait is implemented for `T`', 'Trait is implemented for `&T`'],
      ['Counter uses i++ in the loop', 'Counter uses i-- in the loop'],
      ['Use `Result<T, E>` in the loader', 'Use `Result<T>` in the loader'],
      // PLEXUS_SEED=1 while the sigil rule was written: the sigil read "&self" on both sides.
      ['Window resize events self and &self', 'Window resize events &self and self'],
      ['Use `&T` instead of `T`', 'Use `T` instead of `&T`'],
      // PLEXUS_SEED=99: the qualifier was the sigil's word, so which "self" it qualified was lost.
      ['Spatial audio volume &mut self or self', 'Spatial audio volume self or &mut self'],
      ['&mut self Foreign exchange revaluation', 'self Foreign exchange revaluation'],
    ]
    const merged = cases.flatMap(([a, b]) => {
      const ab = tookBy(a, b)
      const ba = tookBy(b, a)
      return ab.length || ba.length ? [`${a} / ${b}: ${[...ab, ...ba].join(', ')}`] : []
    })
    expect(merged).toEqual([])
  })
})

// ── prose punctuation is not code ──
// The other side of the symbol rule: punctuation that only punctuates prose (a colon or a dash between
// clauses, an ellipsis, a comma, backticks around code) names nothing, so a label written with other
// such marks is still the same label (the fourth held-out round's report: four real rewordings refused
// at 0.80 for a ':' against a '-', a '...' standing alone, `*` against *).
const CLAUSES = [
  "the channel's volume is ignored",
  'workspace members are not unified',
  'the lockfile is stale',
]
const SEPARATORS = [': ', ' - ', ' \u2013 ', ' \u2014 ', ', ', ' ... ', ' : ']
const prosePairs: fc.Arbitrary<Pair> = fc
  .record({ s: pick(SUBJECTS), c: pick(CLAUSES), seps: twoOf(SEPARATORS) })
  .map(({ s, c, seps: [x, y] }): Pair => [`${s}${x}${c}`, `${s}${y}${c}`])

describe('label resolution reads code symbols, not prose punctuation', () => {
  it('a label and the label with another clause separator (: - \u2013 \u2014 , ...) resolve to each other', () => {
    const r = fc.check(
      fc.property(prosePairs, ([a, b]) => {
        const ab = tookBy(a, b)
        const ba = tookBy(b, a)
        if (ab.length < 3 || ba.length < 3)
          throw new Error(
            `${JSON.stringify(b)} took [${ab.join(', ')}]; ${JSON.stringify(a)} took [${ba.join(', ')}]`,
          )
      }),
      { seed, numRuns: RUNS },
    )
    if (r.failed)
      throw new Error(
        `PLEXUS_SEED=${seed}: counterexample ${JSON.stringify(r.counterexample)}: ${String((r as { errorInstance?: unknown }).errorInstance)}`,
      )
  })

  it('named cases: real rewordings the fourth held-out round refused', () => {
    const cases: Pair[] = [
      [
        'proc macro `*` not expanded: proc macro not found',
        'proc macro * not expanded - proc macro not found',
      ],
      ['Settings(lsp) : Improve signatureHelp', 'Settings (lsp): improve signatureHelp'],
      [
        'treesitter/highlighter: Error executing lua: ...query.lua:398: invalid start for vimscript file',
        'treesitter/highlighter: error executing lua: ... query.lua:398: invalid start for vimscript file',
      ],
      ['Trait is implemented for `&T`', 'Trait is implemented for &T'],
    ]
    const refused = cases.flatMap(([a, b]) => {
      const ab = tookBy(a, b)
      return ab.length === 3 ? [] : [`${b} -> ${a}: took [${ab.join(', ')}]`]
    })
    expect(refused).toEqual([])
  })
})
