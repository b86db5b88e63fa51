/**
 * The authorization matrix (issue 23): every tool of every MCP surface × every way the tool lets a
 * call name its graph × the token's role on that graph (none, read, write, admin), against a running
 * server with scoped tokens, through the SDK's client. Each cell is allowed or refused by one rule:
 * a call needs `need` on the graph it opens (read to read, write to change, admin to delete).
 *
 * - allowed: the call succeeds;
 * - refused: the call fails with a message naming the role, and the graph's document is byte for byte
 *   what it was (a graph that did not exist still does not);
 * - role none: the graph does not exist for the token: refused, or (for calls that search or list
 *   what the token reaches) answered without a word of it; either way it is not changed.
 *
 * The rows are checked against the catalogue (surfaces.ts): a tool added without its rows, or a way
 * of naming a graph its schema has and its rows lack, fails here. RELIABILITY.md holds the table.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import * as Y from 'yjs'
import type { Role } from '../auth.ts'
import { testServer, type TestServer } from '../test/server-harness.ts'
import { projectGraphId } from './memory/levels.ts'
import { NODE_ARGS } from './node-args.ts'
import { SURFACES, SURFACE_NAMES, SURFACE_PATH, type Surface } from './surfaces.ts'
import { call, httpAgent, ok, stdioAgent, type Agent } from './test/clients.ts'

type Need = 'read' | 'write' | 'admin'
type RoleOn = Role | 'none'
const ROLES: readonly RoleOn[] = ['none', 'read', 'write', 'admin']
/** A word only the seeded target holds: a refused or unseen cell must not show it. */
const MARK = 'Quokkamark'

/** One graph a cell works on, freshly seeded. */
interface Target {
  graph: string
  /** For graph_open / graph_import creating: a graph that does not exist yet. */
  fresh: string
  cwd: string
  session: string
  task: string
  other: string
  /** Memory node ids, on the level the naming names. */
  note: string
  two: string
}

/**
 * How a call names its graph:
 * - `project`, `graph`: by id; `default`: the engine's default graph (no `graph`);
 * - `node`: by node id alone; `label`: by a node's label, with project;
 * - `create`: a graph that does not exist yet (creating needs write);
 * - `cwd`: memory's project directory; `session:project` / `session:user`: a memory session and a
 *   level (the project graph of its cwd, or the caller's own graph);
 * - `all`: none named: the call searches or lists every graph the token reaches.
 */
type How =
  | 'project'
  | 'graph'
  | 'default'
  | 'node'
  | 'label'
  | 'create'
  | 'cwd'
  | 'session:project'
  | 'session:user'
  | 'all'

interface Naming {
  how: How
  need: Need
  args: (t: Target) => Record<string, unknown>
  /** What the cell is about, when a tool has two rows for one naming (reading and writing). */
  note?: string
}

const MATRIX: Record<Surface, Record<string, readonly Naming[]>> = {
  work: {
    graph_open: [
      { how: 'project', need: 'read', args: (t) => ({ project: t.graph }) },
      { how: 'create', need: 'write', args: (t) => ({ project: t.fresh, goal: 'New' }) },
      { how: 'all', need: 'read', args: () => ({}) },
    ],
    graph_onboard: [{ how: 'project', need: 'read', args: (t) => ({ project: t.graph }) }],
    graph_plan: [
      {
        how: 'project',
        need: 'write',
        args: (t) => ({ project: t.graph, nodes: [{ ref: 'x', summary: 'X' }] }),
      },
      {
        how: 'node',
        need: 'write',
        args: (t) => ({ nodes: [{ ref: 'x', parent_ref: t.task, summary: 'X' }] }),
      },
      {
        how: 'label',
        need: 'write',
        args: (t) => ({ project: t.graph, nodes: [{ ref: 'x', parent_ref: `${MARK} task`, summary: 'X' }] }),
      },
    ],
    graph_add_facts: [
      { how: 'project', need: 'write', args: (t) => ({ project: t.graph, text: 'Foo depends_on Bar' }) },
      {
        how: 'label',
        need: 'write',
        args: (t) => ({ project: t.graph, text: 'Foo depends_on Bar', parent: `${MARK} task` }),
      },
    ],
    graph_next: [
      { how: 'project', need: 'read', args: (t) => ({ project: t.graph }) },
      { how: 'project', need: 'write', note: 'claim', args: (t) => ({ project: t.graph, claim: true }) },
      { how: 'label', need: 'read', args: (t) => ({ project: t.graph, scope: `${MARK} task` }) },
    ],
    graph_context: [
      { how: 'node', need: 'read', args: (t) => ({ node_id: t.task }) },
      { how: 'project', need: 'read', args: (t) => ({ project: t.graph, node_id: t.task }) },
      { how: 'label', need: 'read', args: (t) => ({ project: t.graph, node_id: `${MARK} task` }) },
    ],
    graph_update: [
      { how: 'node', need: 'write', args: (t) => ({ updates: [{ node_id: t.task, resolved: true }] }) },
      {
        how: 'project',
        need: 'write',
        args: (t) => ({ project: t.graph, updates: [{ node_id: t.task, resolved: true }] }),
      },
      {
        how: 'label',
        need: 'write',
        args: (t) => ({ project: t.graph, updates: [{ node_id: `${MARK} task`, resolved: true }] }),
      },
    ],
    graph_connect: [
      {
        how: 'node',
        need: 'write',
        args: (t) => ({ edges: [{ from: t.task, to: t.other, type: 'depends_on' }] }),
      },
      {
        how: 'project',
        need: 'write',
        args: (t) => ({ project: t.graph, edges: [{ from: t.task, to: t.other, type: 'depends_on' }] }),
      },
      {
        how: 'label',
        need: 'write',
        args: (t) => ({
          project: t.graph,
          edges: [{ from: `${MARK} task`, to: t.other, type: 'depends_on' }],
        }),
      },
    ],
    graph_query: [
      { how: 'project', need: 'read', args: (t) => ({ project: t.graph }) },
      {
        how: 'label',
        need: 'read',
        args: (t) => ({ project: t.graph, filter: { ancestor: `${MARK} task` } }),
      },
    ],
    graph_search: [
      { how: 'project', need: 'read', args: (t) => ({ project: t.graph, query: MARK }) },
      {
        how: 'label',
        need: 'read',
        args: (t) => ({ project: t.graph, query: 'task', within: `${MARK} task` }),
      },
      { how: 'all', need: 'read', args: () => ({ query: MARK }) },
    ],
    graph_restructure: [
      {
        how: 'node',
        need: 'write',
        args: (t) => ({ operations: [{ op: 'drop', node_id: t.other, reason: 'x' }] }),
      },
      {
        how: 'project',
        need: 'write',
        args: (t) => ({ project: t.graph, operations: [{ op: 'drop', node_id: t.other, reason: 'x' }] }),
      },
      {
        how: 'label',
        need: 'write',
        args: (t) => ({
          project: t.graph,
          operations: [{ op: 'drop', node_id: `${MARK} task`, reason: 'x' }],
        }),
      },
    ],
    graph_history: [
      { how: 'node', need: 'read', args: (t) => ({ node_id: t.task }) },
      { how: 'project', need: 'read', args: (t) => ({ project: t.graph, node_id: t.task }) },
      { how: 'label', need: 'read', args: (t) => ({ project: t.graph, node_id: `${MARK} task` }) },
    ],
    graph_analyze: [
      { how: 'project', need: 'read', args: (t) => ({ project: t.graph, question: 'what depends on DB' }) },
      {
        how: 'label',
        need: 'read',
        args: (t) => ({ project: t.graph, op: 'subgraph', ids: [`${MARK} task`] }),
      },
    ],
    graph_export: [{ how: 'project', need: 'read', args: (t) => ({ project: t.graph, format: 'mermaid' }) }],
    graph_import: [
      {
        how: 'project',
        need: 'write',
        args: (t) => ({ project: t.graph, format: 'dsl', text: 'Foo depends_on Bar' }),
      },
      {
        how: 'create',
        need: 'write',
        args: (t) => ({ project: t.fresh, format: 'dsl', text: 'Foo depends_on Bar' }),
      },
      {
        how: 'label',
        need: 'write',
        args: (t) => ({
          project: t.graph,
          format: 'dsl',
          text: 'Foo depends_on Bar',
          parent: `${MARK} task`,
        }),
      },
    ],
    graph_session: [
      { how: 'project', need: 'read', args: (t) => ({ project: t.graph }) },
      {
        how: 'project',
        need: 'write',
        note: 'checkpoint',
        args: (t) => ({ project: t.graph, action: 'checkpoint', name: 'cp' }),
      },
    ],
    graph_suggest: [{ how: 'project', need: 'read', args: (t) => ({ project: t.graph }) }],
  },
  engine: engineRows(),
  memory: {
    kg_read: [
      { how: 'cwd', need: 'read', args: (t) => ({ cwd: t.cwd }) },
      {
        how: 'cwd',
        need: 'read',
        note: 'lookup',
        args: (t) => ({ cwd: t.cwd, id: t.note, level: 'project' }),
      },
      { how: 'session:user', need: 'write', note: 'starts a session', args: (t) => ({ cwd: t.cwd }) },
    ],
    kg_search: [
      { how: 'session:project', need: 'read', args: (t) => ({ session_id: t.session, query: MARK }) },
      { how: 'session:user', need: 'read', args: (t) => ({ session_id: t.session, query: MARK }) },
      { how: 'all', need: 'read', args: () => ({ query: MARK }) },
    ],
    kg_put_node: levels('write', (t, level) => ({
      session_id: t.session,
      level,
      id: 'fresh-node',
      gist: 'New',
    })),
    kg_put_edge: levels('write', (t, level) => ({
      session_id: t.session,
      level,
      from: t.note,
      to: t.two,
      rel: 'relates_to',
    })),
    kg_delete_node: levels('write', (t) => ({ session_id: t.session, id: t.note })),
    kg_delete_edge: levels('write', (t) => ({ session_id: t.session, from: t.note, to: t.two, rel: 'uses' })),
    kg_sync: [
      { how: 'session:project', need: 'read', args: (t) => ({ session_id: t.session }) },
      { how: 'session:user', need: 'write', args: (t) => ({ session_id: t.session }) },
    ],
    kg_progress: [
      ...levels('read', (t, level) => ({ session_id: t.session, level, task_id: 'task' })),
      ...levels('write', (t, level) => ({
        session_id: t.session,
        level,
        task_id: 'task',
        state: { step: 2 },
      })),
    ],
  },
}

function levels(
  need: Need,
  args: (t: Target, level: 'project' | 'user') => Record<string, unknown>,
): Naming[] {
  return [
    { how: 'session:project', need, args: (t) => args(t, 'project') },
    { how: 'session:user', need, args: (t) => args(t, 'user') },
  ]
}

/** The engine's tools each name a graph by `graph` or, leaving it out, the default graph. */
function engineRows(): Record<string, readonly Naming[]> {
  const both = (need: Need, args: (t: Target) => Record<string, unknown>): Naming[] => [
    { how: 'graph', need, args: (t) => ({ graph: t.graph, ...args(t) }) },
    { how: 'default', need, args },
  ]
  const api = `${MARK} API`
  return {
    add_facts: both('write', () => ({ facts: [{ from: 'X', rel: 'depends_on', to: 'Y' }] })),
    add_knowledge: both('write', () => ({ knowledge: 'X depends_on Y' })),
    create_from_mermaid: both('write', () => ({ mermaid: 'flowchart TD\nX --> Y' })),
    ask_graph: both('read', () => ({ query: 'what depends on DB' })),
    dump_context: both('read', () => ({})),
    shortest_path: both('read', () => ({ source: api, target: 'DB' })),
    all_paths: both('read', () => ({ source: api, target: 'DB' })),
    find_cycles: both('read', () => ({})),
    pagerank: both('read', () => ({})),
    connected_components: both('read', () => ({})),
    degree_centrality: both('read', () => ({})),
    forget: both('write', () => ({ label: api })),
    forget_relationship: both('write', () => ({ source: api, target: 'DB', relation: 'depends_on' })),
    list_graphs: [{ how: 'all', need: 'read', args: () => ({}) }],
    delete_graph: both('admin', () => ({})),
    get_graph_info: both('read', () => ({})),
    export_graph: both('read', () => ({ format: 'json' })),
    import_graph: both('write', () => ({ format: 'dsl', content: 'X depends_on Y' })),
  }
}

// Tokens. `who-R` has role R on every target graph (`t-*`, `tm-*`, `default`) and admin on the rest;
// `who-none` reaches none of them (admin elsewhere). Its own graph (user.who-R) it writes. For the
// session:user naming the role is on the caller's own graph, which is the token's base role: `me-R`.
// Each identity has a second, all-powerful token (`…-setup`) that makes its memory sessions.
const TARGETS = ['t-*', 'tm-*', 'default']
const whoToken = (r: RoleOn) => `who-${r}-token`
const meToken = (r: Role) => `me-${r}-token`
const tokens = [
  { name: 'boss', role: 'admin' as const, token: 'boss-token-123' },
  ...ROLES.flatMap((r) => [
    {
      name: `who-${r}`,
      role: 'write' as const,
      token: whoToken(r),
      graphs:
        r === 'none'
          ? [{ pattern: 'o-*', role: 'admin' as const }]
          : [...TARGETS.map((pattern) => ({ pattern, role: r })), { pattern: '*', role: 'admin' as const }],
    },
    { name: `who-${r}`, role: 'admin' as const, token: `who-${r}-setup` },
  ]),
  ...(['read', 'write', 'admin'] as const).flatMap((r) => [
    { name: `me-${r}`, role: r, token: meToken(r) },
    { name: `me-${r}`, role: 'admin' as const, token: `me-${r}-setup` },
  ]),
]

let server: TestServer
const agents = new Map<string, Agent>()
async function client(token: string, surface: Surface): Promise<Client> {
  const key = `${token} ${surface}`
  let a = agents.get(key)
  if (!a) agents.set(key, (a = await httpAgent(server.url, { token, path: SURFACE_PATH[surface] })))
  return a.client
}

beforeAll(async () => {
  server = await testServer({ tokens })
})
afterAll(async () => {
  for (const a of agents.values()) await a.close()
  await server?.dispose()
})

let serial = 0

/** Seeds the cell's graph as `boss` (work and engine) or as the caller's own setup token (memory). */
async function seed(surface: Surface, how: How, caller: string): Promise<Target> {
  const n = ++serial
  const graph = how === 'default' ? 'default' : `t-${n}`
  const cwd = `/w/tm-${n}`
  const t: Target = {
    graph,
    fresh: `t-new-${n}`,
    cwd,
    session: '',
    task: '',
    other: '',
    note: `note-${n}`,
    two: `two-${n}`,
  }
  if (surface === 'memory') {
    const setup = await client(caller.replace(/-token$/, '-setup'), 'memory')
    const s = await ok(setup, 'kg_read', { cwd })
    t.session = s.session_id
    for (const level of ['project', 'user']) {
      // Only the project level holds the mark: a caller's own level is always its to see.
      const gist = level === 'project' ? `${MARK} project note` : 'User note'
      await ok(setup, 'kg_put_node', { session_id: t.session, level, id: t.note, gist })
      await ok(setup, 'kg_put_node', { session_id: t.session, level, id: t.two, gist: 'Two' })
      await ok(setup, 'kg_put_edge', { session_id: t.session, level, from: t.note, to: t.two, rel: 'uses' })
    }
    return t
  }
  const boss = await client('boss-token-123', 'work')
  const engine = await client('boss-token-123', 'engine')
  if (graph === 'default') await ok(engine, 'delete_graph', {})
  await ok(boss, 'graph_open', { project: graph, goal: `${MARK} goal` })
  const plan = await ok(boss, 'graph_plan', {
    project: graph,
    nodes: [
      { ref: 'a', summary: `${MARK} task` },
      { ref: 'b', summary: 'Other task' },
    ],
  })
  t.task = plan.created[0].id
  t.other = plan.created[1].id
  await ok(engine, 'add_facts', { graph, facts: [{ from: `${MARK} API`, rel: 'depends_on', to: 'DB' }] })
  return t
}

/** The graph a cell's naming opens, and so the one that must not change when the cell is refused. */
function targetOf(t: Target, how: How, surface: Surface, caller: string): string {
  if (how === 'create') return t.fresh
  if (how === 'session:user') return `user.${caller.replace(/-token$/, '')}`
  if (surface === 'memory') return projectGraphId(t.cwd)
  return t.graph
}

async function state(graph: string): Promise<string | null> {
  if (!(await server.docs.exists(graph))) return null
  const h = await server.docs.openAsync(graph)
  try {
    return Buffer.from(Y.encodeStateAsUpdate(h.doc)).toString('base64')
  } finally {
    h.release()
  }
}

const RANK: Record<RoleOn, number> = { none: -1, read: 0, write: 1, admin: 2 }

/** The roles a naming is tried with: a caller's own graph is never out of its reach. */
const rolesFor = (how: How): readonly RoleOn[] => (how === 'session:user' ? ROLES.slice(1) : ROLES)

/** The token a cell calls with: role `r` on the graph the naming opens. */
const tokenFor = (how: How, r: RoleOn) => (how === 'session:user' ? meToken(r as Role) : whoToken(r))

const cells = SURFACE_NAMES.flatMap((surface) =>
  Object.entries(MATRIX[surface]).flatMap(([tool, namings]) =>
    namings.flatMap((naming) => rolesFor(naming.how).map((role) => ({ surface, tool, naming, role }))),
  ),
)

describe('the authorization matrix', () => {
  it('has rows for every tool of every surface, and for every way its schema names a graph', () => {
    for (const surface of SURFACE_NAMES) {
      const tools = SURFACES[surface]
      expect(
        Object.keys(MATRIX[surface]).sort(),
        `${surface}: tools without rows (or rows without tools)`,
      ).toEqual(tools.map((t) => t.name).sort())
      for (const t of tools) {
        const hows = new Set(MATRIX[surface][t.name]!.map((n) => n.how))
        const shape = t.input.shape
        const want: How[] = []
        if ('project' in shape) want.push('project')
        if ('project' in shape && shape.project!.isOptional()) want.push(hows.has('all') ? 'all' : 'node')
        if ('graph' in shape) want.push('graph', 'default')
        if ('cwd' in shape) want.push('cwd')
        if ('session_id' in shape) want.push('session:project', 'session:user')
        if (t.name in NODE_ARGS) want.push('label')
        for (const h of want)
          expect(hows.has(h), `${surface} ${t.name}: no row naming its graph by ${h}`).toBe(true)
      }
    }
  })

  // One test per tool: each runs its namings × roles, so a failure names the tool.
  const byTool = new Map<string, typeof cells>()
  for (const c of cells)
    byTool.set(`${c.surface} ${c.tool}`, [...(byTool.get(`${c.surface} ${c.tool}`) ?? []), c])
  it.each([...byTool.keys()])('%s', { timeout: 120_000 }, async (key) => {
    for (const { surface, tool, naming, role } of byTool.get(key)!) {
      const caller = tokenFor(naming.how, role)
      const t = await seed(surface, naming.how, caller)
      const target = targetOf(t, naming.how, surface, caller)
      const before = await state(target)
      const r = await call(await client(caller, surface), tool, naming.args(t))
      const cell = `${surface} ${tool} by ${naming.how}${naming.note ? ` (${naming.note})` : ''}, role ${role} on ${target}: ${r.text.slice(0, 300)}`
      if (RANK[role] >= RANK[naming.need]) {
        expect(r.isError, `allowed: ${cell}`).toBe(false)
        continue
      }
      if (role === 'none') {
        // The graph does not exist for the token: refused, or answered without a word of it.
        if (!r.isError) expect(r.text, `unseen: ${cell}`).not.toContain(MARK)
      } else {
        expect(r.isError, `refused: ${cell}`).toBe(true)
        expect(r.text, `says why: ${cell}`).toMatch(new RegExp(`${naming.need} role`))
      }
      expect(await state(target), `unchanged: ${cell}`).toBe(before)
    }
  })

  // The same rows through `plexus mcp --tools <surface>`, a peer that works on its own copies: a
  // token that only reads the graph is refused before the copy changes (the server would drop the
  // write, so the answer is what tells). Role read only, and not a session's own level, whose
  // sessions the peer would see only once synced.
  it(
    'over stdio, a token that reads the graph: reads answer, writes are refused',
    { timeout: 600_000 },
    async () => {
      const dirs: string[] = []
      const peers = new Map<Surface, Agent>()
      try {
        const overStdio = cells.filter((c) => c.role === 'read' && c.naming.how !== 'session:user')
        console.log(`authorization matrix over stdio: ${overStdio.length} cells`)
        for (const { surface, tool, naming } of overStdio) {
          let peer = peers.get(surface)
          if (!peer) {
            const cacheDir = mkdtempSync(join(tmpdir(), 'plexus-matrix-'))
            dirs.push(cacheDir)
            const args = ['--tools', surface]
            peers.set(
              surface,
              (peer = await stdioAgent({ server: server.url, cacheDir, token: whoToken('read'), args })),
            )
          }
          const t = await seed(surface, naming.how, whoToken('read'))
          // The peer's own session (in its own graph, which it writes), on the seeded project graph.
          if (surface === 'memory' && naming.how !== 'cwd' && naming.how !== 'all')
            t.session = (await ok(peer.client, 'kg_read', { cwd: t.cwd })).session_id
          const r = await call(peer.client, tool, naming.args(t))
          const cell = `stdio ${surface} ${tool} by ${naming.how}${naming.note ? ` (${naming.note})` : ''}: ${r.text.slice(0, 300)}`
          if (naming.need === 'read') expect(r.isError, `allowed: ${cell}`).toBe(false)
          else {
            expect(r.isError, `refused: ${cell}`).toBe(true)
            expect(r.text, `says why: ${cell}`).toMatch(new RegExp(`${naming.need} role`))
          }
        }
      } finally {
        for (const p of peers.values()) await p.close()
        for (const d of dirs) rmSync(d, { recursive: true, force: true })
      }
    },
  )

  it('is the size RELIABILITY.md states', () => {
    const tools = SURFACE_NAMES.reduce((n, s) => n + SURFACES[s].length, 0)
    const namings = SURFACE_NAMES.reduce(
      (n, s) => n + Object.values(MATRIX[s]).reduce((m, rows) => m + rows.length, 0),
      0,
    )
    const stated = `${tools} tools, ${namings} namings,\n${cells.length} cells`
    console.log(`authorization matrix: ${stated.replace('\n', ' ')}`)
    const doc = readFileSync(fileURLToPath(new URL('../../../../RELIABILITY.md', import.meta.url)), 'utf8')
    expect(doc.replace(/\s+/g, ' ')).toContain(stated.replace('\n', ' '))
  })
})
