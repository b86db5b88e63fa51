/**
 * Graphs have owners (issue 13, finding 9): tokens scoped to graph patterns with roles per graph,
 * `user.<name>` private to its identity, listings and search showing only what a token may read,
 * and no graph loaded for a reader that asks for one that does not exist. REST, WebSocket and MCP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CloseCode } from './server-limits.ts'
import { call, httpAgent } from '@plexus/tools/test/clients'
import { rawClient, testServer, type TestServer } from '../test/server-harness.ts'

let server: TestServer
const tokens = [
  { name: 'ada', role: 'write' as const, token: 'ada-token-123' },
  { name: 'rita', role: 'read' as const, token: 'rita-token-123' },
  {
    name: 'ci',
    role: 'read' as const,
    token: 'ci-token-1234',
    graphs: [{ pattern: 'launch-*' }, { pattern: 'docs', role: 'write' as const }],
  },
]
const as = (token: string) => ({ authorization: `Bearer ${token}` })
const importAs = (token: string, graph: string, text: string) =>
  fetch(`${server.url}/api/graphs/${graph}/import?format=dsl`, {
    method: 'POST',
    headers: as(token),
    body: text,
  })

beforeAll(async () => {
  server = await testServer({ tokens })
  for (const g of ['launch-a', 'docs', 'secret', 'user.ada']) {
    expect(
      (await importAs('ada-token-123', g, `Alpha${g.replace(/\W/g, '')} depends_on Beta\n`)).status,
    ).toBe(200)
  }
})
afterAll(async () => server?.dispose())

const listed = async (token: string) => {
  const res = await fetch(`${server.url}/api/graphs`, { headers: as(token) })
  return ((await res.json()) as { graphs: Array<{ id: string }> }).graphs.map((g) => g.id).sort()
}

describe('graph owners over REST', () => {
  it('lists only the graphs a token may read', async () => {
    expect(await listed('ci-token-1234')).toEqual(['docs', 'launch-a'])
    expect(await listed('rita-token-123')).toEqual(['docs', 'launch-a', 'secret'])
    expect(await listed('ada-token-123')).toEqual(['docs', 'launch-a', 'secret', 'user.ada'])
  })

  it('refuses graphs out of scope and private graphs of others, whether they exist or not', async () => {
    for (const [token, graph] of [
      ['ci-token-1234', 'secret'],
      ['ci-token-1234', 'nothing-here'],
      ['rita-token-123', 'user.ada'],
    ] as const) {
      const res = await fetch(`${server.url}/api/graphs/${graph}/export?format=dsl`, { headers: as(token) })
      expect(res.status, `${token} on ${graph}`).toBe(403)
      expect(((await res.json()) as { message: string }).message).toMatch(/has no access to graph/)
    }
    expect((await fetch(`${server.url}/api/graphs/user.ada`, { headers: as('ada-token-123') })).status).toBe(
      200,
    )
  })

  it('applies the role of the matching pattern', async () => {
    expect((await importAs('ci-token-1234', 'docs', 'Gamma depends_on Delta\n')).status).toBe(200)
    const refused = await importAs('ci-token-1234', 'launch-a', 'Gamma depends_on Delta\n')
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /role read; this needs write on graph launch-a/,
    )
  })
})

describe('graph owners over WebSocket', () => {
  it('closes a connection to a graph the token does not reach with 4403', async () => {
    for (const [token, graph] of [
      ['ci-token-1234', 'secret'],
      ['rita-token-123', 'user.ada'],
    ] as const) {
      const c = await rawClient(server, graph, { token })
      const close = await c.closed
      expect(close.code).toBe(CloseCode.forbidden)
      expect(close.reason).toMatch(/no access to graph/)
    }
  })

  it('does not load a graph that does not exist for a reader', async () => {
    const loaded = server.docs.size
    for (let i = 0; i < 20; i++) {
      const c = await rawClient(server, `ghost-${i}`, { token: 'rita-token-123' })
      const close = await c.closed
      expect(close.code).toBe(CloseCode.notFound)
      expect(close.reason).toMatch(/graph ghost-\d+ does not exist/)
    }
    expect(server.docs.size).toBe(loaded)
    expect(server.docs.peek('ghost-0')).toBeUndefined()
  })
})

describe('graph owners over MCP', () => {
  it('lists, searches and opens only what the token reaches, with the role per graph', async () => {
    const ci = await httpAgent(server.url, { token: 'ci-token-1234' })
    try {
      const open = await call(ci.client, 'graph_open', {})
      const ids = (open.data as { projects: Array<{ id: string }> }).projects.map((g) => g.id).sort()
      expect(ids).toEqual(['docs', 'launch-a'])
      const found = await call(ci.client, 'graph_search', { query: 'Alpha' })
      const text = found.text
      expect(text).not.toMatch(/secret|user\.ada/)
      const secret = await call(ci.client, 'graph_onboard', { project: 'secret' })
      expect(secret.isError).toBe(true)
      expect(secret.text).not.toMatch(/Alphasecret/)
      const write = await call(ci.client, 'graph_plan', {
        project: 'docs',
        nodes: [{ ref: 'w', summary: 'Scoped write' }],
      })
      expect(write.isError).toBeFalsy()
      const readOnly = await call(ci.client, 'graph_plan', {
        project: 'launch-a',
        nodes: [{ ref: 'n', summary: 'No' }],
      })
      expect(readOnly.isError).toBe(true)
      expect(readOnly.text).toMatch(/read/)
    } finally {
      await ci.close()
    }
  })
})
