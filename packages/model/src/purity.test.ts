/**
 * The model is a pure core: it imports nothing but `yjs` and has no timers, I/O or randomness of
 * its own. Clocks, ids and identity come in as arguments (`openGraph(doc, { actor, now, newId })`);
 * connections live in @plexus/sync-client. This test reads every shipped source file (tests and
 * test harnesses aside) with the TypeScript parser, so comments and strings do not count.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const SRC = new URL('.', import.meta.url).pathname

/** Names that reach outside a pure function: the platform's timers, clocks, randomness and I/O. */
const FORBIDDEN = new Set([
  'globalThis',
  'window',
  'self',
  'process',
  'crypto',
  'setTimeout',
  'setInterval',
  'setImmediate',
  'queueMicrotask',
  'requestAnimationFrame',
  'performance',
  'fetch',
  'WebSocket',
  'localStorage',
  'indexedDB',
  'require',
])
/** `Math.random()`, `Date.now()`, `new Date()`: hidden inputs a caller cannot control. */
const FORBIDDEN_MEMBERS = new Set(['Math.random', 'Date.now'])

function shipped(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'test') out.push(...shipped(path))
    } else if (
      entry.name.endsWith('.ts') &&
      !entry.name.endsWith('.test.ts') &&
      entry.name !== 'test-helpers.ts'
    ) {
      out.push(path)
    }
  }
  return out
}

/** Everything in one file that breaks the rule, as `file: what`. */
export function impurities(file: string, text: string): string[] {
  const found: string[] = []
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const from = node.moduleSpecifier.text
      if (from !== 'yjs' && !from.startsWith('./') && !from.startsWith('../')) found.push(`imports ${from}`)
      return
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      found.push('a dynamic import')
    } else if (ts.isPropertyAccessExpression(node)) {
      const name = `${node.expression.getText(source)}.${node.name.text}`
      if (FORBIDDEN_MEMBERS.has(name)) found.push(name)
      // `x.setTimeout` is a member of x, not the platform's: only the object side is checked.
      visit(node.expression)
      return
    } else if (ts.isNewExpression(node) && node.expression.getText(source) === 'Date') {
      if (!node.arguments || node.arguments.length === 0) found.push('new Date()')
    } else if (ts.isIdentifier(node) && FORBIDDEN.has(node.text)) {
      const parent = node.parent
      // A property name or key that happens to read `process` is not the global.
      const isKey =
        (ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node
      if (!isKey) found.push(node.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found.map((what) => `${relative(SRC, file)}: ${what}`)
}

describe('the model is pure', () => {
  it('imports nothing but yjs and names no timer, clock, randomness or I/O', () => {
    const files = shipped(SRC)
    expect(files.length).toBeGreaterThan(30)
    const found = files.flatMap((f) => impurities(f, readFileSync(f, 'utf8')))
    expect(found).toEqual([])
  })

  it('catches each kind of impurity (so the check above can fail)', () => {
    const bad = [
      "import { WebSocket } from 'ws'",
      "export { x } from 'node:fs'",
      'const t = setTimeout(() => {}, 1)',
      'const r = Math.random()',
      'const n = Date.now()',
      'const d = new Date()',
      'const g = globalThis as { x: 1 }',
      'const id = crypto.randomUUID()',
      "const m = await import('./x.ts')",
    ].join('\n')
    expect(impurities(join(SRC, 'bad.ts'), bad).map((s) => s.replace('bad.ts: ', ''))).toEqual([
      'imports ws',
      'imports node:fs',
      'setTimeout',
      'Math.random',
      'Date.now',
      'new Date()',
      'globalThis',
      'crypto',
      'a dynamic import',
    ])
    const fine = [
      "import * as Y from 'yjs'",
      "import { x } from './x.ts'",
      '// setTimeout and Math.random in a comment',
      "const s = 'crypto in a string'",
      'const o = { process: 1, setTimeout: 2 }',
      'const d = new Date(5)',
      'o.process',
    ].join('\n')
    expect(impurities(join(SRC, 'fine.ts'), fine)).toEqual([])
  })
})
