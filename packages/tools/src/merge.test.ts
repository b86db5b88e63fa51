/**
 * Issue 24, through the tools as agents call them on a real server (HTTP, the official SDK client):
 * merging is explicit and safe, and one node has one identity on every surface (`/mcp`, `/mcp/engine`,
 * `/mcp/memory`).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testServer, type TestServer } from '@plexus/sync/test-server'
import { fails, httpAgent, ok, type Agent } from './test/clients.ts'
import { projectGraphId } from './memory/levels.ts'

let server: TestServer
const agents: Agent[] = []
let work: Client
let engine: Client
let memory: Client
let n = 0
const fresh = async (goal = 'Ship it'): Promise<{ project: string; root: string }> => {
  const project = `merge-${n++}`
  const o = await ok(work, 'graph_open', { project, goal })
  return { project, root: o.root.id }
}

beforeAll(async () => {
  server = await testServer()
  for (const path of ['/mcp', '/mcp/engine', '/mcp/memory'])
    agents.push(await httpAgent(server.url, { path, name: 'claude-code' }))
  ;[work, engine, memory] = agents.map((a) => a.client) as [Client, Client, Client]
})
afterAll(async () => {
  for (const a of agents) await a.close()
  await server?.dispose()
})

describe('graph_plan creates what it is given unless a mode asks for matching', () => {
  it('no mode: an item with the label of a resolved node and of an open one is created, twice', async () => {
    const { project } = await fresh()
    const first = await ok(work, 'graph_plan', {
      project,
      nodes: [
        { ref: 'a', summary: 'Replicate prod database to staging' },
        { ref: 'b', summary: 'Write the migration guide' },
      ],
    })
    const a = first.created.find((c: { ref: string }) => c.ref === 'a').id
    await ok(work, 'graph_update', { updates: [{ node_id: a, resolved: true }] })
    const again = await ok(work, 'graph_plan', {
      project,
      nodes: [
        { ref: 'x', summary: 'Replicate prod database to staging' },
        { ref: 'y', summary: 'Write the migration guide' },
        { ref: 'z', summary: 'Replicate staging database to prod' },
      ],
    })
    expect(again.created.map((c: { ref: string }) => c.ref).sort()).toEqual(['x', 'y', 'z'])
    expect(again.matched ?? []).toEqual([])
    const next = await ok(work, 'graph_next', { project, count: 10 })
    const offered = next.nodes.map((x: { node: { summary: string } }) => x.node.summary)
    expect(offered).toContain('Replicate staging database to prod')
    expect(offered).toContain('Replicate prod database to staging')
  })

  it('mode auto: a match with a resolved node is not folded into it; the result says so', async () => {
    const { project } = await fresh()
    const first = await ok(work, 'graph_plan', {
      project,
      nodes: [{ ref: 'a', summary: 'Rotate the API keys' }],
    })
    await ok(work, 'graph_update', { updates: [{ node_id: first.created[0].id, resolved: true }] })
    const again = await ok(work, 'graph_plan', {
      project,
      mode: 'auto',
      nodes: [{ ref: 'x', summary: 'Rotate the api keys' }],
    })
    expect(again.created.map((c: { ref: string }) => c.ref)).toEqual(['x'])
    expect(JSON.stringify(again.warnings)).toMatch(/resolved/i)
    expect(JSON.stringify(again.warnings)).toContain(first.created[0].id)
    const next = await ok(work, 'graph_next', { project })
    expect(next.nodes[0].node.id).toBe(again.created[0].id)
  })

  it('mode enrich: merging into a resolved node says so, loudly', async () => {
    const { project } = await fresh()
    const first = await ok(work, 'graph_plan', {
      project,
      nodes: [{ ref: 'a', summary: 'Rotate the API keys' }],
    })
    await ok(work, 'graph_update', { updates: [{ node_id: first.created[0].id, resolved: true }] })
    const again = await ok(work, 'graph_plan', {
      project,
      mode: 'enrich',
      nodes: [{ ref: 'x', summary: 'Rotate the api keys', notes: 'also the webhook secret' }],
    })
    expect(again.matched[0]).toMatchObject({ ref: 'x', id: first.created[0].id, resolved: true })
    expect(JSON.stringify(again.warnings)).toMatch(/resolved/i)
  })

  it('mode auto keeps the notes of an item it matched', async () => {
    const { project } = await fresh()
    const first = await ok(work, 'graph_plan', {
      project,
      nodes: [{ ref: 'a', summary: 'Pick a database', notes: 'Postgres or SQLite' }],
    })
    await ok(work, 'graph_plan', {
      project,
      mode: 'auto',
      nodes: [{ ref: 'x', summary: 'pick a Database', notes: 'SQLite is enough for one node' }],
    })
    const c = await ok(work, 'graph_context', { node_id: first.created[0].id })
    expect(c.node.notes).toContain('Postgres or SQLite')
    expect(c.node.notes).toContain('SQLite is enough for one node')
  })

  it('mode auto unifies the items of one batch as it matches the graph: ConfigLoader is Config Loader', async () => {
    const { project } = await fresh()
    const r = await ok(work, 'graph_plan', {
      project,
      mode: 'auto',
      nodes: [
        { ref: 'a', summary: 'ConfigLoader' },
        { ref: 'b', summary: 'Config Loader' },
        { ref: 'c', summary: 'PaymentService' },
        { ref: 'd', summary: 'Payment Service', depends_on: ['a'] },
      ],
    })
    expect(r.created).toHaveLength(2)
  })
})

describe('the names of one batch are unified with each other as with the graph', () => {
  const countNamed = async (client: Client, graph: string, names: string[]) => {
    const dump = await ok(client, 'export_graph', { graph, format: 'json' })
    const text = JSON.stringify(dump)
    return names.map((nm) => text.split(`"${nm}"`).length - 1)
  }

  it('add_knowledge, add_facts, create_from_mermaid and graph_add_facts', async () => {
    const g1 = `kb-${n++}`
    const r1 = await ok(engine, 'add_knowledge', {
      graph: g1,
      knowledge:
        'ConfigLoader configures DatabasePool\nConfig Loader reads Settings\nAuthService uses PaymentService\nPayment Service depends_on Database Pool',
    })
    expect(r1.created).toHaveLength(5)
    const g2 = `kb-${n++}`
    const r2 = await ok(engine, 'add_facts', {
      graph: g2,
      facts: [
        { from: 'PaymentService', rel: 'depends_on', to: 'Ledger' },
        { from: 'Payment Service', rel: 'calls', to: 'FraudCheck' },
      ],
    })
    expect(r2.created).toHaveLength(3)
    const g3 = `kb-${n++}`
    const r3 = await ok(engine, 'create_from_mermaid', {
      graph: g3,
      mermaid:
        'graph TD\n  A[ConfigLoader] -->|configures| B[DatabasePool]\n  C[Config Loader] -->|reads| D[Settings]',
    })
    expect(r3.created).toHaveLength(3)
    const { project } = await fresh()
    const r4 = await ok(work, 'graph_add_facts', {
      project,
      text: 'ConfigLoader configures DatabasePool\nConfig Loader reads Settings',
    })
    expect(r4.created).toHaveLength(3)
    // and a chain through both spellings is one path
    const p = await ok(engine, 'ask_graph', { graph: g1, query: 'path from AuthService to Database Pool' })
    expect(p.path?.length ?? p.nodes?.length).toBeGreaterThan(0)
    void countNamed
  })
})

describe('one node, one identity on every surface', () => {
  it('a memory id names its node on /mcp and on the engine, with or without kg:', async () => {
    const cwd = `/home/dev/src/identity-${n++}`
    const sid = (await ok(memory, 'kg_read', { cwd })).session_id
    await ok(memory, 'kg_put_node', {
      session_id: sid,
      level: 'project',
      id: 'idempotency-keys',
      gist: 'Every POST carries an Idempotency-Key; replays return the first response',
      notes: ['keys live 24 h'],
    })
    await ok(memory, 'kg_put_node', {
      session_id: sid,
      level: 'project',
      id: 'payment-retries',
      gist: 'Payment retries back off exponentially',
    })
    const project = projectGraphId(cwd)
    for (const id of ['idempotency-keys', 'kg:idempotency-keys']) {
      const c = await ok(work, 'graph_context', { project, node_id: id })
      expect(c.node.summary).toMatch(/^Every POST/)
      const bare = await ok(work, 'graph_context', { node_id: id })
      expect(bare.node.summary).toMatch(/^Every POST/)
    }
    const f = await ok(engine, 'add_facts', {
      graph: project,
      facts: [{ from: 'payment-retries', rel: 'depends_on', to: 'kg:idempotency-keys' }],
    })
    expect(f.created).toEqual([])
    const a = await ok(engine, 'ask_graph', { graph: project, query: 'what depends on idempotency-keys' })
    expect(a.nodes.map((x: { summary: string }) => x.summary)).toEqual([
      'Payment retries back off exponentially',
    ])
    const read = await ok(memory, 'kg_read', { cwd, id: 'payment-retries' })
    expect(read.node?.edges?.out ?? read.edges?.out).toEqual([{ rel: 'depends_on', to: 'idempotency-keys' }])
    // and memory takes the node's other names: kg:-prefixed, and the Plexus id /mcp gave
    const plexusId = (await ok(work, 'graph_context', { project, node_id: 'idempotency-keys' })).node.id
    for (const id of ['kg:idempotency-keys', plexusId]) {
      const r = await ok(memory, 'kg_read', { cwd, id })
      expect((r.node ?? r).id, id).toBe('idempotency-keys')
    }
  })

  it('notes: graph_update add_notes merges as memory does; notes says it replaces', async () => {
    const cwd = `/home/dev/src/notes-${n++}`
    const sid = (await ok(memory, 'kg_read', { cwd })).session_id
    await ok(memory, 'kg_put_node', {
      session_id: sid,
      level: 'project',
      id: 'rate-limits',
      gist: 'Sliding window in Redis',
      notes: ['window from RATE_LIMIT_WINDOW'],
    })
    const project = projectGraphId(cwd)
    await ok(work, 'graph_update', {
      project,
      updates: [{ node_id: 'rate-limits', add_notes: 'burst of 20 allowed\nwindow from RATE_LIMIT_WINDOW' }],
    })
    const read = await ok(memory, 'kg_read', { cwd, id: 'rate-limits' })
    const node = read.node ?? read
    expect(node.notes).toEqual(['window from RATE_LIMIT_WINDOW', 'burst of 20 allowed'])
    const replaced = await ok(work, 'graph_update', {
      project,
      updates: [{ node_id: 'rate-limits', notes: 'only this' }],
    })
    expect(replaced.updated[0]).toMatchObject({ notes: 'replaced' })
    const { tools } = await work.listTools()
    expect(tools.find((t) => t.name === 'graph_update')!.description).toMatch(/notes replaces/)
  })
})

describe('finding 7', () => {
  it('graph_connect rejects an unsure label edge by edge, as it does a bad id', async () => {
    const { project } = await fresh()
    const r = await ok(work, 'graph_plan', {
      project,
      nodes: [
        { ref: 'a', summary: 'Authentication Service' },
        { ref: 'b', summary: 'Authorization Service' },
        { ref: 'c', summary: 'User store' },
      ],
    })
    const id = (ref: string) => r.created.find((c: { ref: string }) => c.ref === ref).id
    const c = await ok(work, 'graph_connect', {
      project,
      edges: [
        { from: id('a'), to: id('c'), type: 'depends_on' },
        { from: 'Auth Svc', to: id('c'), type: 'depends_on' },
        { from: 'n_nosuchnode00', to: id('c'), type: 'depends_on' },
      ],
    })
    expect(c.applied).toBe(1)
    expect(c.rejected.map((x: { from: string; reason: string }) => [x.from, x.reason])).toEqual([
      ['Auth Svc', 'ambiguous_label'],
      ['n_nosuchnode00', 'node_not_found'],
    ])
  })

  it('drop: every descendant it resolves carries dropped evidence', async () => {
    const { project } = await fresh()
    const r = await ok(work, 'graph_plan', {
      project,
      nodes: [
        { ref: 'p', summary: 'Old billing' },
        { ref: 'c', summary: 'Port invoices', parent_ref: 'p' },
        { ref: 'g', summary: 'Port credit notes', parent_ref: 'c' },
      ],
    })
    const id = (ref: string) => r.created.find((c: { ref: string }) => c.ref === ref).id
    await ok(work, 'graph_restructure', {
      operations: [{ op: 'drop', node_id: id('p'), reason: 'replaced by Stripe' }],
    })
    for (const ref of ['c', 'g']) {
      const c = await ok(work, 'graph_context', { node_id: id(ref) })
      expect(c.node.resolved).toBe(true)
      expect(c.node.evidence.find((e: { type: string }) => e.type === 'dropped')?.ref).toMatch(
        /replaced by Stripe/,
      )
    }
  })

  it('ask_graph understands the common phrasings of dependents, dependencies, reachability and impact', async () => {
    const graph = `ask-${n++}`
    await ok(engine, 'add_knowledge', {
      graph,
      knowledge:
        'LoginController depends_on AuthService\nAuthService depends_on UserRepository\nUserRepository depends_on DatabasePool\nReportJob uses DatabasePool',
    })
    const names = (a: { nodes?: Array<{ summary: string }> }) => (a.nodes ?? []).map((x) => x.summary).sort()
    for (const q of ['what uses DatabasePool', 'what consumes the database pool', 'who uses DatabasePool?'])
      expect(names(await ok(engine, 'ask_graph', { graph, query: q })), q).toEqual([
        'ReportJob',
        'UserRepository',
      ])
    for (const q of [
      'which would break if DatabasePool goes down',
      'what breaks if the DatabasePool goes down',
      'what is affected if DatabasePool fails',
      'impact of DatabasePool',
    ])
      expect(names(await ok(engine, 'ask_graph', { graph, query: q })), q).toEqual([
        'AuthService',
        'LoginController',
        'ReportJob',
        'UserRepository',
      ])
    expect(names(await ok(engine, 'ask_graph', { graph, query: 'what does the AuthService need' }))).toEqual([
      'UserRepository',
    ])
    const reach = await ok(engine, 'ask_graph', {
      graph,
      query: 'how does LoginController reach the DatabasePool',
    })
    expect(reach.intent).toBe('path')
    expect(reach.path.map((x: { summary: string }) => x.summary)).toEqual([
      'LoginController',
      'AuthService',
      'UserRepository',
      'DatabasePool',
    ])
  })

  it('add_knowledge refuses prose, saying the line format', async () => {
    const graph = `prose-${n++}`
    const msg = await fails(engine, 'add_knowledge', {
      graph,
      knowledge: 'The auth service talks to the user repository, which in turn reads from the database pool.',
    })
    expect(msg).toMatch(/<subject> <relation> <object>/)
    const junk = await fails(engine, 'add_knowledge', {
      graph,
      knowledge: 'AuthService depends_on UserRepository\nAuth service uses the DB because it needs users',
    })
    expect(junk).toMatch(/<subject> <relation> <object>/)
    expect(junk).toMatch(/line 2/)
    const { project } = await fresh()
    expect(
      await fails(work, 'graph_add_facts', {
        project,
        text: 'Auth service uses the DB because it needs users',
      }),
    ).toMatch(/<subject> <relation> <object>/)
    // a quoted name is taken as written, however long
    const quoted = await ok(work, 'graph_add_facts', {
      project,
      text: '"Write the migration guide for the billing team, then review it" depends_on "Schema"',
    })
    expect(quoted.created).toHaveLength(2)
    const dump = await ok(engine, 'get_graph_info', { graph }).catch(() => null)
    expect(dump?.nodes ?? 0).toBeLessThanOrEqual(1)
  })
})
