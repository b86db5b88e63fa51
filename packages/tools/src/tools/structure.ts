/** graph_connect and graph_restructure: reshaping the plan. */
import { z } from 'zod'
import { ToolError, asOfRefusal, inArgs, must, withGraph } from '../context.ts'
import { projectOf } from '../locate.ts'
import {
  connect,
  disconnect,
  type EdgeInput,
  type Failure,
  type Graph,
  historySize,
  momentOf,
  RELATES_TO,
  restoreAsOf,
  type RestoreResult,
  restructure,
  type RestructureOp,
} from '@plexus/model'
import { briefs, capped, compact, iso } from '../shape.ts'
import { NEWLY_ACTIONABLE, brief, props, project, tool, out } from '../tool.ts'

const edge = z
  .object({
    from: z.string(),
    to: z.string(),
    type: z.string().optional().describe('default relates_to'),
    remove: z.boolean().optional(),
    label: z.string().optional(),
    properties: props.optional(),
  })
  .strict()

export const graphConnect = tool({
  name: 'graph_connect',
  docs: {
    does: '`edges[{from, to, type, remove?}]`; returns `applied` and `rejected[{from, to, reason}]` (`cycle_detected` with its path, `node_not_found`, `edge_not_found`)',
    example: { edges: [{ from: 'n_api', to: 'n_db', type: 'depends_on' }] },
  },
  description:
    'Add edges, or remove them (remove: true). depends_on drives readiness. Bad edges are rejected one by one (cycle_detected with path, node_not_found, edge_not_found).',
  input: {
    project: project.optional(),
    edges: z.array(edge).min(1).max(2000),
  },
  output: {
    applied: out.integer,
    rejected: out.list(out.item({ from: out.string, to: out.string, reason: out.string })),
  },
  access: 'write',
  annotations: { readOnly: false, destructive: true, idempotent: true },
  async run(ctx, args) {
    const ids = args.edges.flatMap((e) => [e.from, e.to])
    const graph = await projectOf(ctx.source, args.project, ids, 'graph_connect')
    return withGraph(ctx, graph, (g, touched) => {
      let applied = 0
      const rejected: Array<[number, Record<string, unknown>]> = []
      const reject = (i: number, reason: string, message?: string, path?: string[]) => {
        const e = args.edges[i]!
        rejected.push([i, compact({ from: e.from, to: e.to, reason, message, path })])
      }
      const adds: Array<[number, EdgeInput]> = []
      // A label that named no node surely rejects its own edge, as a bad id does.
      const unsure = new Map<number, { reason: string; message: string }>()
      for (const u of touched.unsure ?? []) {
        const m = /^edges\[(\d+)\]/.exec(u.arg)
        if (m && !unsure.has(Number(m[1]))) unsure.set(Number(m[1]), u)
      }
      args.edges.forEach((e, i) => {
        const u = unsure.get(i)
        if (u) return reject(i, u.reason, u.message)
        const { remove, ...rest } = e
        if (!remove) return void adds.push([i, rest satisfies EdgeInput])
        // One at a time, so a missing edge is named by its own place in the batch.
        const r = must(disconnect(g, [{ from: e.from, to: e.to, type: e.type }]))
        if (r.removed.length) applied++
        else reject(i, 'edge_not_found', `edges[${i}]: no ${e.type ?? RELATES_TO} edge ${e.from} -> ${e.to}`)
      })
      if (adds.length) {
        const r = must(
          inArgs(
            connect(
              g,
              adds.map(([, e]) => e),
              { atomic: false },
            ),
            'edges',
          ),
        )
        applied += r.added.length + r.updated.length
        for (const x of r.rejected) {
          const i = adds[x.index]![0]
          reject(i, x.reason, x.message.replace(/^edges\[\d+\]/, `edges[${i}]`), x.path)
        }
        for (const [, e] of adds) touched.ids.push(e.from)
      }
      rejected.sort((a, b) => a[0] - b[0])
      return compact({ applied, rejected: rejected.map(([, r]) => r) })
    })
  },
})

const operation = z
  .object({
    op: z.enum(['move', 'merge', 'drop', 'forget', 'restore']),
    node_id: z.string().optional(),
    new_parent: z.string().nullable().optional(),
    source: z.string().optional(),
    target: z.string().optional(),
    reason: z.string().optional(),
    as_of: z
      .string()
      .max(200)
      .optional()
      .describe('restore only: put the node back as it was then (ISO 8601 or a checkpoint name)'),
    branch: z
      .boolean()
      .optional()
      .describe('forget, and restore with as_of: the node and everything below it'),
  })
  .strict()

type Operation = z.infer<typeof operation>

/** The seed's operation as the model's, or a message naming what the operation lacks. */
function toModel(o: Operation, i: number): RestructureOp {
  const need = (field: keyof Operation): string => {
    const v = o[field]
    if (typeof v !== 'string' || !v)
      throw new ToolError(`operations[${i}]: ${o.op} needs ${field}`, 'invalid_argument')
    return v
  }
  switch (o.op) {
    case 'move':
      if (o.new_parent === undefined)
        throw new ToolError(`operations[${i}]: move needs new_parent (a node id, or null for the top level)`)
      return { type: 'move', node: need('node_id'), parent: o.new_parent }
    case 'merge':
      return { type: 'merge', node: need('source'), into: need('target') }
    case 'drop':
      return { type: 'drop', node: need('node_id'), reason: need('reason') }
    case 'forget':
      return { type: 'forget', node: need('node_id'), ...(o.branch ? { branch: true } : {}) }
    default:
      return { type: o.op, node: need('node_id') }
  }
}

/** `branch` and `as_of` where they mean something, and a restore to a moment in a call of its own. */
function checkOptions(operations: Operation[]): void {
  operations.forEach((o, i) => {
    if (o.as_of !== undefined && o.op !== 'restore')
      throw new ToolError(
        `operations[${i}]: as_of belongs to restore (put a node back as it was then), not to ${o.op}`,
        'invalid_argument',
      )
    if (o.branch !== undefined && o.op !== 'forget' && !(o.op === 'restore' && o.as_of !== undefined))
      throw new ToolError(
        `operations[${i}]: branch belongs to forget and to restore with as_of, not to ${o.op}${o.op === 'restore' ? ' without as_of (a branch forgotten whole comes back whole)' : ''}`,
        'invalid_argument',
      )
  })
  if (operations.length > 1 && operations.some((o) => o.as_of !== undefined))
    throw new ToolError(
      'a restore with as_of goes in a call of its own (it reads the graph as it was, and other operations would change what it reads)',
      'invalid_argument',
    )
}

/** What one restore to a moment did, in a sentence. */
function restoredText(r: RestoreResult): string {
  const n = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`
  const parts = [`${n(r.restored.length, 'node')} put back`]
  if (r.forgotten.length) parts.push(`${n(r.forgotten.length, 'node')} made since forgotten`)
  if (r.brought_back.length) parts.push(`${n(r.brought_back.length, 'node')} brought back`)
  if (r.edges_added.length) parts.push(`${n(r.edges_added.length, 'relation')} added`)
  if (r.edges_removed.length) parts.push(`${n(r.edges_removed.length, 'relation')} removed`)
  const left = r.skipped.length ? `; ${n(r.skipped.length, 'change')} left out (see skipped)` : ''
  return `restored as of ${iso(r.at)}: ${parts.join(', ')}${left}`
}

function subtreeSize(g: Graph, id: string): number {
  const s = g.index.struct()
  let n = 0
  const stack = [id]
  while (stack.length) {
    const cur = stack.pop()!
    n++
    stack.push(...(s.children.get(cur) ?? []))
  }
  return n
}

function describe(g: Graph, op: RestructureOp, size: number): string {
  switch (op.type) {
    case 'move':
      return op.parent === null ? 'moved to the top level' : `moved under ${op.parent}`
    case 'merge':
      return `merged into ${op.into}`
    case 'drop':
      return size > 1 ? `resolved with ${size - 1} descendants as dropped` : 'resolved as dropped'
    case 'forget':
      if (op.branch) {
        const below = size - 1
        return below > 0
          ? `forgotten with the ${below} node${below === 1 ? '' : 's'} below it (restore brings the branch back)`
          : 'forgotten (restore brings it back)'
      }
      return 'forgotten (restore brings it back)'
    case 'restore': {
      if (!g.index.live(op.node)) return 'restore applied'
      // A branch deleted whole (on the canvas) comes back whole: say how much came with it.
      const below = subtreeSize(g, op.node) - 1
      return below > 0 ? `restored, with the ${below} node${below === 1 ? '' : 's'} below it` : 'restored'
    }
  }
}

/** The model's failure in the seed's words: `operations[i]`, node_id or source, new_parent, target. */
function inOps<T extends { ok: boolean }>(r: T | Failure, ops: RestructureOp[]): T | Failure {
  if (r.ok) return r
  const f = r as Failure
  const message = f.message
    .replace(/\bops\[(\d+)\]\.node\b/g, (_m, i: string) =>
      ops[Number(i)]?.type === 'merge' ? `operations[${i}].source` : `operations[${i}].node_id`,
    )
    .replace(/\bops\[(\d+)\]\.parent\b/g, 'operations[$1].new_parent')
    .replace(/\bops\[(\d+)\]\.into\b/g, 'operations[$1].target')
    .replace(/\bops\[/g, 'operations[')
  return { ...f, message }
}

export const graphRestructure = tool({
  name: 'graph_restructure',
  docs: {
    does: "`operations[]`: `move {node_id, new_parent}`, `merge {source, target}`, `drop {node_id, reason}` (resolves the subtree, evidence type `dropped`), and Plexus's `forget {node_id, branch?}` / `restore {node_id}`; `restore {node_id, as_of, branch?}` puts a node (or its branch) back as it was at a moment, as a new change (alone in its call; `skipped[{node_id, field, reason}]` names what history cannot put back); atomic; `applied`, `details[{op, node_id, result}]`, `newly_actionable[{id, summary}]` (the first 100; `more_actionable` counts the rest)",
    example: { operations: [{ op: 'drop', node_id: 'n_old', reason: 'out of scope' }] },
  },
  description:
    'Atomic operations: move {node_id, new_parent (null: top)}, merge {source, target}, drop {node_id, reason} (resolves the subtree), forget {node_id, branch?}, restore {node_id} or {node_id, as_of, branch?} (as it was then).',
  input: {
    project: project.optional(),
    operations: z.array(operation).min(1).max(2000),
  },
  output: {
    applied: out.integer,
    details: out.list(out.item({ op: out.string, node_id: out.string, result: out.string })),
    newly_actionable: out.list(brief),
    more_actionable: out.integer,
    skipped: out.list(out.item({ node_id: out.string, field: out.string, reason: out.string })),
  },
  access: 'write',
  annotations: { readOnly: false, destructive: true, idempotent: false },
  async run(ctx, args) {
    // The graph first, so a bad project is named before anything about the operations.
    const ids = args.operations.flatMap((o) =>
      [o.node_id, o.source, o.target].filter((x): x is string => typeof x === 'string'),
    )
    const graph = await projectOf(ctx.source, args.project, ids, 'graph_restructure')
    checkOptions(args.operations)
    const back = args.operations[0]!
    if (back.as_of !== undefined)
      return withGraph(ctx, graph, (g, touched) => {
        const node = back.node_id
        if (typeof node !== 'string' || !node)
          throw new ToolError('operations[0]: restore needs node_id', 'invalid_argument')
        // The past is read on the request thread, in time linear in the graph: the same bound as every as_of read.
        const refused = asOfRefusal(g.index.nodes.size, historySize(g))
        if (refused)
          throw new ToolError(
            refused.replace(/^as_of is served/, 'restore with as_of is served'),
            'too_large',
          )
        const at = must(momentOf(g, back.as_of!, g.env.now())).moment.at
        const r = must(inOps(restoreAsOf(g, { node, at, branch: back.branch === true }), []))
        touched.ids.push(node, ...r.restored, ...r.brought_back)
        const na = capped(r.newly_actionable, NEWLY_ACTIONABLE)
        return compact({
          applied: 1,
          details: [{ op: 'restore', node_id: node, result: restoredText(r) }],
          newly_actionable: briefs(g, na.items, NEWLY_ACTIONABLE).map((b) => ({
            id: b.id,
            summary: b.summary,
          })),
          more_actionable: na.more,
          skipped: r.skipped.length
            ? r.skipped.slice(0, 100).map((x) => ({ node_id: x.id, field: x.field, reason: x.reason }))
            : undefined,
        })
      })
    return withGraph(ctx, graph, (g, touched) => {
      const ops = args.operations.map(toModel)
      const sizes = ops.map((o) =>
        (o.type === 'drop' || (o.type === 'forget' && o.branch)) && g.index.nodes.has(o.node)
          ? subtreeSize(g, o.node)
          : 1,
      )
      const r = must(inOps(restructure(g, ops), ops))
      touched.ids.push(...ops.map((o) => ('into' in o ? o.into : o.node)))
      const na = capped(r.newly_actionable, NEWLY_ACTIONABLE)
      return compact({
        applied: r.applied.length,
        details: ops.map((o, i) => ({ op: o.type, node_id: o.node, result: describe(g, o, sizes[i]!) })),
        newly_actionable: briefs(g, na.items, NEWLY_ACTIONABLE).map((b) => ({
          id: b.id,
          summary: b.summary,
        })),
        more_actionable: na.more,
      })
    })
  },
})
