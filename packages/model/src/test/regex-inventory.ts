/**
 * Every regular expression literal written in the code that reads input, found by reading the sources
 * with the TypeScript parser, and the texts most likely to make each one backtrack: its own characters
 * and a few common ones, repeated and nested (fast-check). Shared by the in-process property test
 * (formats/inventory.test.ts, within the backtrack budget of regex-budget.ts) and the reliability
 * suite's access phase, which sends the same generated texts to a running server's importers.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import fc from 'fast-check'
import ts from 'typescript'

export const ROOT = new URL('../../../../', import.meta.url).pathname
/** Where input is read: the model (its parsers), the server, the web app's note renderer. */
export const DIRS = [
  'packages/model/src',
  'packages/formats/src',
  'apps/sync/src',
  'apps/web/src/inspector',
  'apps/web/src/io',
]

function sources(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) {
      if (e.name !== 'test' && e.name !== 'corpus' && e.name !== 'node_modules') sources(p, out)
    } else if (/\.tsx?$/.test(e.name) && !/\.(test|spec|bench)\.tsx?$|\.d\.ts$/.test(e.name)) out.push(p)
  }
  return out
}

export interface Found {
  at: string
  source: string
  flags: string
}

export function inventory(dirs: readonly string[] = DIRS): { literals: Found[]; built: Set<string> } {
  const literals: Found[] = []
  const built = new Set<string>()
  for (const file of dirs.flatMap((d) => sources(join(ROOT, d)))) {
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

/** Texts from the pattern's own characters and a few common ones: 1–3 runs of a repeated unit. */
export function worst(source: string): fc.Arbitrary<string> {
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
