/**
 * Every tool error carries its failure code (a string of the one union, packages/model's failures.ts)
 * where a program reads it, `structuredContent: {reason, message}`, beside the words an agent reads in
 * `content`: an agent branches on `graph_not_found` instead of parsing prose.
 *
 * In process: generated calls to every tool of every surface (names real and made up, arguments from
 * each tool's schema bound to graphs and nodes that are and are not there, read and write roles, a
 * source whose storage refuses or that breaks) — each error names a code of the union, with the
 * message its text holds. Over the wire: the same refusals through the official SDK client over
 * Streamable HTTP and over stdio (`plexus mcp`) carry the same codes.
 *
 * Seeded: PLEXUS_SEED=N replays a run (the seed is printed).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import {
  FAILURE_CODES,
  initGraph,
  isFailureCode,
  openGraph,
  createNodes,
  type FailureCode,
} from '@plexus/model'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { testServer, type TestServer } from '@plexus/sync/test-server'
import { callTool } from './catalog.ts'
import type { CallContext, GraphSource } from './context.ts'
import { SURFACES, SURFACE_NAMES, type Surface } from './surfaces.ts'
import { argsFor, bind } from './test/arbitrary.ts'
import { SYMBOLIC } from './test/fixture.ts'
import { httpAgent, stdioAgent, type Agent } from './test/clients.ts'

// Fixed (issue 31): a default drawn by Math.random() tried a new seed every run, so one run in N
// failed on a case nobody had seen. PLEXUS_SEED=N runs another.
const DEFAULT_SEED = 20261129
const SEED = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)
const RUNS = Number(process.env.PLEXUS_PROPERTY_RUNS ?? 300)
console.log(`failure-codes.test: PLEXUS_SEED=${SEED} PLEXUS_PROPERTY_RUNS=${RUNS}`)

const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('')

/** The whole check of one error: a code of the union, and the message the text holds. */
function coded(r: CallToolResult): FailureCode {
  const s = r.structuredContent as { reason?: unknown; message?: unknown } | undefined
  if (!s || !isFailureCode(s.reason))
    throw new Error(`an error without a code of the union: ${JSON.stringify(r).slice(0, 300)}`)
  if (s.message !== textOf(r)) throw new Error(`message ${String(s.message)} is not the text ${textOf(r)}`)
  return s.reason
}

type Storage = 'works' | 'refuses' | 'breaks'

/** One graph `g` (a root and two tasks) in memory, behind a source whose opening works, refuses or breaks. */
function context(role: 'read' | 'write', storage: Storage): CallContext {
  const doc = new Y.Doc()
  let n = 0
  const g = openGraph(doc, { actor: 'setup', now: () => 0, newId: () => `n_${n++}` })
  initGraph(g, { id: 'g', goal: 'test' })
  createNodes(g, [{ summary: 'Write the API' }, { summary: 'Write tests' }])
  const open: GraphSource['open'] = async (id) => {
    if (storage === 'refuses') {
      // What the server's registry throws when storage refused a write (relay.ts's PersistError).
      const e = new Error('storage refused the update (database or disk is full)')
      e.name = 'PersistError'
      throw e
    }
    if (storage === 'breaks') throw new TypeError('cannot read properties of undefined')
    return id === 'g' ? { doc, release: () => {} } : null
  }
  const source: GraphSource = { list: async () => [{ id: 'g', title: 'g', nodes: 3, edges: 0 }], open }
  return { actor: 'agent', role, session: 's', source, newId: () => `n_new${n++}`, now: () => 0 }
}

/** Symbolic ids bound to what is there (`g`, n_1) and what is not. */
const REAL = {
  '§project': 'g',
  '§session': 's',
  '§cwd': '/tmp',
  ...Object.fromEntries(SYMBOLIC.ids.map((id, i) => [id, i < 2 ? `n_${i + 1}` : `n_gone${i}`])),
}

const every = SURFACE_NAMES.flatMap((s) => SURFACES[s].map((t) => [s, t] as const))

const call = fc.record({
  pick: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...every) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((name) => ['work' as Surface, name] as const) },
  ),
  role: fc.constantFrom('read' as const, 'write' as const),
  storage: fc.constantFrom<Storage>('works', 'works', 'works', 'refuses', 'breaks'),
  // Mostly arguments the tool's schema accepts; now and then anything at all.
  raw: fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })) },
  ),
  seed: fc.integer(),
})

describe('every tool error carries a code of the union', () => {
  it('generated calls to every tool, with every way of failing', { timeout: 600_000 }, async () => {
    const seen = new Set<FailureCode>()
    let errors = 0
    const property = fc.asyncProperty(call, async ({ pick, role, storage, raw, seed }) => {
      const [surface, t] = pick
      const name = typeof t === 'string' ? t : t.name
      let args: unknown = raw
      if (args === null && typeof t !== 'string')
        args = bind(fc.sample(argsFor(t.name, t.input, SYMBOLIC), { seed, numRuns: 1 })[0], REAL)
      const r = await callTool(context(role, storage), name, args, surface)
      if (!r.isError) return
      errors++
      const code = coded(r)
      seen.add(code)
      // Each path's own code: the text says which path it took.
      const text = textOf(r)
      if (/^no tool named/.test(text)) expect(code).toBe('invalid_argument')
      if (/^invalid arguments for/.test(text)) expect(code).toBe('invalid_argument')
      if (/has a read-only token/.test(text)) expect(code).toBe('forbidden')
      if (/was not saved: storage refused/.test(text)) expect(code).toBe('storage_unavailable')
      if (/failed inside the server/.test(text)) expect(code).toBe('internal')
    })
    const out = await fc.check(property, { seed: SEED, numRuns: RUNS, endOnFailure: true })
    if (out.failed) {
      const e = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance)
      expect.fail(`PLEXUS_SEED=${SEED} (path ${out.counterexamplePath}): ${e}`)
    }
    console.log(
      `failure-codes.test: ${errors} errors of ${RUNS} calls, codes: ${[...seen].sort().join(', ')}`,
    )
    // The run reached the paths that matter, not only argument errors.
    expect(seen.size).toBeGreaterThanOrEqual(4)
    expect([...seen].every((c) => FAILURE_CODES.includes(c))).toBe(true)
  })

  it('each path of callTool, named', async () => {
    const code = async (ctx: CallContext, name: string, args: unknown) => {
      const r = await callTool(ctx, name, args)
      expect(r.isError).toBe(true)
      return coded(r)
    }
    const ok = context('write', 'works')
    expect(await code(ok, 'graph_qeury', {})).toBe('invalid_argument')
    expect(await code(context('read', 'works'), 'graph_plan', { project: 'g', nodes: [] })).toBe('forbidden')
    expect(await code(ok, 'graph_query', { project: 'g', limt: 5 })).toBe('invalid_argument')
    expect(await code(ok, 'graph_query', { project: 'nowhere' })).toBe('graph_not_found')
    expect(await code(ok, 'graph_context', { project: 'g', node_id: 'n_nothing' })).toBe('node_not_found')
    expect(await code(context('write', 'refuses'), 'graph_query', { project: 'g' })).toBe(
      'storage_unavailable',
    )
    expect(await code(context('write', 'breaks'), 'graph_query', { project: 'g' })).toBe('internal')
  })
})

describe('the same codes over the wire', () => {
  let server: TestServer
  let cacheDir = ''
  const agents: Array<[string, Agent]> = []
  beforeAll(async () => {
    server = await testServer({
      tokens: [
        { name: 'writer', role: 'write', token: 'writer-token-1' },
        { name: 'reader', role: 'read', token: 'reader-token-1' },
      ],
    })
    cacheDir = mkdtempSync(join(tmpdir(), 'plexus-codes-'))
    const writer = await httpAgent(server.url, { token: 'writer-token-1' })
    await writer.client.callTool({ name: 'graph_open', arguments: { project: 'g', goal: 'Codes' } })
    agents.push(['http', writer])
    agents.push(['stdio', await stdioAgent({ server: server.url, cacheDir, token: 'writer-token-1' })])
    agents.push(['http, read token', await httpAgent(server.url, { token: 'reader-token-1' })])
  }, 120_000)
  afterAll(async () => {
    for (const [, a] of agents) await a.close()
    await server?.dispose()
    if (cacheDir) rmSync(cacheDir, { recursive: true, force: true })
  })

  it('HTTP and stdio answer each refusal with its code', async () => {
    const cases: Array<[string, Record<string, unknown>, FailureCode]> = [
      ['graph_qeury', {}, 'invalid_argument'],
      ['graph_query', { project: 'g', limt: 5 }, 'invalid_argument'],
      ['graph_query', { project: 'nowhere' }, 'graph_not_found'],
      ['graph_context', { project: 'g', node_id: 'n_nothing' }, 'node_not_found'],
    ]
    for (const [via, agent] of agents.slice(0, 2))
      for (const [name, args, want] of cases) {
        const r = (await agent.client.callTool({ name, arguments: args })) as CallToolResult
        expect([via, name, r.isError, coded(r)]).toEqual([via, name, true, want])
      }
    const [, reader] = agents[2]!
    const r = (await reader.client.callTool({
      name: 'graph_plan',
      arguments: { project: 'g', nodes: [{ summary: 'x' }] },
    })) as CallToolResult
    expect(coded(r)).toBe('forbidden')
  })
})
