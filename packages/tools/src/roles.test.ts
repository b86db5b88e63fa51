/**
 * Issue 23, finding 1: a call's role is the token's role on the graph it opens, however the call
 * names it. Each case is what a token holder did on the build before the fix: a token that may only
 * read `pub` (and writes elsewhere) wrote to it by node id, through the engine's `graph`, deleted it
 * with admin on another graph, and wrote another identity's project memory. Each must be refused with
 * a message saying why, and leave the graph's document as it was.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { testServer, type TestServer } from '@plexus/sync/test-server'
import { ARCHIVE_AFTER_MS, initGraph, openGraph, putMemoryNode } from '@plexus/model'
import { projectGraphId } from './memory/levels.ts'
import { call, httpAgent, ok, stdioAgent, type Agent } from './test/clients.ts'

const SHARED_CWD = '/src/shared'
const shared = projectGraphId(SHARED_CWD)
const STALE_CWD = '/src/stale'
const stale = projectGraphId(STALE_CWD)
const tokens = [
  { name: 'ada', role: 'write' as const, token: 'ada-token-123' },
  {
    name: 'rd',
    role: 'write' as const,
    token: 'rd-token-1234',
    graphs: [
      { pattern: 'pub', role: 'read' as const },
      { pattern: shared, role: 'read' as const },
      { pattern: stale, role: 'read' as const },
      { pattern: '*', role: 'write' as const },
    ],
  },
  {
    name: 'del',
    role: 'read' as const,
    token: 'del-token-123',
    graphs: [
      { pattern: 'pub', role: 'read' as const },
      { pattern: 'mine', role: 'admin' as const },
    ],
  },
  { name: 'nobody', role: 'admin' as const, token: 'nobody-token-1', graphs: [{ pattern: 'mine' }] },
]

let server: TestServer
let ada: Agent
let ids: { task: string; other: string; root: string }

/** The graph's whole document (state and deletions) as bytes. */
async function state(graph: string): Promise<string> {
  const h = await server.docs.openAsync(graph)
  try {
    return Buffer.from(Y.encodeStateAsUpdate(h.doc)).toString('base64')
  } finally {
    h.release()
  }
}

beforeAll(async () => {
  server = await testServer({ tokens })
  ada = await httpAgent(server.url, { token: 'ada-token-123' })
  const open = await ok(ada.client, 'graph_open', { project: 'pub', goal: 'Public' })
  const plan = await ok(ada.client, 'graph_plan', {
    project: 'pub',
    nodes: [
      { ref: 'a', summary: 'Task A' },
      { ref: 'b', summary: 'Task B' },
    ],
  })
  ids = { root: open.root.id, task: plan.created[0].id, other: plan.created[1].id }
  const engine = await httpAgent(server.url, { token: 'ada-token-123', path: '/mcp/engine' })
  await ok(engine.client, 'add_facts', {
    graph: 'pub',
    facts: [{ from: 'API', rel: 'depends_on', to: 'DB' }],
  })
  await engine.close()
})
afterAll(async () => {
  await ada?.close()
  await server?.dispose()
})

async function refusedWithoutChange(
  agent: Agent,
  graph: string,
  tool: string,
  args: Record<string, unknown>,
) {
  const before = await state(graph)
  const r = await call(agent.client, tool, args)
  expect(r.isError, `${tool} ${JSON.stringify(args)}: ${r.text}`).toBe(true)
  expect(r.text).toMatch(/role|read|no access|not found/)
  expect(await state(graph), `${tool} changed ${graph}`).toBe(before)
  return r.text
}

describe('a token that only reads pub', () => {
  it('cannot write it by node id (work surface)', async () => {
    const rd = await httpAgent(server.url, { token: 'rd-token-1234' })
    try {
      const why = await refusedWithoutChange(rd, 'pub', 'graph_update', {
        updates: [{ node_id: ids.task, resolved: true }],
      })
      expect(why).toMatch(/write role on graph pub/)
      await refusedWithoutChange(rd, 'pub', 'graph_connect', {
        edges: [{ from: ids.task, to: ids.other, type: 'depends_on' }],
      })
      await refusedWithoutChange(rd, 'pub', 'graph_restructure', {
        operations: [{ op: 'drop', node_id: ids.other, reason: 'x' }],
      })
      await refusedWithoutChange(rd, 'pub', 'graph_plan', {
        nodes: [{ ref: 'x', parent_ref: ids.task, summary: 'Sneaked in' }],
      })
      // Reading by node id still works.
      expect((await ok(rd.client, 'graph_context', { node_id: ids.task })).node.summary).toBe('Task A')
    } finally {
      await rd.close()
    }
  })

  it('cannot write it through the engine surface, which names it graph', async () => {
    const rd = await httpAgent(server.url, { token: 'rd-token-1234', path: '/mcp/engine' })
    try {
      await refusedWithoutChange(rd, 'pub', 'add_facts', {
        graph: 'pub',
        facts: [{ from: 'X', rel: 'depends_on', to: 'Y' }],
      })
      await refusedWithoutChange(rd, 'pub', 'forget', { graph: 'pub', label: 'API' })
      await refusedWithoutChange(rd, 'pub', 'import_graph', {
        graph: 'pub',
        format: 'dsl',
        content: 'P depends_on Q',
      })
      expect(
        JSON.stringify(await ok(rd.client, 'ask_graph', { graph: 'pub', query: 'what depends on DB' })),
      ).toMatch(/API/)
    } finally {
      await rd.close()
    }
  })
})

describe('over stdio and REST, the same rule', () => {
  it('plexus mcp refuses a write its token may not make on that graph, before its copy changes', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'plexus-roles-'))
    const peer = await stdioAgent({ server: server.url, cacheDir, token: 'rd-token-1234' })
    try {
      const before = await state('pub')
      const r = await call(peer.client, 'graph_update', {
        project: 'pub',
        updates: [{ node_id: ids.task, resolved: true }],
      })
      expect(r.isError, r.text).toBe(true)
      expect(r.text).toMatch(/write role on graph pub/)
      expect((await ok(peer.client, 'graph_context', { node_id: ids.task })).node.resolved).toBe(false)
      expect(await state('pub')).toBe(before)
      // Where the token writes, the peer writes.
      await ok(peer.client, 'graph_open', { project: 'rd-own', goal: 'Mine' })
    } finally {
      await peer.close()
      rmSync(cacheDir, { recursive: true, force: true })
    }
  })

  it('plexus mcp with a token the server refuses says the token was refused, and changes nothing', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'plexus-roles-'))
    const peer = await stdioAgent({ server: server.url, cacheDir, token: 'no-such-token-99' })
    try {
      const before = await state('pub')
      for (const [name, args] of [
        ['graph_open', { project: 'bad-token-graph', goal: 'Lost' }],
        ['graph_update', { project: 'pub', updates: [{ node_id: ids.task, resolved: true }] }],
      ] as const) {
        const r = await call(peer.client, name, args)
        expect(r.isError, `${name}: ${r.text}`).toBe(true)
        expect(r.text).toMatch(/token/)
      }
      expect(await server.docs.exists('bad-token-graph')).toBe(false)
      expect(await state('pub')).toBe(before)
    } finally {
      await peer.close()
      rmSync(cacheDir, { recursive: true, force: true })
    }
  })

  it('plexus mcp lists and searches only the graphs its token reaches, whatever its cache holds', async () => {
    // One cache directory (the default is one per user), two tokens: ada's peer caches pub, and the
    // peer of a token that reaches only "mine" must not list or search that copy.
    const cacheDir = mkdtempSync(join(tmpdir(), 'plexus-roles-'))
    try {
      const a = await stdioAgent({ server: server.url, cacheDir, token: 'ada-token-123' })
      await ok(a.client, 'graph_search', { project: 'pub', query: 'Task A' })
      await a.close()
      const peer = await stdioAgent({ server: server.url, cacheDir, token: 'nobody-token-1' })
      try {
        const found = await call(peer.client, 'graph_search', { query: 'Task A' })
        expect(found.text).not.toContain('Task A')
        expect(found.text).not.toContain('pub')
        const listed = await call(peer.client, 'graph_open', {})
        expect(listed.text).not.toContain('pub')
        expect(listed.text).not.toContain('Public')
      } finally {
        await peer.close()
      }
    } finally {
      rmSync(cacheDir, { recursive: true, force: true })
    }
  })

  it('REST deletes a graph only for admin on that graph', async () => {
    const res = await fetch(`${server.url}/api/graphs/pub`, {
      method: 'DELETE',
      headers: { authorization: 'Bearer del-token-123' },
    })
    expect(res.status).toBe(403)
    expect(await server.docs.exists('pub')).toBe(true)
  })
})

describe('resources name their graph by URI', () => {
  it('are read and watched with the role on that graph, and do not exist where there is none', async () => {
    const uris = ['working-set', 'suggestions', 'checkpoints'].map((k) => `plexus://graph/pub/${k}`)
    const rd = await httpAgent(server.url, { token: 'rd-token-1234' })
    const nobody = await httpAgent(server.url, { token: 'nobody-token-1' })
    try {
      for (const uri of uris) {
        const before = await state('pub')
        expect((await rd.client.readResource({ uri })).contents).toHaveLength(1)
        await rd.client.subscribeResource({ uri })
        await expect(nobody.client.readResource({ uri })).rejects.toThrow(/graph pub not found/)
        await expect(nobody.client.subscribeResource({ uri })).rejects.toThrow(/graph pub not found/)
        expect(await state('pub')).toBe(before)
      }
      const listed = await nobody.client.listResources()
      expect(JSON.stringify(listed)).not.toContain('graph/pub/')
    } finally {
      await rd.close()
      await nobody.close()
    }
  })
})

describe('deleting a graph', () => {
  it('needs admin on that graph, not on another', async () => {
    const del = await httpAgent(server.url, { token: 'del-token-123', path: '/mcp/engine' })
    try {
      const why = await refusedWithoutChange(del, 'pub', 'delete_graph', { graph: 'pub' })
      expect(why).toMatch(/admin role on graph pub/)
      expect(await server.docs.exists('pub')).toBe(true)
    } finally {
      await del.close()
    }
  })
})

describe('project memory a token only reads', () => {
  it('cannot be overwritten or deleted through kg_put_node / kg_delete_node', async () => {
    const mem = await httpAgent(server.url, { token: 'ada-token-123', path: '/mcp/memory' })
    const s = await ok(mem.client, 'kg_read', { cwd: SHARED_CWD })
    await ok(mem.client, 'kg_put_node', {
      session_id: s.session_id,
      level: 'project',
      id: 'auth-flow',
      gist: "Ada's",
    })
    await mem.close()
    const rd = await httpAgent(server.url, { token: 'rd-token-1234', path: '/mcp/memory' })
    try {
      const mine = await ok(rd.client, 'kg_read', { cwd: SHARED_CWD })
      expect(JSON.stringify(mine.project)).toMatch(/auth-flow/)
      await refusedWithoutChange(rd, shared, 'kg_put_node', {
        session_id: mine.session_id,
        level: 'project',
        id: 'auth-flow',
        gist: 'overwritten',
      })
      await refusedWithoutChange(rd, shared, 'kg_delete_node', {
        session_id: mine.session_id,
        id: 'auth-flow',
      })
      // Its own level is its own.
      await ok(rd.client, 'kg_put_node', {
        session_id: mine.session_id,
        level: 'user',
        id: 'note',
        gist: 'Mine',
      })
    } finally {
      await rd.close()
    }
  })
})

describe('project memory a token only reads, with memories a month stale', () => {
  // A session start sweeps the tiers: memories untouched for a month are archived. That is a write,
  // so it is the writers' to make; a reader's session start read the level and swept it, as itself.
  it('is read as stored by a reader: its session start archives nothing there', async () => {
    const h = await server.docs.openAsync(stale)
    try {
      const past = Date.now() - ARCHIVE_AFTER_MS - 2 * 86_400_000
      let i = 0
      const g = openGraph(h.doc, { actor: 'ada', now: () => past, newId: () => `n_stale_${i++}` })
      if (!initGraph(g, { id: stale, kind: 'project', title: 'stale' }).ok) throw new Error('init')
      for (const id of ['old-cron', 'old-queue'])
        if (!putMemoryNode(g, { id, gist: `The ${id} runs nightly` }).ok) throw new Error('put')
      await h.saved()
    } finally {
      h.release()
    }
    const rd = await httpAgent(server.url, { token: 'rd-token-1234', path: '/mcp/memory' })
    try {
      const before = await state(stale)
      const mine = await ok(rd.client, 'kg_read', { cwd: STALE_CWD })
      // Read as the rules say they are now (a month stale, unlinked: orphaned), as a writer would see.
      expect(mine.project.nodes).toEqual([])
      expect(mine.project.health).toMatchObject({ nodes: 2, active: 0, orphaned: 2 })
      expect(await state(stale), 'a reader’s kg_read changed the project level').toBe(before)
    } finally {
      await rd.close()
    }
    // A writer's session start sweeps them (the control: the same read does write for a writer).
    const mem = await httpAgent(server.url, { token: 'ada-token-123', path: '/mcp/memory' })
    try {
      const before = await state(stale)
      const theirs = await ok(mem.client, 'kg_read', { cwd: STALE_CWD })
      expect(theirs.project.health).toMatchObject({ nodes: 2, active: 0, orphaned: 2 })
      expect(await state(stale)).not.toBe(before)
    } finally {
      await mem.close()
    }
  })
})
