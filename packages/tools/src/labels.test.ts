/**
 * Nodes named the way agents name them: every argument that takes a node id takes its label too, over
 * HTTP and stdio with the official SDK client. A sure label is resolved and the result says which node it
 * took; an unsure or ambiguous one is refused with the candidates.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testServer, type TestServer } from '@plexus/sync/test-server'
import { fails, httpAgent, ok, stdioAgent, type Agent } from './test/clients.ts'

/** The name a tool gives its node-id argument: seed 000's `node_id`, or `id` before the rename. */
async function idKey(client: Client, tool: string): Promise<string> {
  const t = (await client.listTools()).tools.find((x) => x.name === tool)
  const props = (t?.inputSchema.properties ?? {}) as Record<string, unknown>
  return 'node_id' in props ? 'node_id' : 'id'
}

const transports: Array<[string, (server: TestServer, dir: string) => Promise<Agent>]> = [
  ['Streamable HTTP', (server) => httpAgent(server.url)],
  ['stdio (plexus mcp)', (server, dir) => stdioAgent({ server: server.url, cacheDir: dir })],
]

describe.each(transports)('node labels where ids go, over %s', (_, connect) => {
  let server: TestServer
  let agent: Agent
  let dir = ''
  let ids: Record<string, string> = {}
  const project = 'labels'

  beforeAll(async () => {
    server = await testServer()
    dir = mkdtempSync(join(tmpdir(), 'plexus-labels-'))
    agent = await connect(server, dir)
    await ok(agent.client, 'graph_open', { project, goal: 'Ship payments' })
    const r = await ok(agent.client, 'graph_add_facts', {
      project,
      facts: [
        { from: 'Payments', rel: 'contains', to: 'Database Connection Pool' },
        { from: 'Payments', rel: 'contains', to: 'Authentication Service' },
        { from: 'Payments', rel: 'contains', to: 'Authorization Service' },
        { from: 'Authentication Service', rel: 'depends_on', to: 'Database Connection Pool' },
      ],
    })
    ids = Object.fromEntries(r.created.map((c: { id: string; summary: string }) => [c.summary, c.id]))
    expect(Object.keys(ids)).toHaveLength(4)
  })
  afterAll(async () => {
    await agent?.close()
    await server?.dispose()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('takes a label for a node id, and says which node it took', async () => {
    const key = await idKey(agent.client, 'graph_context')
    const r = await ok(agent.client, 'graph_context', { project, [key]: 'DB connection pool' })
    expect(r.node.id).toBe(ids['Database Connection Pool'])
    expect(r.resolved).toEqual([
      {
        arg: key,
        label: 'DB connection pool',
        id: ids['Database Connection Pool'],
        summary: 'Database Connection Pool',
        confidence: expect.any(Number),
      },
    ])
    expect(r.resolved[0].confidence).toBeGreaterThanOrEqual(0.85)
  })

  it('resolves labels in nested arguments and in every tool that takes a node', async () => {
    const q = await ok(agent.client, 'graph_query', { project, filter: { ancestor: 'payments' } })
    expect(q.nodes.map((n: { summary: string }) => n.summary).sort()).toEqual([
      'Authentication Service',
      'Authorization Service',
      'Database Connection Pool',
    ])
    expect(q.resolved[0]).toMatchObject({ arg: 'filter.ancestor', id: ids.Payments })
    const s = await ok(agent.client, 'graph_search', { project, query: 'service', within: 'Payments' })
    expect(s.items).toHaveLength(2)
    const p = await ok(agent.client, 'graph_analyze', {
      project,
      op: 'path',
      from: 'authn service',
      to: 'connection pool database',
    })
    expect(p.path.map((n: { id: string }) => n.id)).toEqual([
      ids['Authentication Service'],
      ids['Database Connection Pool'],
    ])
    expect(p.resolved.map((x: { arg: string }) => x.arg)).toEqual(['from', 'to'])
  })

  it('refuses an ambiguous label, listing the nodes it could mean', async () => {
    const key = await idKey(agent.client, 'graph_context')
    const msg = await fails(agent.client, 'graph_context', { project, [key]: 'Auth Svc' })
    expect(msg).toContain(`${key}: "Auth Svc" is not a node id`)
    expect(msg).toContain(ids['Authentication Service'])
    expect(msg).toContain(ids['Authorization Service'])
    expect(msg).toContain('Pass the id')
  })

  it('refuses a label below 0.85 with its candidates, and changes nothing', async () => {
    const msg = await fails(agent.client, 'graph_analyze', {
      project,
      op: 'path',
      from: 'Authentication Server',
      to: 'Payments',
    })
    expect(msg).toMatch(
      /from: "Authentication Server" is not a node id and matches no node surely \(best 0\.\d+/,
    )
    expect(msg).toContain(`${ids['Authentication Service']} 'Authentication Service'`)
  })

  it('leaves node ids alone and says nothing resolved', async () => {
    const key = await idKey(agent.client, 'graph_context')
    const r = await ok(agent.client, 'graph_context', { project, [key]: ids.Payments })
    expect(r.node.summary).toBe('Payments')
    expect(r.resolved).toBeUndefined()
  })

  // Last: it adds a node.
  it('does not merge an ambiguous name into either node when adding facts', async () => {
    const r = await ok(agent.client, 'graph_add_facts', {
      project,
      facts: [{ from: 'Auth Svc', rel: 'depends_on', to: 'DB connection pool' }],
    })
    expect(r.created.map((c: { summary: string }) => c.summary)).toEqual(['Auth Svc'])
    expect(r.matched).toEqual([
      expect.objectContaining({ name: 'DB connection pool', id: ids['Database Connection Pool'] }),
    ])
  })
})
