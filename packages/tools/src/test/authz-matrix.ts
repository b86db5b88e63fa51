/**
 * The authorization matrix's rows, generated cells and the rule that judges a cell (issue 23), shared
 * by the vitest matrix (authz-matrix.test.ts, an in-process server) and the reliability suite's access
 * phase (reliability/src/access/matrix.ts, a `plexus serve` process): every tool of every MCP surface ×
 * every way the tool lets a call name its graph × the token's role on that graph (none, read, write,
 * admin). Each cell is allowed or refused by one rule: a call needs `need` on the graph it opens
 * (read to read, write to change, admin to delete).
 *
 * - allowed: the call succeeds;
 * - refused: the call fails with a message naming the role, and the graph's document is byte for byte
 *   what it was (a graph that did not exist still does not);
 * - role none: the graph does not exist for the token: refused, or (for calls that search or list
 *   what the token reaches) answered without a word of it; either way it is not changed.
 *
 * `coverageProblems` checks the rows against the catalogue (surfaces.ts): a tool added without its
 * rows, or a way of naming a graph its schema has and its rows lack, is named there.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Role } from '../access.ts'
import { projectGraphId } from '../memory/levels.ts'
import { NODE_ARGS } from '../node-args.ts'
import { SURFACES, SURFACE_NAMES, SURFACE_PATH, type Surface } from '../surfaces.ts'
import { call, ok } from './clients.ts'

export { SURFACE_PATH, type Surface }

export type Need = 'read' | 'write' | 'admin'
export type RoleOn = Role | 'none'
export const ROLES: readonly RoleOn[] = ['none', 'read', 'write', 'admin']
/** A word only the seeded target holds: a refused or unseen cell must not show it. */
export const MARK = 'Quokkamark'

/** One graph a cell works on, freshly seeded. */
export interface Target {
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
export type How =
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

export interface Naming {
  how: How
  need: Need
  args: (t: Target) => Record<string, unknown>
  /** What the cell is about, when a tool has two rows for one naming (reading and writing). */
  note?: string
}

/** `as_of` for a read of the past: this moment, which every seeded graph has reached. */
const now = (): string => new Date().toISOString()

export const MATRIX: Record<Surface, Record<string, readonly Naming[]>> = {
  work: {
    graph_open: [
      { how: 'project', need: 'read', args: (t) => ({ project: t.graph }) },
      { how: 'project', need: 'read', note: 'as_of', args: (t) => ({ project: t.graph, as_of: now() }) },
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
      { how: 'project', need: 'read', note: 'as_of', args: (t) => ({ project: t.graph, as_of: now() }) },
      { how: 'label', need: 'read', args: (t) => ({ project: t.graph, scope: `${MARK} task` }) },
    ],
    graph_context: [
      { how: 'node', need: 'read', args: (t) => ({ node_id: t.task }) },
      { how: 'node', need: 'read', note: 'as_of', args: (t) => ({ node_id: t.task, as_of: now() }) },
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
      { how: 'project', need: 'read', note: 'as_of', args: (t) => ({ project: t.graph, as_of: now() }) },
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
      { how: 'node', need: 'read', note: 'as_of', args: (t) => ({ node_id: t.task, as_of: now() }) },
      { how: 'project', need: 'read', args: (t) => ({ project: t.graph, node_id: t.task }) },
      { how: 'label', need: 'read', args: (t) => ({ project: t.graph, node_id: `${MARK} task` }) },
    ],
    graph_diff: [
      { how: 'project', need: 'read', args: (t) => ({ project: t.graph, from: '2000-01-01T00:00:00Z' }) },
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
  board: boardRows(),
  concepts: {
    graph: (['graph', 'default'] as const).flatMap((how): Naming[] => {
      const on = (t: Target) => (how === 'graph' ? { graph: t.graph } : {})
      return [
        { how, need: 'read', note: 'list', args: (t) => ({ ...on(t), action: 'list', query: MARK }) },
        {
          how,
          need: 'write',
          note: 'create',
          args: (t) => ({ ...on(t), action: 'create', label: 'New concept' }),
        },
      ]
    }),
  },
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
      // A read of the past starts no session: read on both levels is enough.
      { how: 'cwd', need: 'read', note: 'as_of', args: (t) => ({ cwd: t.cwd, as_of: now() }) },
      {
        how: 'cwd',
        need: 'read',
        note: 'lookup as_of',
        args: (t) => ({ cwd: t.cwd, id: t.note, level: 'project', as_of: now() }),
      },
      { how: 'session:user', need: 'read', note: 'as_of', args: (t) => ({ cwd: t.cwd, as_of: now() }) },
    ],
    kg_search: [
      { how: 'session:project', need: 'read', args: (t) => ({ session_id: t.session, query: MARK }) },
      { how: 'session:user', need: 'read', args: (t) => ({ session_id: t.session, query: MARK }) },
      { how: 'all', need: 'read', args: () => ({ query: MARK }) },
      {
        how: 'session:project',
        need: 'read',
        note: 'as_of',
        args: (t) => ({ session_id: t.session, query: MARK, as_of: now() }),
      },
      { how: 'all', need: 'read', note: 'as_of', args: () => ({ query: MARK, as_of: now() }) },
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
/** The board's tools name their graph by a node or edge id alone; notes by `graph` or the default graph. */
function boardRows(): Record<string, readonly Naming[]> {
  const node = (need: Need, args: (t: Target) => Record<string, unknown>): Naming[] => [
    { how: 'node', need, args },
  ]
  const both = (need: Need, args: (t: Target) => Record<string, unknown>): Naming[] => [
    { how: 'graph', need, args: (t) => ({ graph: t.graph, ...args(t) }) },
    { how: 'default', need, args },
  ]
  const edge = (t: Target) => `${t.task}>parent_of>${t.other}`
  return {
    create_knowledge_note: both('write', () => ({ text: '# Note', tags: ['x'] })),
    semantic_search: both('read', () => ({ query: MARK })),
    create_edge: node('write', (t) => ({ from_node_id: t.other, to_node_id: t.task, type: 'references' })),
    get_edges: node('read', (t) => ({ node_id: t.task })),
    traverse: node('read', (t) => ({ node_id: t.task, type: 'parent_of', direction: 'outgoing' })),
    delete_edge: node('write', (t) => ({ edge_id: edge(t) })),
    update_edge_properties: node('write', (t) => ({ edge_id: edge(t), properties: { status: 'done' } })),
    get_project_tasks: node('read', (t) => ({ project_node_id: t.task })),
    reset_stale_tasks: node('write', (t) => ({ project_node_id: t.task, timeout_minutes: 1 })),
  }
}

function engineRows(): Record<string, readonly Naming[]> {
  const both = (need: Need, args: (t: Target) => Record<string, unknown>, note?: string): Naming[] => [
    { how: 'graph', need, args: (t) => ({ graph: t.graph, ...args(t) }), ...(note ? { note } : {}) },
    { how: 'default', need, args, ...(note ? { note } : {}) },
  ]
  const api = `${MARK} API`
  return {
    add_facts: both('write', () => ({ facts: [{ from: 'X', rel: 'depends_on', to: 'Y' }] })),
    add_knowledge: both('write', () => ({ knowledge: 'X depends_on Y' })),
    create_from_mermaid: both('write', () => ({ mermaid: 'flowchart TD\nX --> Y' })),
    ask_graph: [
      ...both('read', () => ({ query: 'what depends on DB' })),
      ...both('read', () => ({ query: 'what depends on DB', as_of: now() }), 'as_of'),
    ],
    dump_context: [...both('read', () => ({})), ...both('read', () => ({ as_of: now() }), 'as_of')],
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
export const whoToken = (r: RoleOn) => `who-${r}-token`
export const meToken = (r: Role) => `me-${r}-token`
/** The tokens the matrix's server is started with (a tokens file's `tokens`). */
export const MATRIX_TOKENS = [
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

/** How a cell reaches the server: an SDK client per token and surface, and a graph's whole state. */
export interface MatrixEnv {
  client(token: string, surface: Surface): Promise<Client>
  /** The graph's document, encoded (null or a fixed value where it does not exist). */
  state(graph: string): Promise<string | null>
}

let serial = 0

/** Seeds the cell's graph as `boss` (work and engine) or as the caller's own setup token (memory). */
export async function seed(env: MatrixEnv, surface: Surface, how: How, caller: string): Promise<Target> {
  const client = env.client.bind(env)
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
  if (surface === 'board') {
    // A task on the board whose agent went quiet, and a note the default graph's search finds.
    const board = await client('boss-token-123', 'board')
    await ok(board, 'create_edge', {
      from_node_id: t.task,
      to_node_id: t.other,
      type: 'parent_of',
      // Stale for reset_stale_tasks' 1 minute below, not for the server's own sweep (60): a sweep
      // between a cell's two reads of the graph would be taken for the cell's change.
      properties: { status: 'doing', started_at: new Date(Date.now() - 5 * 60_000).toISOString() },
    })
    await ok(board, 'create_knowledge_note', { graph, text: `# ${MARK} note` })
  }
  return t
}

/** The graph a cell's naming opens, and so the one that must not change when the cell is refused. */
export function targetOf(t: Target, how: How, surface: Surface, caller: string): string {
  if (how === 'create') return t.fresh
  if (how === 'session:user') return `user.${caller.replace(/-token$/, '')}`
  if (surface === 'memory') return projectGraphId(t.cwd)
  return t.graph
}

export const RANK: Record<RoleOn, number> = { none: -1, read: 0, write: 1, admin: 2 }

/** The roles a naming is tried with: a caller's own graph is never out of its reach. */
export const rolesFor = (how: How): readonly RoleOn[] => (how === 'session:user' ? ROLES.slice(1) : ROLES)

/** The token a cell calls with: role `r` on the graph the naming opens. */
export const tokenFor = (how: How, r: RoleOn) => (how === 'session:user' ? meToken(r as Role) : whoToken(r))

export const cells = SURFACE_NAMES.flatMap((surface) =>
  Object.entries(MATRIX[surface]).flatMap(([tool, namings]) =>
    namings.flatMap((naming) => rolesFor(naming.how).map((role) => ({ surface, tool, naming, role }))),
  ),
)

export type Cell = (typeof cells)[number]

export const cellName = (c: Cell, target: string) =>
  `${c.surface} ${c.tool} by ${c.naming.how}${c.naming.note ? ` (${c.naming.note})` : ''}, role ${c.role} on ${target}`

/**
 * What is wrong with the rows against the catalogue: tools without rows (or rows without tools), and
 * ways of naming a graph a tool's schema offers that its rows lack. Empty when the matrix is whole.
 */
export function coverageProblems(): string[] {
  const out: string[] = []
  for (const surface of SURFACE_NAMES) {
    const tools = SURFACES[surface]
    const names = tools.map((t) => t.name).sort()
    const rows = Object.keys(MATRIX[surface]).sort()
    for (const n of names) if (!rows.includes(n)) out.push(`${surface} ${n}: a tool without rows`)
    for (const r of rows) if (!names.includes(r)) out.push(`${surface} ${r}: rows without a tool`)
    for (const t of tools) {
      const namings = MATRIX[surface][t.name]
      if (!namings) continue
      const hows = new Set(namings.map((n) => n.how))
      const shape = t.input.shape
      const want: How[] = []
      if ('project' in shape) want.push('project')
      if ('project' in shape && shape.project!.isOptional()) want.push(hows.has('all') ? 'all' : 'node')
      if ('graph' in shape) want.push('graph', 'default')
      if ('cwd' in shape) want.push('cwd')
      if ('session_id' in shape) want.push('session:project', 'session:user')
      if (t.name in NODE_ARGS) want.push('label')
      for (const h of want)
        if (!hows.has(h)) out.push(`${surface} ${t.name}: no row naming its graph by ${h}`)
    }
  }
  return out
}

/** The matrix's size as RELIABILITY.md states it. */
export function matrixSize(): { tools: number; namings: number; cells: number } {
  return {
    tools: SURFACE_NAMES.reduce((n, s) => n + SURFACES[s].length, 0),
    namings: SURFACE_NAMES.reduce(
      (n, s) => n + Object.values(MATRIX[s]).reduce((m, rows) => m + rows.length, 0),
      0,
    ),
    cells: cells.length,
  }
}

export interface Verdict {
  cell: string
  /** Whether the rule allowed the call. */
  allowed: boolean
  /** What broke the rule, or null. */
  problem: string | null
}

/** Seeds a cell's graph, makes its call, and judges the answer and the graph's state by the rule. */
export async function runCell(env: MatrixEnv, c: Cell): Promise<Verdict> {
  const { surface, tool, naming, role } = c
  const caller = tokenFor(naming.how, role)
  const t = await seed(env, surface, naming.how, caller)
  const target = targetOf(t, naming.how, surface, caller)
  const before = await env.state(target)
  const r = await call(await env.client(caller, surface), tool, naming.args(t))
  const cell = `${cellName(c, target)}: ${r.text.slice(0, 300)}`
  const allowed = RANK[role] >= RANK[naming.need]
  const verdict = (problem: string | null): Verdict => ({ cell, allowed, problem })
  if (allowed) {
    if (r.isError) return verdict(`allowed, but failed: ${cell}`)
    // A reader's call is a read, whatever the tool does for a writer: the graph stays as it was.
    if (role === 'read' && (await env.state(target)) !== before)
      return verdict(`read, but changed the graph: ${cell}`)
    return verdict(null)
  }
  if (role === 'none') {
    // The graph does not exist for the token: refused, or answered without a word of it.
    if (!r.isError && r.text.includes(MARK)) return verdict(`unseen, but shown: ${cell}`)
  } else {
    if (!r.isError) return verdict(`refused, but done: ${cell}`)
    if (!new RegExp(`${naming.need} role`).test(r.text)) return verdict(`refused without saying why: ${cell}`)
  }
  if ((await env.state(target)) !== before) return verdict(`refused, but changed the graph: ${cell}`)
  return verdict(null)
}
