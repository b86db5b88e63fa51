// A typo in a plural (issue 24, held-out set 2): two neighbouring letters swapped in a word of five
// letters or more is a near spelling, but labelWords folds a final s first, and "laods" / "loads" met
// the near-spelling rule as "laod" / "load", four letters, which must be equal ("form" / "from"). The
// word is now also read as written. Seeded (PLEXUS_SEED, default below, printed on failure); the set's
// misses are the named cases and failed on the build before (0.80).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MATCH_CONFIDENCE, bestMatch, confidence, labelOf } from './resolve.ts'
import { graphOf, taken } from './test/labels.ts'

const DEFAULT_SEED = 20261129
const seed = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)
function check<T>(arb: fc.Arbitrary<T>, property: (t: T) => void): void {
  const r = fc.check(fc.property(arb, property), { seed, numRuns: 80 })
  if (r.failed)
    throw new Error(
      `PLEXUS_SEED=${seed}: counterexample ${JSON.stringify(r.counterexample)}: ${String((r as { errorInstance?: unknown }).errorInstance)}`,
    )
}

const conf = (a: string, b: string): number => confidence(labelOf(a), labelOf(b))

describe('held-out set 2 typos in a plural (named cases, 0.80 before)', () => {
  it('"Interactive window no longer laods" names "... loads"', () => {
    const g = graphOf(['Interactive window no longer loads', 'Breakpoints no longer hit in notebooks'])
    expect(taken(g, 'Interactive window no longer laods')).toBe('n0')
    expect(bestMatch(g, 'Interactive window no longer laods')?.id).toBe('n0')
  })
  it('"... reading XLSX (Excel 2010) flies" names "... files"', () => {
    const g = graphOf(['Support for openpyxl when reading XLSX (Excel 2010) files'])
    expect(taken(g, 'Support for openpyxl when reading XLSX (Excel 2010) flies')).toBe('n0')
  })
  it('one letter for another, a short word, or two words apart are still no match', () => {
    expect(conf('Reduce build casts', 'Reduce build costs')).toBeLessThan(MATCH_CONFIDENCE)
    expect(conf('Create from page', 'Create form page')).toBeLessThan(MATCH_CONFIDENCE)
    expect(conf('Fix window laods and flies', 'Fix window loads and files')).toBeLessThan(MATCH_CONFIDENCE)
  })
})

const WORDS = ['loads', 'files', 'charts', 'tables', 'reports', 'plugins', 'schemas', 'queries']
const HEADS = ['Interactive window no longer', 'Export fails for large', 'Cache the rendered']
const TAILS = ['', ' on startup', ' after upgrade']

describe('invariant (seeded)', () => {
  it('two neighbouring letters swapped inside a plural still name its label; the label names itself', () => {
    check(
      fc.record({
        head: fc.constantFrom(...HEADS),
        word: fc.constantFrom(...WORDS),
        tail: fc.constantFrom(...TAILS),
        at: fc.nat(8),
      }),
      ({ head, word, tail, at }) => {
        // Not the first letter (a different first letter is read as another word), not the final s.
        const i = 1 + (at % (word.length - 3))
        const typo = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
        fc.pre(typo !== word)
        const label = `${head} ${word}${tail}`
        const g = graphOf([label, `${head} settings${tail}`])
        expect(taken(g, `${head} ${typo}${tail}`)).toBe('n0')
        expect(taken(g, label)).toBe('n0')
        // A typo is a near spelling, never the same words.
        expect(conf(`${head} ${typo}${tail}`, label)).toBeLessThanOrEqual(0.9)
      },
    )
  })
})
