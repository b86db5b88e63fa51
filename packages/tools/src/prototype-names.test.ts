/**
 * Words that name Object.prototype's members ("__proto__", "constructor", "toString") are ordinary words
 * to a user: an edge type, a kind, a relationship. Tools that grouped or counted by them in plain
 * objects (`groups[type] ??= {}`) wrote into Object.prototype itself — every object of the server
 * process then carried the caller's node summaries — or read Object's own function as a count (review,
 * session 14). Over a real server and the official SDK client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testServer, type TestServer } from '@plexus/sync/test-server'
import { httpAgent, ok, type Agent } from './test/clients.ts'

const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']
let server: TestServer
let work: Agent
let engine: Agent
beforeAll(async () => {
  server = await testServer()
  work = await httpAgent(server.url)
  engine = await httpAgent(server.url, { path: '/mcp/engine' })
})
afterAll(async () => {
  await work?.close()
  await engine?.close()
  await server?.dispose()
})

describe('prototype member names as edge types, kinds and relationships', () => {
  it('graph_context lists an edge of each such type, and leaves Object.prototype alone', async () => {
    await ok(work.client, 'graph_open', { project: 'proto-edges', goal: 'Edges named like members' })
    const plan = await ok(work.client, 'graph_plan', {
      project: 'proto-edges',
      nodes: [
        { ref: 'a', summary: 'Alpha' },
        ...NAMES.map((n, i) => ({ ref: `b${i}`, summary: `Beta ${n}` })),
      ],
    })
    const id = (ref: string) =>
      (plan.created as Array<{ ref: string; id: string }>).find((c) => c.ref === ref)!.id
    const c = await ok(work.client, 'graph_connect', {
      project: 'proto-edges',
      edges: NAMES.map((type, i) => ({ from: id('a'), to: id(`b${i}`), type })),
    })
    expect(c.applied).toBe(NAMES.length)
    const ctx = await ok(work.client, 'graph_context', { project: 'proto-edges', node_id: id('a') })
    for (const [i, type] of NAMES.entries()) {
      expect(Object.hasOwn(ctx.edges, type), `edges.${type}`).toBe(true)
      expect(ctx.edges[type].out, type).toEqual([{ id: id(`b${i}`), summary: `Beta ${type}` }])
    }
    expect(({} as Record<string, unknown>).out).toBeUndefined()
    expect((Object as unknown as Record<string, unknown>).out).toBeUndefined()
  })

  it('get_graph_info counts kinds and relationships of such names as numbers', async () => {
    await ok(engine.client, 'add_facts', {
      graph: 'proto-info',
      facts: [
        { from: 'Parser', rel: 'constructor', to: 'Lexer', from_type: 'constructor', to_type: '__proto__' },
        { from: 'Lexer', rel: '__proto__', to: 'Tokens', to_type: 'toString' },
      ],
    })
    const info = await ok(engine.client, 'get_graph_info', { graph: 'proto-info' })
    expect(info.node_types).toMatchObject({ constructor: 1, __proto__: 1, toString: 1 })
    expect(info.relation_types).toMatchObject({ constructor: 1, __proto__: 1 })
    for (const v of [...Object.values(info.node_types), ...Object.values(info.relation_types)])
      expect(typeof v).toBe('number')
  })
})
