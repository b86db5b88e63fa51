import { CLAIM_KEYS } from './claims.ts'
import { createNodes, type CreateItem } from './create.ts'
import { connect } from './edges.ts'
import { meta, fail, type Graph } from './graph.ts'
import { restructure } from './restructure.ts'
import type { Json, Result } from './types.ts'
import { LIMITS } from './limits.ts'
import { DEPENDS_ON } from './vocabulary.ts'
import { inDrawnOrder } from './drawn-order.ts'

// Branch operations (issue 27): in a mind map a node and everything below it is one thing to delete,
// copy, paste and duplicate, as in XMind and MindNode. These work on the tree as every peer reads it
// (`struct()`: live nodes, merges followed) and go through the model's own operations (`restructure`
// forget, `createNodes`, `connect`), so validation, history and undo are theirs.
//
// What a deleted branch takes with it: every node below, whatever else points at them. A node with a
// relation from outside the branch goes too (its relations are hidden with it, kept in the document, so
// undo or restore brings them back): the branch is what was asked for, and the caller says which outside
// relations went (`BranchDeletion.outside`). A child a peer adds under a deleted node at the same time is
// not lost: the tree hangs it on the nearest live ancestor (structure.ts), the deleted branch's parent.

/**
 * The live nodes of the branches of `ids` (each node and everything below it), each once however the
 * branches overlap: parents before children, siblings in drawn order. `tops` are the ids no other
 * given id is above, in the order given.
 */
export function branchOf(g: Graph, ids: readonly string[]): { nodes: string[]; tops: string[] } {
  const ix = g.index
  const s = ix.struct()
  const given = new Set(ids.filter((id) => ix.live(id)))
  const tops: string[] = []
  for (const id of given) {
    let above = false
    for (let p = s.parent.get(id), i = 0; p && i < 100_000; p = s.parent.get(p), i++) {
      if (given.has(p)) {
        above = true
        break
      }
    }
    if (!above) tops.push(id)
  }
  const nodes: string[] = []
  for (const top of tops) {
    // Iterative pre-order: a deep chain must not overflow the stack.
    const stack = [top]
    while (stack.length) {
      const id = stack.pop()!
      nodes.push(id)
      stack.push(...inDrawnOrder(ix, s.children.get(id) ?? []).reverse())
    }
  }
  return { nodes, tops }
}

export interface BranchDeletion {
  /** Every node deleted, parents first. */
  forgotten: string[]
  /** The nodes deleted as asked (the others were below them). */
  tops: string[]
  /** The parent of the first top, where the keyboard goes next (null for a top-level node). */
  parent: string | null
  /** Relations between a deleted node and a node that stays, hidden with the branch: the staying end. */
  outside: Array<{ node: string; deleted: string; type: string }>
}

/**
 * The most nodes one delete of branches takes. The delete is one transaction, so one update on the
 * wire, about 400 bytes a node (branch.test.ts measures it at this size), and the relay takes messages
 * up to 8 MiB (apps/sync limits.ts `maxMessageBytes`): a larger delete would be refused by the server
 * and sent again by the client on every reconnect, never saved, while the person saw it done.
 */
export const MAX_BRANCH_DELETE = 10_000

/**
 * Deletes the branches of `ids` in one transaction (one undo step): each node forgotten, children before
 * parents, so no child is re-hung on the way (`forget` without `branch` hangs a node's children on its
 * parent).
 * The root cannot be deleted; an unknown or deleted id is refused, naming it.
 */
export function forgetBranches(g: Graph, ids: readonly string[]): Result<BranchDeletion> {
  const root = meta(g).root
  if (!ids.length)
    return fail('invalid_argument', 'nothing to delete: give the ids of the branches to delete')
  for (const id of ids) {
    if (id === root)
      return fail('invalid_argument', `node ${id} is the root of the graph, which cannot be deleted`)
    if (!g.index.live(id))
      return fail('node_not_found', `node ${id} is not a live node of this graph (already deleted?)`)
  }
  const { nodes, tops } = branchOf(g, ids)
  if (nodes.length > MAX_BRANCH_DELETE)
    return fail(
      'too_large',
      `the branches to delete hold ${nodes.length} nodes; one delete takes at most ${MAX_BRANCH_DELETE}: delete their sub-branches first, a part at a time`,
    )
  const set = new Set(nodes)
  const outside: BranchDeletion['outside'] = []
  for (const id of nodes) {
    for (const dir of ['out', 'in'] as const) {
      for (const e of g.index.edgesOf(id, dir)) {
        if (!set.has(e.other)) outside.push({ node: e.other, deleted: id, type: e.type })
      }
    }
  }
  const parent = g.index.struct().parent.get(tops[0]!) ?? null
  // One `forget` of each whole branch: one transaction, one undo step, however big the branch. Tops
  // beyond the batch limit (thousands selected) go in several calls; their branches are disjoint.
  const ops = tops.map((node) => ({ type: 'forget' as const, node, branch: true }))
  for (let i = 0; i < ops.length; i += LIMITS.batch) {
    const r = restructure(g, ops.slice(i, i + LIMITS.batch))
    if (!r.ok) return r
  }
  return { ok: true, forgotten: nodes, tops, parent, outside }
}

/** A branch as data: enough to make it again anywhere, in this graph or another. */
export interface BranchCopy {
  /** Parents first, siblings in drawn order; a node without `parent_ref` is a top. */
  nodes: Array<{
    ref: string
    summary: string
    notes: string
    kind: string
    resolved: boolean
    properties: Record<string, Json>
    links: string[]
    parent_ref?: string
    shape?: string
    color?: string
    width?: number
    height?: number
    /** A position someone chose (the node's stored one), when it has one. */
    x?: number
    y?: number
  }>
  /** Relations whose two ends are both in the copy (tree edges are `parent_ref`). */
  edges: Array<{ from: string; to: string; type: string; label: string }>
}

/** The branches of `ids` as data, with the relations among their nodes; refs are `c0`, `c1`, … in order. */
export function copyBranches(g: Graph, ids: readonly string[]): BranchCopy {
  const ix = g.index
  const s = ix.struct()
  const { nodes } = branchOf(g, ids)
  const refOf = new Map(nodes.map((id, i) => [id, `c${i}`]))
  const copy: BranchCopy = { nodes: [], edges: [] }
  for (const id of nodes) {
    const n = ix.nodes.get(id)!
    const parent = s.parent.get(id)
    const properties = Object.fromEntries(
      Object.entries(n.properties).filter(
        ([k]) => !CLAIM_KEYS.has(k) /* a claim is its holder's, never copied */,
      ),
    )
    copy.nodes.push({
      ref: refOf.get(id)!,
      summary: n.summary,
      notes: n.notes,
      kind: n.kind,
      resolved: n.resolved,
      properties,
      links: [...n.links],
      ...(parent && refOf.has(parent) ? { parent_ref: refOf.get(parent)! } : {}),
      ...(n.shape ? { shape: n.shape } : {}),
      ...(n.color ? { color: n.color } : {}),
      ...(n.width !== undefined ? { width: n.width } : {}),
      ...(n.height !== undefined ? { height: n.height } : {}),
      ...(n.x !== null && n.y !== null ? { x: n.x, y: n.y } : {}),
    })
  }
  const seen = new Set<string>()
  for (const id of nodes) {
    for (const e of ix.edgesOf(id, 'out')) {
      const to = refOf.get(e.other)
      const key = `${refOf.get(id)}>${e.type}>${to}`
      if (!to || seen.has(key)) continue
      seen.add(key)
      copy.edges.push({ from: refOf.get(id)!, to, type: e.type, label: e.label })
    }
  }
  return copy
}

export interface PasteOptions {
  /** Where the tops go: a live node, or null for the top level. */
  parent: string | null
  /** Keep the positions the copy carries (a free-form canvas); otherwise the tree places the nodes. */
  positions?: 'keep' | 'drop'
}

/**
 * Makes the copy again under `parent` with new ids: same shape, same sibling order (the nodes are made
 * in order, `ordered`), its relations re-pointed at the new nodes. Two writes (nodes, then the relations
 * that are not dependencies); an UndoManager takes them as one step when nothing stops capturing between.
 */
export function pasteBranches(
  g: Graph,
  copy: BranchCopy,
  o: PasteOptions,
): Result<{ created: string[]; tops: string[]; refs: Record<string, string> }> {
  if (!copy.nodes.length) return fail('invalid_argument', 'the copy holds no nodes: copy a branch first')
  if (copy.nodes.length > LIMITS.batch)
    return fail(
      'too_large',
      `the copy holds ${copy.nodes.length} nodes; a paste makes at most ${LIMITS.batch}: copy a smaller branch, or paste its branches one by one`,
    )
  const keep = o.positions === 'keep'
  const items: CreateItem[] = copy.nodes.map((n) => ({
    ref: n.ref,
    summary: n.summary,
    ...(n.notes ? { notes: n.notes } : {}),
    kind: n.kind,
    resolved: n.resolved,
    properties: n.properties,
    links: n.links,
    ...(n.parent_ref ? { parent_ref: n.parent_ref } : { parent: o.parent }),
    ...(n.shape ? { shape: n.shape } : {}),
    ...(n.color ? { color: n.color } : {}),
    ...(n.width !== undefined ? { width: n.width } : {}),
    ...(n.height !== undefined ? { height: n.height } : {}),
    ...(keep && n.x !== undefined && n.y !== undefined ? { x: n.x, y: n.y } : {}),
  }))
  const at = new Map(items.map((it, i) => [it.ref!, i]))
  for (const e of copy.edges) {
    if (e.type !== DEPENDS_ON) continue
    const it = items[at.get(e.from) ?? -1]
    if (it && at.has(e.to)) it.depends_on = [...(it.depends_on ?? []), e.to]
  }
  const r = createNodes(g, items, { mode: 'force', ordered: true })
  if (!r.ok) return r
  const others = copy.edges.filter((e) => e.type !== DEPENDS_ON && r.refs[e.from] && r.refs[e.to])
  if (others.length) {
    const c = connect(
      g,
      others.map((e) => ({ from: r.refs[e.from]!, to: r.refs[e.to]!, type: e.type, label: e.label })),
      { atomic: false },
    )
    if (!c.ok) return c
  }
  return {
    ok: true,
    created: r.created.map((c) => c.id),
    tops: copy.nodes.filter((n) => !n.parent_ref).map((n) => r.refs[n.ref]!),
    refs: r.refs,
  }
}
