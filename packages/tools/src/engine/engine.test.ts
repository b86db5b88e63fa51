/**
 * The engine surface (`/mcp/engine`, `plexus mcp --tools engine`) replaying seed 003's own examples
 * verbatim with the official SDK client, over HTTP and stdio, and checking what the seed promises:
 * relationships in one call, nodes auto-created, plain questions answered, one-call context.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testServer, type TestServer } from '@plexus/sync/test-server'
import { fails, httpAgent, ok, stdioAgent, type Agent } from '../test/clients.ts'

const SEED_FACTS = [
  { from: 'AuthService', rel: 'depends_on', to: 'UserRepository' },
  { from: 'UserRepository', rel: 'depends_on', to: 'DatabasePool' },
  { from: 'ConfigLoader', rel: 'configures', to: 'DatabasePool' },
]

const SEED_KNOWLEDGE = `
AuthService depends_on UserRepository
UserRepository depends_on DatabasePool
ConfigLoader configures DatabasePool
LoginController uses AuthService
`

const SEED_MERMAID = `
graph TD
    AuthService -->|depends_on| UserRepository
    UserRepository -->|depends_on| DatabasePool
    ConfigLoader -->|configures| DatabasePool
`

const ENGINE_TOOLS = [
  'add_facts',
  'add_knowledge',
  'create_from_mermaid',
  'ask_graph',
  'dump_context',
  'shortest_path',
  'all_paths',
  'find_cycles',
  'pagerank',
  'connected_components',
  'degree_centrality',
  'forget',
  'forget_relationship',
  'list_graphs',
  'delete_graph',
  'get_graph_info',
  'export_graph',
  'import_graph',
]

function engineSuite(label: string, connect: (server: TestServer) => Promise<Agent>): void {
  describe(`the engine surface over ${label}`, () => {
    let server: TestServer
    let agent: Agent
    let a: Client
    let n = 0
    const graph = () => `engine-${label.toLowerCase().replace(/\W/g, '')}-${n++}`
    beforeAll(async () => {
      server = await testServer()
      agent = await connect(server)
      a = agent.client
    })
    afterAll(async () => {
      await agent?.close()
      await server?.dispose()
    })

    it('lists exactly seed 003 final tool surface, under 8 KB', async () => {
      const { tools } = await a.listTools()
      expect(tools.map((t) => t.name).sort()).toEqual([...ENGINE_TOOLS].sort())
      expect(Buffer.byteLength(JSON.stringify({ tools }))).toBeLessThan(8 * 1024)
    })

    it('add_facts: three relationships in one call, nodes auto-created, then matched', async () => {
      const g = graph()
      const r = await ok(a, 'add_facts', { graph: g, facts: SEED_FACTS })
      expect(r.created.sort()).toEqual(['AuthService', 'ConfigLoader', 'DatabasePool', 'UserRepository'])
      expect(r.relationships).toBe(3)
      const again = await ok(a, 'add_facts', {
        graph: g,
        facts: [{ from: 'AuthService', rel: 'depends_on', to: 'UserRepository' }],
      })
      expect(again.created).toEqual([])
      expect(again.existing).toEqual(['AuthService', 'UserRepository'])
      const typed = await ok(a, 'add_facts', {
        graph: g,
        facts: [{ from: 'TokenCache', from_type: 'service', rel: 'uses', to: 'DatabasePool' }],
      })
      expect(typed.created).toEqual(['TokenCache'])
      const info = await ok(a, 'get_graph_info', { graph: g })
      expect(info.nodes).toBe(5)
      expect(info.node_types.service).toBe(1)
      expect(info.relation_types).toEqual({ depends_on: 2, configures: 1, uses: 1 })
      expect(info.relationships).toBe(4)
    })

    it('add_knowledge and create_from_mermaid take the seed examples as written', async () => {
      const g = graph()
      const k = await ok(a, 'add_knowledge', { graph: g, knowledge: SEED_KNOWLEDGE })
      expect(k.relationships).toBe(4)
      expect(k.created).toHaveLength(5)
      const m = await ok(a, 'create_from_mermaid', { graph: g, mermaid: SEED_MERMAID })
      expect(m.created).toEqual([])
      const spaced = await ok(a, 'add_knowledge', {
        graph: g,
        knowledge: 'Authentication service depends_on User repository',
      })
      // Spelled apart and abbreviated, these are the AuthService and UserRepository already there: the
      // engine forgives spelling and says what it matched, with how sure it was.
      expect(spaced.created).toEqual([])
      expect(spaced.existing).toEqual([
        { name: 'Authentication service', matched: 'AuthService', confidence: expect.any(Number) },
        { name: 'User repository', matched: 'UserRepository', confidence: expect.any(Number) },
      ])
      const fresh = await ok(a, 'add_knowledge', {
        graph: g,
        knowledge: 'Billing Ledger talks to Payment Gateway',
      })
      expect(fresh.created.sort()).toEqual(['Billing Ledger', 'Payment Gateway'])
      expect(fresh.relationships).toBe(1)
    })

    it('ask_graph answers the seed questions, following edge direction', async () => {
      const g = graph()
      await ok(a, 'add_knowledge', { graph: g, knowledge: SEED_KNOWLEDGE })
      const dependents = await ok(a, 'ask_graph', { graph: g, query: 'what depends on DatabasePool' })
      expect(dependents.result).toContain('UserRepository')
      const path = await ok(a, 'ask_graph', { graph: g, query: 'path from LoginController to DatabasePool' })
      expect(path.result).toMatch(/LoginController → AuthService → UserRepository → DatabasePool/)
      const none = await ok(a, 'ask_graph', { graph: g, query: 'what are the cycles' })
      expect(none.result).toMatch(/No cycles/)
      const hubs = await ok(a, 'ask_graph', { graph: g, query: 'most connected nodes' })
      expect(hubs.result).toMatch(/Most connected/)
      const sp = await ok(a, 'shortest_path', { graph: g, source: 'LoginController', target: 'DatabasePool' })
      expect(sp).toMatchObject({ found: true, length: 3 })
      const back = await ok(a, 'shortest_path', {
        graph: g,
        source: 'DatabasePool',
        target: 'LoginController',
      })
      expect(back.found).toBe(false)
    })

    it('dump_context: nodes by type, relationships as lines, key statistics', async () => {
      const g = graph()
      await ok(a, 'add_knowledge', {
        graph: g,
        knowledge: `${SEED_KNOWLEDGE}\nDatabasePool calls AuthService\nLonelyIdea:note`,
      })
      const d = await ok(a, 'dump_context', { graph: g })
      expect(d.text).toContain('## Nodes by type')
      expect(d.text).toContain('LoginController uses AuthService')
      expect(d.text).toMatch(/Most connected: /)
      expect(d.text).toMatch(/Cycles: .*AuthService/)
      expect(d.text).toMatch(/Isolated: LonelyIdea/)
      expect(d.nodes).toBe(6)
      const cycles = await ok(a, 'find_cycles', { graph: g })
      expect(cycles.has_cycles).toBe(true)
    })

    it('analysis, correction and management tools', async () => {
      const g = graph()
      await ok(a, 'add_knowledge', { graph: g, knowledge: SEED_KNOWLEDGE })
      const pr = await ok(a, 'pagerank', { graph: g, top_n: 2 })
      expect(pr.rankings).toHaveLength(2)
      expect(pr.rankings[0].node).toBe('DatabasePool')
      const dc = await ok(a, 'degree_centrality', { graph: g, top_n: 5 })
      expect(dc.rankings).toContainEqual(
        expect.objectContaining({ node: 'DatabasePool', in_degree: 2, out_degree: 0 }),
      )
      const cc = await ok(a, 'connected_components', { graph: g })
      expect(cc.count).toBeGreaterThanOrEqual(1)
      const paths = await ok(a, 'all_paths', { graph: g, source: 'LoginController', target: 'DatabasePool' })
      expect(paths.count).toBe(1)
      expect(
        await fails(a, 'forget_relationship', { graph: g, source: 'AuthService', target: 'DatabasePool' }),
      ).toMatch(/no relationship from "AuthService" to "DatabasePool"/)
      const fr = await ok(a, 'forget_relationship', {
        graph: g,
        source: 'LoginController',
        target: 'AuthService',
        relation: 'uses',
      })
      expect(fr.removed).toBe(1)
      const f = await ok(a, 'forget', { graph: g, label: 'ConfigLoader' })
      expect(f).toEqual({ forgotten: 'ConfigLoader', relationships_removed: 1 })
      expect(
        await fails(a, 'shortest_path', { graph: g, source: 'ConfigLoader', target: 'DatabasePool' }),
      ).toMatch(/no source named "ConfigLoader"/)
      const listed = await ok(a, 'list_graphs')
      expect(listed.graphs.map((x: { name: string }) => x.name)).toContain(g)
      const exported = await ok(a, 'export_graph', { graph: g, format: 'dsl' })
      expect(exported.text).toContain('UserRepository depends_on DatabasePool')
      const copy = graph()
      const imported = await ok(a, 'import_graph', { graph: copy, format: 'dsl', content: exported.text })
      expect(imported.edges).toBeGreaterThanOrEqual(2)
      expect(await fails(a, 'export_graph', { graph: g, format: 'json', file_path: '/etc/passwd' })).toMatch(
        /file_path is not supported/,
      )
      expect(await fails(a, 'dump_context', { graph: 'no-such-graph' })).toMatch(
        /graph no-such-graph not found.*add_facts/,
      )
    })
  })
}

engineSuite('HTTP', (server) => httpAgent(server.url, { path: '/mcp/engine' }))

const caches: string[] = []
afterAll(() => caches.forEach((d) => rmSync(d, { recursive: true, force: true })))
engineSuite('stdio', (server) => {
  const cacheDir = mkdtempSync(join(tmpdir(), 'plexus-engine-'))
  caches.push(cacheDir)
  return stdioAgent({ server: server.url, cacheDir, args: ['--tools', 'engine'] })
})

describe('delete_graph', () => {
  it('deletes for an admin over HTTP and is refused to a writer', async () => {
    const server = await testServer({
      tokens: [
        { name: 'boss', role: 'admin', token: 'boss-secret-1' },
        { name: 'dev', role: 'write', token: 'dev-secret-1' },
      ],
    })
    try {
      const dev = await httpAgent(server.url, { path: '/mcp/engine', token: 'dev-secret-1' })
      await ok(dev.client, 'add_facts', { graph: 'scratch', facts: SEED_FACTS })
      expect(await fails(dev.client, 'delete_graph', { graph: 'scratch' })).toMatch(/admin role/)
      const boss = await httpAgent(server.url, { path: '/mcp/engine', token: 'boss-secret-1' })
      expect(await ok(boss.client, 'delete_graph', { graph: 'scratch' })).toEqual({
        deleted: true,
        graph: 'scratch',
      })
      expect((await ok(boss.client, 'list_graphs')).graphs).toEqual([])
      await dev.close()
      await boss.close()
    } finally {
      await server.dispose()
    }
  })
})
