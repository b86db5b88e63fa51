/**
 * The house, checked as packages/model's purity test checks the model: every shipped source file of
 * the workspace's packages and apps (tests and test harnesses aside) is read with the TypeScript
 * parser and its imports followed. Three rules (docs/architecture.md draws the house):
 * - an import goes down, never up or sideways: a package imports only packages on a lower floor
 *   (model; store-contract and sync-client; tools; the agent and the web app; the server), through
 *   their public entries (`@plexus/name`, a subpath its package.json exports), never a path into
 *   another package's folder;
 * - inside the server (apps/sync/src, by concern), storage and access import no other folder of it, the
 *   relay only those, fan-out only those and the relay, the registry (graphs/) only those, claims those
 *   and the registry, the doors (http/) all of these; start-server.ts and cli/ on top (SERVER_FLOORS);
 * - no cycle among modules, but the two this test found when it was written, named below (each a
 *   pair of functions calling across two files, harmless at load, and in code this change did not
 *   touch): a new cycle fails, and so does one of these once it is gone, until it is struck off.
 * Tests may reach up (the tools' tests run against a real server, `@plexus/sync/test-server`): what a
 * test loads is not what a package ships. The agent's module set is apps/agent/src/agent-imports.test.ts's.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importsOf } from './test/module-imports.ts'

const ROOT = resolve(new URL('../../..', import.meta.url).pathname)

/** The floors, lowest first: a package imports only from a lower one. */
const FLOORS: Record<string, { dir: string; floor: number }> = {
  model: { dir: 'packages/model', floor: 0 },
  'store-contract': { dir: 'packages/store-contract', floor: 1 },
  'sync-client': { dir: 'packages/sync-client', floor: 1 },
  formats: { dir: 'packages/formats', floor: 1 },
  tools: { dir: 'packages/tools', floor: 2 },
  agent: { dir: 'apps/agent', floor: 3 },
  web: { dir: 'apps/web', floor: 3 },
  sync: { dir: 'apps/sync', floor: 4 },
}

const isTest = (rel: string) => /\.test\.tsx?$/.test(rel) || /(^|\/)test\//.test(rel) || rel.endsWith('.d.ts')

function shipped(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.tsx?$/.test(entry.name) && !isTest(relative(ROOT, path))) out.push(path)
    }
  }
  walk(join(ROOT, dir, 'src'))
  return out
}

const packageOf = (file: string): string | undefined =>
  Object.keys(FLOORS).find((name) => file.startsWith(join(ROOT, FLOORS[name]!.dir) + '/'))

function resolveFile(base: string): string | undefined {
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]
  return candidates.find((c) => /\.tsx?$/.test(c) && existsSync(c))
}

/** `@plexus/name[/sub]` → its entry file, from the package's `exports`. */
function workspaceEntry(specifier: string): string | undefined {
  const [scope, name, ...sub] = specifier.split('/')
  if (scope !== '@plexus' || !name || !FLOORS[name]) return undefined
  const dir = join(ROOT, FLOORS[name].dir)
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    exports?: Record<string, string>
  }
  const target = pkg.exports?.[sub.length ? `./${sub.join('/')}` : '.']
  return target ? join(dir, target) : undefined
}

interface Edge {
  from: string
  to: string
  /** How it was named: a relative path or a package entry. */
  via: 'path' | 'entry'
}

/** Every import between the workspace's shipped files (static and `import()`; `import type` is erased). */
function edges(): Edge[] {
  const out: Edge[] = []
  for (const name of Object.keys(FLOORS)) {
    for (const file of shipped(FLOORS[name]!.dir)) {
      for (const spec of importsOf(file, readFileSync(file, 'utf8'), { dynamic: true })) {
        if (spec.startsWith('.')) {
          const to = resolveFile(resolve(dirname(file), spec))
          if (to) out.push({ from: file, to, via: 'path' })
        } else if (spec.startsWith('@plexus/')) {
          const to = workspaceEntry(spec)
          if (!to)
            throw new Error(`${relative(ROOT, file)} imports ${spec}, which its package does not export`)
          out.push({ from: file, to, via: 'entry' })
        }
      }
    }
  }
  return out
}

/** The imports that break the floors: up, sideways, or into another package's folder. */
function violations(all: readonly Edge[]): string[] {
  const out: string[] = []
  for (const e of all) {
    const a = packageOf(e.from)
    const b = packageOf(e.to)
    if (!a || !b || a === b) continue
    const why =
      e.via === 'path'
        ? `reaches into ${b}'s folder`
        : FLOORS[b]!.floor >= FLOORS[a]!.floor
          ? `imports ${b}, on floor ${FLOORS[b]!.floor}, from floor ${FLOORS[a]!.floor}`
          : undefined
    if (why) out.push(`${relative(ROOT, e.from)} ${why} (${relative(ROOT, e.to)})`)
  }
  return out
}

/**
 * The server's own floors (apps/sync/src by concern, issue 25): a file in one of these folders imports
 * from another folder of src/ only if that folder is on a lower floor here. Storage imports no relay,
 * the relay no fan-out, registry, HTTP or MCP code; claims/, http/ and cli/ compose them.
 */
const SERVER_FLOORS: Record<string, number> = {
  access: 0,
  storage: 0,
  // A leaf beside the folders: the build's version, read by the doors and the CLI.
  'sync-version.ts': 0,
  relay: 1,
  fanout: 2,
  graphs: 3,
  // Who gets a node when agents ask at once; its HTTP door is http's (http/claims-route.ts).
  claims: 4,
  // The doors (REST, WebSocket, MCP over HTTP). Above all: start-server.ts, which assembles the server,
  // and cli/, which starts it (serve) and runs the graph commands through the same doors.
  http: 5,
}
const SERVER_SRC = join(ROOT, 'apps/sync/src') + '/'

/** The folder of apps/sync/src a file sits in (the file's own name for one in src/ itself), or undefined outside it. */
const serverFolderOf = (file: string): string | undefined =>
  file.startsWith(SERVER_SRC) ? file.slice(SERVER_SRC.length).split('/')[0] : undefined

/** The imports inside apps/sync/src that go up or sideways among SERVER_FLOORS. */
function serverViolations(all: readonly Edge[]): string[] {
  const out: string[] = []
  for (const e of all) {
    const a = serverFolderOf(e.from)
    const b = serverFolderOf(e.to)
    if (a === undefined || b === undefined || a === b || SERVER_FLOORS[a] === undefined) continue
    const floor = SERVER_FLOORS[b]
    if (floor === undefined || floor >= SERVER_FLOORS[a])
      out.push(
        `${relative(ROOT, e.from)} (${a}, floor ${SERVER_FLOORS[a]}) imports ${relative(ROOT, e.to)} (${b})`,
      )
  }
  return out
}

/** Groups of modules that import one another round (Tarjan's strongly connected components). */
function cycles(all: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>()
  for (const e of all) next.set(e.from, [...(next.get(e.from) ?? []), e.to])
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const on = new Set<string>()
  const found: string[][] = []
  let n = 0
  const visit = (v: string) => {
    index.set(v, n)
    low.set(v, n++)
    stack.push(v)
    on.add(v)
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    // v is the root of a component: everything above it on the stack.
    const members = stack.splice(stack.lastIndexOf(v))
    for (const w of members) on.delete(w)
    if (members.length > 1 || next.get(v)?.includes(v))
      found.push(members.map((w) => relative(ROOT, w)).sort())
  }
  for (const v of next.keys()) if (!index.has(v)) visit(v)
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!))
}

/** Cycles there were before this test, in floors this change did not touch (see the header). */
const KNOWN_CYCLES = [
  ['apps/web/src/sync/db.ts', 'apps/web/src/sync/dexie-store.ts'],
  ['packages/model/src/appearance.ts', 'packages/model/src/graph.ts', 'packages/model/src/validate.ts'],
]

describe('the house', () => {
  const all = edges()

  it('imports go down a floor, through public entries', () => {
    expect(violations(all)).toEqual([])
    // Every floor is read: an empty walk would pass anything.
    for (const name of Object.keys(FLOORS))
      expect(shipped(FLOORS[name]!.dir).length, `${name}'s files`).toBeGreaterThan(0)
    expect(all.filter((e) => packageOf(e.from) !== packageOf(e.to)).length).toBeGreaterThan(20)
  })

  it("keeps the server's folders on their floors (storage and access, relay, fan-out, registry)", () => {
    expect(serverViolations(all)).toEqual([])
    // Every floored folder is read and imports something: an empty walk would pass anything.
    const from = new Set(all.map((e) => serverFolderOf(e.from)))
    for (const folder of Object.keys(SERVER_FLOORS)) {
      if (SERVER_FLOORS[folder] === 0) continue // the ground floor may import no folder
      expect(from.has(folder), `${folder}'s imports`).toBe(true)
    }
    for (const folder of Object.keys(SERVER_FLOORS))
      expect(existsSync(join(SERVER_SRC, folder)), folder).toBe(true)
  })

  it('has no cycle among modules', () => {
    expect(cycles(all)).toEqual(KNOWN_CYCLES)
  })

  it('finds an import up, one into another package, and a cycle (so the checks above can fail)', () => {
    const tools = join(ROOT, 'packages/tools/src/context.ts')
    const server = join(ROOT, 'apps/sync/src/start-server.ts')
    const model = join(ROOT, 'packages/model/src/graph.ts')
    expect(violations([{ from: tools, to: server, via: 'entry' }])).toHaveLength(1)
    expect(violations([{ from: server, to: model, via: 'path' }])).toHaveLength(1)
    expect(violations([{ from: server, to: model, via: 'entry' }])).toEqual([])
    const relay = join(ROOT, 'apps/sync/src/relay/relay.ts')
    const store = join(ROOT, 'apps/sync/src/storage/sqlite-store.ts')
    const mcp = join(ROOT, 'apps/sync/src/http/mcp/http.ts')
    expect(serverViolations([{ from: relay, to: mcp, via: 'path' }])).toHaveLength(1)
    expect(serverViolations([{ from: store, to: relay, via: 'path' }])).toHaveLength(1)
    expect(serverViolations([{ from: relay, to: store, via: 'path' }])).toEqual([])
    expect(serverViolations([{ from: mcp, to: relay, via: 'path' }])).toEqual([])
    // The claims arbiter under the HTTP door, the two doors apart, the assembly above all.
    const arbiter = join(ROOT, 'apps/sync/src/claims/arbiter.ts')
    const failures = join(ROOT, 'apps/sync/src/http/rest-failures.ts')
    const cli = join(ROOT, 'apps/sync/src/cli/cli.ts')
    expect(serverViolations([{ from: arbiter, to: failures, via: 'path' }])).toHaveLength(1)
    expect(serverViolations([{ from: mcp, to: arbiter, via: 'path' }])).toEqual([])
    expect(serverViolations([{ from: mcp, to: server, via: 'path' }])).toHaveLength(1)
    expect(serverViolations([{ from: mcp, to: cli, via: 'path' }])).toHaveLength(1)
    expect(serverViolations([{ from: cli, to: server, via: 'path' }])).toEqual([])
    expect(
      cycles([
        { from: tools, to: model, via: 'entry' },
        { from: model, to: tools, via: 'entry' },
      ]),
    ).toHaveLength(1)
  })
})
