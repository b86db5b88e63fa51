/**
 * What an agent is told in its loop (issue 24, findings 7 and 8), through the SDK client on a real
 * server: graph_context does not repeat what graph_next just gave in full; every time is ISO 8601;
 * a second claim says which claims are still held; `status` is pointed at `resolved`; a misspelled
 * project is answered with the graphs it may have meant; the engine does not count the hidden root.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testServer, type TestServer } from '@plexus/sync/test-server'
import { fails, httpAgent, ok, type Agent } from './test/clients.ts'
import { workFixture } from './test/fixture.ts'

// Fixed (issue 31): a default drawn by Math.random() tried a new seed every run, so one run in N
// failed on a case nobody had seen. PLEXUS_SEED=N runs another.
const DEFAULT_SEED = 20261129
const SEED = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)

let server: TestServer
let agent: Agent
let engine: Agent
const a = () => agent.client

beforeAll(async () => {
  server = await testServer()
  agent = await httpAgent(server.url, { name: 'loop-agent' })
  engine = await httpAgent(server.url, { path: '/mcp/engine' })
})
afterAll(async () => {
  await agent?.close()
  await engine?.close()
  await server?.dispose()
})

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

/** Every value under a key that names a time (`…_at`, `…_until`, `timestamp`, `until`), anywhere. */
function times(v: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(v)) v.forEach((x) => times(x, out))
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      if (/(_at|_until|^timestamp|^until)$/.test(k)) out.push(x)
      else times(x, out)
    }
  return out
}

describe('graph_context after graph_next', () => {
  it('gives the node you hold and its dependencies brief; full: true gives them whole', async () => {
    const real = await workFixture(a(), 'ctx')
    const project = real['§project']!
    // Resolve the hub so its dependents are actionable and have a resolved dependency.
    await ok(a(), 'graph_update', {
      updates: [{ node_id: real['§n0'], resolved: true, add_evidence: [{ type: 'git', ref: 'abc123' }] }],
    })
    const next = await ok(a(), 'graph_next', { project, claim: true, count: 50 })
    const item = next.nodes.find((i: { resolved_deps: unknown[] }) => i.resolved_deps.length > 0)
    const id = item.node.id as string
    const brief = await ok(a(), 'graph_context', { node_id: id })
    // The seed's shape holds: node, ancestors, children, depends_on[{node, satisfied}], depended_by.
    expect(brief.node).toMatchObject({ id, summary: item.node.summary, resolved: false, brief: true })
    expect(brief.node.properties).toBeUndefined()
    expect(brief.depends_on.length).toBeGreaterThan(0)
    for (const d of brief.depends_on) {
      expect(Object.keys(d.node).sort()).toEqual(['brief', 'id', 'resolved', 'summary'])
      expect(typeof d.satisfied).toBe('boolean')
    }
    const full = await ok(a(), 'graph_context', { node_id: id, full: true })
    expect(full.node).toMatchObject({ id, properties: expect.any(Object), evidence: [] })
    expect(full.node.brief).toBeUndefined()
    for (const d of full.depends_on) expect(d.node.evidence).toBeDefined()
    // A node you do not hold (Backend waits on its children) comes whole, as seed 000 returns it.
    const other = await ok(a(), 'graph_context', { node_id: real['§n1'] })
    expect(other.node.properties).toBeDefined()
  })
})

describe('times', () => {
  it('are ISO 8601 in every result of the loop, claims included', async () => {
    const real = await workFixture(a(), 'iso')
    const project = real['§project']!
    await ok(a(), 'graph_update', { updates: [{ node_id: real['§n0'], resolved: true }] })
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.boolean(), async (count, verbose) => {
        const next = await ok(a(), 'graph_next', { project, claim: true, count })
        const id = next.nodes[0].node.id
        const results = [
          next,
          await ok(a(), 'graph_context', { node_id: id, full: true }),
          await ok(a(), 'graph_query', { project, verbose, filter: { claimed_by: 'loop-agent' } }),
        ]
        for (const r of results) for (const t of times(r)) expect(t).toMatch(ISO)
      }),
      { seed: SEED, numRuns: 5 },
    )
  })
})

describe('graph_onboard', () => {
  it('says when others changed nodes in ISO 8601', async () => {
    const real = await workFixture(a(), 'onboard')
    const other = await httpAgent(server.url, { name: 'other-agent' })
    try {
      await ok(other.client, 'graph_update', { updates: [{ node_id: real['§n1'], summary: 'Backend v2' }] })
    } finally {
      await other.close()
    }
    const r = await ok(a(), 'graph_onboard', { project: real['§project'] })
    expect(r.recent).toEqual([expect.objectContaining({ summary: 'Backend v2', by: 'other-agent' })])
    for (const t of times(r)) expect(t).toMatch(ISO)
  })
})

describe('a second claim', () => {
  it('says which of your claims are still held', async () => {
    const real = await workFixture(a(), 'held')
    const project = real['§project']!
    const first = await ok(a(), 'graph_next', { project, claim: true })
    const second = await ok(a(), 'graph_next', { project, claim: true })
    const firstId = first.nodes[0].node.id
    expect(second.still_held).toEqual([expect.objectContaining({ id: firstId })])
    expect(second.still_held.map((h: { id: string }) => h.id)).not.toContain(second.nodes[0].node.id)
  })
})

describe('status is not a field', () => {
  it('graph_update {status: "done"} is pointed at resolved: true', async () => {
    const real = await workFixture(a(), 'status')
    const text = await fails(a(), 'graph_update', { updates: [{ node_id: real['§n1'], status: 'done' }] })
    expect(text).toMatch(/resolved: true/)
  })
  it('graph_query filter.status is pointed at filter.resolved', async () => {
    const real = await workFixture(a(), 'status')
    const text = await fails(a(), 'graph_query', { project: real['§project'], filter: { status: 'open' } })
    expect(text).toMatch(/filter\.resolved/)
  })
  it('graph_next filter {status} that no node has says readiness is resolved', async () => {
    const real = await workFixture(a(), 'status')
    const r = await ok(a(), 'graph_next', { project: real['§project'], filter: { status: 'todo' } })
    expect(r.nodes).toEqual([])
    expect(r.none).toMatch(/no node has property "status".*resolved/)
  })
})

describe('graph_open of a misspelled project', () => {
  it('creates it, as seed 000 says, and names the graphs it may have meant', async () => {
    const real = await workFixture(a(), 'billing')
    const project = real['§project']!
    const typo = project.replace('billing', 'biling')
    const r = await ok(a(), 'graph_open', { project: typo })
    expect(r.created).toBe(true)
    expect(r.did_you_mean).toEqual([expect.objectContaining({ id: project })])
    // Opening an existing graph says nothing of the kind.
    expect((await ok(a(), 'graph_open', { project })).did_you_mean).toBeUndefined()
  })
})

describe('the engine does not count the hidden root', () => {
  it('connected_components and get_graph_info count only what add_facts made', async () => {
    const graph = `roots-${process.pid}`
    await ok(engine.client, 'add_facts', {
      graph,
      facts: [
        { from: 'API', rel: 'depends_on', to: 'Database' },
        { from: 'Worker', rel: 'uses', to: 'Queue' },
      ],
    })
    const cc = await ok(engine.client, 'connected_components', { graph })
    expect(cc.count).toBe(2)
    expect(cc.components.map((c: { size: number }) => c.size)).toEqual([2, 2])
    const info = await ok(engine.client, 'get_graph_info', { graph })
    expect(info).toMatchObject({ nodes: 4, components: 2 })
  })
})
