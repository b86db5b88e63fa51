/**
 * `plexus mcp` asks the server for its token's role on each graph (`/api/identity?graph=`). When that
 * question fails (the server answers 503 or 429, or is not there), the role is unknown, and an unknown
 * role must never be taken for admin (issue 23, review): the agent reads its copy but refuses every
 * change, saying it could not check the role and to retry, and a retry asks again.
 *
 * The server is real; a real front server (test/faulty-front.ts) fails only the identity route, so the
 * agent syncs as usual and only the question fails.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { faultyFront, type FaultyFront } from '@plexus/sync/test-faulty-front'
import { testServer, type TestServer } from '@plexus/sync/test-server'
import { call, ok, stdioAgent, twoNodeGraph } from '@plexus/tools/test/clients'

const tokens = [
  { name: 'ada', role: 'write' as const, token: 'ada-token-123' },
  { name: 'rita', role: 'read' as const, token: 'rita-token-123' },
]

let server: TestServer | undefined
let front: FaultyFront | undefined
const dirs: string[] = []
afterEach(async () => {
  await front?.close()
  front = undefined
  await server?.dispose()
  server = undefined
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

const cache = () => {
  const d = mkdtempSync(join(tmpdir(), 'plexus-agent-'))
  dirs.push(d)
  return d
}

const seeded = (s: TestServer) => twoNodeGraph(s.url, 'ada-token-123')

const serverState = (s: TestServer) =>
  Buffer.from(Y.encodeStateAsUpdate(s.docs.peek('g')!)).toString('base64')
const COULD_NOT_CHECK = /could not check .* role on graph g: .*(503|429|reach).*retry/is

describe('a failed role lookup fails closed in the stdio agent', () => {
  for (const status of [503, 429]) {
    it(`the identity route answering ${status}: reads answer, writes are refused with the reason, a retry asks again`, async () => {
      server = await testServer({ tokens })
      const { api, db } = await seeded(server)
      const before = serverState(server)
      front = await faultyFront(server.url)
      front.fail('/api/identity', status)
      const agent = await stdioAgent({ server: front.url, cacheDir: cache(), token: 'rita-token-123' })
      try {
        // Reading the copy is what a read role allows: it works.
        const ctx = await ok(agent.client, 'graph_context', { project: 'g', node_id: api })
        expect(ctx.depends_on).toEqual([])
        const r = await call(agent.client, 'graph_connect', {
          project: 'g',
          edges: [{ from: api, to: db, type: 'depends_on' }],
        })
        expect(r.isError, r.text).toBe(true)
        expect(r.text).toMatch(COULD_NOT_CHECK)
        expect(r.text).toMatch(/nothing was changed/)
        expect(front.failed.get('/api/identity')).toBeGreaterThan(0)
        // Nothing of it on the agent's copy, nor on the server.
        expect((await ok(agent.client, 'graph_context', { project: 'g', node_id: api })).depends_on).toEqual(
          [],
        )
        expect(serverState(server)).toBe(before)
        // The route answers again: the retry asks (no wait), and is refused for the role it finds.
        front.fail('/api/identity', null)
        const again = await call(agent.client, 'graph_connect', {
          project: 'g',
          edges: [{ from: api, to: db, type: 'depends_on' }],
        })
        expect(again.isError, again.text).toBe(true)
        expect(again.text).toMatch(/needs the write role on graph g; "[^"]+" has read there/)
        expect(serverState(server)).toBe(before)
      } finally {
        await agent.close()
      }
    })
  }

  it('the server stopped: an agent that never learnt its role on a cached graph changes nothing', async () => {
    server = await testServer({ tokens })
    const { api, db } = await seeded(server)
    const dir = cache()
    // A writer's agent leaves a copy of g in the shared cache.
    const writer = await stdioAgent({ server: server.url, cacheDir: dir, token: 'ada-token-123' })
    try {
      await ok(writer.client, 'graph_context', { project: 'g', node_id: api })
    } finally {
      await writer.close()
    }
    const url = server.url
    await server.stop()
    const reader = await stdioAgent({ server: url, cacheDir: dir, token: 'rita-token-123' })
    try {
      const r = await call(reader.client, 'graph_connect', {
        project: 'g',
        edges: [{ from: api, to: db, type: 'depends_on' }],
      })
      expect(r.isError, r.text).toBe(true)
      expect(r.text).toMatch(COULD_NOT_CHECK)
      const d = await call(reader.client, 'graph_update', {
        project: 'g',
        updates: [{ node_id: api, resolved: true }],
      })
      expect(d.isError, d.text).toBe(true)
      expect(d.text).toMatch(COULD_NOT_CHECK)
    } finally {
      await reader.close()
    }
  })
})
