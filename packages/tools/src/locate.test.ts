/**
 * A node id names its graph, for graphs the process has never opened: stored graphs after a server
 * restart (HTTP), and graphs another agent made on the server that a new `plexus mcp` has no copy of.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { createNodes, meta, openGraph } from '@plexus/model'
import {
  destroyProvider,
  provider,
  synced,
  testServer,
  waitFor,
  type TestServer,
} from '@plexus/sync/test-server'
import { callTool } from './catalog.ts'
import type { CallContext, GraphSource } from './context.ts'
import { call, httpAgent, ok, stdioAgent } from './test/clients.ts'

describe('node ids name their graph', () => {
  let server: TestServer | undefined
  const dirs: string[] = []
  afterEach(async () => {
    await server?.dispose()
    server = undefined
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
  })

  /** Three graphs, each with one task; returns the task ids by graph. */
  async function threeGraphs(url: string): Promise<Record<string, string>> {
    const a = await httpAgent(url, { name: 'planner' })
    const ids: Record<string, string> = {}
    for (const project of ['alpha', 'beta', 'gamma']) {
      await ok(a.client, 'graph_open', { project, goal: `Goal ${project}` })
      const plan = await ok(a.client, 'graph_plan', {
        project,
        nodes: [{ ref: 't', summary: `Task in ${project}` }],
      })
      ids[project] = plan.created[0].id
    }
    await a.close()
    return ids
  }

  it('over HTTP, after a restart, for graphs only the store holds', async () => {
    server = await testServer()
    const ids = await threeGraphs(server.url)
    server = await server.restart()
    const a = await httpAgent(server.url)
    try {
      const r = await ok(a.client, 'graph_update', { updates: [{ node_id: ids.beta, resolved: true }] })
      expect(r.updated).toEqual([{ node_id: ids.beta, rev: expect.any(Number) }])
      expect((await ok(a.client, 'graph_open', { project: 'beta' })).summary.resolved).toBe(1)
      expect((await ok(a.client, 'graph_open', { project: 'alpha' })).summary.resolved).toBe(0)
      const h = await ok(a.client, 'graph_history', { node_id: ids.gamma })
      expect(h.events[0]).toMatchObject({ action: 'created', agent: 'planner' })
    } finally {
      await a.close()
    }
  })

  it('over stdio, for graphs another agent made that this peer has no copy of', async () => {
    server = await testServer()
    const ids = await threeGraphs(server.url)
    const cacheDir = mkdtempSync(join(tmpdir(), 'plexus-locate-'))
    dirs.push(cacheDir)
    const peer = await stdioAgent({ server: server.url, cacheDir })
    try {
      const c = await ok(peer.client, 'graph_context', { node_id: ids.gamma })
      expect(c.node).toMatchObject({ id: ids.gamma, summary: 'Task in gamma' })
      expect(c.ancestors).toEqual([{ id: expect.any(String), summary: 'Goal gamma', resolved: false }])
    } finally {
      await peer.close()
    }
  })
})

describe('a node id two graphs hold', () => {
  let server: TestServer | undefined
  afterEach(async () => {
    await server?.dispose()
    server = undefined
  })

  // Tools never make an id another graph holds, but a writer's own client can: the id it copies is then
  // in two graphs, and a call naming it by id alone must not go to whichever graph was indexed last.
  it("is refused naming both graphs, or taken in the one the caller reaches, never in the copier's", async () => {
    const tokens = [
      { name: 'ada', role: 'admin' as const, token: 'ada-token-123' },
      { name: 'mallory', role: 'write' as const, token: 'mallory-token-1', graphs: [{ pattern: 'beta' }] },
      { name: 'rita', role: 'write' as const, token: 'rita-token-123', graphs: [{ pattern: 'alpha' }] },
    ]
    server = await testServer({ tokens })
    const ada = await httpAgent(server.url, { token: 'ada-token-123' })
    const rita = await httpAgent(server.url, { token: 'rita-token-123' })
    const p = provider(server, 'beta', { token: 'mallory-token-1' })
    try {
      const ids: Record<string, string> = {}
      for (const project of ['alpha', 'beta']) {
        await ok(ada.client, 'graph_open', { project, goal: `Goal ${project}` })
        const plan = await ok(ada.client, 'graph_plan', {
          project,
          nodes: [{ ref: 't', summary: `Task in ${project}` }],
        })
        ids[project] = plan.created[0].id
      }
      // Mallory writes, over WebSocket into beta, a node with alpha's task id.
      await synced(p)
      const g = openGraph(p.doc, { actor: 'mallory', now: () => Date.now(), newId: () => ids.alpha! })
      const made = createNodes(g, [{ summary: 'Impostor', parent: meta(g).root! }], { mode: 'force' })
      expect(made.ok).toBe(true)
      await waitFor(() => {
        const d = server!.docs.peek('beta')
        return (
          d !== undefined &&
          openGraph(d, { actor: 'x', now: () => 1, newId: () => 'x' }).index.live(ids.alpha!) !== undefined
        )
      }, "the server's copy of beta to hold the copied id")
      // Ada reaches both graphs: told the id is in both, nothing changed.
      const both = await call(ada.client, 'graph_update', {
        updates: [{ node_id: ids.alpha, resolved: true }],
      })
      expect(both.isError, both.text).toBe(true)
      expect(both.text).toMatch(/alpha/)
      expect(both.text).toMatch(/beta/)
      // Rita reaches alpha only: her call is alpha's node, and beta is never named to her.
      const r = await call(rita.client, 'graph_update', { updates: [{ node_id: ids.alpha, resolved: true }] })
      expect(r.isError, r.text).toBeFalsy()
      expect(r.text).not.toMatch(/beta/)
      expect((await ok(ada.client, 'graph_open', { project: 'alpha' })).summary.resolved).toBe(1)
      expect((await ok(ada.client, 'graph_open', { project: 'beta' })).summary.resolved).toBe(0)
    } finally {
      destroyProvider(p)
      await ada.close()
      await rita.close()
    }
  })
})

describe('an unknown node id (issue 23, finding 8)', () => {
  let server: TestServer | undefined
  afterEach(async () => {
    await server?.dispose()
    server = undefined
  })

  it('loads no graph once each has been looked through, for any token, until one changes', async () => {
    const tokens = [
      { name: 'ada', role: 'write' as const, token: 'ada-token-123' },
      { name: 'rita', role: 'read' as const, token: 'rita-token-123' },
    ]
    // Graphs unload as soon as nobody holds them, so every look through one is a load.
    server = await testServer({ tokens, idleUnloadMs: 1 })
    const ada = await httpAgent(server.url, { token: 'ada-token-123' })
    const ids: string[] = []
    for (let i = 0; i < 6; i++) {
      await ok(ada.client, 'graph_open', { project: `g${i}`, goal: `Goal ${i}` })
      ids.push(
        (await ok(ada.client, 'graph_plan', { project: `g${i}`, nodes: [{ ref: 't', summary: `T${i}` }] }))
          .created[0].id,
      )
    }
    await ada.close()
    const s = server
    let loads = 0
    s.docs.onLoaded(() => loads++)
    const unloaded = () => waitFor(() => s.docs.size === 0, 'every graph to unload')
    const rita = await httpAgent(s.url, { token: 'rita-token-123' })
    try {
      await unloaded()
      const miss = await call(rita.client, 'graph_context', { node_id: 'n_000000000000' })
      expect(miss.text).toMatch(/not found in any graph/)
      for (const unknown of ['n_000000000001', 'n_zzzzzzzzzzzz', 'nothing-like-an-id']) {
        await unloaded()
        loads = 0
        expect((await call(rita.client, 'graph_context', { node_id: unknown })).text).toMatch(/not found/)
        expect(loads, `graphs loaded to look for ${unknown}`).toBe(0)
      }
      // A known id is still found without a project, and a graph changed since is looked through again.
      expect((await ok(rita.client, 'graph_context', { node_id: ids[3] })).node.summary).toBe('T3')
      const again = await httpAgent(s.url, { token: 'ada-token-123' })
      const made = (
        await ok(again.client, 'graph_plan', { project: 'g5', nodes: [{ ref: 'n', summary: 'New' }] })
      ).created[0].id
      await again.close()
      await unloaded()
      expect((await ok(rita.client, 'graph_context', { node_id: made })).node.summary).toBe('New')
    } finally {
      await rita.close()
    }
  })
})

describe('new node ids', () => {
  it('are never one another graph already holds', async () => {
    const docs = new Map<string, Y.Doc>([
      ['one', new Y.Doc()],
      ['two', new Y.Doc()],
    ])
    const source: GraphSource = {
      list: async () => [...docs.keys()].map((id) => ({ id, title: id, nodes: null, edges: null })),
      open: async (id, opts) => {
        const doc = docs.get(id)
        return doc && (opts?.create || doc.store.clients.size > 0) ? { doc, release: () => {} } : null
      },
    }
    // An id generator that hands out the same ids again, as a weak random source might.
    let n = 0
    const ctx: CallContext = {
      actor: 'agent',
      role: 'admin',
      session: 's',
      source,
      newId: () => `n_${String(n++ % 4).padStart(12, '0')}`,
      now: () => 1,
    }
    const made: string[] = []
    for (const project of ['one', 'two']) {
      const o = await callTool(ctx, 'graph_open', { project, goal: project })
      expect(o.isError).toBeFalsy()
      const p = await callTool(ctx, 'graph_plan', { project, nodes: [{ ref: 'a', summary: 'A' }] })
      expect(p.isError).toBeFalsy()
      made.push((o.structuredContent as { root: { id: string } }).root.id)
      made.push((p.structuredContent as { created: Array<{ id: string }> }).created[0]!.id)
    }
    expect(new Set(made).size).toBe(made.length)
  })
})
