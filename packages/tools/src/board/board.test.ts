/**
 * The board surface (`/mcp/board`, `plexus mcp --tools board`) running seed 002's agent workflow
 * (phases 1-5) and its own test cases (traverse, circular dependency, Kanban, three agents without
 * duplication) with the official SDK client, over HTTP and stdio.
 *
 * The seed's calls are written as it writes them, through functions named as its tools. Two
 * differences are the protocol's, not ours: an MCP result is an object, so `get_edges` answers
 * `{edges: [...]}` (the function below hands back the array, as the seed reads it); and the seed's
 * own sketch reads a traverse result two ways (`parentEdges[0].root` in phase 3, `result.children`
 * in its tests): the tool answers `{root, children}` as its "Returns" section says, so phase 3 reads
 * the project from `children[0].node`. `resolve_node` is the seed's SQL function, not a tool: the
 * root of a traverse is that node, resolved.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testServer, type TestServer } from '@plexus/sync/test-server'
import { call, fails, httpAgent, ok, stdioAgent, type Agent } from '../test/clients.ts'

const BOARD_TOOLS = [
  'create_knowledge_note',
  'semantic_search',
  'create_edge',
  'get_edges',
  'traverse',
  'delete_edge',
  'update_edge_properties',
  'get_project_tasks',
  'reset_stale_tasks',
]

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any

/** The seed's tools as functions, over one MCP client. */
function seedTools(a: Client, graph: string) {
  return {
    create_knowledge_note: (args: Record<string, unknown>) =>
      ok(a, 'create_knowledge_note', { graph, ...args }),
    semantic_search: (args: Record<string, unknown>) => ok(a, 'semantic_search', { graph, ...args }),
    create_edge: (args: Record<string, unknown>) => ok(a, 'create_edge', args),
    get_edges: async (args: Record<string, unknown>): Promise<Any[]> =>
      (await ok(a, 'get_edges', args)).edges,
    traverse: (args: Record<string, unknown>) => ok(a, 'traverse', args),
    update_edge_properties: (args: Record<string, unknown>) => ok(a, 'update_edge_properties', args),
    get_project_tasks: (args: Record<string, unknown>) => ok(a, 'get_project_tasks', args),
    resolve_node: async (node_id: string) =>
      (await ok(a, 'traverse', { node_id, type: 'parent_of', direction: 'outgoing', depth: 1 })).root,
  }
}

type Tools = ReturnType<typeof seedTools>

/** Phase 3, as the seed writes agentInit. */
async function agentInit(t: Tools, taskNodeId: string) {
  // 1. Find parent project
  const parentEdges = await t.traverse({
    node_id: taskNodeId,
    type: 'child_of',
    direction: 'incoming',
    depth: 1,
  })
  const projectNodeId = parentEdges.children[0].node.node_id
  // 2. Read project knowledge
  const projectNote = await t.resolve_node(projectNodeId)
  // 3. Find sibling tasks
  const siblingEdges = await t.traverse({
    node_id: projectNodeId,
    type: 'parent_of',
    direction: 'outgoing',
    depth: 1,
  })
  // 4. Semantic search for context
  const relatedWork = await t.semantic_search({
    query: 'edges graph database node_id',
    project_path: projectNote.content.project_path,
    limit: 5,
  })
  // 5. Update my status to 'doing'
  const myEdge = await t.get_edges({ node_id: taskNodeId, direction: 'incoming', type: 'child_of' })
  await t.update_edge_properties({
    edge_id: myEdge[0].edge_id,
    properties: { status: 'doing', started_at: new Date().toISOString() },
  })
  return { projectNote, parent: projectNote, siblings: siblingEdges.children, context: relatedWork, myEdge }
}

/** Phase 4: the agent's findings, linked from its task, and its task marked done. */
async function agentWork(t: Tools, taskNodeId: string, agent: string) {
  const init = await agentInit(t, taskNodeId)
  const findingsNote = await t.create_knowledge_note({
    text: `# Findings of ${agent}\n\nCreated migration 037...`,
    tags: ['implementation', 'edges', 'database'],
    project_path: init.projectNote.content.project_path,
  })
  await t.create_edge({
    from_node_id: taskNodeId,
    to_node_id: findingsNote.node_id,
    type: 'created_by',
    properties: { agent, completed_at: new Date().toISOString() },
  })
  await t.update_edge_properties({
    edge_id: init.myEdge[0].edge_id,
    properties: { status: 'done', completed_at: new Date().toISOString() },
  })
  return { ...init, findingsNote }
}

function boardSuite(label: string, connect: (server: TestServer) => Promise<Agent[]>): void {
  describe(`the board surface (seed 002) over ${label}`, () => {
    let server: TestServer
    let agents: Agent[]
    let a: Client
    let n = 0
    const fresh = () => seedTools(a, `board-${label.toLowerCase()}-${n++}`)
    beforeAll(async () => {
      server = await testServer()
      agents = await connect(server)
      a = agents[0]!.client
    })
    afterAll(async () => {
      for (const x of agents ?? []) await x.close()
      await server?.dispose()
    })

    it('lists seed 002 six tools and what its workflow calls, under 8 KB', async () => {
      const { tools } = await a.listTools()
      expect(tools.map((t) => t.name).sort()).toEqual([...BOARD_TOOLS].sort())
      const size = Buffer.byteLength(JSON.stringify({ tools }))
      console.log(`/mcp/board tools/list: ${size} B`)
      expect(size).toBeLessThan(8 * 1024)
    })

    it('runs the agent workflow, phases 1-5', async () => {
      const t = fresh()
      // Phase 1: main session setup
      const projectNote = await t.create_knowledge_note({
        text: '# Project Memory System\n\nGoals: Add graph-based edges for agent coordination...',
        tags: ['memory-system', 'edges', 'agent-coordination'],
        project_path: '/Users/callin/Callin_Project/agent_memory_v2',
      })
      const taskNote = await t.create_knowledge_note({
        text: '# Task: Implement edges table\n\n- Create migration 037\n- Add node_id columns...',
        tags: ['task', 'database', 'migration'],
      })
      const edge = await t.create_edge({
        from_node_id: projectNote.node_id,
        to_node_id: taskNote.node_id,
        type: 'parent_of',
        properties: { status: 'todo', priority: 'high', created_at: '2026-02-21T10:00:00Z' },
      })
      expect(edge.edge_id).toEqual(expect.any(String))
      // Phases 2-3: the agent initialises from its task id alone
      const init = await agentInit(t, taskNote.node_id)
      expect(init.projectNote.node_id).toBe(projectNote.node_id)
      expect(init.projectNote.content.project_path).toBe('/Users/callin/Callin_Project/agent_memory_v2')
      expect(init.siblings.map((s: Any) => s.node.content.title)).toEqual(['Task: Implement edges table'])
      expect(init.myEdge[0].edge_id).toBe(edge.edge_id)
      expect((await t.get_project_tasks({ project_node_id: projectNote.node_id })).doing).toHaveLength(1)
      // Phase 4: work and completion
      const findingsNote = await t.create_knowledge_note({
        text: '# Edges Table Implementation\n\nCreated migration 037...',
        tags: ['implementation', 'edges', 'database'],
        project_path: init.projectNote.content.project_path,
      })
      await t.create_edge({
        from_node_id: taskNote.node_id,
        to_node_id: findingsNote.node_id,
        type: 'created_by',
        properties: { agent: 'general-purpose-1', completed_at: new Date().toISOString() },
      })
      await t.update_edge_properties({
        edge_id: init.myEdge[0].edge_id,
        properties: { status: 'done', completed_at: new Date().toISOString() },
      })
      // The findings are found by the next agent's search within the project.
      const found = await t.semantic_search({
        query: 'edges table migration',
        project_path: '/Users/callin/Callin_Project/agent_memory_v2',
        limit: 5,
      })
      expect(found.results.map((r: Any) => r.node_id)).toContain(findingsNote.node_id)
      // Phase 5: main session monitoring
      const board = await t.get_project_tasks({ project_node_id: projectNote.node_id })
      expect(board.todo).toEqual([])
      expect(board.doing).toEqual([])
      expect(board.done.map((x: Any) => [x.node_id, x.priority])).toEqual([[taskNote.node_id, 'high']])
      const results = await t.traverse({
        node_id: projectNote.node_id,
        type: 'created_by',
        direction: 'outgoing', // project → tasks → findings
        depth: 2,
      })
      expect(results.children[0].node.node_id).toBe(taskNote.node_id)
      expect(results.children[0].children[0].node.node_id).toBe(findingsNote.node_id)
      expect(results.children[0].children[0].edge.properties.agent).toBe('general-purpose-1')
    })

    it('test case: traverse parent relationships', async () => {
      const t = fresh()
      const projectId = (await t.create_knowledge_note({ text: 'Project' })).node_id
      const task1Id = (await t.create_knowledge_note({ text: 'Task' })).node_id
      const task2Id = (await t.create_knowledge_note({ text: 'Task' })).node_id
      await t.create_edge({ from_node_id: projectId, to_node_id: task1Id, type: 'parent_of' })
      await t.create_edge({ from_node_id: projectId, to_node_id: task2Id, type: 'parent_of' })
      const result = await t.traverse({
        node_id: projectId,
        type: 'parent_of',
        direction: 'outgoing',
        depth: 1,
      })
      expect(result.children).toHaveLength(2)
      expect(result.children[0].edge.type).toBe('parent_of')
    })

    it('test case: detect circular dependencies', async () => {
      const t = fresh()
      const taskA = (await t.create_knowledge_note({ text: 'Task A' })).node_id
      const taskB = (await t.create_knowledge_note({ text: 'Task B' })).node_id
      await t.create_edge({ from_node_id: taskA, to_node_id: taskB, type: 'depends_on' })
      await expect(
        t.create_edge({ from_node_id: taskB, to_node_id: taskA, type: 'depends_on' }),
      ).rejects.toThrow('Circular dependency')
      const message = await fails(a, 'create_edge', {
        from_node_id: taskB,
        to_node_id: taskA,
        type: 'depends_on',
      })
      expect(message).toContain(`Circular dependency: ${taskB} → ${taskA} → ${taskB}`)
    })

    it('test case: agent finds parent and siblings via edges', async () => {
      const t = fresh()
      const project = await t.create_knowledge_note({ text: '# Project', project_path: '/p' })
      const tasks = await Promise.all(
        ['Task 1', 'Task 2', 'Task 3'].map((title) => t.create_knowledge_note({ text: `# ${title}` })),
      )
      for (const task of tasks) {
        await t.create_edge({ from_node_id: project.node_id, to_node_id: task.node_id, type: 'parent_of' })
      }
      const agentContext = await agentInit(t, tasks[0].node_id)
      expect(agentContext.parent.node_id).toBe(project.node_id)
      expect(agentContext.siblings).toHaveLength(3)
    })

    it('test case: kanban board shows correct task statuses', async () => {
      const t = fresh()
      const project = await t.create_knowledge_note({ text: 'Project' })
      const task1 = await t.create_knowledge_note({ text: 'Task' })
      const edge = await t.create_edge({
        from_node_id: project.node_id,
        to_node_id: task1.node_id,
        type: 'parent_of',
        properties: { status: 'doing' },
      })
      await t.update_edge_properties({ edge_id: edge.edge_id, properties: { status: 'done' } })
      const board = await t.get_project_tasks({ project_node_id: project.node_id })
      expect(board.done).toHaveLength(1)
      expect(board.doing).toHaveLength(0)
    })

    it('test case: three agents work on project without duplication', async () => {
      const t = fresh()
      const project = await t.create_knowledge_note({ text: '# Build Graph System', project_path: '/graph' })
      const tasks = []
      for (const title of ['Add node_id columns', 'Create edges table', 'Implement MCP tools']) {
        const task = await t.create_knowledge_note({ text: `# ${title}` })
        await t.create_edge({
          from_node_id: project.node_id,
          to_node_id: task.node_id,
          type: 'parent_of',
          properties: { status: 'todo' },
        })
        tasks.push(task)
      }
      // Three agents at once, each on its own connection where the transport gives one.
      const graph = `board-${label.toLowerCase()}-${n - 1}`
      const done = await Promise.all(
        tasks.map((task, i) =>
          agentWork(seedTools(agents[i % agents.length]!.client, graph), task.node_id, `agent-${i + 1}`),
        ),
      )
      const board = await t.get_project_tasks({ project_node_id: project.node_id })
      expect(board.done).toHaveLength(3)
      const findings = await t.traverse({ node_id: project.node_id, type: 'created_by', depth: 2 })
      expect(findings.children.length).toBeGreaterThan(0)
      // No duplication: each task has one finding, its own agent's, and every agent saw the same board.
      expect(findings.children.map((c: Any) => c.node.node_id).sort()).toEqual(
        tasks.map((x) => x.node_id).sort(),
      )
      for (const c of findings.children) {
        expect(c.children).toHaveLength(1)
        const i = tasks.findIndex((x) => x.node_id === c.node.node_id)
        expect(c.children[0].edge.properties.agent).toBe(`agent-${i + 1}`)
        expect(c.children[0].node.node_id).toBe(done[i]!.findingsNote.node_id)
      }
      for (const d of done) expect(d.siblings).toHaveLength(3)
    })

    it('a child_of an agent writes where the parent_of is, is that edge: one status on the board', async () => {
      const t = fresh()
      const project = await t.create_knowledge_note({ text: '# Project' })
      const task = await t.create_knowledge_note({ text: '# Task' })
      const down = await t.create_edge({
        from_node_id: project.node_id,
        to_node_id: task.node_id,
        type: 'parent_of',
        properties: { status: 'todo' },
      })
      // The seed's flow: task_1 --[child_of]--> project_knowledge, written by the agent.
      const up = await t.create_edge({
        from_node_id: task.node_id,
        to_node_id: project.node_id,
        type: 'child_of',
        properties: { status: 'doing', agent: 'a-1' },
      })
      expect(up).toMatchObject({ edge_id: down.edge_id, created: false })
      const mine = await t.get_edges({ node_id: task.node_id, direction: 'incoming', type: 'child_of' })
      expect(mine.map((e: Any) => [e.edge_id, e.properties.status])).toEqual([[down.edge_id, 'doing']])
      const board = await t.get_project_tasks({ project_node_id: project.node_id })
      expect(board.doing.map((x: Any) => [x.node_id, x.agent])).toEqual([[task.node_id, 'a-1']])
      expect(board.todo).toEqual([])
    })

    it('error handling: missing node, stale task reset, concurrent update detected', async () => {
      const t = fresh()
      const p = (await t.create_knowledge_note({ text: 'Project' })).node_id
      const task = (await t.create_knowledge_note({ text: 'Task' })).node_id
      expect(
        await fails(a, 'create_edge', { from_node_id: p, to_node_id: `${task}x`, type: 'references' }),
      ).toMatch(/not found/)
      const edge = await t.create_edge({
        from_node_id: p,
        to_node_id: task,
        type: 'parent_of',
        // Half an hour ago: stale for the 10 minutes asked below, not yet for the server's own sweep
        // (60), which would otherwise reset it first whenever its minute came round mid-test.
        properties: { status: 'doing', started_at: new Date(Date.now() - 30 * 60_000).toISOString() },
      })
      const reset = await ok(a, 'reset_stale_tasks', { project_node_id: p, timeout_minutes: 10 })
      expect(reset.reset.map((e: Any) => e.edge_id)).toEqual([edge.edge_id])
      const after = (await t.get_project_tasks({ project_node_id: p })).todo[0]
      expect(after).toMatchObject({ node_id: task, status: 'todo', reset_reason: 'agent_timeout' })
      // Two agents read the same version; the second write is refused, naming the first's.
      const [seen] = await t.get_edges({ node_id: task, direction: 'incoming', type: 'child_of' })
      await t.update_edge_properties({
        edge_id: seen.edge_id,
        properties: { status: 'doing', agent: 'one' },
        expected_updated_at: seen.updated_at,
      })
      const lost = await call(a, 'update_edge_properties', {
        edge_id: seen.edge_id,
        properties: { status: 'doing', agent: 'two' },
        expected_updated_at: seen.updated_at,
      })
      expect(lost.isError).toBe(true)
      expect(lost.text).toContain('"agent":"one"')
      await ok(a, 'delete_edge', { edge_id: edge.edge_id })
      expect((await t.get_project_tasks({ project_node_id: p })).todo).toEqual([])
    })
  })
}

boardSuite('HTTP', async (server) =>
  Promise.all([1, 2, 3].map(() => httpAgent(server.url, { path: '/mcp/board' }))),
)

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})
boardSuite('stdio', async (server) => {
  const cacheDir = mkdtempSync(join(tmpdir(), 'plexus-board-'))
  dirs.push(cacheDir)
  return [await stdioAgent({ server: server.url, cacheDir, args: ['--tools', 'board'] })]
})

describe("seed 002's stale tasks, reset when the board is read (an injected clock)", () => {
  const T0 = Date.parse('2026-11-29T09:00:00Z')
  let t = T0
  let server: TestServer
  let writer: Agent
  let reader: Agent
  const MINUTE = 60_000
  beforeAll(async () => {
    server = await testServer({
      now: () => t,
      // No periodic sweep here: what resets a task in these tests is the read.
      staleSweepMs: 0,
      // The operator's timeout (off by default): the seed's hour.
      staleTaskMinutes: 60,
      tokens: [
        { name: 'ada', role: 'write', token: 'ada-token-1' },
        { name: 'rita', role: 'read', token: 'rita-token-1' },
      ],
    })
    writer = await httpAgent(server.url, { path: '/mcp/board', token: 'ada-token-1' })
    reader = await httpAgent(server.url, { path: '/mcp/board', token: 'rita-token-1' })
  })
  afterAll(async () => {
    await writer?.close()
    await reader?.close()
    await server?.dispose()
  })

  it('a doing task started more than 60 minutes ago is todo again, reset_reason agent_timeout, by the server', async () => {
    const a = writer.client
    const graph = 'stale-on-read'
    const note = async (text: string) => (await ok(a, 'create_knowledge_note', { graph, text })).node_id
    const p = await note('Project')
    const [task, later] = [await note('Crashed task'), await note('Busy task')]
    const doing = (at: number) => ({ status: 'doing', agent: 'a-1', started_at: new Date(at).toISOString() })
    const edge = await ok(a, 'create_edge', {
      from_node_id: p,
      to_node_id: task,
      type: 'parent_of',
      properties: doing(T0),
    })
    t = T0 + 30 * MINUTE
    await ok(a, 'create_edge', {
      from_node_id: p,
      to_node_id: later,
      type: 'parent_of',
      properties: doing(t),
    })
    // 59 minutes: not yet.
    t = T0 + 59 * MINUTE
    const ids = (column: Any[]) => column.map((x: Any) => x.node_id).sort()
    let board = await ok(a, 'get_project_tasks', { project_node_id: p })
    expect(ids(board.doing)).toEqual([task, later].sort())
    // A reader's read writes nothing: the task stays doing until a writer reads or the sweep runs.
    t = T0 + 61 * MINUTE
    board = await ok(reader.client, 'get_project_tasks', { project_node_id: p })
    expect(ids(board.doing)).toEqual([task, later].sort())
    board = await ok(a, 'get_project_tasks', { project_node_id: p })
    expect(board.todo).toEqual([
      expect.objectContaining({ node_id: task, status: 'todo', reset_reason: 'agent_timeout' }),
    ])
    expect(ids(board.doing)).toEqual([later])
    // traverse and get_edges, the seed's other reads, see (and make) the same reset.
    t = T0 + 91 * MINUTE
    const walked = await ok(a, 'traverse', { node_id: p, type: 'parent_of', direction: 'outgoing', depth: 1 })
    expect(walked.children.map((c: Any) => c.edge.properties.status)).toEqual(['todo', 'todo'])
    const [read] = (await ok(a, 'get_edges', { node_id: task, direction: 'incoming', type: 'child_of' }))
      .edges
    expect(read).toMatchObject({ edge_id: edge.edge_id, properties: { reset_reason: 'agent_timeout' } })
    // The history says who: the server, not the agent that read.
    const work = await httpAgent(server.url, { token: 'ada-token-1' })
    try {
      const h = await ok(work.client, 'graph_history', { node_id: p })
      const resets = JSON.stringify(h.events.filter((e: Any) => JSON.stringify(e).includes('agent_timeout')))
      expect(resets).toContain('Plexus server')
      expect(resets).not.toContain('"ada"')
    } finally {
      await work.close()
    }
  })
})

describe('a seed 002 tool asked of another surface', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await testServer()
  })
  afterAll(async () => server?.dispose())

  it.each(['/mcp', '/mcp/memory', '/mcp/engine'])(
    '%s says create_edge is served at /mcp/board',
    async (path) => {
      const agent = await httpAgent(server.url, { path })
      try {
        const r = await call(agent.client, 'create_edge', {
          from_node_id: 'a',
          to_node_id: 'b',
          type: 'parent_of',
        })
        expect(r.isError).toBe(true)
        expect(r.text).toContain('create_edge is served at /mcp/board')
      } finally {
        await agent.close()
      }
    },
  )
})
