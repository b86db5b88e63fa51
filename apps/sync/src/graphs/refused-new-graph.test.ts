/**
 * A refused call changes nothing (issue 23): a build into a graph that does not exist yet, refused at
 * the door (the builds' line is full: 429 `rate_limited`, 503 `overloaded`) or by the build itself
 * (prose where facts go), leaves no graph behind, on every path that creates a graph and builds: the
 * REST import, the work surface's `graph_import`, the engine's `import_graph`, `create_from_mermaid`,
 * `add_facts` and `add_knowledge`. Where the answer says refused, the store holds nothing of it.
 *
 * A real server, its worker and SQLite store. The one place in the line is held where its build
 * reads the stored graph (the store's `load` waits on a gate): the line is full from that event on.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { meta, openGraph } from '@plexus/model'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { GatedStore } from '../test/gated-store.ts'
import { testServer, type TestServer } from '../test/server-harness.ts'
import { mcpTry } from '../test/mcp-call.ts'

const dir = mkdtempSync(join(tmpdir(), 'plexus-refused-new-'))
const store = new GatedStore(join(dir, 'plexus.db'))
let server: TestServer
const TOKENS = { ada: 't-ada-0123456789', bob: 't-bob-0123456789', root: 't-root-012345678' }

beforeAll(async () => {
  server = await testServer({
    store,
    buildInlineChars: 40,
    limits: { maxBuildsPerIdentity: 1, maxBuilds: 1 },
    tokens: Object.entries(TOKENS).map(([name, token]) => ({
      name,
      role: name === 'root' ? ('admin' as const) : ('write' as const),
      token,
    })),
  })
})
afterAll(async () => {
  store.open()
  await server?.dispose()
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

type Who = keyof typeof TOKENS
const auth = (who: Who) => ({ authorization: `Bearer ${TOKENS[who]}` })
/** Longer than the server's inline bound: a large build, which takes a place in the line. */
const dsl = (prefix: string) => `${prefix}_a depends_on ${prefix}_b\n${prefix}_b uses ${prefix}_c\n`

function restImport(who: Who, graph: string, text = dsl(graph)) {
  return fetch(`${server.url}/api/graphs/${graph}/import?format=dsl`, {
    method: 'POST',
    headers: auth(who),
    body: text,
  })
}

function mcp(who: Who, path: string, name: string, args: Record<string, unknown>) {
  return mcpTry(server.url, path, name, args, auth(who))
}

/** Every way a new graph is made by a build, as the call that would make `graph`. */
const CALLS: Record<string, (who: Who, graph: string) => Promise<{ refused: boolean; text: string }>> = {
  rest_import: async (who, graph) => {
    const r = await restImport(who, graph)
    return { refused: !r.ok, text: `${r.status} ${await r.text()}` }
  },
  graph_import: async (who, graph) => {
    const r = await mcp(who, '/mcp', 'graph_import', { project: graph, format: 'dsl', text: dsl(graph) })
    return { refused: r.isError, text: r.text }
  },
  import_graph: async (who, graph) => {
    const r = await mcp(who, '/mcp/engine', 'import_graph', { graph, format: 'dsl', content: dsl(graph) })
    return { refused: r.isError, text: r.text }
  },
  create_from_mermaid: async (who, graph) => {
    const mermaid = `flowchart TD\n${graph}_a -->|depends_on| ${graph}_b\n`
    const r = await mcp(who, '/mcp/engine', 'create_from_mermaid', { graph, mermaid })
    return { refused: r.isError, text: r.text }
  },
  add_knowledge: async (who, graph) => {
    const r = await mcp(who, '/mcp/engine', 'add_knowledge', { graph, knowledge: dsl(graph) })
    return { refused: r.isError, text: r.text }
  },
  add_facts: async (who, graph) => {
    const facts = [{ from: `${graph}_a`, rel: 'depends_on', to: `${graph}_b` }]
    const r = await mcp(who, '/mcp/engine', 'add_facts', { graph, facts })
    return { refused: r.isError, text: r.text }
  },
}

async function listed(): Promise<string[]> {
  const r = await fetch(`${server.url}/api/graphs`, { headers: auth('ada') })
  const body = (await r.json()) as { graphs: Array<{ id: string }> }
  return body.graphs.map((g) => g.id)
}

describe('a build refused into a new graph leaves no graph', () => {
  it('refused at the door (429 and 503) on every path: nothing stored, nothing listed', async () => {
    // ada's one place, held where its build reads the stored graph.
    expect((await mcp('ada', '/mcp', 'graph_open', { project: 'held', goal: 'Goal' })).isError).toBe(false)
    store.held.add('held')
    store.closeGate()
    const holder = restImport('ada', 'held')
    await store.readOf('held')
    expect(server.offload.builds.size).toBe(1)

    const refused: string[] = []
    for (const [path, call] of Object.entries(CALLS)) {
      for (const [who, words] of [
        ['ada', /at most 1 at once/],
        ['bob', /the server has 1 large imports or builds under way \(at most 1 at once\)/],
      ] as const) {
        const graph = `new-${path.replace(/_/g, '-')}-${who}`
        const answer = await call(who, graph)
        expect(answer.refused, `${path} by ${who}: ${answer.text}`).toBe(true)
        expect(answer.text, path).toMatch(words)
        refused.push(graph)
      }
    }

    store.open()
    expect((await holder).status).toBe(200)
    expect(server.offload.builds.size).toBe(0)
    const ids = await listed()
    expect(ids).toContain('held')
    for (const graph of refused) {
      expect(store.has(graph), `${graph} was stored`).toBe(false)
      expect(ids, `${graph} is listed`).not.toContain(graph)
    }
    // The same calls, now admitted, make their graphs.
    for (const [path, call] of Object.entries(CALLS)) {
      const answer = await call('bob', `new-${path.replace(/_/g, '-')}-bob`)
      expect(answer.refused, `${path}: ${answer.text}`).toBe(false)
    }
    const after = await listed()
    for (const path of Object.keys(CALLS)) expect(after).toContain(`new-${path.replace(/_/g, '-')}-bob`)
  })

  it('refused by the build itself (prose where facts go), inline and in the worker: no graph', async () => {
    const prose = 'x uses y because z'
    const longProse = 'Authentication service uses the user database because it needs the users'
    for (const [graph, knowledge] of [
      ['prose-inline', prose],
      ['prose-worker', longProse],
    ] as const) {
      const answer = await mcp('ada', '/mcp/engine', 'add_knowledge', { graph, knowledge })
      expect(answer.isError, answer.text).toBe(true)
      expect(answer.text).toMatch(/reads as a sentence/)
      expect(store.has(graph), `${graph} was stored`).toBe(false)
      expect(await listed()).not.toContain(graph)
    }
  })

  it('a memory write refused on a level whose graph is gone does not make the graph again', async () => {
    const read = await mcp('ada', '/mcp/memory', 'kg_read', { cwd: '/src/refused-memory' })
    expect(read.isError, read.text).toBe(false)
    const sessionId = (JSON.parse(read.text) as { session_id: string }).session_id
    const project = (await listed()).find((id) => id.startsWith('refused-memory-'))
    expect(project).toBeDefined()
    const removed = await fetch(`${server.url}/api/graphs/${project!}`, {
      method: 'DELETE',
      headers: auth('root'),
    })
    expect(removed.status).toBe(200)
    expect(store.has(project!)).toBe(false)

    const bad = await mcp('ada', '/mcp/memory', 'kg_put_node', {
      session_id: sessionId,
      level: 'project',
      id: 'Not A Kebab Id!',
      gist: 'refused',
    })
    expect(bad.isError, bad.text).toBe(true)
    expect(store.has(project!), `${project!} was made again by a refused call`).toBe(false)
    expect(await listed()).not.toContain(project)
    // The same call, well made, makes it.
    const good = await mcp('ada', '/mcp/memory', 'kg_put_node', {
      session_id: sessionId,
      level: 'project',
      id: 'a-kebab-id',
      gist: 'kept',
    })
    expect(good.isError, good.text).toBe(false)
    expect(await listed()).toContain(project)
  })

  it('a build that makes its graph while graph_open makes it live: one graph, one root (review, session 13)', async () => {
    // The build's first open of the (empty) graph passes; its worker's read of the stored graph waits.
    store.held.add('race')
    store.pass('race', 1)
    store.closeGate()
    const facts = [{ from: 'race_alpha_service', rel: 'depends_on', to: 'race_beta_database' }]
    const build = mcp('ada', '/mcp/engine', 'add_facts', { graph: 'race', facts })
    await store.readOf('race')
    // Meanwhile another writer makes the graph on the live document.
    const open = await mcp('bob', '/mcp', 'graph_open', { project: 'race', goal: 'Race the build' })
    expect(open.isError, open.text).toBe(false)
    store.open()
    const built = await build
    expect(built.isError, built.text).toBe(false)

    const doc = new Y.Doc()
    const stored = store.load('race')!
    if (stored.snapshot) Y.applyUpdate(doc, stored.snapshot)
    for (const u of stored.updates) Y.applyUpdate(doc, u)
    const g = openGraph(doc, { actor: 'test', now: Date.now, newId: () => 'unused' })
    const root = meta(g).root
    const tops = [...g.index.nodes.keys()].filter(
      (id) => g.index.live(id) && g.index.live(id)!.parent === null,
    )
    expect(tops).toEqual([root])
    // Nothing of the other writer's is lost: its goal is the graph's.
    expect(meta(g).goal).toBe('Race the build')
    const names = [...g.index.nodes.values()].map((n) => n.summary)
    expect(names).toEqual(expect.arrayContaining(['race_alpha_service', 'race_beta_database']))
  })
})
