/**
 * Seed 002's "agent crashes mid-task": the server itself puts a `doing` task whose `started_at` is
 * older than the timeout back to `todo` (`reset_reason: agent_timeout`) in every graph it has open,
 * every `staleSweepMs`, writing as its own identity with a history event. The clock is injected: the
 * test moves it, it never waits for one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeHistory, openGraph } from '@plexus/model'
import { httpAgent, ok, type Agent } from '@plexus/tools/test/clients'
import { STALE_RESET_ACTOR } from '@plexus/tools'
import { testServer, waitFor, type TestServer } from '../test/server-harness.ts'

const MINUTE = 60_000
const T0 = Date.parse('2026-11-29T09:00:00Z')

describe("seed 002's stale tasks, reset by the server's own sweep", () => {
  let t = T0
  let server: TestServer
  let agent: Agent
  beforeAll(async () => {
    // Swept often, so the test waits on the reset itself (an event) rather than on a minute passing.
    server = await testServer({ now: () => t, staleSweepMs: 10, staleTaskMinutes: 60 })
    agent = await httpAgent(server.url, { path: '/mcp/board' })
  })
  afterAll(async () => {
    await agent?.close().catch(() => {})
    await server?.dispose()
  })

  it('puts a task doing for more than the timeout back to todo, as the server, nobody calling a tool', async () => {
    const a = agent.client
    const graph = 'stale-sweep'
    const note = async (text: string) => (await ok(a, 'create_knowledge_note', { graph, text })).node_id
    const p = await note('Project')
    const crashed = await note('Crashed task')
    const busy = await note('Busy task')
    const doing = (at: number) => ({ status: 'doing', agent: 'a-1', started_at: new Date(at).toISOString() })
    const stale = await ok(a, 'create_edge', {
      from_node_id: p,
      to_node_id: crashed,
      type: 'parent_of',
      properties: doing(T0),
    })
    t = T0 + 30 * MINUTE
    const fresh = await ok(a, 'create_edge', {
      from_node_id: p,
      to_node_id: busy,
      type: 'parent_of',
      properties: doing(t),
    })
    const doc = server.docs.peek(graph)
    if (!doc) throw new Error('the graph is not loaded')
    const g = openGraph(doc, { actor: 'test', now: () => t, newId: () => 'unused' })
    const props = (id: string) => g.index.edges.get(id)?.properties ?? {}
    // 59 minutes after it started: a sweep leaves it.
    t = T0 + 59 * MINUTE
    expect(await server.staleTasks.sweep()).toBe(0)
    expect(props(stale.edge_id).status).toBe('doing')
    // 61 minutes: the periodic sweep resets it, and only it.
    t = T0 + 61 * MINUTE
    await waitFor(() => props(stale.edge_id).status === 'todo', 'the sweep to reset the stale task', 60_000)
    expect(props(stale.edge_id)).toMatchObject({
      status: 'todo',
      reset_reason: 'agent_timeout',
      agent: 'a-1',
    })
    expect(props(fresh.edge_id).status).toBe('doing')
    // Written as the server, with a history event a person reads on the project.
    const history = nodeHistory(g, p)
    if (!history.ok) throw new Error(history.message)
    const events = history.events.filter((e) =>
      e.changes.some((c) => c.field === 'edge:parent_of:properties.reset_reason'),
    )
    expect(events.map((e) => e.actor)).toEqual([STALE_RESET_ACTOR])
    expect(events[0]!.changes).toEqual(
      expect.arrayContaining([{ field: 'edge:parent_of:properties.status', before: 'doing', after: 'todo' }]),
    )
    // The board the seed's agents read shows it as todo.
    const board = await ok(a, 'get_project_tasks', { project_node_id: p })
    expect(board.todo.map((x: { node_id: string }) => x.node_id)).toEqual([crashed])
    // Stored, not only in memory: the server started again reads it back.
    await agent.close()
    server = await server.restart()
    await server.docs.load(graph)
    const h = server.docs.open(graph)
    try {
      const back = openGraph(h.doc, { actor: 'test', now: () => t, newId: () => 'unused' })
      expect(back.index.edges.get(stale.edge_id)?.properties).toMatchObject({ status: 'todo' })
    } finally {
      h.release()
    }
  })
})

// The reset is the operator's choice, as seed 002's cron job is (session 17's review): a task in Doing
// is also a person's card (the web board writes `started_at` when a card is dragged there), and a server
// that reset every card untouched for an hour, unasked, would undo people's boards.
describe("seed 002's stale tasks, without a timeout set", () => {
  let t = T0
  let server: TestServer
  let agent: Agent
  beforeAll(async () => {
    server = await testServer({ now: () => t, staleSweepMs: 10 })
    agent = await httpAgent(server.url, { path: '/mcp/board' })
  })
  afterAll(async () => {
    await agent?.close().catch(() => {})
    await server?.dispose()
  })

  it('are left in Doing by the sweep and by board reads, however old; reset_stale_tasks still resets them', async () => {
    const a = agent.client
    const graph = 'stale-off'
    const note = async (text: string) => (await ok(a, 'create_knowledge_note', { graph, text })).node_id
    const p = await note('Project')
    const card = await note('Write the press release')
    const edge = await ok(a, 'create_edge', {
      from_node_id: p,
      to_node_id: card,
      type: 'parent_of',
      properties: { status: 'doing', started_at: new Date(T0).toISOString() },
    })
    t = T0 + 48 * 60 * MINUTE
    expect(await server.staleTasks.sweep()).toBe(0)
    const board = await ok(a, 'get_project_tasks', { project_node_id: p })
    expect(board.doing.map((x: { node_id: string }) => x.node_id)).toEqual([card])
    const doc = server.docs.peek(graph)
    if (!doc) throw new Error('the graph is not loaded')
    const g = openGraph(doc, { actor: 'test', now: () => t, newId: () => 'unused' })
    expect(g.index.edges.get(edge.edge_id)?.properties).toMatchObject({ status: 'doing' })
    // The seed's own tool, called by someone who means it, resets it.
    const reset = await ok(a, 'reset_stale_tasks', { project_node_id: p, timeout_minutes: 60 })
    expect(reset).toBeTruthy()
    expect(g.index.edges.get(edge.edge_id)?.properties).toMatchObject({
      status: 'todo',
      reset_reason: 'agent_timeout',
    })
  })
})
