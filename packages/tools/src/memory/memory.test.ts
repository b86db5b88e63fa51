/**
 * The memory surface (`/mcp/memory`, `plexus mcp --tools memory`) with the official SDK client:
 * seed 004's own examples verbatim, sessions that see each other by session (not by client name),
 * progress across sessions, tiers, and the same facts readable through `/mcp` (the work surface).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testServer, waitFor, WAIT_LIMIT_MS, type TestServer } from '@plexus/sync/test-server'
import { ARCHIVE_AFTER_MS, openGraph, sweepTiers } from '@plexus/model'
import { fails, httpAgent, ok, stdioAgent, type Agent } from '../test/clients.ts'
import { projectGraphId, userGraphId } from './levels.ts'

const MEMORY_TOOLS = [
  'kg_read',
  'kg_search',
  'kg_put_node',
  'kg_put_edge',
  'kg_delete_node',
  'kg_delete_edge',
  'kg_sync',
  'kg_progress',
]

type Synced = { id: string; gist?: string; deleted?: boolean }

/**
 * kg_sync until what it has reported so far satisfies `done`: a stdio peer hears another peer's
 * writes through the server a moment after they are made, later still on PostgreSQL. The limit only
 * ends a hang (it was 10 s, tight for a stdio peer at load 15; the caller's expect then says what).
 */
async function syncUntil(
  client: Agent['client'],
  sid: string,
  done: (seen: { user: Synced[]; project: Synced[] }) => boolean,
): Promise<{ user: Synced[]; project: Synced[] }> {
  const seen = { user: [] as Synced[], project: [] as Synced[] }
  const deadline = Date.now() + WAIT_LIMIT_MS
  for (;;) {
    const r = await ok(client, 'kg_sync', { session_id: sid })
    seen.user.push(...r.user.nodes)
    seen.project.push(...r.project.nodes)
    if (done(seen) || Date.now() > deadline) return seen
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function memorySuite(label: string, connect: (server: TestServer, name: string) => Promise<Agent>): void {
  describe(`the memory surface over ${label}`, () => {
    let server: TestServer
    const agents: Agent[] = []
    let n = 0
    const cwd = () => `/home/dev/src/${label.toLowerCase()}-project-${n++}`
    const agent = async (name = 'claude-code') => {
      const a = await connect(server, name)
      agents.push(a)
      return a.client
    }
    beforeAll(async () => {
      server = await testServer()
    })
    afterAll(async () => {
      for (const a of agents) await a.close()
      await server?.dispose()
    })

    it('lists seed 004 tools, under 8 KB', async () => {
      const a = await agent()
      const { tools } = await a.listTools()
      expect(tools.map((t) => t.name)).toEqual(MEMORY_TOOLS)
      expect(Buffer.byteLength(JSON.stringify({ tools }))).toBeLessThan(8 * 1024)
    })

    it('replays the seed examples: put_node, put_edge to a file path, read by the chosen id, progress', async () => {
      const a = await agent()
      const dir = cwd()
      const start = await ok(a, 'kg_read', { cwd: dir })
      expect(start.session_id).toMatch(/^[0-9a-f]{12}$/)
      expect(start.project.graph).toBe(projectGraphId(dir))
      expect(start.user.graph).toBe(userGraphId(label === 'stdio' ? 'claude-code' : 'claude-code'))
      const sid = start.session_id
      const put = await ok(a, 'kg_put_node', {
        session_id: sid,
        level: 'project',
        id: 'api-rate-limiting',
        gist: 'Redis-backed sliding window; 429 response includes Retry-After header',
        touches: ['src/middleware/rate_limit.py'],
        notes: ['window size configurable via env var RATE_LIMIT_WINDOW'],
      })
      expect(put).toEqual({ id: 'api-rate-limiting', level: 'project', created: true })
      const edge = await ok(a, 'kg_put_edge', {
        session_id: sid,
        level: 'project',
        from: 'auth-module',
        to: 'src/config.yaml',
        rel: 'reads-config',
        notes: ['JWT secret and token TTL'],
      })
      expect(edge).toMatchObject({
        from: 'auth-module',
        to: 'src/config.yaml',
        rel: 'reads-config',
        created: true,
      })
      const read = await ok(a, 'kg_read', { cwd: dir, id: 'api-rate-limiting' })
      expect(read).toMatchObject({
        level: 'project',
        id: 'api-rate-limiting',
        gist: 'Redis-backed sliding window; 429 response includes Retry-After header',
        notes: ['window size configurable via env var RATE_LIMIT_WINDOW'],
        touches: ['src/middleware/rate_limit.py'],
        tier: 'active',
      })
      const w = await ok(a, 'kg_progress', {
        session_id: sid,
        task_id: 'scout',
        state: { last_ts: 1706000000, sessions_reviewed: ['abc123'], patterns_found: ['docker-networking'] },
      })
      expect(w.state.patterns_found).toEqual(['docker-networking'])
      const again = await ok(a, 'kg_read', { cwd: dir })
      expect(again.project.nodes).toContainEqual({
        id: 'api-rate-limiting',
        gist: expect.stringMatching(/^Redis/),
      })
      expect(again.project.edges).toContainEqual({
        from: 'auth-module',
        to: 'src/config.yaml',
        rel: 'reads-config',
        notes: ['JWT secret and token TTL'],
      })
      const r = await ok(a, 'kg_progress', { session_id: again.session_id, task_id: 'scout' })
      expect(r.state).toEqual({
        last_ts: 1706000000,
        sessions_reviewed: ['abc123'],
        patterns_found: ['docker-networking'],
      })
      const found = await ok(a, 'kg_search', { query: 'rate limiting', session_id: again.session_id })
      expect(found.results[0]).toMatchObject({ level: 'project', id: 'api-rate-limiting', archived: false })
      // A word repeated is one word (issue 23: 'a ' x 500 walked every node 500 times); past 16 distinct
      // words the rest are counted, not matched.
      const repeated = await ok(a, 'kg_search', {
        query: 'rate limiting '.repeat(70),
        session_id: again.session_id,
      })
      expect(repeated).toEqual(found)
      const many = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ')
      const capped = await ok(a, 'kg_search', { query: `rate ${many}`, session_id: again.session_id })
      expect(capped.ignored_terms).toBe(5)
    })

    it('two sessions with one client name see each other through kg_sync', async () => {
      const one = await agent('claude-code')
      const two = await agent('claude-code')
      const dir = cwd()
      const s1 = (await ok(one, 'kg_read', { cwd: dir })).session_id
      const s2 = (await ok(two, 'kg_read', { cwd: dir })).session_id
      await ok(one, 'kg_put_node', {
        session_id: s1,
        level: 'project',
        id: 'db-pool-size',
        gist: 'Pool of 20',
      })
      await ok(two, 'kg_put_node', {
        session_id: s2,
        level: 'user',
        id: 'prefers-pnpm',
        gist: 'Use pnpm, never npm',
      })
      const seenByTwo = await syncUntil(two, s2, (r) => r.project.some((n) => n.id === 'db-pool-size'))
      expect(seenByTwo.project).toEqual([expect.objectContaining({ id: 'db-pool-size', gist: 'Pool of 20' })])
      expect(seenByTwo.user).toEqual([])
      const seenByOne = await syncUntil(one, s1, (r) => r.user.some((n) => n.id === 'prefers-pnpm'))
      expect(seenByOne.user).toEqual([expect.objectContaining({ id: 'prefers-pnpm' })])
      expect((await ok(one, 'kg_sync', { session_id: s1 })).user.nodes).toEqual([])
      await ok(one, 'kg_delete_node', { session_id: s1, id: 'db-pool-size' })
      const gone = await syncUntil(two, s2, (r) => r.project.some((n) => n.deleted))
      expect(gone.project).toEqual([expect.objectContaining({ id: 'db-pool-size', deleted: true })])
    })

    it('an archived node is found by kg_search (flagged) and promoted by kg_read', async () => {
      const a = await agent()
      const dir = cwd()
      const sid = (await ok(a, 'kg_read', { cwd: dir })).session_id
      await ok(a, 'kg_put_node', {
        session_id: sid,
        level: 'project',
        id: 'legacy-cron',
        gist: 'Nightly cron rebuilds the search index',
      })
      // A month and a day pass: the archive rules run as the next session starts.
      const h = await server.docs.openAsync(projectGraphId(dir))
      try {
        const later = openGraph(h.doc, {
          actor: 'clock',
          now: () => Date.now() + ARCHIVE_AFTER_MS + 86_400_000,
          newId: () => `n_${Math.random().toString(36).slice(2)}`,
        })
        // Over stdio the put is answered from the agent's own copy and reaches the server a moment
        // later (under load, after this handle opened): sweep once it is here.
        const here = () => [...later.index.nodes.values()].some((n) => n.summary.includes('Nightly cron'))
        await waitFor(here, 'the agent’s put on the server')
        expect(sweepTiers(later).archived.length).toBe(1)
        // Stored before the handle goes (at once on SQLite; a commit away on PostgreSQL).
        await h.saved()
      } finally {
        h.release()
      }
      // A stdio agent's copy hears the server's change a moment later: read until it has.
      let start = await ok(a, 'kg_read', { cwd: dir })
      const deadline = Date.now() + WAIT_LIMIT_MS
      while (start.project.nodes.length && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        start = await ok(a, 'kg_read', { cwd: dir })
      }
      expect(start.project.nodes).toEqual([])
      expect(start.project.health).toMatchObject({ orphaned: 1 })
      const hit = await ok(a, 'kg_search', { query: 'cron index', session_id: start.session_id })
      expect(hit.results[0]).toMatchObject({ id: 'legacy-cron', archived: true, orphaned: true })
      const read = await ok(a, 'kg_read', { cwd: dir, id: 'legacy-cron' })
      expect(read).toMatchObject({ tier: 'active', promoted: true })
      expect((await ok(a, 'kg_read', { cwd: dir })).project.nodes).toEqual([
        { id: 'legacy-cron', gist: expect.any(String) },
      ])
    })

    it('errors say how to fix the call', async () => {
      const a = await agent()
      expect(
        await fails(a, 'kg_put_node', { session_id: 'nope1234', level: 'project', id: 'x-y', gist: 'g' }),
      ).toMatch(/session "nope1234" not found.*call kg_read \{cwd\}/)
      const sid = (await ok(a, 'kg_read', { cwd: cwd() })).session_id
      expect(
        await fails(a, 'kg_put_node', { session_id: sid, level: 'project', id: 'Not Kebab', gist: 'g' }),
      ).toMatch(/kebab-case/)
      expect(await fails(a, 'kg_read', { cwd: '/tmp/x', id: 'missing-node' })).toMatch(/kg_search/)
    })
  })
}

memorySuite('HTTP', (server, name) => httpAgent(server.url, { path: '/mcp/memory', name }))

const caches: string[] = []
afterAll(() => caches.forEach((d) => rmSync(d, { recursive: true, force: true })))
memorySuite('stdio', (server, name) => {
  const cacheDir = mkdtempSync(join(tmpdir(), 'plexus-memory-'))
  caches.push(cacheDir)
  return stdioAgent({ server: server.url, cacheDir, name, args: ['--tools', 'memory'] })
})

describe('one model under the surfaces', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await testServer()
  })
  afterAll(async () => server?.dispose())

  it('what memory writes, /mcp reads (with history), and what /mcp writes, memory finds', async () => {
    const mem = await httpAgent(server.url, { path: '/mcp/memory', name: 'claude-code' })
    const work = await httpAgent(server.url, { name: 'planner' })
    const dir = '/srv/shared-project'
    const sid = (await ok(mem.client, 'kg_read', { cwd: dir })).session_id
    await ok(mem.client, 'kg_put_node', {
      session_id: sid,
      level: 'project',
      id: 'auth-token-refresh',
      gist: 'Refresh tokens rotate on use',
    })
    const project = projectGraphId(dir)
    const s = await ok(work.client, 'graph_search', { project, query: 'refresh tokens' })
    const hit = s.items?.[0] ?? s.results?.[0]
    expect(hit.summary).toBe('Refresh tokens rotate on use')
    const h = await ok(work.client, 'graph_history', { project, node_id: hit.id })
    expect(h.events[0].agent).toBe('claude-code')
    const o = await ok(work.client, 'graph_open', { project })
    await ok(work.client, 'graph_plan', {
      project,
      nodes: [{ ref: 'r', summary: 'Token revocation list in Redis', parent_ref: o.root.id }],
    })
    const found = await ok(mem.client, 'kg_search', { query: 'revocation', session_id: sid })
    expect(found.results[0]).toMatchObject({ level: 'project', gist: 'Token revocation list in Redis' })
    await mem.close()
    await work.close()
  })
})
