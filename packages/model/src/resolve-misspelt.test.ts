// Two labels that differ by one word, where one is the other with two neighbouring letters swapped, are
// two labels when both words are words ("files" / "flies", "calms" / "clams", "salts" / "slats"): an
// agent's "Remove old flies" is not its "Remove old files" (session 16's review). A rule that read such
// a swap in a plural as a typo (held-out set 2's "laods" for "loads") merged both kinds at 0.9, past
// every cap, and was taken out: without a dictionary a typo and another word look alike. Also the
// bracket reading: two labels whose only difference is what their brackets define stay apart. Seeded
// (PLEXUS_SEED, default below, printed on failure).
import fc from 'fast-check'
import { checkSeeded } from './test/property.ts'
import { describe, expect, it } from 'vitest'
import { createNodes } from './create.ts'
import { MATCH_CONFIDENCE, confidence, labelOf } from './resolve.ts'
import { graphOf } from './test/labels.ts'

const DEFAULT_SEED = 20261129
const seed = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)
function check<T>(arb: fc.Arbitrary<T>, property: (t: T) => void): void {
  checkSeeded(arb, property, { seed, numRuns: 80 })
}

const conf = (a: string, b: string): number => confidence(labelOf(a), labelOf(b))

/** What a batch create does with `summary` in a graph holding `labels`: a new node, or the one it took. */
function planned(labels: string[], summary: string): string {
  const g = graphOf(labels)
  const r = createNodes(g, [{ summary, kind: 'task' }])
  if (!r.ok) throw new Error(r.message)
  return r.created.length === 1 ? 'created' : `matched ${JSON.stringify(r.matched)}`
}

describe('two words, one a letter swap of the other, are two labels (review, session 16)', () => {
  it('"Remove old flies" beside "Remove old files" is a new node', () => {
    expect(planned(['Remove old files'], 'Remove old flies')).toBe('created')
    expect(conf('Remove old flies', 'Remove old files')).toBeLessThan(MATCH_CONFIDENCE)
  })
  it('one letter for another, a short word, or two words apart are still no match', () => {
    expect(conf('Reduce build casts', 'Reduce build costs')).toBeLessThan(MATCH_CONFIDENCE)
    expect(conf('Create from page', 'Create form page')).toBeLessThan(MATCH_CONFIDENCE)
    expect(conf('Fix window laods and flies', 'Fix window loads and files')).toBeLessThan(MATCH_CONFIDENCE)
  })
})

describe('brackets that define an acronym differently keep two labels apart (review, session 16)', () => {
  it('"Add PR (Public Relations) checks" beside "Add PR (Pull Request) checks" is a new node', () => {
    expect(planned(['Add PR (Pull Request) checks'], 'Add PR (Public Relations) checks')).toBe('created')
    expect(conf('Set up CI (Code Inspector) step', 'Set up CI (Continuous Integration) step')).toBeLessThan(
      MATCH_CONFIDENCE,
    )
  })
  it('one side defining its acronym still names the other', () => {
    expect(conf('Add PR (Pull Request) checks', 'Add PR checks')).toBeGreaterThanOrEqual(MATCH_CONFIDENCE)
  })
})

const PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['files', 'flies'],
  ['calms', 'clams'],
  ['salts', 'slats'],
  ['form', 'from'],
]
// Not held yet: one swap in a word of five letters or more outside a plural ("trial" / "trail",
// "diary" / "dairy", "angle" / "angel") is the near-spelling rule's typo and still merges at 0.9.
const HEADS = ['Remove old', 'Export the', 'Cache the rendered', 'Review']
const TAILS = ['', ' on startup', ' after upgrade']

describe('invariant (seeded)', () => {
  it('a label and the same label with a real word swapped for its letter-swap twin never merge', () => {
    check(
      fc.record({
        head: fc.constantFrom(...HEADS),
        pair: fc.constantFrom(...PAIRS),
        tail: fc.constantFrom(...TAILS),
        flip: fc.boolean(),
      }),
      ({ head, pair, tail, flip }) => {
        const [x, y] = flip ? [pair[1], pair[0]] : pair
        expect(planned([`${head} ${x}${tail}`], `${head} ${y}${tail}`)).toBe('created')
      },
    )
  })
})
