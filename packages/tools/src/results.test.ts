/**
 * Results never lie: every tool of every surface (`/mcp`, `/mcp/engine`, `/mcp/memory`), driven by
 * the official SDK client against a real server with arguments generated from its own input schema
 * (test/arbitrary.ts: from no items to the documented maximum, every mode and option, labels that
 * collide and labels that do not). Each answer must be exactly what the tool's output schema
 * declares, with every time in ISO 8601, and a valid call may be refused only with the tool's own reason (a ToolError), never
 * with "this is a bug". A tool added to a surface is driven here without a line written for it.
 *
 * Seeded: PLEXUS_SEED=N replays a run (the seed is printed), PLEXUS_PROPERTY_RUNS=N runs more per
 * tool. Inputs that failed once are kept below as named regressions.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { isFailureCode } from '@plexus/model'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testServer, type TestServer } from '@plexus/sync/test-server'
import { argsFor, bind } from './test/arbitrary.ts'
import { httpAgent, ok, type Agent } from './test/clients.ts'
import { HUB_DEPENDENTS, SYMBOLIC, memoryFixture, workFixture } from './test/fixture.ts'
import { SURFACES, SURFACE_NAMES, SURFACE_PATH, type Surface } from './surfaces.ts'
import type { Tool } from './tool.ts'

// Fixed (issue 31): a default drawn by Math.random() tried a new seed every run, so one run in N
// failed on a case nobody had seen. PLEXUS_SEED=N runs another.
const DEFAULT_SEED = 20261129
const SEED = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)
const RUNS = Number(process.env.PLEXUS_PROPERTY_RUNS ?? 6)
console.log(`results.test: PLEXUS_SEED=${SEED} PLEXUS_PROPERTY_RUNS=${RUNS}`)

/** What a server says when it broke, not when it refused: never an answer to a valid call. */
const BUG = /does not match its output schema|failed inside the server|this is a bug|invalid arguments for/

/** The whole check of one answer: isError only with a reason, else exactly the declared result. */
function verdict(t: Tool, r: CallToolResult): string | null {
  const text = r.content.map((c) => (c.type === 'text' ? c.text : '')).join('')
  if (r.isError) {
    if (BUG.test(text)) return `refused as a bug: ${text}`
    // The refusal's code, where a program reads it: a code of the one vocabulary.
    const reason = (r.structuredContent as { reason?: unknown } | undefined)?.reason
    return isFailureCode(reason) ? null : `refused without a failure code: ${text}`
  }
  const data = r.structuredContent
  if (!data) return 'no structuredContent'
  const parsed = t.output.safeParse(data)
  if (!parsed.success) return `outside its output schema: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`
  if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(data)) return 'text differs from structuredContent'
  const epoch = times(data).find((x) => typeof x !== 'string' || !ISO.test(x))
  if (epoch !== undefined) return `a time not in ISO 8601: ${JSON.stringify(epoch)}`
  return null
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

/** get_graph_info's counts, keyed by a user's words: a kind or relationship named "at" is no time. */
const USER_KEYED = new Set(['node_types', 'relation_types'])

/** Every value under a key that names a time (`at`, `…_at`, `…_until`, `timestamp`), anywhere. */
function times(v: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(v)) v.forEach((x) => times(x, out))
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      if (USER_KEYED.has(k)) continue
      if (/(^|_)(at|until)$|^timestamp$/.test(k) && x !== null) out.push(x)
      else times(x, out)
    }
  return out
}

/** A generated argument list in a sentence: sizes, not the 2,000 items. */
function shape(args: unknown): string {
  return JSON.stringify(args, (_k, v: unknown) =>
    Array.isArray(v) && v.length > 4 ? `[${v.length} items]` : v,
  ).slice(0, 600)
}

let server: TestServer
const agents = new Map<Surface, Agent>()
const work = () => agents.get('work')!.client

beforeAll(async () => {
  server = await testServer()
  for (const s of SURFACE_NAMES) agents.set(s, await httpAgent(server.url, { path: SURFACE_PATH[s] }))
})

afterAll(async () => {
  for (const a of agents.values()) await a.close()
  await server?.dispose()
})

async function fixture(surface: Surface): Promise<Record<string, string>> {
  return surface === 'memory' ? memoryFixture(agents.get('memory')!.client) : workFixture(work())
}

async function callOn(surface: Surface, t: Tool, args: Record<string, unknown>) {
  const client: Client = agents.get(surface)!.client
  return (await client.callTool({ name: t.name, arguments: args })) as CallToolResult
}

describe('every tool answers what its output schema declares, for generated valid input', () => {
  it('drives every tool each surface serves', async () => {
    for (const surface of SURFACE_NAMES) {
      const { tools } = await agents.get(surface)!.client.listTools()
      expect(tools.map((t) => t.name).sort()).toEqual(SURFACES[surface].map((t) => t.name).sort())
    }
  })

  for (const surface of SURFACE_NAMES) {
    SURFACES[surface].forEach((t, i) => {
      it(`${SURFACE_PATH[surface]} ${t.name}`, { timeout: 600_000 }, async () => {
        const seed = SEED + i + 1000 * SURFACE_NAMES.indexOf(surface)
        const property = fc.asyncProperty(argsFor(t.name, t.input, SYMBOLIC), async (symbolic) => {
          const args = bind(symbolic, await fixture(surface)) as Record<string, unknown>
          const valid = t.input.safeParse(args)
          if (!valid.success) throw new Error(`generator made invalid input: ${valid.error.message}`)
          const r = await callOn(surface, t, args)
          const why = verdict(t, r)
          if (why) throw new Error(`${t.name} ${shape(args)}: ${why}`)
          if (r.isError) refusals.push(r.content.map((c) => (c.type === 'text' ? c.text : '')).join(''))
          else answered++
        })
        let answered = 0
        const refusals: string[] = []
        const r = await fc.check(property, { seed, numRuns: RUNS, endOnFailure: true })
        if (r.failed) {
          const e = r.errorInstance instanceof Error ? r.errorInstance.message : String(r.errorInstance)
          expect.fail(`PLEXUS_SEED=${SEED} (tool seed ${seed}, path ${r.counterexamplePath}): ${e}`)
        }
        if (process.env.PLEXUS_PROPERTY_VERBOSE)
          console.log(
            `${t.name}: ${answered} answered, refused: ${refusals.map((x) => x.slice(0, 90)).join(' | ')}`,
          )
      })
    })
  }
})

/** Inputs the property found on the build before results were declared: each must answer cleanly. */
describe('named regressions', () => {
  const tool = (s: Surface, name: string) => SURFACES[s].find((t) => t.name === name)!
  const clean = async (s: Surface, name: string, args: Record<string, unknown>) => {
    const t = tool(s, name)
    const r = await callOn(s, t, args)
    expect(verdict(t, r)).toBeNull()
    return r.structuredContent as Record<string, unknown>
  }

  it('graph_plan of 201 to 2,000 nodes returns every created id', { timeout: 120_000 }, async () => {
    const real = await workFixture(work())
    for (const n of [201, 2000]) {
      const nodes = Array.from({ length: n }, (_, i) => ({ ref: `r${i}`, summary: `Step ${i}` }))
      const r = await clean('work', 'graph_plan', { project: real['§project'], mode: 'force', nodes })
      expect((r.created as unknown[]).length).toBe(n)
    }
  })

  it('graph_update that unblocks more than 20 nodes lists them all', async () => {
    const real = await workFixture(work())
    const r = await clean('work', 'graph_update', { updates: [{ node_id: real['§n0'], resolved: true }] })
    // the hub's dependents, and "Write the API", which waits on nothing else
    expect((r.newly_actionable as unknown[]).length).toBe(HUB_DEPENDENTS + 1)
  })

  it('graph_restructure drop that unblocks more than 20 nodes lists them all', async () => {
    const real = await workFixture(work())
    const r = await clean('work', 'graph_restructure', {
      operations: [{ op: 'drop', node_id: real['§n0'], reason: 'bought a hosted database' }],
    })
    expect((r.newly_actionable as unknown[]).length).toBe(HUB_DEPENDENTS + 1)
  })

  it('graph_plan in explore mode names its possible duplicates', async () => {
    const real = await workFixture(work())
    const r = await clean('work', 'graph_plan', {
      project: real['§project'],
      mode: 'explore',
      nodes: [{ ref: 'x', summary: 'Write the API' }],
    })
    expect(r.possible_duplicates ?? r.matched).toBeDefined()
  })

  it('add_knowledge and add_facts above 200 new names name every node they created', async () => {
    const real = await workFixture(work())
    const lines = Array.from({ length: 250 }, (_, i) => `Part ${i} depends_on Part ${i + 1000}`)
    const k = await clean('engine', 'add_knowledge', { graph: real['§project'], knowledge: lines.join('\n') })
    expect((k.created as unknown[]).length).toBe(500)
    const facts = Array.from({ length: 250 }, (_, i) => ({ from: `Unit ${i}`, rel: 'uses', to: `Lib ${i}` }))
    const f = await clean('engine', 'add_facts', { graph: real['§project'], facts })
    expect((f.created as unknown[]).length).toBe(500)
    const g = await clean('work', 'graph_add_facts', {
      project: real['§project'],
      facts: facts.map((x) => ({ ...x, from: `${x.from}b`, to: `${x.to}b` })),
    })
    expect((g.created as unknown[]).length).toBe(500)
  })

  it('graph_session checkpoint and list say when in ISO 8601 (found with PLEXUS_SEED=1565249221)', async () => {
    const real = await workFixture(work())
    const project = real['§project']
    await clean('work', 'graph_session', { project, action: 'checkpoint', name: 'u', note: 'before lunch' })
    const list = await clean('work', 'graph_session', { project, action: 'list' })
    expect((list.checkpoints as unknown[]).length).toBe(1)
  })

  it('graph_context of a node with more than 50 dependents counts the ones it leaves out', async () => {
    const real = await workFixture(work())
    const nodes = Array.from({ length: 30 }, (_, i) => ({
      summary: `Report ${i}`,
      depends_on: [real['§n0']],
    }))
    await clean('work', 'graph_plan', { project: real['§project'], mode: 'force', nodes })
    const r = await clean('work', 'graph_context', { node_id: real['§n0'] })
    expect((r.depended_by as unknown[]).length).toBe(50)
    // 30 in the fixture, "Write the API", 30 here
    expect(r.more_depended_by).toBe(HUB_DEPENDENTS + 31 - 50)
  })

  it('the fixture itself is made through the tools it tests', async () => {
    const real = await workFixture(work())
    const opened = await ok(work(), 'graph_open', { project: real['§project'] })
    expect(opened.summary.total).toBe(HUB_DEPENDENTS + 9)
  })
})
