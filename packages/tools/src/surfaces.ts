/**
 * The three tool surfaces one server speaks, each the contract of a system Plexus grew from, all over
 * the same graphs and the same model:
 * - `work` at `/mcp`: the work graph (seed 000's tools plus Plexus's additions);
 * - `memory` at `/mcp/memory`: the knowledge-graph plugin's `kg_*` tools (seed 004);
 * - `engine` at `/mcp/engine`: the LLM-first graph engine's tools (seed 003);
 * - `board` at `/mcp/board`: typed edges and the Kanban board agents coordinate through (seed 002).
 *   Named for what its agents use it for (a project's board of tasks by the status on their edges),
 *   not `edges`: every surface has edges, and half its tools are about notes and the board;
 * - `concepts` at `/mcp/concepts`: seed 001's one `graph` tool and its `graph/…` resources. Named for
 *   its entities: `/mcp/graph` would read as the main graph surface, which is `/mcp`.
 * `plexus mcp --tools NAME` serves one of them over stdio.
 */
import { BOARD_TOOLS } from './board/index.ts'
import { graphTool } from './concepts/tool.ts'
import { ENGINE_TOOLS } from './engine/index.ts'
import { MEMORY_TOOLS } from './memory/index.ts'
import type { Tool } from './tool.ts'
import { TOOLS } from './tools/index.ts'

export type Surface = 'work' | 'memory' | 'engine' | 'board' | 'concepts'

export const SURFACE_NAMES: readonly Surface[] = ['work', 'memory', 'engine', 'board', 'concepts']

export const SURFACES: Record<Surface, readonly Tool[]> = {
  work: TOOLS,
  memory: MEMORY_TOOLS,
  engine: ENGINE_TOOLS,
  board: BOARD_TOOLS,
  concepts: [graphTool],
}

/** Where each surface is served over HTTP. */
export const SURFACE_PATH: Record<Surface, string> = {
  work: '/mcp',
  memory: '/mcp/memory',
  engine: '/mcp/engine',
  board: '/mcp/board',
  concepts: '/mcp/concepts',
}

/** The surface an HTTP path names, or null for a path that is none of them. */
export function surfaceOf(pathname: string): Surface | null {
  const p = pathname.replace(/\/+$/, '')
  for (const s of SURFACE_NAMES) if (SURFACE_PATH[s] === p) return s
  return null
}

/** What a client is told on initialize, for the two surfaces beside the work graph (server.ts has its own). */
export const SURFACE_INSTRUCTIONS: Record<Exclude<Surface, 'work'>, string> = {
  memory: `Plexus memory: a knowledge graph that persists across sessions, at two levels (user: yours alone; project: per cwd).
Start every session with kg_read {cwd} (returns session_id and every node's gist). kg_search before creating; kg_put_node / kg_put_edge to record (ids are kebab-case and yours to choose); kg_sync to see what other sessions changed; kg_progress to keep multi-step task state.`,
  engine: `Plexus graph engine: record relationships as you discover them and ask the graph.
add_facts [{from, rel, to}] or add_knowledge (one "subject relation object" per line) or create_from_mermaid; ask_graph ("what depends on X", "path from A to B"); dump_context for everything at once. Graphs default to "default".`,
  board: `Plexus board: typed edges and a Kanban board for agents working one project.
create_knowledge_note for the project and each task; create_edge {from_node_id: project, to_node_id: task, type: "parent_of", properties: {status: "todo"}}. An agent finds its project with traverse {node_id: task, type: "child_of", direction: "incoming", depth: 1}, its edge with get_edges, and moves it todo -> doing -> done with update_edge_properties. get_project_tasks is the board.`,
  concepts: `Plexus concepts: one graph tool that keeps your working set (it follows you to your next connection).
graph {action: "create", label} adds a concept (mode strict|auto|force|enrich|explore); {action: "connect", from_label, to_label, relationship} links two by label. Every change answers your hot 10, nearby concepts, potential duplicates and uncertain when a label was a guess. Read graph/session, graph/suggestions, graph/checkpoints.`,
}

/** A tool name a seed gave that no surface serves under that name, and what serves it now. */
export interface SeedName {
  seed: string
  /** The tool (and arguments) that does it now. */
  use: string
  surface: Surface
  why: string
}

const s003 = (use: string, why: string): SeedName => ({ seed: '003', use, surface: 'engine', why })

/**
 * Names an agent may have from a seed: seed 003's CRUD tools it removed (its "Remove these tools
 * entirely" and the two it renamed), seed 001's rejected one-tool-per-action option and the `concept`
 * tool it extends, seed 002's SQL helpers its prompts name. seed-names.test.ts asks every surface for
 * each of them.
 */
export const SEED_NAMES: Record<string, SeedName> = {
  add_node: s003('add_facts', 'nodes are created by the facts that name them'),
  add_nodes: s003('add_facts', 'nodes are created by the facts that name them'),
  add_edge: s003('add_facts', 'one fact {from, rel, to} per edge'),
  add_edges: s003('add_facts', 'one fact {from, rel, to} per edge'),
  find_node: s003('ask_graph', 'ask for the node by name'),
  find_edges: s003('ask_graph', 'ask "what depends on X"'),
  get_neighbors: s003('ask_graph', 'ask "what is connected to X"'),
  subgraph: s003('ask_graph', 'ask "what is connected to X"'),
  list_nodes: s003('dump_context', 'every node and edge at once'),
  remove_node: s003('forget', 'renamed'),
  remove_edge: s003('forget_relationship', 'renamed'),
  transitive_reduction: s003('find_cycles', 'the analyses seed 003 kept; it dropped transitive_reduction'),
  graph_create: {
    seed: '001',
    use: 'graph {action: "create"}',
    surface: 'concepts',
    why: 'one graph tool with an action',
  },
  graph_edit: {
    seed: '001',
    use: 'graph {action: "edit"}',
    surface: 'concepts',
    why: 'one graph tool with an action',
  },
  concept: {
    seed: '001',
    use: 'graph {action: "list"}',
    surface: 'concepts',
    why: 'the graph tool extends the concept tool',
  },
  resolve_node: {
    seed: '002',
    use: 'traverse',
    surface: 'board',
    why: 'a traverse answers its root node resolved; get_edges resolves both ends',
  },
  detect_dependency_cycle: {
    seed: '002',
    use: 'create_edge',
    surface: 'board',
    why: 'create_edge refuses a depends_on edge that closes a cycle, naming it',
  },
}

/** Where a surface's tools are: its HTTP path and its stdio command. */
export const servedAt = (s: Surface): string =>
  `served at ${SURFACE_PATH[s]} (stdio: plexus mcp --tools ${s})`
