import type { GraphView } from './graph-index.ts'
import type { Graph } from './graph.ts'
import type { NodeView } from './types.ts'
import { isLive } from './views.ts'

// One node, one identity on every surface (issue 24): a Plexus id, an alias a format or a surface
// stored on the node (`kg:idempotency-keys`, `canvas:3f2a`, `dsl:AuthService`) and a memory id written
// bare (`idempotency-keys`, which memory stores as the alias `kg:idempotency-keys`) all name the same
// node, on /mcp, the engine and memory alike. Labels are the resolver's business (resolve.ts): a name
// here is exact.

/** The prefix under which memory (seed 004) keeps the agent's own id of a node. */
export const MEMORY_ALIAS = 'kg:'

/** Alias -> live node ids, kept current through the index's change events. */
class AliasIndex {
  readonly byAlias = new Map<string, Set<string>>()
  private readonly held = new Map<string, readonly string[]>()

  constructor(readonly gi: GraphView) {
    for (const id of gi.nodes.keys()) this.update(id)
    gi.onChange((nodes) => {
      for (const id of nodes) this.update(id)
    })
  }

  private update(id: string): void {
    const n = this.gi.nodes.get(id)
    const now = n && isLive(n) ? (n.aliases ?? []) : []
    const old = this.held.get(id) ?? []
    if (old.length === now.length && old.every((a, i) => a === now[i])) return
    for (const a of old) {
      const set = this.byAlias.get(a)
      set?.delete(id)
      if (set?.size === 0) this.byAlias.delete(a)
    }
    for (const a of now) {
      const set = this.byAlias.get(a)
      if (set) set.add(id)
      else this.byAlias.set(a, new Set([id]))
    }
    if (now.length) this.held.set(id, now)
    else this.held.delete(id)
  }

  /** The node holding `alias`: of two (peers that wrote the same alias while apart), the smallest id, on every peer. */
  first(alias: string): string | undefined {
    let best: string | undefined
    for (const id of this.byAlias.get(alias) ?? []) if (best === undefined || id < best) best = id
    return best
  }
}

const indexes = new WeakMap<GraphView, AliasIndex>()

function aliasIndexOf(gi: GraphView): AliasIndex {
  let ix = indexes.get(gi)
  if (!ix) indexes.set(gi, (ix = new AliasIndex(gi)))
  return ix
}

/** The live node holding exactly this alias (`kg:x`, `canvas:y`), if any. */
export function nodeByAlias(g: Graph, alias: string): NodeView | undefined {
  const id = aliasIndexOf(g.index).first(alias)
  return id === undefined ? undefined : g.index.live(id)
}

/**
 * The live node a name names exactly, by the first that holds: a live Plexus id; the alias `kg:<name>`
 * (a bare memory id); the name as an alias (`kg:idempotency-keys`, `canvas:3f2a`). Undefined otherwise:
 * a label is for `resolveLabel`, and a forgotten or merged id for the caller to explain.
 */
export function nodeByName(g: Graph, name: string): NodeView | undefined {
  if (typeof name !== 'string' || name === '') return undefined
  const live = g.index.live(name)
  if (live) return live
  return nodeByAlias(g, MEMORY_ALIAS + name) ?? nodeByAlias(g, name)
}
