/**
 * `plexus mcp` over stdio, spawned as an MCP client would: the tool suite against a running server,
 * and an agent that keeps working while the server is away and syncs when it comes back.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openGraph } from '@plexus/model'
import { afterEach, describe, expect, it } from 'vitest'
import { provider, synced, testServer, waitFor, type TestServer } from '@plexus/sync/test-server'
import { ok, stdioAgent } from '@plexus/tools/test/clients'
import { stdioTarget } from '@plexus/tools/test/targets'
import { toolSuite } from '@plexus/tools/test/tool-suite'

toolSuite('stdio (plexus mcp)', stdioTarget)

describe('plexus mcp as a Yjs peer', () => {
  let server: TestServer | undefined
  let cacheDir = ''
  afterEach(async () => {
    await server?.dispose()
    if (cacheDir) rmSync(cacheDir, { recursive: true, force: true })
  })

  it('keeps working while the server is away and syncs when it returns', async () => {
    server = await testServer()
    cacheDir = mkdtempSync(join(tmpdir(), 'plexus-agent-'))
    const agent = await stdioAgent({ server: server.url, cacheDir, args: ['--as', 'night-shift'] })
    try {
      const o = await ok(agent.client, 'graph_open', { project: 'offline', goal: 'Survive a restart' })
      const tab = provider(server, 'offline')
      await synced(tab)
      await waitFor(
        () =>
          openGraph(tab.doc, { actor: 'x', now: Date.now, newId: () => 'x' }).index.live(o.root.id) !==
          undefined,
        'the new graph on the server',
      )

      const port = server.port
      await server.stop()
      // The server is gone: the agent still plans and resolves on its local copy.
      const plan = await ok(agent.client, 'graph_plan', {
        project: 'offline',
        nodes: [{ summary: 'Written offline' }],
      })
      const id = plan.created[0].id as string
      await ok(agent.client, 'graph_update', { updates: [{ node_id: id, resolved: true }] })

      server = await server.restart({ port })
      const back = provider(server, 'offline')
      await synced(back)
      const g = openGraph(back.doc, { actor: 'x', now: Date.now, newId: () => 'x' })
      await waitFor(
        () => g.index.live(id)?.resolved === true,
        'the offline work on the server after it returned',
      )
      expect(g.index.nodes.get(id)!.created_by).toBe('night-shift')
    } finally {
      await agent.close()
    }
  })
  it('with a token, writes history as the token’s identity, whatever --as says', async () => {
    server = await testServer({ tokens: [{ name: 'ci-bot', role: 'write', token: 'ci-bot-token-1' }] })
    cacheDir = mkdtempSync(join(tmpdir(), 'plexus-agent-'))
    const agent = await stdioAgent({
      server: server.url,
      cacheDir,
      token: 'ci-bot-token-1',
      args: ['--as', 'someone-else'],
    })
    try {
      const o = await ok(agent.client, 'graph_open', { project: 'tokened', goal: 'Check the author' })
      const plan = await ok(agent.client, 'graph_plan', {
        project: 'tokened',
        nodes: [{ ref: 's', summary: 'Stamped' }],
      })
      const id = plan.created[0].id as string
      const tab = provider(server, 'tokened', { token: 'ci-bot-token-1' })
      await synced(tab)
      const g = openGraph(tab.doc, { actor: 'x', now: Date.now, newId: () => 'x' })
      await waitFor(
        () => g.index.live(id) !== undefined && g.index.live(o.root.id) !== undefined,
        'the agent’s node on the server',
      )
      expect(g.index.nodes.get(id)!.created_by).toBe('ci-bot')
      const actors = new Set(
        tab.doc
          .getArray<{ actor: string }>('history')
          .toArray()
          .map((e) => e.actor),
      )
      expect([...actors]).toEqual(['ci-bot'])
    } finally {
      await agent.close()
    }
  })
})
