/**
 * The three tool surfaces one server speaks, each the contract of a system Plexus grew from, all over
 * the same graphs and the same model:
 * - `work` at `/mcp`: the work graph (seed 000's tools plus Plexus's additions);
 * - `memory` at `/mcp/memory`: the knowledge-graph plugin's `kg_*` tools (seed 004);
 * - `engine` at `/mcp/engine`: the LLM-first graph engine's tools (seed 003).
 * `plexus mcp --tools NAME` serves one of them over stdio.
 */
import { ENGINE_TOOLS } from './engine/index.ts'
import { MEMORY_TOOLS } from './memory/index.ts'
import type { Tool } from './tool.ts'
import { TOOLS } from './tools/index.ts'

export type Surface = 'work' | 'memory' | 'engine'

export const SURFACE_NAMES: readonly Surface[] = ['work', 'memory', 'engine']

export const SURFACES: Record<Surface, readonly Tool[]> = {
  work: TOOLS,
  memory: MEMORY_TOOLS,
  engine: ENGINE_TOOLS,
}

/** Where each surface is served over HTTP. */
export const SURFACE_PATH: Record<Surface, string> = {
  work: '/mcp',
  memory: '/mcp/memory',
  engine: '/mcp/engine',
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
}
