/**
 * How the engine surface (seed 003) names graphs and nodes: a `graph` argument that defaults to
 * "default" and is created by the first write (no setup, as the seed wants), and nodes by label,
 * resolved by the model's matcher. Everything else is the work surface's machinery (withGraph).
 */
import { z } from 'zod'
import {
  ToolError,
  apart,
  ensureGraph,
  isNew,
  visibleGraphs,
  withGraph,
  type CallContext,
  type Opened,
  type Touched,
} from '../context.ts'
import { components, findByLabel, meta, resolveLabel, type Graph } from '@plexus/model'
import { clip } from '../shape.ts'

export const DEFAULT_GRAPH = 'default'

export const graphArg = z.string().optional().describe('graph name, default "default"')

/**
 * Runs `fn` on the named graph; a write creates the graph when it is missing. `asOf`: a read runs on
 * the graph as it was then (withGraph), and writes nothing.
 */
export async function onGraph<T>(
  ctx: CallContext,
  graph: string | undefined,
  fn: (g: Graph, touched: Touched, opened: Opened) => T | Promise<T>,
  opts: { write?: boolean; asOf?: string } = {},
): Promise<T> {
  const id = graph ?? DEFAULT_GRAPH
  if (opts.write) {
    return withGraph(
      ctx,
      id,
      (g, touched, _role, opened) => {
        const run = (h: Graph) => {
          ensureGraph(h, id, undefined, id)
          return fn(h, touched, opened)
        }
        // A new graph is made with the call's write, or not at all when the call is refused (the
        // builds, which wait on the host, make theirs in the build: builds.ts buildMaking).
        return isNew(g) ? apart(ctx, g, run) : run(g)
      },
      { allowNew: true },
    )
  }
  const unknown = async () => {
    const ids = (await visibleGraphs(ctx)).map((x) => x.id)
    return new ToolError(
      `graph ${clip(id, 64)} not found; ${ids.length ? `graphs here: ${ids.slice(0, 20).join(', ')}` : 'there are no graphs yet'}. add_facts {graph: "${clip(id, 64)}", facts} creates it.`,
      'graph_not_found',
    )
  }
  return withGraph(ctx, id, (g, touched, _role, opened) => fn(g, touched, opened), {
    unknown,
    ...(opts.asOf !== undefined ? { asOf: opts.asOf } : {}),
  })
}

/** A node by label (or id): the matcher's pick, or an error listing the nearest candidates. */
export function nodeNamed(g: Graph, label: string, what = 'node'): { id: string; summary: string } {
  const hit = findByLabel(g, label)
  if (hit) return hit
  const near = resolveLabel(g, label, { limit: 3 })
  throw new ToolError(
    `no ${what} named ${JSON.stringify(clip(label, 80))}` +
      (near.length
        ? `; closest: ${near.map((r) => `${JSON.stringify(clip(r.summary, 60))} (${Math.round(r.confidence * 100)}%)`).join(', ')}`
        : '') +
      '. dump_context lists every node.',
    'node_not_found',
  )
}

/** A node's label for results. */
export const labelOf = (g: Graph, id: string): string => clip(g.index.nodes.get(id)?.summary ?? id, 120)

/**
 * The graph's components as the engine shows them: without the root, which only holds the tree and
 * which no engine tool names (dump_context and get_graph_info leave it out too). Alone, the root
 * would be a component of its own; tied by an edge, it would count as one node more.
 */
export function engineComponents(
  g: Graph,
  opts: { limit: number; maxIds: number },
): { count: number; components: Array<{ size: number; ids: string[] }> } | null {
  const r = components(g, opts)
  if (!r.ok) return null
  const root = meta(g).root
  if (!root) return r
  const tied = (['out', 'in'] as const).some((d) =>
    g.index.edgesOf(root, d).some((e) => g.index.live(e.other)),
  )
  const list = r.components
    .map((c) => (c.ids.includes(root) ? { size: c.size - 1, ids: c.ids.filter((id) => id !== root) } : c))
    .filter((c) => c.size > 0)
  return { count: tied ? r.count : r.count - 1, components: list }
}
