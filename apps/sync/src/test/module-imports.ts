/**
 * The modules a process loads from an entry file, read from the source with the TypeScript parser
 * (so comments and strings do not count), as packages/model's purity test reads the model. Relative
 * imports and the workspace's own packages (`@plexus/*`) are followed; any other package is recorded
 * by name and not entered. `import type` is erased and does not count; `import { type X }` does, since
 * with `verbatimModuleSyntax` it stays as an import of the module for its side effects.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

const ROOT = resolve(new URL('../../../..', import.meta.url).pathname)

/** `@plexus/name` → its entry file, from the workspace package's `exports["."]`. */
function workspaceEntry(specifier: string): string | undefined {
  const [scope, name, ...sub] = specifier.split('/')
  if (scope !== '@plexus' || !name) return undefined
  for (const dir of ['packages', 'apps']) {
    const pkgFile = join(ROOT, dir, name, 'package.json')
    if (!existsSync(pkgFile)) continue
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { exports?: Record<string, string> }
    const target = pkg.exports?.[sub.length ? `./${sub.join('/')}` : '.']
    if (target) return join(dirname(pkgFile), target)
  }
  return undefined
}

function resolveRelative(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier)
  for (const candidate of [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')])
    if (existsSync(candidate) && candidate.endsWith('.ts')) return candidate
  throw new Error(`${relative(ROOT, from)} imports ${specifier}, which is not a .ts file here`)
}

/** The module specifiers one file loads: static imports and re-exports, and `import('…')` when asked. */
export function importsOf(file: string, text: string, opts: { dynamic: boolean }): string[] {
  const found: string[] = []
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.importClause?.isTypeOnly) found.push(node.moduleSpecifier.text)
      return
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text)
      return
    }
    if (
      opts.dynamic &&
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

export interface Reach {
  /** Source files of this repository, relative to its root. */
  files: string[]
  /** Other packages imported from those files, each with the first file that imports it. */
  packages: Map<string, string>
}

/**
 * Every file reachable from `entries`, following dynamic imports only where `dynamic` says so
 * (a CLI that loads a command's code when that command runs).
 */
export function reach(entries: string[], dynamic: (file: string) => boolean = () => true): Reach {
  const seen = new Set<string>()
  const packages = new Map<string, string>()
  const queue = entries.map((e) => resolve(e))
  while (queue.length) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const specifier of importsOf(file, readFileSync(file, 'utf8'), { dynamic: dynamic(file) })) {
      if (specifier.startsWith('node:')) continue
      if (specifier.startsWith('.')) {
        queue.push(resolveRelative(file, specifier))
        continue
      }
      const entry = workspaceEntry(specifier)
      if (entry) {
        queue.push(entry)
        continue
      }
      const name = specifier.startsWith('@')
        ? specifier.split('/').slice(0, 2).join('/')
        : specifier.split('/')[0]!
      if (!packages.has(name)) packages.set(name, relative(ROOT, file))
    }
  }
  return { files: [...seen].map((f) => relative(ROOT, f)).sort(), packages }
}
