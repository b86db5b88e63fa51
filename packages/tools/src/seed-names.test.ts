/**
 * Every tool name the five seeds give, asked of every surface, over HTTP and stdio: a tool a
 * surface serves runs there; a tool of another surface answers where it is served (its HTTP path and
 * its `plexus mcp --tools` name); a name a seed gave that no surface serves under that name (seed
 * 003's removed CRUD tools, seed 001's rejected `graph_create`, seed 002's SQL helpers) says which
 * tool serves it now and on which surface. Never a bare "no tool named X".
 *
 * The names are read off the seeds (shared/seeds/00N_*.txt) by hand, as their authors wrote them.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testServer, type TestServer } from '@plexus/sync/test-server'
import { AGENT_START_LIMIT_MS, call, httpAgent, stdioAgent, type Agent } from './test/clients.ts'
import { SEED_NAMES, SURFACES, SURFACE_NAMES, SURFACE_PATH, type Surface } from './surfaces.ts'

/** Each seed's tool names, as written in the seed. */
const SEEDS: Record<string, string[]> = {
  '000': [
    'graph_open',
    'graph_plan',
    'graph_next',
    'graph_context',
    'graph_update',
    'graph_connect',
    'graph_query',
    'graph_restructure',
    'graph_history',
  ],
  '001': ['graph', 'graph_create', 'graph_edit', 'concept'],
  '002': [
    'create_edge',
    'get_edges',
    'traverse',
    'delete_edge',
    'update_edge_properties',
    'get_project_tasks',
    'create_knowledge_note',
    'semantic_search',
    'resolve_node',
    'detect_dependency_cycle',
  ],
  // The ~25 tools seed 003 started from, and the ~15 it kept.
  '003': [
    'add_node',
    'add_nodes',
    'find_node',
    'remove_node',
    'list_nodes',
    'add_edge',
    'add_edges',
    'find_edges',
    'remove_edge',
    'get_neighbors',
    'shortest_path',
    'all_paths',
    'pagerank',
    'connected_components',
    'find_cycles',
    'transitive_reduction',
    'degree_centrality',
    'subgraph',
    'import_graph',
    'export_graph',
    'create_from_mermaid',
    'list_graphs',
    'delete_graph',
    'get_graph_info',
    'add_facts',
    'add_knowledge',
    'ask_graph',
    'dump_context',
    'forget',
    'forget_relationship',
  ],
  '004': ['kg_read', 'kg_put_node', 'kg_put_edge', 'kg_progress'],
}
const NAMES = [...new Set(Object.values(SEEDS).flat())]

const servedOn = (name: string): Surface | undefined =>
  SURFACE_NAMES.find((s) => SURFACES[s].some((t) => t.name === name))

function expectPointer(text: string, name: string, here: Surface): void {
  expect(text, name).not.toMatch(/did you mean/)
  const home = servedOn(name)
  if (home) {
    expect(text, name).toContain(`${name} is served at ${SURFACE_PATH[home]}`)
    expect(text, name).toContain(`plexus mcp --tools ${home}`)
    return
  }
  const seed = SEED_NAMES[name]
  expect(
    seed,
    `${name} is a seed's tool name that no surface serves and SEED_NAMES does not place`,
  ).toBeDefined()
  expect(text, name).toContain(seed!.use)
  expect(servedOn(seed!.use.split(' ')[0]!), `${name}'s replacement ${seed!.use}`).toBe(seed!.surface)
  if (seed!.surface !== here) {
    expect(text, name).toContain(`served at ${SURFACE_PATH[seed!.surface]}`)
    expect(text, name).toContain(`plexus mcp --tools ${seed!.surface}`)
  }
}

function namesSuite(transport: string, open: (server: TestServer, surface: Surface) => Promise<Agent>): void {
  describe(`every seed tool name on every surface over ${transport}`, () => {
    let server: TestServer
    const agents = new Map<Surface, Agent>()
    beforeAll(async () => {
      server = await testServer()
      for (const s of SURFACE_NAMES) agents.set(s, await open(server, s))
    }, AGENT_START_LIMIT_MS)
    afterAll(async () => {
      for (const a of agents.values()) await a.close()
      await server?.dispose()
    })

    it.each(SURFACE_NAMES)('%s', async (surface) => {
      const a = agents.get(surface)!
      for (const name of NAMES) {
        const r = await call(a.client, name, { graph: 'seed-names-unused', __probe: true })
        if (servedOn(name) === surface) {
          // Served here: whatever the arguments made of it, the tool was found.
          expect(r.text, `${name} on ${surface}`).not.toMatch(/no tool named/)
          continue
        }
        expect(r.isError, `${name} on ${surface}`).toBe(true)
        expectPointer(r.text, name, surface)
      }
    })
  })
}

namesSuite('HTTP', (server, surface) => httpAgent(server.url, { path: SURFACE_PATH[surface] }))

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})
namesSuite('stdio', (server, surface) => {
  const cacheDir = mkdtempSync(join(tmpdir(), 'plexus-names-'))
  dirs.push(cacheDir)
  return stdioAgent({ server: server.url, cacheDir, args: ['--tools', surface] })
})
