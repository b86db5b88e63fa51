import { indexOf } from './graph-index.ts'
import * as Y from 'yjs'
import { fail, meta, write, type Graph, type Writer } from './graph.ts'
import { writeEdge } from './edges.ts'
import { lastEvent } from './history.ts'
import { propertiesAfter } from './rules.ts'
import { layout } from './schema.ts'
import { appendNotes } from './text.ts'
import type { Failure, Json, Result } from './types.ts'
import { readinessNeighbourhood, trackActionable } from './update.ts'
import { LIMITS, checkBatch, checkString, isFailure, liveNode } from './validate.ts'

export type RestructureOp =
  | { type: 'move'; node: string; parent: string | null }
  | { type: 'merge'; node: string; into: string }
  | { type: 'drop'; node: string; reason: string }
  /** `branch`: the node and everything below it, nothing re-hung (branch.ts); else its children move up. */
  | { type: 'forget'; node: string; branch?: boolean }
  | { type: 'restore'; node: string }

export interface RestructureResult {
  applied: Array<{ type: RestructureOp['type']; node: string }>
  newly_actionable: string[]
}

/**
 * Validates every op against the graph as the earlier ops in the batch leave it (parents and removed
 * nodes are simulated), then applies all of them in one transaction, or none.
 */
export function restructure(g: Graph, ops: RestructureOp[]): Result<RestructureResult> {
  const b = checkBatch(ops, 'ops')
  if (b) return b
  const sim = new Sim(g)
  for (let i = 0; i < ops.length; i++) {
    const c = sim.check(ops[i], i)
    if (c) return { ...c, index: i }
  }
  const around = new Set<string>()
  for (const op of ops) {
    for (const id of [op.node, 'into' in op ? op.into : null, 'parent' in op ? op.parent : null]) {
      if (typeof id === 'string') for (const n of readinessNeighbourhood(g, [id])) around.add(n)
    }
    if (op.type === 'drop') for (const d of sim.descendants(op.node)) around.add(d)
  }
  const [, newly] = trackActionable(g, around, () =>
    write(g, (w) => {
      const batch = new Batch(g)
      for (const op of ops) apply(w, batch, op)
    }),
  )
  return { ok: true, applied: ops.map((o) => ({ type: o.type, node: o.node })), newly_actionable: newly }
}

/** The tree as the batch changes it, for validating later ops against earlier ones. */
class Sim {
  private readonly parent = new Map<string, string | null>()
  private readonly gone = new Set<string>()
  private readonly back = new Set<string>()
  private merged = false
  constructor(private readonly g: Graph) {}

  parentOf(id: string): string | null {
    return this.parent.has(id) ? this.parent.get(id)! : (this.g.index.struct().parent.get(id) ?? null)
  }

  isAncestor(a: string, b: string): boolean {
    for (let cur: string | null = b, i = 0; cur !== null && i < 100_000; cur = this.parentOf(cur), i++) {
      if (cur === a) return true
    }
    return false
  }

  descendants(id: string): string[] {
    const out: string[] = []
    const stack = [id]
    while (stack.length) {
      const cur = stack.pop()!
      for (const c of this.g.index.struct().children.get(cur) ?? []) {
        out.push(c)
        stack.push(c)
      }
    }
    return out
  }

  private live(id: unknown, path: string): Failure | string {
    if (typeof id === 'string' && this.gone.has(id))
      return fail('node_deleted', `${path}: node ${id} is removed by an earlier op in this batch`)
    if (typeof id === 'string' && this.back.has(id)) return id
    const n = liveNode(this.g, id, path)
    return isFailure(n) ? n : n.id
  }

  check(raw: unknown, i: number): Failure | null {
    const at = `ops[${i}]`
    if (!raw || typeof raw !== 'object') return fail('invalid_argument', `${at}: expected {type, node, ...}`)
    const op = raw as Record<string, unknown>
    const root = meta(this.g).root
    if (op.type === 'restore') {
      const n = typeof op.node === 'string' ? this.g.index.nodes.get(op.node) : undefined
      if (!n) return fail('node_not_found', `${at}.node: node ${String(op.node)} not found`)
      if (n.deleted_at === null && n.merged_into === null)
        return fail('not_deleted', `${at}: node ${n.id} is not forgotten or merged; nothing to restore`)
      this.back.add(n.id)
      // Back under its nearest live ancestor, so later ops in the batch see where it hangs.
      let p = n.parent
      for (let i = 0; p !== null && i < 10_000; i++) {
        const pv = this.g.index.nodes.get(p)
        if (
          this.back.has(p) ||
          (pv && pv.deleted_at === null && pv.merged_into === null && !this.gone.has(p))
        )
          break
        p = pv?.parent ?? null
      }
      this.parent.set(n.id, p)
      return null
    }
    const node = this.live(op.node, `${at}.node`)
    if (typeof node !== 'string') return node
    switch (op.type) {
      case 'move': {
        if (!('parent' in op) || (op.parent !== null && typeof op.parent !== 'string')) {
          return fail('invalid_argument', `${at}.parent: give the new parent's id, or null for the top level`)
        }
        if (op.parent === null) {
          this.parent.set(node, null)
          return null
        }
        const p = this.live(op.parent, `${at}.parent`)
        if (typeof p !== 'string') return p
        if (this.isAncestor(node, p)) {
          return fail(
            'cycle_detected',
            `${at}: cannot move ${node} under ${p}, which is ${p === node ? 'itself' : 'inside it'}`,
            { path: [node, p] },
          )
        }
        this.parent.set(node, p)
        return null
      }
      case 'merge': {
        const into = this.live(op.into, `${at}.into`)
        if (typeof into !== 'string') return into
        // Each merge moves edges that a later merge's checks would read from the index, which only
        // catches up when the transaction ends: one merge per call keeps every check exact.
        if (this.merged)
          return fail('invalid_argument', `${at}: one merge per call; send this merge in its own call`)
        this.merged = true
        if (into === node) return fail('invalid_argument', `${at}: cannot merge a node into itself`)
        if (node === root)
          return fail(
            'invalid_argument',
            `${at}: the root cannot be merged away; merge the other node into it instead`,
          )
        const cycle = mergeCycle(this.g, node, into)
        if (cycle) {
          return fail(
            'cycle_detected',
            `${at}: merging ${node} into ${into} would make a dependency cycle ${cycle.join(' -> ')}`,
            { path: cycle },
          )
        }
        if (this.isAncestor(node, into)) this.parent.set(into, this.parentOf(node))
        this.gone.add(node)
        return null
      }
      case 'drop': {
        const r = checkString(op.reason, `${at}.reason`, 2000, { line: false })
        return r
      }
      case 'forget':
        if (node === root) return fail('invalid_argument', `${at}: the root of the graph cannot be forgotten`)
        if (op.branch !== undefined && typeof op.branch !== 'boolean')
          return fail('invalid_argument', `${at}.branch: expected true (the whole branch) or false`)
        this.gone.add(node)
        if (op.branch) for (const d of this.descendants(node)) this.gone.add(d)
        return null
      default:
        return fail(
          'invalid_argument',
          `${at}.type: ${JSON.stringify(op.type)} is not one of move, merge, drop, forget, restore`,
        )
    }
  }
}

/** The depends_on cycle through `into` that merging `from` into it would close, if any. */
function mergeCycle(g: Graph, from: string, into: string): string[] | null {
  const map = (id: string): string => (id === from ? into : id)
  const deps = (id: string): string[] =>
    (id === into
      ? [...g.index.dependencies(into), ...g.index.dependencies(from)]
      : g.index.dependencies(id)
    ).map(map)
  const prev = new Map<string, string>()
  const queue = deps(into).filter((d) => d !== into)
  for (const d of queue) prev.set(d, into)
  for (let i = 0; i < queue.length; i++) {
    const cur = queue[i]!
    for (const n of deps(cur)) {
      if (n === into) {
        const path = [cur]
        for (let p = cur; p !== into;) path.push((p = prev.get(p)!))
        return [...path.reverse(), into]
      }
      if (!prev.has(n)) {
        prev.set(n, cur)
        queue.push(n)
      }
    }
  }
  return null
}

/**
 * The tree as the ops applied so far in this transaction left it. The index only sees a write when the
 * transaction ends, so without this a later op in a batch would miss what an earlier one moved
 * ("move A under B, drop B" must resolve A too).
 */
class Batch {
  private readonly moved = new Map<string, string | null>()
  private readonly gone = new Set<string>()
  constructor(private readonly g: Graph) {}

  move(w: Writer, id: string, parent: string | null, action = 'move'): void {
    // A move onto the parent it has changes nothing: no revision (history has no event for it either).
    if (w.set(id, 'parent', parent, action)) w.touch(id)
    this.moved.set(id, parent)
  }

  remove(id: string): void {
    this.gone.add(id)
  }

  /** The live parent, as the tree shows it. */
  parent(id: string): string | null {
    return this.moved.has(id) ? this.moved.get(id)! : (this.g.index.struct().parent.get(id) ?? null)
  }

  /** The parent as written in the node. */
  rawParent(id: string): string | null {
    return this.moved.has(id) ? this.moved.get(id)! : (this.g.index.nodes.get(id)?.parent ?? null)
  }

  children(id: string): string[] {
    const out = (this.g.index.struct().children.get(id) ?? []).filter(
      (c) => !this.moved.has(c) && !this.gone.has(c),
    )
    for (const [c, p] of this.moved) if (p === id && !this.gone.has(c)) out.push(c)
    return out.sort()
  }
}

function apply(w: Writer, batch: Batch, op: RestructureOp): void {
  const g = w.g
  switch (op.type) {
    case 'move':
      return batch.move(w, op.node, op.parent)
    case 'forget': {
      if (op.branch) return forgetBranch(w, batch, op.node)
      const up = batch.parent(op.node)
      const kids = batch.children(op.node)
      for (const c of kids) batch.move(w, c, up, 'move')
      batch.remove(op.node)
      w.set(op.node, 'deleted_at', w.now, 'forget')
      w.set(op.node, 'deleted_by', g.env.actor, 'forget')
      // Kept whole: restore reads this list back to return the children.
      w.record(op.node, 'forget', [{ field: 'children', before: kids, after: up }], { whole: true })
      w.touch(op.node)
      return
    }
    case 'restore': {
      const n = g.index.nodes.get(op.node)!
      if (n.deleted_at !== null) {
        w.set(op.node, 'deleted_at', null, 'restore')
        w.set(op.node, 'deleted_by', null, 'restore')
        // Children that forget moved up come back, unless someone has moved them since.
        const ev = lastEvent(g, op.node, 'forget')
        const change = ev?.changes.find((c) => c.field === 'children')
        if (change && Array.isArray(change.before)) {
          for (const c of change.before) {
            if (typeof c === 'string' && batch.rawParent(c) === change.after)
              batch.move(w, c, op.node, 'restore')
          }
        }
        // The top of a branch deleted whole: the branch comes back with it, as the delete took it.
        if (ev?.changes.some((c) => c.field === 'branch' && c.after === op.node))
          for (const id of branchTakenWith(g, op.node, n.deleted_at)) {
            w.set(id, 'deleted_at', null, 'restore')
            w.set(id, 'deleted_by', null, 'restore')
            w.touch(id)
          }
      }
      if (n.merged_into !== null) w.set(op.node, 'merged_into', null, 'restore')
      w.touch(op.node)
      return
    }
    case 'drop': {
      // Every node the drop resolves says why, so a dropped descendant never reads as finished work;
      // one resolved before keeps its own story.
      const stack = [op.node]
      while (stack.length) {
        const id = stack.pop()!
        if (!g.index.nodes.get(id)?.resolved) {
          w.set(id, 'resolved', true, 'drop')
          if (id !== op.node) evidence(w, id, { type: 'dropped', ref: `${op.reason} (with ${op.node})` })
          w.touch(id)
        }
        stack.push(...batch.children(id))
      }
      evidence(w, op.node, { type: 'dropped', ref: op.reason })
      return
    }
    case 'merge':
      return merge(w, batch, op.node, op.into)
  }
}

/**
 * The other nodes one delete of the branch of `top` took (restructure `forget {branch: true}`): forgotten
 * in the same write (same `deleted_at`), their last forget naming `top`, and not restored since.
 */
function branchTakenWith(g: Graph, top: string, at: number): string[] {
  const taken: string[] = []
  for (const v of g.index.nodes.values()) {
    if (v.id === top || v.deleted_at !== at) continue
    const ev = lastEvent(g, v.id, 'forget')
    if (ev?.changes.some((c) => c.field === 'branch' && c.after === top)) taken.push(v.id)
  }
  return taken
}

/** Forgets `top` and everything below it, children first, each as `forget` records it; nothing moves. */
function forgetBranch(w: Writer, batch: Batch, top: string): void {
  const order: string[] = []
  const stack = [top]
  while (stack.length) {
    const id = stack.pop()!
    order.push(id)
    stack.push(...batch.children(id))
  }
  for (const id of order.reverse()) {
    batch.remove(id)
    w.set(id, 'deleted_at', w.now, 'forget')
    w.set(id, 'deleted_by', w.g.env.actor, 'forget')
    // Which branch took it. No `children` change: its children went too and still hang under it, so
    // `restore` (which reads that change to bring children back) has nothing to move.
    w.record(id, 'forget', [{ field: 'branch', before: null, after: top }])
    w.touch(id)
  }
}

function evidence(w: Writer, id: string, e: { type: string; ref: string }): void {
  const m = w.node(id)
  let ea = m.get('evidence')
  if (!(ea instanceof Y.Array)) m.set('evidence', (ea = new Y.Array()))
  ;(ea as Y.Array<Json>).push([{ ...e, agent: w.g.env.actor, timestamp: w.now }])
  w.record(id, 'evidence', [{ field: 'evidence', before: null, after: `${e.type}: ${e.ref}` }])
  w.touch(id)
}

/** Children, edges, evidence, links, missing properties and notes move to `into`; `from` points at it. */
function merge(w: Writer, batch: Batch, from: string, into: string): void {
  const g = w.g
  const src = g.index.nodes.get(from)!
  // Merging a node into its own descendant: the descendant takes the node's place first.
  for (let cur = batch.parent(into), i = 0; cur !== null && i < 100_000; cur = batch.parent(cur), i++) {
    if (cur === from) {
      batch.move(w, into, batch.parent(from), 'merge')
      break
    }
  }
  for (const c of batch.children(from)) if (c !== into) batch.move(w, c, into, 'merge')
  batch.remove(from)
  const edges = layout(g.doc).edges
  for (const dir of ['out', 'in'] as const) {
    for (const eid of [...((dir === 'out' ? indexOf(g.doc).out : indexOf(g.doc).inc).get(from) ?? [])]) {
      const e = g.index.edges.get(eid)
      if (!e) continue
      const a = dir === 'out' ? into : e.from
      const b = dir === 'out' ? e.to : into
      edges.delete(eid)
      // Recorded, so the graph before the merge can be read back with its edges (time.ts).
      w.record(e.from, 'disconnect', [{ field: `edge:${e.type}`, before: e.to, after: null }])
      if (a === b || g.index.canonical(dir === 'out' ? b : a) === into) continue
      writeEdge(w, { from: a, to: b, type: e.type, label: e.label, properties: e.properties })
    }
  }
  const m = w.node(into)
  const ev = m.get('evidence')
  if (ev instanceof Y.Array && src.evidence.length) ev.push(src.evidence)
  const links = m.get('links')
  // Links and properties taken over are recorded on the merge, so the graph before it can be read back (time.ts).
  if (links instanceof Y.Map)
    for (const l of src.links)
      if (!links.has(l)) {
        links.set(l, true)
        w.record(into, 'merge', [{ field: 'links', before: null, after: l }])
      }
  const props = m.get('properties')
  if (props instanceof Y.Map) {
    // Up to the limit on a node's properties (the server refuses more); the rest stay on `from`.
    let room = LIMITS.properties - propertiesAfter(g.index.nodes.get(into)!.properties, {})
    for (const [k, v] of Object.entries(src.properties)) {
      if (props.has(k) || k.startsWith('_claimed')) continue
      if (room-- <= 0) break
      props.set(k, v)
      w.record(into, 'merge', [{ field: `properties.${k}`, before: null, after: v }])
    }
  }
  if (src.notes.trim()) appendNotes(w, into, src.notes)
  w.record(into, 'merge', [{ field: 'merged', before: null, after: from }])
  w.touch(into)
  w.set(from, 'merged_into', into, 'merge')
  w.touch(from)
}
