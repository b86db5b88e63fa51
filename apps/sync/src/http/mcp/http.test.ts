/**
 * `/mcp` over Streamable HTTP on the real server: the tool suite, then what the HTTP edge adds:
 * tokens and roles, Origin checks, stateless calls, sessions, and resource notifications.
 */
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testServer, waitFor, type TestServer } from '../../test/server-harness.ts'
import { MAX_SUBSCRIPTIONS } from '@plexus/tools'
import { call, fails, httpAgent, ok } from '@plexus/tools/test/clients'
import { httpTarget } from '@plexus/tools/test/targets'
import { toolSuite } from '@plexus/tools/test/tool-suite'

toolSuite('Streamable HTTP', httpTarget)

// `alice` also has a read token: one name, two roles (found by the reliability suite's access run).
const TOKENS =
  'alice:write:alice-secret-1,reader:read:reader-secret-1,alice:read:alice-reads-1,alice:write:alice-other-1'

describe('the /mcp endpoint', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await testServer({ tokens: parseTokens(TOKENS) })
  })
  afterAll(async () => server?.dispose())

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(body),
    })

  it('requires a token when the server has tokens', async () => {
    const res = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toContain('Bearer')
    await expect(httpAgent(server.url, { token: 'wrong-token-123' })).rejects.toThrow()
  })

  it('records the token identity as the actor of every write', async () => {
    const alice = await httpAgent(server.url, { token: 'alice-secret-1', name: 'claude-code' })
    const o = await ok(alice.client, 'graph_open', { project: 'authz', goal: 'Who wrote this' })
    const h = await ok(alice.client, 'graph_history', { node_id: o.root.id })
    expect(h.events[0].agent).toBe('alice')
    expect(o.root.created_by).toBe('alice')
    await alice.close()
  })

  it('gives read tokens the read tools only, and refuses writes', async () => {
    const alice = await httpAgent(server.url, { token: 'alice-secret-1' })
    await ok(alice.client, 'graph_open', { project: 'readonly', goal: 'Look, do not touch' })
    await alice.close()
    const reader = await httpAgent(server.url, { token: 'reader-secret-1' })
    const names = (await reader.client.listTools()).tools.map((t) => t.name)
    expect(names).toContain('graph_query')
    expect(names).toContain('graph_next')
    expect(names).not.toContain('graph_update')
    expect(names).not.toContain('graph_plan')
    expect(
      await fails(reader.client, 'graph_update', {
        project: 'readonly',
        updates: [{ node_id: 'x', resolved: true }],
      }),
    ).toMatch(/read-only/)
    expect(await fails(reader.client, 'graph_next', { project: 'readonly', claim: true })).toMatch(
      /write role/,
    )
    expect(await fails(reader.client, 'graph_open', { project: 'brand-new', goal: 'x' })).toMatch(
      /write role/,
    )
    expect((await ok(reader.client, 'graph_next', { project: 'readonly' })).nodes).toHaveLength(1)
    expect((await ok(reader.client, 'graph_session', { project: 'readonly' })).hot ?? []).toEqual([])
    await reader.close()
  })

  it('refuses foreign Origins, as the rest of the server does', async () => {
    const res = await post(
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { Authorization: 'Bearer alice-secret-1', Origin: 'https://evil.example' },
    )
    expect(res.status).toBe(403)
  })

  it('serves calls without a transport session (stateless)', async () => {
    const res = await post(
      {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'graph_open', arguments: { project: 'stateless', goal: 'No session' } },
      },
      { Authorization: 'Bearer alice-secret-1' },
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('mcp-session-id')).toBeNull()
    const body = (await res.json()) as { result: { structuredContent: { created: boolean } } }
    expect(body.result.structuredContent.created).toBe(true)
    const list = await post(
      { jsonrpc: '2.0', id: 8, method: 'tools/list' },
      { Authorization: 'Bearer reader-secret-1' },
    )
    const tools = ((await list.json()) as { result: { tools: Array<{ name: string }> } }).result.tools
    expect(tools.map((t) => t.name)).not.toContain('graph_plan')
  })

  // 12 KB until time travel (issue 30) added graph_diff and as_of on five reads: 13,116 B.
  it('keeps the whole tool list under 13.5 KB', async () => {
    const res = await post(
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { Authorization: 'Bearer alice-secret-1' },
    )
    const body = await res.text()
    expect(JSON.parse(body).result.tools).toHaveLength(18)
    console.log(`tools/list: ${Buffer.byteLength(body)} bytes`)
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(13.5 * 1024)
  })

  it('keeps sessions to their identity and answers 404 for unknown ones', async () => {
    const alice = await httpAgent(server.url, { token: 'alice-secret-1' })
    const sid = (alice.client.transport as { sessionId?: string }).sessionId!
    expect(sid).toBeTruthy()
    const stolen = await post(
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { Authorization: 'Bearer reader-secret-1', 'Mcp-Session-Id': sid },
    )
    expect(stolen.status).toBe(403)
    // The same name with a read token cannot borrow the write session either.
    await ok(alice.client, 'graph_open', { project: 'borrowed', goal: 'Check session roles' })
    const borrowed = await post(
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: {
          name: 'graph_plan',
          arguments: { project: 'borrowed', nodes: [{ summary: 'sneaked in' }] },
        },
      },
      { Authorization: 'Bearer alice-reads-1', 'Mcp-Session-Id': sid },
    )
    expect(borrowed.status).toBe(403)
    expect(await borrowed.text()).toMatch(/opened with another token/)
    const nodes = await ok(alice.client, 'graph_query', { project: 'borrowed' })
    expect(JSON.stringify(nodes)).not.toContain('sneaked in')
    const gone = await post(
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { Authorization: 'Bearer alice-secret-1', 'Mcp-Session-Id': 'no-such-session' },
    )
    expect(gone.status).toBe(404)
    await alice.close()
  })

  it('keeps a session to the token that opened it, not to another of the same name and role (issue 23, finding 7)', async () => {
    const alice = await httpAgent(server.url, { token: 'alice-secret-1' })
    const sid = (alice.client.transport as { sessionId?: string }).sessionId!
    await ok(alice.client, 'graph_open', { project: 'twin', goal: 'Whose session' })
    for (const body of [
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'graph_open', arguments: {} } },
    ]) {
      const twin = await post(body, { Authorization: 'Bearer alice-other-1', 'Mcp-Session-Id': sid })
      expect(twin.status).toBe(403)
      expect(await twin.text()).toMatch(/opened with another token/)
    }
    // The opener keeps its session.
    expect((await call(alice.client, 'graph_open', { project: 'twin' })).isError).toBe(false)
    await alice.close()
  })

  it('does not close a session to make room for sessions of another token of the same name and role', async () => {
    const alice = await httpAgent(server.url, { token: 'alice-secret-1' })
    const opened: string[] = []
    try {
      await ok(alice.client, 'graph_open', { project: 'evicted', goal: 'Whose room' })
      // Past the 32 sessions one token may hold: the other token's oldest go, never alice-secret-1's.
      for (let i = 0; i < 40; i++) {
        const res = await post(
          {
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: {
              protocolVersion: '2025-03-26',
              capabilities: {},
              clientInfo: { name: 'twin', version: '1' },
            },
          },
          { Authorization: 'Bearer alice-other-1' },
        )
        expect(res.status).toBe(200)
        opened.push(res.headers.get('mcp-session-id')!)
      }
      const r = await call(alice.client, 'graph_open', { project: 'evicted' })
      expect(r.isError, r.text).toBe(false)
    } finally {
      for (const sid of opened)
        await fetch(`${server.url}/mcp`, {
          method: 'DELETE',
          headers: { Authorization: 'Bearer alice-other-1', 'Mcp-Session-Id': sid },
        })
      await alice.close()
    }
  })

  it('returns a parse error for a body that is not JSON, and stays up', async () => {
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { Authorization: 'Bearer alice-secret-1', 'Content-Type': 'application/json' },
      body: '{nope',
    })
    expect(res.status).toBe(400)
    const alice = await httpAgent(server.url, { token: 'alice-secret-1' })
    expect((await call(alice.client, 'graph_open', {})).isError).toBe(false)
    await alice.close()
  })

  it('answers a tools/call with malformed params in a sentence, not a schema dump', async () => {
    // Found by the reliability suite's mcp-input phase: the SDK refused these with -32603 (internal
    // error) and the raw zod issue list as the message.
    const auth = { Authorization: 'Bearer alice-secret-1' }
    const cases: Array<[unknown, RegExp]> = [
      [
        { name: 'graph_query', arguments: [] },
        /arguments must be an object of the tool's fields, got an array/,
      ],
      [
        { name: 'graph_query', arguments: 'x' },
        /arguments must be an object of the tool's fields, got a string/,
      ],
      [{ name: 'graph_query', arguments: { project: 'g', constructor: 1 } }, /unknown field 'constructor'/],
      [{ arguments: {} }, /params.name must be the name of a tool/],
    ]
    for (const [params, message] of cases) {
      const res = await post({ jsonrpc: '2.0', id: 9, method: 'tools/call', params }, auth)
      const body = (await res.json()) as { id: unknown; error?: { code: number; message: string } }
      expect(body.id, JSON.stringify(params)).toBe(9)
      expect(body.error?.code, JSON.stringify(params)).toBe(-32602)
      expect(body.error?.message, JSON.stringify(params)).toMatch(message)
    }
  })

  it('notifies subscribers when a resource changes', async () => {
    const alice = await httpAgent(server.url, { token: 'alice-secret-1' })
    const o = await ok(alice.client, 'graph_open', { project: 'subs', goal: 'Watch me' })
    const seen: string[] = []
    alice.client.setNotificationHandler(
      ResourceUpdatedNotificationSchema,
      (n) => void seen.push(n.params.uri),
    )
    const uri = 'plexus://graph/subs/suggestions'
    await alice.client.subscribeResource({ uri })
    await ok(alice.client, 'graph_plan', {
      project: 'subs',
      nodes: [{ summary: 'Is this a gap?', kind: 'question', parent_ref: o.root.id }],
    })
    await waitFor(() => seen.includes(uri), 'a resources/updated notification for the suggestions')
    await alice.client.unsubscribeResource({ uri })
    await alice.close()
  })

  it('caps the subscriptions one session holds (issue 23, finding 8: one held 300)', async () => {
    const alice = await httpAgent(server.url, { token: 'alice-secret-1' })
    try {
      const uris: string[] = []
      for (let i = 0; uris.length <= MAX_SUBSCRIPTIONS; i++) {
        await ok(alice.client, 'graph_open', { project: `many-${i}`, goal: 'Watched' })
        for (const kind of ['working-set', 'suggestions', 'checkpoints'])
          uris.push(`plexus://graph/many-${i}/${kind}`)
      }
      const [extra, ...held] = uris.slice(MAX_SUBSCRIPTIONS).concat(uris.slice(0, MAX_SUBSCRIPTIONS))
      // All at once, as a client that does not wait would: the cap holds across concurrent requests.
      const all = await Promise.allSettled(held.map((uri) => alice.client.subscribeResource({ uri })))
      expect(all.filter((r) => r.status === 'rejected')).toEqual([])
      await expect(alice.client.subscribeResource({ uri: extra! })).rejects.toThrow(
        new RegExp(`limit of ${MAX_SUBSCRIPTIONS} subscriptions`),
      )
      // Subscribing again to one it holds is not another.
      await alice.client.subscribeResource({ uri: held[0]! })
      await alice.client.unsubscribeResource({ uri: held[0]! })
      await alice.client.subscribeResource({ uri: extra! })
    } finally {
      await alice.close()
    }
  })
})

function parseTokens(list: string) {
  return list.split(',').map((e) => {
    const [name, role, token] = e.split(':') as [string, 'read' | 'write' | 'admin', string]
    return { name, role, token }
  })
}
