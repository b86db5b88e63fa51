/** graph_next, graph_update, graph_connect, graph_restructure: taking work, doing it, reshaping the plan. */
import { z } from 'zod'
import { ToolError, must, requireWrite, withGraph } from '../context.ts'
import {
  connect,
  disconnect,
  next,
  priorityOf,
  restructure,
  updateNodes,
  type EdgeInput,
  type Graph,
  type NextOptions,
  type NodeView,
  type RestructureOp,
  type UpdateItem,
} from '../model.ts'
import { brief, briefs, capped, clip, compact } from '../shape.ts'
import { project, props, tool } from '../tool.ts'

export const graphNext = tool({
  name: 'graph_next',
  description:
    'Actionable work, best first. claim: true claims it so other agents skip it. Items carry ancestors, own and inherited links, and resolved dependencies with their evidence.',
  input: {
    project,
    count: z.number().int().min(1).max(50).optional().describe('default 1'),
    claim: z.boolean().optional(),
    scope: z.string().optional().describe('subtree root'),
    filter: z.object({ kind: z.string().optional(), properties: props.optional() }).strict().optional(),
    ttl_minutes: z.number().positive().max(1440).optional().describe('default 30'),
  },
  output: { items: 'array', claimed: 'array' },
  access: 'mixed',
  annotations: { readOnly: false, idempotent: false },
  run: (ctx, args) =>
    withGraph(ctx, args.project, (g, touched) => {
      if (args.claim) requireWrite(ctx, 'claiming work')
      const r = must(
        next(g, {
          count: args.count,
          scope: args.scope,
          kind: args.filter?.kind,
          properties: args.filter?.properties as NextProps,
          claim: args.claim,
          claimTtlMs: args.ttl_minutes !== undefined ? args.ttl_minutes * 60_000 : undefined,
        }),
      )
      // Looking at candidates is not working on them: only what is claimed joins the working set.
      touched.ids.push(...r.claimed)
      return compact({
        items: r.items.map((i) => workItem(g, i.node)),
        claimed: r.claimed,
        lost_claims: r.lost_claims.map((l) => ({
          id: l.id,
          summary: clip(l.summary, 80),
          held_by: l.held_by,
        })),
        none: r.items.length ? undefined : noneReason(g),
      })
    }),
})

type NextProps = NonNullable<NextOptions['properties']>

function noneReason(g: Graph): string {
  let blocked = 0
  let open = 0
  for (const id of g.index.nodes.keys()) {
    const s = g.index.statusOf(id)
    if (s === 'blocked') blocked++
    if (s !== 'resolved' && s !== 'deleted') open++
  }
  if (open === 0) return 'everything is resolved'
  return `nothing actionable for you: ${blocked} blocked, the rest claimed by others or waiting on their children`
}

/** A work item, compact: what it is, where it sits, what it can build on. */
function workItem(g: Graph, n: NodeView) {
  const p = priorityOf(n)
  return compact({
    id: n.id,
    summary: clip(n.summary, 200),
    kind: n.kind === 'concept' ? undefined : n.kind,
    priority: p || undefined,
    notes: n.notes ? clip(n.notes, 300) : undefined,
    ...workContext(g, n),
  })
}

function workContext(g: Graph, n: NodeView) {
  const s = g.index.struct()
  const ancestors: string[] = []
  const inherited: string[] = []
  for (let cur = s.parent.get(n.id); cur !== undefined; cur = s.parent.get(cur)) {
    const a = g.index.nodes.get(cur)!
    ancestors.unshift(clip(a.summary, 60))
    for (const l of a.links) if (!inherited.includes(l) && !n.links.includes(l)) inherited.push(l)
  }
  const deps = g.index
    .dependencies(n.id)
    .slice(0, 10)
    .map((d) => {
      const dn = g.index.nodes.get(d)!
      return compact({
        id: d,
        summary: clip(dn.summary, 80),
        evidence: dn.evidence.slice(-3).map((e) => ({ type: e.type, ref: clip(e.ref, 200) })),
      })
    })
  return compact({ ancestors, links: n.links.slice(0, 10), inherited_links: inherited.slice(0, 10), deps })
}

const evidenceItem = z.object({ type: z.string(), ref: z.string() }).strict()

export const graphUpdate = tool({
  name: 'graph_update',
  description:
    'Change nodes in one atomic batch: fields, properties (merged; null deletes), links, evidence. Finish work: {id, resolved: true, add_evidence: [{type, ref}]}. Returns revisions and newly actionable nodes.',
  input: {
    project,
    items: z
      .array(
        z
          .object({
            id: z.string(),
            summary: z.string().optional(),
            notes: z.string().optional(),
            kind: z.string().optional(),
            resolved: z.boolean().optional(),
            state: z.unknown().optional(),
            properties: props.optional(),
            add_links: z.array(z.string()).optional(),
            remove_links: z.array(z.string()).optional(),
            add_evidence: z.array(evidenceItem).optional(),
            expected_rev: z.number().int().optional(),
          })
          .strict(),
      )
      .min(1)
      .max(2000),
  },
  output: { updated: 'array', newly_actionable: 'array' },
  access: 'write',
  annotations: { readOnly: false, destructive: true, idempotent: false },
  run: (ctx, args) =>
    withGraph(ctx, args.project, (g, touched) => {
      const r = must(updateNodes(g, args.items as UpdateItem[]))
      touched.ids.push(...r.updated.map((u) => u.id))
      const na = capped(r.newly_actionable, 20)
      return compact({
        updated: r.updated.slice(0, 200),
        newly_actionable: briefs(g, na.items).map((b) => ({ id: b.id, summary: b.summary })),
        more: na.more,
      })
    }),
})

const edge = z
  .object({
    from: z.string(),
    to: z.string(),
    type: z.string().optional(),
    label: z.string().optional(),
    properties: props.optional(),
  })
  .strict()

export const graphConnect = tool({
  name: 'graph_connect',
  description:
    'Add or remove typed edges (depends_on drives readiness). Bad edges are rejected one by one (cycle_detected with path, node_not_found); the rest apply.',
  input: {
    project,
    add: z.array(edge).min(1).max(2000).optional(),
    remove: z
      .array(z.object({ from: z.string(), to: z.string(), type: z.string().optional() }).strict())
      .min(1)
      .max(2000)
      .optional(),
  },
  output: { added: 'integer', removed: 'integer', rejected: 'array' },
  access: 'write',
  annotations: { readOnly: false, destructive: true, idempotent: true },
  run: (ctx, args) =>
    withGraph(ctx, args.project, (g, touched) => {
      if (!args.add && !args.remove) throw new ToolError('give add, remove or both')
      const out: Record<string, unknown> = {}
      if (args.remove) {
        const r = must(disconnect(g, args.remove))
        Object.assign(out, { removed: r.removed.length, missing: r.missing.length || undefined })
      }
      if (args.add) {
        const r = must(connect(g, args.add as EdgeInput[], { atomic: false }))
        Object.assign(out, {
          added: r.added.length,
          updated: r.updated.length || undefined,
          rejected: r.rejected.map((x) =>
            compact({ index: x.index, reason: x.reason, message: x.message, path: x.path }),
          ),
        })
        for (const e of args.add) touched.ids.push(e.from)
      }
      return compact(out)
    }),
})

export const graphRestructure = tool({
  name: 'graph_restructure',
  description:
    'Atomic batch of ops: move {node, parent|null}, merge {node, into}, drop {node, reason} (resolve a subtree as not needed), forget {node} (soft delete), restore {node}. Returns newly actionable nodes.',
  input: {
    project,
    ops: z
      .array(
        z
          .object({
            type: z.enum(['move', 'merge', 'drop', 'forget', 'restore']),
            node: z.string(),
            parent: z.string().nullable().optional(),
            into: z.string().optional(),
            reason: z.string().optional(),
          })
          .strict(),
      )
      .min(1)
      .max(2000),
  },
  output: { applied: 'integer', newly_actionable: 'array' },
  access: 'write',
  annotations: { readOnly: false, destructive: true, idempotent: false },
  run: (ctx, args) =>
    withGraph(ctx, args.project, (g, touched) => {
      const ops = args.ops.map((o) =>
        o.type === 'move' ? { ...o, parent: o.parent ?? null } : o,
      ) as RestructureOp[]
      const r = must(restructure(g, ops))
      touched.ids.push(...ops.map((o) => ('into' in o ? o.into : o.node)))
      const na = capped(r.newly_actionable, 20)
      return compact({
        applied: r.applied.length,
        newly_actionable: briefs(g, na.items).map((b) =>
          brief(g, g.index.nodes.get(b.id)!, { status: false }),
        ),
        more: na.more,
      })
    }),
})
