/**
 * Every regular expression written in the code that reads input, run on its own worst inputs. The
 * test reads the sources (the model, the server, the web app's note renderer) with the TypeScript
 * parser, collects every regex literal, and runs each on texts made of its own characters, repeated
 * and nested (fast-check, seeded), within the backtrack budget of test/regex-budget.ts. A pattern
 * added later is in it without anyone listing it. Patterns built at run time (`new RegExp`) are
 * listed and must be in BUILT, with why they are linear.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import fc from 'fast-check'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { withRegexBudget } from '../test/regex-budget.ts'

const SEED = Number(process.env.SEED ?? 2323)
const ROOT = new URL('../../../../', import.meta.url).pathname
const DIRS = ['packages/model/src', 'apps/sync/src', 'apps/web/src/inspector', 'apps/web/src/io']

/** `new RegExp(...)` in the sources, by file: what it builds and why that is linear. */
const BUILT: Record<string, string> = {
  'packages/model/src/formats/mermaid-fill.ts':
    'FILL.source again: starts only at ^ or [,;] (tested as a literal)',
  'packages/model/src/tokenize.ts':
    'a class of CJK characters, and runs of one class or the other: no choice to backtrack into',
  'packages/model/src/analysis-ask.ts':
    'the question phrasings, each anchored at ^ with lazy name groups followed by bounded word alternatives and $: one start, a bounded suffix tried per position; ask_graph caps a question at 1,000 characters',
  'packages/model/src/acronyms.ts':
    'an alternation of escaped literal spellings (no quantifier but an optional s) between single-character boundaries: one pass',
  'apps/sync/src/scopes.ts':
    'a graph-scope glob from the server configuration (not from requests), on graph ids of at most 64 characters',
}

function sources(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) {
      if (e.name !== 'test' && e.name !== 'corpus' && e.name !== 'node_modules') sources(p, out)
    } else if (/\.tsx?$/.test(e.name) && !/\.(test|spec|bench)\.tsx?$|\.d\.ts$/.test(e.name)) out.push(p)
  }
  return out
}

interface Found {
  at: string
  source: string
  flags: string
}

function inventory(): { literals: Found[]; built: Set<string> } {
  const literals: Found[] = []
  const built = new Set<string>()
  for (const file of DIRS.flatMap((d) => sources(join(ROOT, d)))) {
    const rel = relative(ROOT, file)
    const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(src)
        const end = text.lastIndexOf('/')
        const line = src.getLineAndCharacterOfPosition(node.getStart(src)).line + 1
        literals.push({ at: `${rel}:${line}`, source: text.slice(1, end), flags: text.slice(end + 1) })
      }
      if (ts.isNewExpression(node) && node.expression.getText(src) === 'RegExp') built.add(rel)
      ts.forEachChild(node, visit)
    }
    visit(src)
  }
  return { literals, built }
}

const { literals, built } = inventory()

/** Texts from the pattern's own characters and a few common ones: 1–3 runs of a repeated unit. */
function worst(source: string): fc.Arbitrary<string> {
  const own = [...new Set(source.replace(/\\[pPuxc]\{?[\w=]*\}?|\\/g, ''))]
  const alphabet = [...new Set([...own, ' ', '\t', '\n', 'a', 'Z', '1', '.', '"', 'é', '-'])]
  return fc
    .array(
      fc.tuple(
        fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 4 }),
        fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 4000 })),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((segments) => segments.map(([unit, k]) => unit.join('').repeat(k)).join(''))
}

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
