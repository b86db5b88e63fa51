/**
 * Every listing of siblings an agent reads over MCP, beside the order the map draws them in
 * (`drawnTree` / `inDrawnOrder`, packages/model/src/drawn-order.ts): the work surface's graph_context
 * children tree, graph_onboard's outline and its full dump; the memory surface's kg_read; the concepts
 * surface's list; the board's get_project_tasks and traverse along the `parent_of` edges that mirror
 * the tree. One graph serves them all: the project level of a `cwd` (what kg_read reads) opened as a
 * work graph, so each surface reads the same nodes. `want` is worked out from a person's tab (its own
 * copy of the document, after the server has what it wrote), never from the server.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { drawnTree, inDrawnOrder, meta, type Graph } from '@plexus/model'
import { ok } from './clients.ts'

export interface Surfaces {
  work: Client
  memory: Client
  board: Client
  concepts: Client
}

export interface Listing {
  name: string
  got: string[]
  want: string[]
}

interface Nested {
  id?: string
  node?: { id?: string; node_id?: string }
  children?: Nested[]
}

/** The ids of a nested answer ({id, children} or {node, children}), depth first, as listed. */
function flatten(list: Nested[] | undefined, out: string[] = []): string[] {
  for (const x of list ?? []) {
    out.push(String(x.id ?? x.node?.id ?? x.node?.node_id))
    flatten(x.children, out)
  }
  return out
}

/** `id`'s descendants depth first in drawn order, `depth` levels down (1: its children). */
function drawnBelow(person: Graph, id: string, depth: number): string[] {
  const t = drawnTree(person.index, meta(person).root)
  const out: string[] = []
  const visit = (at: string, level: number): void => {
    if (level > depth) return
    for (const k of t.children(at)) {
      out.push(k)
      visit(k, level + 1)
    }
  }
  visit(id, 1)
  return out
}

/** Every live node depth first in drawn order, the graph's root first. */
function drawnAll(person: Graph): string[] {
  const t = drawnTree(person.index, meta(person).root)
  const out: string[] = []
  const stack = [...t.roots].reverse()
  while (stack.length) {
    const id = stack.pop()!
    out.push(id)
    stack.push(...[...t.children(id)].reverse())
  }
  return out
}

/**
 * What each surface lists under `parent` (or the whole graph), and what the person's map draws.
 * `cwd` names the graph for kg_read; `project` is the same graph's id.
 */
export async function listings(
  s: Surfaces,
  person: Graph,
  opts: { project: string; cwd: string; parent: string },
): Promise<Listing[]> {
  const { project, cwd, parent } = opts
  const root = meta(person).root!
  const t = drawnTree(person.index, root)
  const all = drawnAll(person)
  const out: Listing[] = []

  const ctx = await ok(s.work, 'graph_context', { node_id: parent, depth: 10, limit: 500 })
  out.push({
    name: 'graph_context children',
    got: flatten(ctx.children),
    want: drawnBelow(person, parent, 10),
  })

  const onboard = await ok(s.work, 'graph_onboard', { project })
  const outline: string[] = []
  for (const top of t.roots) {
    if (outline.length >= 30) break
    outline.push(top)
    for (const k of t.children(top)) if (outline.length < 30) outline.push(k)
  }
  out.push({
    name: 'graph_onboard outline',
    got: (onboard.outline as Array<{ id: string }>).map((x) => x.id),
    want: outline,
  })

  const full = await ok(s.work, 'graph_onboard', { project, detail: 'full', max_chars: 200_000 })
  out.push({
    name: 'graph_onboard full',
    // A node's own line starts `- [ ]`; its first `#id` is its own (later ones name what it needs or links to).
    got: String(full.text)
      .split('\n')
      .filter((l) => /^\s*- \[[ x~]\] /.test(l))
      .map((l) => / #(\w+)/.exec(l)![1]!),
    want: all,
  })

  const kg = await ok(s.memory, 'kg_read', { cwd })
  const memories = all.filter((id) => id !== root && person.index.nodes.get(id)!.kind !== 'file')
  out.push({
    name: 'kg_read nodes',
    got: (kg.project.nodes as Array<{ id: string }>).map((x) => x.id),
    want: memories.slice(0, 300),
  })

  const concepts = await ok(s.concepts, 'graph', { action: 'list', graph: project, limit: 100 })
  out.push({
    name: 'concepts list',
    got: (concepts.concepts as Array<{ id: string }>).map((x) => x.id),
    want: all.filter((id) => id !== root).slice(0, 100),
  })

  const tasks = await ok(s.board, 'get_project_tasks', { project_node_id: parent })
  out.push({
    name: 'get_project_tasks todo',
    got: ((tasks.todo ?? []) as Array<{ node_id: string }>).map((x) => x.node_id),
    want: inDrawnOrder(person.index, person.index.struct().children.get(parent) ?? []),
  })

  const walk = await ok(s.board, 'traverse', { node_id: parent, type: 'parent_of', depth: 5 })
  out.push({ name: 'traverse parent_of', got: flatten(walk.children), want: drawnBelow(person, parent, 5) })
  return out
}
