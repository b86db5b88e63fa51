// Deduplication beside a sibling that is the same label but for an article or a possessive ("Design the
// landing page" / "Design landing page"; issue 24, session 15): the same words in the same order once
// the articles written ("the", "a", "an") are left out are the same label, under a parent (the sibling
// scan) as anywhere. Before, the fuzzy rules scored the pair 0.83 and batch create made a twin. A seeded
// property over generated labels (PLEXUS_SEED, default below, printed on failure).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createNodes } from './create.ts'
import { write } from './graph.ts'
import { MATCH_CONFIDENCE, bestMatch, resolveLabel } from './resolve.ts'
import { namedGraph } from './test/harness.ts'

const DEFAULT_SEED = 1515
const seed = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)

const VERBS = ['Design', 'Fix', 'Ship', 'Test', 'Review', 'Document']
const NOUNS = ['landing page', 'UI', 'login form', 'pricing table', 'API', 'onboarding flow', 'footer']
const ARTICLES = ['the', 'a', 'an']

function siblings(labels: string[]) {
  const { g, root } = namedGraph()
  write(g, (w) => {
    w.newNode('p', { summary: 'Website', parent: root })
    labels.forEach((summary, i) => w.newNode(`s${i}`, { summary, parent: 'p' }))
  })
  return g
}

describe('a sibling that is the same label but for an article', () => {
  it('"Design the landing page" names "Design landing page" under their parent (0.83 before)', () => {
    const g = siblings(['Design landing page', 'Write pricing copy'])
    expect(bestMatch(g, 'Design the landing page', { parent: 'p' })?.id).toBe('s0')
    expect(bestMatch(g, 'Design the landing page')?.id).toBe('s0')
    const r = createNodes(g, [{ summary: 'Design the landing page', parent: 'p' }], { mode: 'auto' })
    if (!r.ok) throw new Error(r.message)
    expect(r.matched.map((m) => m.id)).toEqual(['s0'])
    expect(r.created).toEqual([])
  })

  // The review (session 15) found the first rule too wide: possessives, an acronym written AN, and
  // labels of articles alone all read as the same label at 0.92, so auto mode merged them.
  it('possessives, an acronym spelt like an article, and labels of articles alone stay apart', () => {
    for (const [had, asked] of [
      ['Review our pull requests', 'Review my pull requests'],
      ['Fix tests', 'Fix its tests'],
      ['Configure gateway', 'Configure AN gateway'],
      ['Plan rollout', 'Plan A rollout'],
      ['The', 'An'],
    ]) {
      const g = siblings([had!, 'Archive old release notes'])
      const r = createNodes(g, [{ summary: asked!, parent: 'p' }], { mode: 'auto' })
      if (!r.ok) throw new Error(r.message)
      expect(r.matched, `${asked} merged into ${had}`).toEqual([])
    }
    // Written as articles, they still go: "A" first, "the" anywhere.
    const g = siblings(['Design landing page', 'Archive old release notes'])
    expect(bestMatch(g, 'A design landing page', { parent: 'p' })?.id).toBe('s0')
    expect(bestMatch(g, 'The design landing page', { parent: 'p' })?.id).toBe('s0')
  })

  it('any label with an article put in or taken out (seeded)', () => {
    const r = fc.check(
      fc.property(
        fc.constantFrom(...VERBS),
        fc.constantFrom(...NOUNS),
        fc.constantFrom(...ARTICLES),
        fc.boolean(),
        (verb, noun, article, fromBare) => {
          const bare = `${verb} ${noun}`
          const withArticle = `${verb} ${article} ${noun}`
          const [had, asked] = fromBare ? [bare, withArticle] : [withArticle, bare]
          const g = siblings([had, 'Archive old release notes'])
          expect(bestMatch(g, asked, { parent: 'p' })?.id).toBe('s0')
          expect(resolveLabel(g, asked, { parent: 'p' })[0]?.confidence).toBeGreaterThanOrEqual(
            MATCH_CONFIDENCE,
          )
          // Two items of one batch likewise.
          const b = createNodes(
            g,
            [
              { summary: had, parent: 'p' },
              { summary: asked, parent: 'p' },
            ],
            {
              mode: 'auto',
            },
          )
          if (!b.ok) throw new Error(b.message)
          expect(b.created).toEqual([])
        },
      ),
      { seed, numRuns: 60 },
    )
    if (r.failed)
      throw new Error(
        `PLEXUS_SEED=${seed}: counterexample ${JSON.stringify(r.counterexample)}: ${String((r as { errorInstance?: unknown }).errorInstance)}`,
      )
  })
})
