/**
 * Every edge answers a failure through the one mapping (`edgeOf`, packages/model's failures.ts): one
 * code end to end per edge. REST: a claim on a graph there is not; MCP: a request without a token;
 * WebSocket: a connection without one, read by the sync client as the same code.
 */
import { closeReason } from '@plexus/sync-client'
import { edgeOf, isFailureCode } from '@plexus/model'
import { afterEach, describe, expect, it } from 'vitest'
import { rawClient, testServer, type TestServer } from '../test/server-harness.ts'

let server: TestServer | null = null
afterEach(async () => {
  await server?.dispose()
  server = null
})

const tokens = [{ name: 'ada', role: 'write' as const, token: 'ada-token-123' }]

describe('one vocabulary at every edge', () => {
  it('REST: the status is the code’s', async () => {
    server = await testServer({ tokens })
    const res = await fetch(`${server.url}/api/graphs/nowhere/claims`, {
      method: 'POST',
      headers: { Authorization: 'Bearer ada-token-123', 'Content-Type': 'application/json' },
      // An empty document's state vector.
      body: JSON.stringify({ state_vector: 'AA==' }),
    })
    const body = (await res.json()) as { error: string }
    expect(isFailureCode(body.error)).toBe(true)
    expect(body.error).toBe('not_found')
    expect(res.status).toBe(edgeOf('not_found').status)
  })

  it('MCP: the status and the JSON-RPC code are the code’s', async () => {
    server = await testServer({ tokens })
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    const body = (await res.json()) as { error: { code: number } }
    expect(res.status).toBe(edgeOf('unauthorized').status)
    expect(body.error.code).toBe(edgeOf('unauthorized').rpc)
  })

  it('WebSocket: the close code is the code’s, and the client reads it back by name', async () => {
    server = await testServer({ tokens })
    const client = await rawClient(server, 'g', { token: 'wrong-token-123' })
    const closed = await client.closed
    expect(closed.code).toBe(edgeOf('unauthorized').close)
    expect(closeReason(closed)).toMatchObject({ kind: 'unauthorized', final: true })
  })
})
