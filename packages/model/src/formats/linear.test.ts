/**
 * Every parser reads in time linear in its input: pathological texts built from each pattern's own
 * delimiters and quote characters (repeated, nested, left unclosed, up to tens of KB) are parsed within
 * a backtrack budget proportional to their length (test/regex-budget.ts: V8's own counter, no clock).
 * A pattern that backtracks exponentially or quadratically fails here as RegexBudgetError, in well
 * under a second, instead of hanging the test.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { withRegexBudget } from '../test/regex-budget.ts'
import { exactLabel, labelWords, unicodeExactLabel } from '../tokenize.ts'
import { parseCanvas } from './canvas.ts'
import { parseDSL } from './dsl.ts'
import { parseMermaid } from './mermaid.ts'

const SEED = Number(process.env.SEED ?? 2323)

/**
 * One to three segments, each a unit of 1–4 tokens repeated up to `times` times: the shapes that make a
 * pattern rescan (`a` + 25,000 spaces + `b`, an opening quote then thousands of quotes, `[[[[…`).
 */
const repeated = (tokens: string[], times: number): fc.Arbitrary<string> =>
  fc
    .array(
      fc.tuple(
        fc.array(fc.constantFrom(...tokens), { minLength: 1, maxLength: 4 }),
        fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: times })),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((segments) => segments.map(([unit, k]) => unit.join('').repeat(k)).join(''))

/** Whether `parse` stays within budget on every generated text; the seed is printed on failure. */
function linear(name: string, text: fc.Arbitrary<string>, parse: (t: string) => unknown, numRuns = 25): void {
  it(`${name} reads pathological input in linear time`, () => {
    fc.assert(
      fc.property(text, (t) => {
        withRegexBudget(() => parse(t))
      }),
      { seed: SEED, numRuns, endOnFailure: true },
    )
  })
}

const MERMAID = [
  '"',
  '|',
  ' ',
  '\t',
  'a',
  '-',
  '>',
  '\n',
  ';',
  ':',
  ',',
  '[',
  ']',
  '{',
  '}',
  '@',
  '`',
  '\\',
  '#',
  '&',
]

describe('Mermaid', () => {
  it('regression: the edge label `A -->|` then 40 quotes (exponential backtracking)', () => {
    withRegexBudget(() => parseMermaid(`flowchart TD\nA -->|${'"'.repeat(40)}`))
  })
  it('regression: a classDef line of 50 KB spaces and tabs (quadratic)', () => {
    withRegexBudget(() => parseMermaid(`flowchart TD\nclassDef c a${' \t'.repeat(25_000)}b\n`))
  })
  it('regression: `-. ` then 50 KB of dots, the link end searched from each dot (found by the property below)', () => {
    withRegexBudget(() => parseMermaid(`flowchart TD\nA -. ${'.'.repeat(50_000)}\n`))
  })
  it('regression: 50 KB of shape data with no colon (quadratic)', () => {
    withRegexBudget(() => parseMermaid(`flowchart TD\nA@{ ${'a'.repeat(50_000)} }\n`))
  })
  const LINK = ['"', '|', ' ', 'a', '\n', '-', '.', '=', '>', 'x']
  linear(
    'an edge label',
    fc
      .tuple(fc.constantFrom('-->|', '-- ', '== ', '-. '), repeated(LINK, 6000))
      .map(([l, t]) => `flowchart TD\nA ${l}${t}`),
    parseMermaid,
    40,
  )
  const LINE = [' ', '\t', ';', 'a', ',', '\n', ':', '[', ']']
  for (const kw of [
    'classDef c',
    'class A',
    'style A',
    'linkStyle 0',
    'linkStyle default',
    'subgraph s',
    'click A',
  ])
    linear(
      `a ${kw} line`,
      repeated(LINE, 6000).map((t) => `flowchart TD\nA --> B\n${kw} ${t}`),
      parseMermaid,
      20,
    )
  const DATA = ['a', ' ', ':', '"', '\\', ',', '-', '}', '\n']
  linear(
    'shape data',
    fc
      .tuple(repeated(DATA, 6000), fc.boolean())
      .map(([t, close]) => `flowchart TD\nA@{ ${t}${close ? ' }' : ''}`),
    parseMermaid,
    40,
  )
  const LABEL = ['[', ']', '(', ')', '"', '`', ' ', 'a', '\n', '{', '}', '|', '/', '>']
  linear(
    'node labels',
    fc
      .tuple(fc.constantFrom('[', '(', '{', '[[', '((', '>', '[/', '{{', '(['), repeated(LABEL, 6000))
      .map(([o, t]) => `flowchart TD\nA${o}${t}`),
    parseMermaid,
    40,
  )
  linear(
    'any line',
    repeated(MERMAID, 3000).map((t) => `flowchart TD\n${t}`),
    parseMermaid,
    40,
  )
})

const CARD = ['#', ' ', '\t', 'a', '\n', '\r', '*', '[', ']', '(', ')', '"', '\\']

describe('JSON Canvas', () => {
  it('regression: a card whose first line is 50 KB of spaces between two letters (quadratic)', () => {
    const text = `a${' '.repeat(50_000)}b`
    withRegexBudget(() =>
      parseCanvas(
        JSON.stringify({ nodes: [{ id: 'c', type: 'text', text, x: 0, y: 0, width: 1, height: 1 }] }),
      ),
    )
  })
  linear(
    'card text',
    repeated(['#', ' ', '\t', 'a', '\n'], 10_000).map((text) =>
      JSON.stringify({
        nodes: [{ id: 'c', type: 'text', text, x: 0, y: 0, width: 1, height: 1 }],
        edges: [],
      }),
    ),
    parseCanvas,
    40,
  )
  linear(
    'edge labels',
    repeated(CARD, 5000).map((label) =>
      JSON.stringify({
        nodes: [{ id: 'a', type: 'text', text: 'a', x: 0, y: 0, width: 1, height: 1 }],
        edges: [{ id: 'e', fromNode: 'a', toNode: 'a', label }],
      }),
    ),
    parseCanvas,
  )
})

describe('DSL', () => {
  linear(
    'lines',
    repeated(['"', '\\', ' ', '\t', 'a', ':', '#', '-', '>', '\n', 'depends on ', '_', '('], 3000),
    parseDSL,
  )
})

describe('labels and search text', () => {
  const TEXT = ['.', ' ', '!', 'é', 'a', 'A', '\u0301', '1', '_', '-', '漢', '\t', 'ـ']
  it('regression: 50 KB of punctuation between letters (quadratic end trim)', () => {
    withRegexBudget(() => unicodeExactLabel(`${'.'.repeat(50_000)}é`))
    withRegexBudget(() => unicodeExactLabel(`é${'.'.repeat(50_000)}é`))
  })
  linear('exactLabel and labelWords', repeated(TEXT, 5000), (t) => [exactLabel(t), labelWords(t)])
})

it('the budget catches exponential and quadratic patterns, and keeps every answer (the harness can fail)', () => {
  expect(() => withRegexBudget(() => /^(a+)+$/.test(`${'a'.repeat(30)}b`))).toThrow(/backtracks/)
  // Quadratic through simple greedy loops, which V8 steps back through without counting.
  expect(() => withRegexBudget(() => /a+b/.test('a'.repeat(20_000)))).toThrow(/backtracks/)
  expect(() => withRegexBudget(() => /^(.*?)\s*$/.exec(`a${' '.repeat(20_000)}b\n`))).toThrow(/backtracks/)
  expect(withRegexBudget(() => /a+/g.exec('b'.repeat(20_000) + 'a')?.index)).toBe(20_000)
  const PATTERNS = [
    /(a|ab)*c/,
    /[^"]*"x/g,
    /^\s*(#{1,6}\s+)?(.*?)\s*$/,
    /(?<k>[\w-]+)\s*:\s*("(?:[^"\\]|\\.)*"|[^,}]*)/g,
    /\p{L}+/gu,
    /x{2,3}?y/,
    /(?:ab)+?$/m,
    /[^]/y,
  ]
  fc.assert(
    fc.property(
      fc.constantFrom(...PATTERNS),
      fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'x', 'y', '"', ' ', ':', '#', '\n', '-', 'é', '\\') }),
      (re, s) => {
        re.lastIndex = 0
        const want = [...(re.global ? s.matchAll(re) : [re.exec(s)])].map(
          (m) => m && [...m, m.index, m.groups],
        )
        re.lastIndex = 0
        const got = withRegexBudget(() =>
          [...(re.global ? s.matchAll(re) : [re.exec(s)])].map((m) => m && [...m, m.index, m.groups]),
        )
        expect(got).toEqual(want)
      },
    ),
    { seed: SEED, numRuns: 300 },
  )
  expect(withRegexBudget(() => /(a+)+b/.exec('xaab')?.[0])).toBe('aab')
  expect(withRegexBudget(() => 'a,b,,c'.split(/,/))).toEqual(['a', 'b', '', 'c'])
  expect(withRegexBudget(() => ' x  y '.replace(/\s+/g, '-'))).toBe('-x-y-')
})
