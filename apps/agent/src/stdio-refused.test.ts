/**
 * `plexus mcp` over stdio (the official MCP SDK client spawning it) with a token that may only read
 * the graph (issue 23, finding 8): the agent writes to its own copy and syncs, and the server drops
 * the change. The agent must answer the write as refused, not as done, and keep nothing of it.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { EdgeView } from '@plexus/model'
import { afterEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { testServer, type TestServer } from '@plexus/sync/test-server'
import { call, ok, stdioAgent, twoNodeGraph } from '@plexus/tools/test/clients'

const tokens = [
  { name: 'ada', role: 'write' as const, token: 'ada-token-123' },
  { name: 'rita', role: 'read' as const, token: 'rita-token-123' },
]

let server: TestServer | undefined
let cacheDir = ''
afterEach(async () => {
  await server?.dispose()
  server = undefined
  if (cacheDir) rmSync(cacheDir, { recursive: true, force: true })
})

const seeded = (s: TestServer) => twoNodeGraph(s.url, 'ada-token-123')

const edgesOnServer = (s: TestServer) =>
  [...(s.docs.peek('g')!.getMap('edges') as Y.Map<Y.Map<unknown>>).values()].map(
    (e) => e.toJSON() as EdgeView,
  )

describe('finding 8: a write the server drops is reported as refused over stdio', () => {
  it('graph_connect and the engine’s add_facts with a read-only token answer refused, and keep nothing', async () => {
    server = await testServer({ tokens })
    const { api, db } = await seeded(server)
    cacheDir = mkdtempSync(join(tmpdir(), 'plexus-agent-'))
    const work = await stdioAgent({ server: server.url, cacheDir, token: 'rita-token-123' })
    try {
      const r = await call(work.client, 'graph_connect', {
        project: 'g',
        edges: [{ from: api, to: db, type: 'depends_on' }],
      })
      expect(r.isError, r.text).toBe(true)
      // Refused before the copy changes ("… so nothing was changed") or by the server ("… not saved").
      expect(r.text).toMatch(/refused|read-only|needs the write role/)
      expect(r.text).toMatch(/not saved|nothing was changed/)
      // The agent's own copy does not show the refused edge either.
      const ctx = await ok(work.client, 'graph_context', { project: 'g', node_id: api })
      expect(ctx.depends_on).toEqual([])
    } finally {
      await work.close()
    }
    expect(edgesOnServer(server)).toEqual([])

    const engine = await stdioAgent({
      server: server.url,
      cacheDir,
      token: 'rita-token-123',
      args: ['--tools', 'engine'],
    })
    try {
      const r = await call(engine.client, 'add_facts', {
        graph: 'g',
        facts: [{ from: 'API', rel: 'depends_on', to: 'Database' }],
      })
      expect(r.isError, r.text).toBe(true)
      expect(r.text).not.toMatch(/relationship added/)
      expect(r.text).toMatch(/refused|read-only|needs the write role/)
    } finally {
      await engine.close()
    }
    expect(edgesOnServer(server)).toEqual([])
  })
})
