/**
 * Every regular expression written in the code that reads input, run on its own worst inputs. The
 * test reads the sources (the model, the server, the web app's note renderer) with the TypeScript
 * parser, collects every regex literal, and runs each on texts made of its own characters, repeated
 * and nested (fast-check, seeded), within the backtrack budget of test/regex-budget.ts. A pattern
 * added later is in it without anyone listing it. Patterns built at run time (`new RegExp`) are
 * listed and must be in BUILT, with why they are linear. The inventory and the generator are in
 * test/regex-inventory.ts: the reliability suite's access phase sends the same texts to a server.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { withRegexBudget } from '../test/regex-budget.ts'
import { inventory, worst } from '../test/regex-inventory.ts'

const SEED = Number(process.env.SEED ?? 2323)

/** `new RegExp(...)` in the sources, by file: what it builds and why that is linear. */
const BUILT: Record<string, string> = {
  'packages/model/src/formats/mermaid-fill.ts':
    'FILL.source again: starts only at ^ or [,;] (tested as a literal)',
  'packages/model/src/tokenize.ts':
    'a class of CJK characters, and runs of one class or the other: no choice to backtrack into',
  'packages/model/src/analysis-ask.ts':
    'the question phrasings, each anchored at ^ with lazy name groups followed by bounded word alternatives and $: one start, a bounded suffix tried per position; ask_graph caps a question at 1,000 characters',
  'packages/model/src/acronym-definitions.ts':
    "a definition the graph's own labels give: its escaped literal words, each with an optional s or es, joined by [\\s_-]* (a word starts with a letter or digit, so a separator run is taken once per start), or its escaped acronym with an optional s, between single-character lookarounds; run on one query at a time, bounded by the tools' input limits",
  'packages/model/src/label-readings.ts':
    'a code name the query is (letters, digits and underscores only, checked by CODE_NAME first), escaped, between single-character lookarounds: one pass over each of at most 20 summaries',
  'packages/model/src/acronyms.ts':
    'an alternation of escaped literal spellings (no quantifier but an optional s) between single-character boundaries: one pass',
  'apps/sync/src/access/scopes.ts':
    'a graph-scope glob from the server configuration (not from requests), on graph ids of at most 64 characters',
}

const { literals, built } = inventory()

describe('every regular expression on input', () => {
  it('the inventory is whole', () => {
    expect(literals.length).toBeGreaterThan(100)
    expect([...built].sort()).toEqual(Object.keys(BUILT).sort())
  })

  for (const { at, source, flags } of literals)
    it(`${at} /${source.slice(0, 60)}/${flags} stays within budget`, () => {
      fc.assert(
        fc.property(worst(source), fc.nat(), (text, start) => {
          withRegexBudget(() => {
            const re = new RegExp(source, flags)
            if (re.global) text.replace(re, '')
            else {
              re.lastIndex = re.sticky ? start % (text.length + 1) : 0
              re.exec(text)
            }
          })
        }),
        { seed: SEED, numRuns: 12 },
      )
    })
})
