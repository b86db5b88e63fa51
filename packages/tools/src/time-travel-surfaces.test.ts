/**
 * `as_of` on the memory reads (`kg_read`, `kg_search`, seed 004) and the engine reads (`ask_graph`,
 * `dump_context`, seed 003) over MCP (docs/time-travel.md): a real server on SQLite, the SDK's client
 * on `/mcp/memory` and `/mcp/engine`. Each test writes, notes a moment and records what every read
 * answered then, writes more (renames, deletions, new facts), compacts and restarts the server, and
 * asks every read `as_of` each moment: it must answer what it answered at that moment. A bad `as_of`
 * and a graph above the bounds get the work surface's refusals, with its `reason` codes.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { testServer, type TestServer } from '@plexus/sync/test-server'
import { MAX_AS_OF_NODES } from './context.ts'
import { projectGraphId, userGraphId } from './memory/levels.ts'
import { call, fails, httpAgent, ok, type Agent } from './test/clients.ts'

const SEED = Number(process.env.PLEXUS_SEED ?? process.env.FC_SEED ?? 30_2027)
const RUNS = Number(process.env.PLEXUS_RUNS ?? 6)

let server: TestServer
const agents: Agent[] = []

/** Clients for the three surfaces, as one identity. */
async function clients(name: string) {
  const on = async (path: string) => {
    const a = await httpAgent(server.url, { name, path })
    agents.push(a)
    return a.client
  }
  return { work: await on('/mcp'), memory: await on('/mcp/memory'), engine: await on('/mcp/engine') }
}

beforeAll(async () => {
  server = await testServer()
})
afterAll(async () => {
  for (const a of agents) await a.close()
  await server?.dispose()
})

/** A moment strictly after every write answered so far: waits for the clock to move on, not for a time. */
async function moment(): Promise<string> {
  const t = Date.now()
  while (Date.now() <= t) await new Promise((r) => setImmediate(r))
  return new Date(t).toISOString()
}

/** The refusal's words and its `structuredContent.reason`. */
async function refusal(c: Client, tool: string, args: Record<string, unknown>) {
  const r = await call(c, tool, args)
  expect(r.isError, `${tool} should have been refused: ${r.text}`).toBe(true)
  return { text: r.text, reason: r.data.reason }
}

/** A read's answer at `as_of` (or now), without the `as_of` mark, which must be the moment asked. */
async function answer(c: Client, tool: string, args: Record<string, unknown>, asOf?: string) {
  const r = await call(c, tool, asOf === undefined ? args : { ...args, as_of: asOf })
  if (r.isError) return { error: r.text }
  const { as_of: mark, as_of_checkpoint: _cp, session_id: _sid, ...rest } = r.data
  if (asOf !== undefined) expect(mark, `${tool} as_of ${asOf}`).toBe(asOf)
  else expect(mark).toBeUndefined()
  return rest
}

/** A graph brought past MAX_AS_OF_NODES through the work surface, after the moment returned. */
async function overTheBound(work: Client, project: string, root: string): Promise<void> {
  const nodes = Array.from({ length: MAX_AS_OF_NODES + 1 }, (_, i) => ({
    ref: `n${i}`,
    parent_ref: root,
    summary: `Filler ${i}`,
  }))
  await ok(work, 'graph_plan', { project, nodes, mode: 'force' })
}

async function restart(name: string) {
  for (const a of agents.splice(0)) await a.close()
  server = await server.restart()
  return clients(name)
}

describe('as_of on the memory reads (kg_read, kg_search)', () => {
  const cwd = '/home/dev/src/tt-memory'
  const ids = ['auth-token-refresh', 'rate-limiter', 'prefers-pnpm', 'redis-cache', 'never-made']
  const queries = ['token', 'pnpm redis', 'limiter window', 'expiry 401']

  /** Every memory read the test compares: both levels whole, each id in full, searches. */
  async function reads(c: Client, sid: string, asOf?: string) {
    const out: Record<string, unknown> = { levels: await answer(c, 'kg_read', { cwd }, asOf) }
    for (const id of ids) out[`read ${id}`] = await answer(c, 'kg_read', { cwd, id }, asOf)
    out['read level user'] = await answer(c, 'kg_read', { cwd, id: 'prefers-pnpm', level: 'user' }, asOf)
    for (const query of queries) {
      out[`search ${query}`] = await answer(c, 'kg_search', { query, session_id: sid }, asOf)
      out[`search all ${query}`] = await answer(c, 'kg_search', { query }, asOf)
    }
    return out
  }

  it('answers what each read answered at the moment, across renames, deletions, new facts, a compaction and a restart', async () => {
    let { memory: m, work } = await clients('mem-agent')
    const sid = (await ok(m, 'kg_read', { cwd })).session_id as string
    const put = (level: string, id: string, gist: string, more: Record<string, unknown> = {}) =>
      ok(m, 'kg_put_node', { session_id: sid, level, id, gist, ...more })
    await put('project', 'auth-token-refresh', 'Tokens refresh 5 min before expiry', {
      notes: ['clock skew of 30 s allowed'],
      touches: ['src/auth/refresh.ts'],
    })
    await put('project', 'rate-limiter', 'Sliding window in Redis; 429 with Retry-After', {
      notes: ['window size from RATE_LIMIT_WINDOW'],
    })
    await ok(m, 'kg_put_edge', {
      session_id: sid,
      level: 'project',
      from: 'auth-token-refresh',
      to: 'rate-limiter',
      rel: 'depends-on',
    })
    await put('user', 'prefers-pnpm', 'Use pnpm, never npm, in this user’s repositories')
    const seen: Array<{ at: string; answers: Record<string, unknown> }> = []
    let at = await moment()
    seen.push({ at, answers: await reads(m, sid) })

    // Renamed, forgotten, new facts, an edge to a path, and the user level changed too.
    await put('project', 'auth-token-refresh', 'Tokens refresh on the first 401 only')
    await ok(m, 'kg_delete_node', { session_id: sid, id: 'rate-limiter' })
    await put('project', 'redis-cache', 'Redis caches sessions for 10 min', { touches: ['src/cache.ts'] })
    await ok(m, 'kg_put_edge', {
      session_id: sid,
      level: 'project',
      from: 'redis-cache',
      to: 'auth-token-refresh',
      rel: 'serves',
    })
    await put('user', 'prefers-pnpm', 'Use pnpm through npx --yes pnpm@10')
    at = await moment()
    seen.push({ at, answers: await reads(m, sid) })

    // A checkpoint of the project graph names a moment too (made on the work surface).
    const project = projectGraphId(cwd)
    await ok(work, 'graph_session', { project, action: 'checkpoint', name: 'before-cleanup' })
    await moment()
    await ok(m, 'kg_delete_edge', {
      session_id: sid,
      from: 'redis-cache',
      to: 'auth-token-refresh',
      rel: 'serves',
    })
    await put('project', 'redis-cache', 'Redis is gone: sessions live in PostgreSQL')
    const now = await reads(m, sid)
    expect(now).not.toEqual(seen[1]!.answers)

    // The moments differ, and the reads say so: the first had the limiter, the second forgot it.
    expect(seen[0]!.answers).not.toEqual(seen[1]!.answers)
    expect(seen[0]!.answers['read rate-limiter']).toMatchObject({ gist: expect.stringMatching(/^Sliding/) })
    expect(seen[1]!.answers['read rate-limiter']).toEqual({
      error: expect.stringMatching(/^no node "rate-limiter"/),
    })

    for (const g of [project, userGraphId('mem-agent')]) await server.docs.compact(g)
    ;({ memory: m, work } = await restart('mem-agent'))
    for (const s of seen) expect(await reads(m, sid, s.at), `as of ${s.at}`).toEqual(s.answers)
    // The checkpoint's moment is the second one's answers; the answer names the checkpoint.
    const byName = await ok(m, 'kg_read', { cwd, as_of: 'before-cleanup' })
    expect(byName.as_of_checkpoint).toBe('before-cleanup')
    expect(byName.project).toEqual((seen[1]!.answers.levels as { project: unknown }).project)
  })

  it('writes nothing: no session, no promotion, no read stamps, no working set', async () => {
    const { memory: m } = await clients('quiet-agent')
    const dir = '/home/dev/src/tt-quiet'
    const sid = (await ok(m, 'kg_read', { cwd: dir })).session_id as string
    await ok(m, 'kg_put_node', { session_id: sid, level: 'project', id: 'quiet-node', gist: 'Quiet' })
    const at = await moment()
    const states = async () =>
      Promise.all(
        [projectGraphId(dir), userGraphId('quiet-agent')].map(async (g) => {
          const h = await server.docs.openAsync(g)
          try {
            return JSON.stringify(h.doc.toJSON())
          } finally {
            h.release()
          }
        }),
      )
    const before = await states()
    const all = await ok(m, 'kg_read', { cwd: dir, as_of: at })
    expect(all.session_id).toBeUndefined()
    expect(all.as_of).toBe(at)
    expect(all.project.nodes.map((n: { id: string }) => n.id)).toEqual(['quiet-node'])
    const one = await ok(m, 'kg_read', { cwd: dir, id: 'quiet-node', as_of: at })
    expect([one.gist, one.as_of]).toEqual(['Quiet', at])
    await ok(m, 'kg_search', { query: 'quiet', session_id: sid, as_of: at })
    await ok(m, 'kg_search', { query: 'quiet', as_of: at })
    expect(await states()).toEqual(before)
    // The same reads without as_of do write (a session, a read's stamps): the states above would show it.
    await ok(m, 'kg_read', { cwd: dir, id: 'quiet-node' })
    expect(await states()).not.toEqual(before)

    // A project whose graph was made after the moment reads as empty then; the user level does not.
    const later = '/home/dev/src/tt-quiet-later'
    await ok(m, 'kg_read', { cwd: later })
    const then = await ok(m, 'kg_read', { cwd: later, as_of: at })
    expect(then.project).toMatchObject({ graph: projectGraphId(later), nodes: [], edges: [] })
    expect(then.project.health.nodes).toBe(0)
    expect(then.user.graph).toBe(userGraphId('quiet-agent'))
  })

  it('refuses a bad as_of as the work surface does, and above the bounds too_large', async () => {
    const { memory: m, work } = await clients('bad-agent')
    const dir = '/home/dev/src/tt-memory-bad'
    const sid = (await ok(m, 'kg_read', { cwd: dir })).session_id as string
    await ok(m, 'kg_put_node', { session_id: sid, level: 'project', id: 'a-node', gist: 'A node' })
    for (const [tool, args] of [
      ['kg_read', { cwd: dir }],
      ['kg_read', { cwd: dir, id: 'a-node' }],
      ['kg_search', { query: 'node', session_id: sid }],
    ] as const) {
      expect(await refusal(m, tool, { ...args, as_of: 'noon' })).toEqual({
        text: expect.stringMatching(/neither an ISO 8601 timestamp with a zone .* nor a checkpoint/),
        reason: 'invalid_argument',
      })
      expect(await refusal(m, tool, { ...args, as_of: '2999-01-01T00:00:00Z' })).toEqual({
        text: expect.stringMatching(/in the future .* send a moment up to now/),
        reason: 'invalid_argument',
      })
      expect(await refusal(m, tool, { ...args, as_of: '1999-01-01T00:00:00Z' })).toEqual({
        text: expect.stringMatching(/before the graph existed .* send a moment from then on/),
        reason: 'invalid_argument',
      })
      expect(await refusal(m, tool, { ...args, as_of: '2026-02-30' })).toEqual({
        text: expect.stringMatching(/is not a real moment/),
        reason: 'invalid_argument',
      })
    }
    const at = await moment()
    const project = projectGraphId(dir)
    const root = (await ok(work, 'graph_open', { project })).root.id as string
    await overTheBound(work, project, root)
    for (const [tool, args] of [
      ['kg_read', { cwd: dir }],
      ['kg_read', { cwd: dir, id: 'a-node', level: 'project' }],
      ['kg_search', { query: 'node', session_id: sid }],
    ] as const)
      expect(await refusal(m, tool, { ...args, as_of: at })).toEqual({
        text: expect.stringMatching(
          new RegExp(`as_of is served for graphs of up to ${MAX_AS_OF_NODES} nodes`),
        ),
        reason: 'too_large',
      })
    // The plain reads still answer.
    expect((await ok(m, 'kg_search', { query: 'node', session_id: sid })).results.length).toBeGreaterThan(0)
  })
})

type MemOp =
  | { t: 'put'; level: 'user' | 'project'; id: number; gist: string[] }
  | { t: 'delete'; id: number }
  | { t: 'edge'; level: 'user' | 'project'; from: number; to: number; rel: string; remove: boolean }

const memIds = ['cache-policy', 'auth-flow', 'deploy-steps', 'src/app.ts', 'test-matrix']
const vocab = fc.constantFrom('redis', 'token', 'deploy', 'cache', 'retry', 'pnpm', 'window')
const memOp: fc.Arbitrary<MemOp> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('put' as const),
      level: fc.constantFrom('user' as const, 'project' as const),
      id: fc.nat({ max: memIds.length - 1 }),
      gist: fc.array(vocab, { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('delete' as const), id: fc.nat({ max: memIds.length - 1 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('edge' as const),
      level: fc.constantFrom('user' as const, 'project' as const),
      from: fc.nat({ max: memIds.length - 1 }),
      to: fc.nat({ max: memIds.length - 1 }),
      rel: fc.constantFrom('depends-on', 'configures'),
      remove: fc.boolean(),
    }),
  },
)

const memQueries = ['redis cache', 'token', 'deploy retry window', 'pnpm app']

/** What the memory reads answer about `cwd`'s levels, at `as_of` when given. */
async function memReads(m: Client, cwd: string, sid: string, asOf?: string) {
  const out: Record<string, unknown> = { levels: await answer(m, 'kg_read', { cwd }, asOf) }
  for (const query of memQueries) {
    out[query] = await answer(m, 'kg_search', { query, session_id: sid }, asOf)
    // Every graph the caller reads: other tests' graphs above as_of's bounds are left out as of a
    // moment (and named); none holds these words, so the results are the same.
    const { not_searched: left, ...all } = await answer(m, 'kg_search', { query, limit: 50 }, asOf)
    for (const x of (left ?? []) as Array<{ reason: string }>) expect(x.reason).toBe('too_large')
    out[`all ${query}`] = all
  }
  for (const id of memIds) out[id] = await answer(m, 'kg_read', { cwd, id }, asOf)
  return out
}

/**
 * Applies `ops` through the memory tools in a new session on `cwd`, recording every read after each;
 * then compacts both levels and asks every read as_of each moment: the same answers.
 */
async function story(m: Client, agent: string, cwd: string, ops: MemOp[]): Promise<void> {
  const sid = (await ok(m, 'kg_read', { cwd })).session_id as string
  const seen: Array<{ at: string; answers: Record<string, unknown> }> = []
  for (const o of ops) {
    // A refusal (deleting what is not there) is part of the story.
    if (o.t === 'put')
      await call(m, 'kg_put_node', {
        session_id: sid,
        level: o.level,
        id: memIds[o.id],
        gist: o.gist.join(' '),
      })
    else if (o.t === 'delete') await call(m, 'kg_delete_node', { session_id: sid, id: memIds[o.id] })
    else
      await call(m, o.remove ? 'kg_delete_edge' : 'kg_put_edge', {
        session_id: sid,
        ...(o.remove ? {} : { level: o.level }),
        from: memIds[o.from],
        to: memIds[o.to],
        rel: o.rel,
      })
    const at = await moment()
    seen.push({ at, answers: await memReads(m, cwd, sid) })
  }
  await server.docs.compact(projectGraphId(cwd))
  await server.docs.compact(userGraphId(agent))
  for (const s of seen) {
    const past = await memReads(m, cwd, sid, s.at)
    // The reads that differ, whole, in the message: fast-check's report cuts an object to "{ …(14) }".
    const differ = Object.keys({ ...s.answers, ...past }).filter(
      (k) => JSON.stringify(past[k]) !== JSON.stringify(s.answers[k]),
    )
    expect(
      past,
      `as of ${s.at}: ${differ.map((k) => `${k}: then ${JSON.stringify(s.answers[k])}, as of ${JSON.stringify(past[k])}`).join('; ')}`,
    ).toEqual(s.answers)
  }
}

describe('as_of on the memory reads: generated edit sequences', () => {
  // After each edit the moment is noted with what kg_search (with and without a session) and kg_read
  // answered then; once the graphs are compacted, every read as_of each moment answers the same.
  it(
    `kg_search and kg_read as_of a moment answer what they answered then (seed ${SEED}, ${RUNS} runs)`,
    { timeout: 600_000 },
    async () => {
      const { memory: m } = await clients('gen-agent')
      let runs = 0
      const r = await fc.check(
        fc.asyncProperty(fc.array(memOp, { minLength: 2, maxLength: 8 }), (ops) =>
          story(m, 'gen-agent', `/home/dev/src/gen-${SEED}-${runs++}`, ops),
        ),
        { seed: SEED, numRuns: RUNS },
      )
      if (r.failed)
        throw new Error(
          `seed ${SEED} (FC_SEED=${SEED}), counterexample ${JSON.stringify(r.counterexample)}: ${String((r as { errorInstance?: unknown }).errorInstance)}`,
        )
    },
  )

  // Found by the property (seed 302027) when this file ran whole: the search without a session, over
  // every graph, reached the graph an earlier test had brought above as_of's bounds and was refused.
  it('a search without a session leaves out a graph above the bounds and names it', async () => {
    const { memory: m, work } = await clients('wide-agent')
    const dir = '/home/dev/src/tt-wide'
    const sid = (await ok(m, 'kg_read', { cwd: dir })).session_id as string
    await ok(m, 'kg_put_node', { session_id: sid, level: 'user', id: 'wide-note', gist: 'Zebrafinch habits' })
    const big = 'tt-wide-big'
    const root = (await ok(work, 'graph_open', { project: big, goal: 'Big' })).root.id as string
    const at = await moment()
    await overTheBound(work, big, root)
    const r = await ok(m, 'kg_search', { query: 'zebrafinch', as_of: at })
    expect(r.results.map((x: { id: string }) => x.id)).toEqual(['wide-note'])
    expect(r.not_searched).toContainEqual({ graph: big, reason: 'too_large' })
    // With a session the project is the session's own: refused, not left out.
    await overTheBound(
      work,
      projectGraphId(dir),
      (await ok(work, 'graph_open', { project: projectGraphId(dir) })).root.id,
    )
    expect((await refusal(m, 'kg_search', { query: 'zebrafinch', session_id: sid, as_of: at })).reason).toBe(
      'too_large',
    )
  })
})

describe('as_of on the engine reads (ask_graph, dump_context)', () => {
  const graph = 'tt-engine'
  const questions = [
    'what depends on DatabasePool',
    'what does AuthService depend on',
    'what breaks if DatabasePool goes down',
    'path from LoginController to DatabasePool',
    'cycles',
    'orphans',
    'most connected',
  ]

  async function reads(c: Client, asOf?: string) {
    const out: Record<string, unknown> = {
      dump: await answer(c, 'dump_context', { graph }, asOf),
      small: await answer(c, 'dump_context', { graph, max_chars: 500 }, asOf),
    }
    for (const query of questions) out[query] = await answer(c, 'ask_graph', { graph, query }, asOf)
    return out
  }

  it('answers what each read answered at the moment, across renames, forgetting, new facts, a compaction and a restart', async () => {
    let { engine: e, work } = await clients('engine-agent')
    await ok(e, 'add_facts', {
      graph,
      facts: [
        { from: 'AuthService', rel: 'depends_on', to: 'UserRepository' },
        { from: 'UserRepository', rel: 'depends_on', to: 'DatabasePool' },
        { from: 'ConfigLoader', rel: 'configures', to: 'DatabasePool' },
        { from: 'LoginController', rel: 'uses', to: 'AuthService' },
      ],
    })
    const seen: Array<{ at: string; answers: Record<string, unknown> }> = []
    let at = await moment()
    seen.push({ at, answers: await reads(e) })

    // Renamed on the work surface (the same graph), a relation and a node forgotten, new facts.
    const repo = (await ok(work, 'graph_query', { project: graph, filter: { text: 'UserRepository' } }))
      .nodes[0].id as string
    await ok(work, 'graph_update', { project: graph, updates: [{ node_id: repo, summary: 'AccountStore' }] })
    await ok(e, 'forget_relationship', {
      graph,
      source: 'ConfigLoader',
      target: 'DatabasePool',
      relation: 'configures',
    })
    await ok(e, 'forget', { graph, label: 'LoginController' })
    await ok(e, 'add_facts', {
      graph,
      facts: [
        { from: 'DatabasePool', rel: 'depends_on', to: 'AuthService' },
        { from: 'Scheduler', rel: 'uses', to: 'DatabasePool' },
      ],
    })
    at = await moment()
    seen.push({ at, answers: await reads(e) })
    await ok(work, 'graph_session', { project: graph, action: 'checkpoint', name: 'with-cycle' })
    await moment()

    expect(seen[0]!.answers).not.toEqual(seen[1]!.answers)
    await ok(e, 'forget_relationship', {
      graph,
      source: 'DatabasePool',
      target: 'AuthService',
      relation: 'depends_on',
    })
    await ok(e, 'add_facts', { graph, facts: [{ from: 'AuthService', rel: 'depends_on', to: 'TokenCache' }] })
    expect(await reads(e)).not.toEqual(seen[1]!.answers)

    await server.docs.compact(graph)
    ;({ engine: e, work } = await restart('engine-agent'))
    for (const s of seen) expect(await reads(e, s.at), `as of ${s.at}`).toEqual(s.answers)
    const byName = await ok(e, 'ask_graph', { graph, query: 'cycles', as_of: 'with-cycle' })
    expect(byName.as_of_checkpoint).toBe('with-cycle')
    expect(byName.cycles.length).toBe(1)
  })

  it('refuses a bad as_of as the work surface does, and above the bounds too_large', async () => {
    const { engine: e, work } = await clients('engine-bad')
    const g = 'tt-engine-bad'
    await ok(e, 'add_facts', { graph: g, facts: [{ from: 'A', rel: 'depends_on', to: 'B' }] })
    for (const [tool, args] of [
      ['ask_graph', { graph: g, query: 'what depends on B' }],
      ['dump_context', { graph: g }],
    ] as const) {
      expect(await refusal(e, tool, { ...args, as_of: 'noon' })).toEqual({
        text: expect.stringMatching(
          /neither an ISO 8601 timestamp with a zone .* nor a checkpoint of this graph/,
        ),
        reason: 'invalid_argument',
      })
      expect(await refusal(e, tool, { ...args, as_of: '2999-01-01T00:00:00Z' })).toEqual({
        text: expect.stringMatching(/in the future/),
        reason: 'invalid_argument',
      })
      expect(await refusal(e, tool, { ...args, as_of: '1999-01-01T00:00:00Z' })).toEqual({
        text: expect.stringMatching(/before the graph existed/),
        reason: 'invalid_argument',
      })
    }
    const at = await moment()
    const root = (await ok(work, 'graph_open', { project: g })).root.id as string
    await overTheBound(work, g, root)
    for (const [tool, args] of [
      ['ask_graph', { graph: g, query: 'what depends on B' }],
      ['dump_context', { graph: g }],
    ] as const)
      expect(await refusal(e, tool, { ...args, as_of: at })).toEqual({
        text: expect.stringMatching(
          new RegExp(`as_of is served for graphs of up to ${MAX_AS_OF_NODES} nodes`),
        ),
        reason: 'too_large',
      })
    expect(await fails(e, 'ask_graph', { graph: 'no-such-graph', query: 'cycles', as_of: at })).toMatch(
      /graph no-such-graph not found/,
    )
  })
})
