/**
 * `plexus create` and `plexus connect` (seed 001's CLI: `--from-label`, `--matching-mode`) through
 * the bin launcher, as a user runs them: on a data directory with no server, and through a running
 * server. A label is resolved as seed 001's `graph` tool resolves it; one that names two concepts
 * equally, or names one below 90 %, is refused with the candidates and nothing is written.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testServer, type TestServer } from '../test/server-harness.ts'

// Each step is a process start (node, tsx, the store): on a loaded machine a dozen of them outlast
// vitest's default limit. The limit only stops a hung run; every wait is on a process's exit.
const PROCESS_STEPS_LIMIT_MS = 900_000

const BIN = fileURLToPath(new URL('../../bin/plexus.mjs', import.meta.url))
const root = mkdtempSync(join(tmpdir(), 'plexus-cli-graph-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

interface Run {
  code: number
  stdout: string
  stderr: string
}

function plexus(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const env: Record<string, string> = {}
    for (const [k, v] of Object.entries(process.env))
      if (v !== undefined && !k.startsWith('PLEXUS_')) env[k] = v
    execFile(process.execPath, [BIN, ...args], { env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })
    })
  })
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any

async function done(args: string[]): Promise<Any> {
  const r = await plexus(args)
  expect(r.code, `plexus ${args.join(' ')}\n${r.stderr}`).toBe(0)
  return JSON.parse(r.stdout)
}

interface Exported {
  meta: { root: string }
  nodes: Array<{ id: string; summary: string }>
  edges: Array<{ from: string; to: string; type: string }>
}

function cliSuite(label: string, target: () => string[]): void {
  describe(`plexus create / connect on ${label}`, { timeout: PROCESS_STEPS_LIMIT_MS }, () => {
    let n = 0
    const fresh = () => `cli-graph-${n++}`
    const exported = async (graph: string): Promise<Exported> =>
      done(['export', '--graph', graph, '--format', 'json', ...target()])

    it('creates by matching mode and connects by label', async () => {
      const graph = fresh()
      const at = ['--graph', graph, ...target()]
      const cap = await done(['create', 'CAP Theorem', ...at])
      expect(cap.created.label).toBe('CAP Theorem')
      // auto (the default): the same concept again is the one there.
      const again = await done(['create', 'cap theorem', ...at])
      expect(again.created).toBeUndefined()
      expect(again.matched).toMatchObject({ id: cap.created.id, similarity: '100%' })
      // strict: refused, naming the concept it duplicates.
      const strict = await plexus(['create', 'CAP theorem', '--matching-mode', 'strict', ...at])
      expect(strict.code).toBe(1)
      expect(strict.stderr).toContain('CAP Theorem')
      // force: a second one.
      const forced = await done(['create', 'CAP Theorem', '--matching-mode', 'force', ...at])
      expect(forced.created.id).not.toBe(cap.created.id)
      // Create and connect: the new concept hangs from the one --from-label names.
      await done(['create', 'Consistency', ...at])
      const pt = await done([
        'create',
        'Partition Tolerance',
        '--from-label',
        'consistency',
        '--relationship',
        'TRADES_OFF',
        ...at,
      ])
      expect(pt.edge).toMatchObject({ from: { label: 'Consistency' }, to: { label: 'Partition Tolerance' } })
      const edge = await done([
        'connect',
        '--from-label',
        'Partition Tolerance',
        '--to-id',
        forced.created.id,
        '--relationship',
        'requires',
        ...at,
      ])
      expect(edge.edge).toMatchObject({ to: { id: forced.created.id }, type: 'requires', created: true })
      const g = await exported(graph)
      const named = (id: string) => g.nodes.find((x) => x.id === id)?.summary
      expect(g.edges.map((e) => `${named(e.from)} -${e.type}-> ${named(e.to)}`)).toEqual(
        expect.arrayContaining([
          'Consistency -trades_off-> Partition Tolerance',
          'Partition Tolerance -requires-> CAP Theorem',
        ]),
      )
      expect(g.nodes.filter((x) => x.summary === 'CAP Theorem')).toHaveLength(2)
    })

    it('refuses an ambiguous or uncertain label with its candidates, writing nothing', async () => {
      const graph = fresh()
      const at = ['--graph', graph, ...target()]
      for (const c of [
        'Authentication Service',
        'Authorization Service',
        'Database Connection Pool',
        'Cache',
      ])
        await done(['create', c, ...at])
      const before = await exported(graph)

      // "Auth Svc" names both services equally.
      const tie = await plexus(['connect', '--from-label', 'Auth Svc', '--to-label', 'Cache', ...at])
      expect(tie.code).toBe(1)
      expect(tie.stderr).toMatch(/names more than one concept/)
      expect(tie.stderr).toContain('Authentication Service')
      expect(tie.stderr).toContain('Authorization Service')
      // "Pool DB Connection" is the pool at 89 %: not certain.
      const unsure = await plexus([
        'connect',
        '--from-label',
        'Cache',
        '--to-label',
        'Pool DB Connection',
        ...at,
      ])
      expect(unsure.code).toBe(1)
      expect(unsure.stderr).toMatch(/not certain/)
      expect(unsure.stderr).toContain('Database Connection Pool')
      expect(unsure.stderr).toContain('89%')
      // Created in mode auto, it would have been merged into the pool: refused too.
      const merged = await plexus(['create', 'Pool DB Connection', ...at])
      expect(merged.code).toBe(1)
      expect(merged.stderr).toContain('Database Connection Pool')
      // The concept a new one would hang from, uncertain: nothing is created.
      const hung = await plexus(['create', 'Session Store', '--from-label', 'Auth Svc', ...at])
      expect(hung.code).toBe(1)
      expect(hung.stderr).toContain('Authorization Service')

      const after = await exported(graph)
      expect(after.nodes.map((x) => x.summary).sort()).toEqual(before.nodes.map((x) => x.summary).sort())
      expect(after.edges).toEqual(before.edges)

      // force makes a new concept whatever matches; an exact label is certain.
      await done(['create', 'Pool DB Connection', '--matching-mode', 'force', ...at])
      const exact = await done([
        'connect',
        '--from-label',
        'Authentication Service',
        '--to-label',
        'Database Connection Pool',
        ...at,
      ])
      expect(exact.edge.created).toBe(true)
    })

    it('explains bad usage', async () => {
      const mode = await plexus(['create', 'X', '--graph', 'g', '--matching-mode', 'maybe', ...target()])
      expect(mode.code).toBe(2)
      expect(mode.stderr).toContain('strict, auto, force, enrich, explore')
      const ends = await plexus(['connect', '--graph', 'g', '--from-label', 'A', ...target()])
      expect(ends.code).toBe(2)
      expect(ends.stderr).toContain('--to-label')
    })
  })
}

cliSuite('a data directory', () => ['--data', join(root, 'data')])

describe('plexus create / connect through a running server', { timeout: PROCESS_STEPS_LIMIT_MS }, () => {
  let server: TestServer
  beforeAll(async () => {
    server = await testServer()
  })
  afterAll(async () => server?.dispose())

  it('writes through the server, refusing an ambiguous label', async () => {
    const at = () => ['--graph', 'cli-graph-server', '--server', server.url, '--data', join(root, 'unused')]
    await done(['create', 'Authentication Service', ...at()])
    await done(['create', 'Authorization Service', ...at()])
    const made = await done(['create', 'Session Store', '--from-label', 'authentication service', ...at()])
    expect(made.edge).toMatchObject({
      from: { label: 'Authentication Service' },
      to: { label: 'Session Store' },
    })
    const tie = await plexus(['connect', '--from-label', 'Auth Svc', '--to-label', 'Session Store', ...at()])
    expect(tie.code).toBe(1)
    expect(tie.stderr).toContain('Authorization Service')
    const res = await fetch(`${server.url}/api/graphs/cli-graph-server/export?format=json`)
    const g = (await res.json()) as Exported
    expect(
      g.nodes
        .filter((n) => n.id !== g.meta.root)
        .map((n) => n.summary)
        .sort(),
    ).toEqual(['Authentication Service', 'Authorization Service', 'Session Store'])
    expect(g.edges).toHaveLength(1)
  })
})
