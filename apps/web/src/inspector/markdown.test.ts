import fc from 'fast-check'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { withRegexBudget } from '../../../../packages/model/src/test/regex-budget.ts'
import { Markdown } from './markdown.tsx'

const html = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }))

describe('Markdown', () => {
  it('renders markup in a note as text, never as elements', () => {
    const out = html('<img src=x onerror=alert(1)> and <script>alert(2)</script>')
    expect(out).not.toContain('<img')
    expect(out).not.toContain('<script')
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })

  it('keeps only http, https and mailto links', () => {
    const out = html('[ok](https://example.com) [bad](javascript:alert(1)) <https://x.org>')
    expect(out).toContain('href="https://example.com"')
    expect(out).not.toContain('href="javascript:')
    expect(out).toContain('rel="noopener noreferrer nofollow"')
  })

  it('renders headings, lists, code and emphasis', () => {
    const out = html('# Title\n\nSome **bold** and *it* and `code`.\n\n- one\n- two\n\n```\nx < y\n```')
    expect(out).toContain('<h3>Title</h3>')
    expect(out).toContain('<strong>bold</strong>')
    expect(out).toContain('<em>it</em>')
    expect(out).toContain('<code>code</code>')
    expect(out).toContain('<li>one</li>')
    expect(out).toContain('<pre><code>x &lt; y</code></pre>')
  })
})

/**
 * A note is read in time linear in its length: pathological texts built from the markdown delimiters
 * (unclosed links and emphasis, thousands of `[` or `(`) stay within a backtrack budget proportional
 * to their length (regex-budget.ts: V8's own counter, no clock). The harness is the model's test
 * harness, shared rather than copied.
 */
describe('Markdown in linear time', () => {
  const SEED = Number(process.env.SEED ?? 2323)
  it('regression: 20,000 `[` and 20,000 `[a](` (quadratic link pattern)', () => {
    withRegexBudget(() => html('['.repeat(20_000)))
    withRegexBudget(() => html('[a]('.repeat(5_000)))
  })
  it('pathological notes stay within budget', () => {
    const TOKENS = ['[', ']', '(', ')', '*', '_', '`', ' ', 'a', 'h', 'ttps://', '\n', '#', '>', '-']
    const text = fc
      .array(
        fc.tuple(
          fc.array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 4 }),
          fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 5000 })),
        ),
        { minLength: 1, maxLength: 3 },
      )
      .map((segments) => segments.map(([unit, k]) => unit.join('').repeat(k)).join(''))
    fc.assert(
      fc.property(text, (t) => {
        withRegexBudget(() => html(t))
      }),
      { seed: SEED, numRuns: 40 },
    )
  })
})
