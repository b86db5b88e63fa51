/** graph_next and graph_update: taking work and doing it. */
import { z } from 'zod'
import { claimThroughServer, localWork, servedWork } from '../claiming.ts'
import { ToolError, inArgs, must, requireRole, withGraph } from '../context.ts'
import { projectOf } from '../locate.ts'
import {
  CLAIMED_BY,
  holderOf,
  next,
  updateNodes,
  type Graph,
  type NodeView,
  type UpdateItem,
} from '@plexus/model'
import { briefs, capped, clip, compact, evidence, seedNode } from '../shape.ts'
import {
  NEWLY_ACTIONABLE,
  asOf,
  brief,
  evidenceOut,
  json,
  project,
  props,
  tool,
  out,
  asOfOut,
} from '../tool.ts'

export const graphNext = tool({
  name: 'graph_next',
  docs: {
    does: 'actionable work (never knowledge: notes, facts, and concepts once the graph types its work), best first (priority, depth, least recently updated), with `scope`, `filter` (property values), `count`, `claim`; `nodes[{node, ancestors, context_links: {self, inherited[{node_id, links}]}, resolved_deps[{id, summary, evidence}]}]`; on a claim, `still_held[{id, summary}]` names the claims you still hold besides (the first 50, `more_held` counts the rest; `graph_update {release: true}` lets one go); `none` says why nothing is actionable',
    example: { project: 'launch', claim: true },
  },
  description:
    'Actionable work, best first. claim: true claims it so others skip it. nodes[]: node, ancestors, context_links (self, inherited), resolved_deps with evidence.',
  input: {
    project,
    scope: z.string().optional().describe('subtree root'),
    filter: props.optional().describe('property values to match'),
    count: z.number().int().min(1).max(50).optional().describe('default 1'),
    claim: z.boolean().optional(),
    kind: z.string().optional(),
    ttl_minutes: z.number().positive().max(1440).optional().describe("lease; default the server's, 60"),
    as_of: asOf,
  },
  output: {
    nodes: out.list(
      out.item({
        node: out.record,
        ancestors: out.list(brief),
        context_links: out.item({
          self: out.list(out.string),
          inherited: out.list(out.item({ node_id: out.string, links: out.list(out.string) })),
        }),
        resolved_deps: out.list(
          out.item({ id: out.string, summary: out.string, evidence: out.list(evidenceOut) }),
        ),
      }),
    ),
    claimed: out.list(out.string),
    lost_claims: out.list(out.item({ id: out.string, summary: out.string, held_by: out.string })),
    /** Why there is nothing to do, when nothing is actionable. */
    none: out.string,
    /** On a claim: the claims you still hold besides the ones just made (the first 50). */
    still_held: out.list(brief),
    more_held: out.integer,
    ...asOfOut,
  },
  access: 'mixed',
  annotations: { readOnly: false, idempotent: false },
  run: async (ctx, args) => {
    if (args.claim && args.as_of !== undefined)
      throw new ToolError(
        'as_of reads the past: leave claim out to see what was actionable then',
        'invalid_argument',
      )
    if (args.claim) await requireRole(ctx, args.project, 'claiming work')
    const ttlMs = args.ttl_minutes !== undefined ? args.ttl_minutes * 60_000 : undefined
    const ask = {
      count: args.count,
      scope: args.scope,
      kind: args.kind,
      properties: args.filter,
      ttlMs,
      claimTtlMs: ttlMs,
    }
    return withGraph(
      ctx,
      args.project,
      async (g, touched, _role, { handle }) => {
        // The server arbitrates claims whenever one is reachable (claiming.ts), on the open document.
        // The claimed nodes join the caller's working set in the claim's own write (one stored batch).
        const served = args.claim
          ? await claimThroughServer(ctx, handle, { ...ask, scope: args.scope, session: ctx.session })
          : null
        // args.scope is read here, once withGraph has put the id in place of a label.
        const look = { ...ask, scope: args.scope, claim: args.claim }
        const r = served ? servedWork(g, served) : localWork(must(next(g, look)))
        // Looking at candidates is not working on them: only what is claimed joins the working set.
        touched.ids.push(...r.claimed)
        const held = args.claim ? capped(stillHeld(g, ctx.actor, r.claimed), 50) : null
        return {
          nodes: r.items.map((i) => workItem(g, i.node)),
          ...compact({
            claimed: r.claimed,
            lost_claims: r.lost.slice(0, 50).map((l) =>
              compact({
                id: l.id,
                summary: clip(l.summary, 80),
                held_by: l.held_by,
                resolved: l.resolved || undefined,
              }),
            ),
            none: r.items.length ? undefined : noneReason(g, args.filter),
            still_held: held?.items,
            more_held: held?.more,
          }),
        }
      },
      args.as_of !== undefined ? { asOf: args.as_of } : {},
    )
  },
})

/** Someone else's claim on a node the update changed: it applied, and says whose work it touched. */
function claimWarnings(ws: Array<{ id: string; claimed_by: string; until: number }>) {
  return ws.slice(0, 50).map((w) => ({
    node_id: w.id,
    claimed_by: w.claimed_by,
    until: new Date(w.until).toISOString(),
  }))
}

/**
 * The live claims `actor` holds other than `just` (what this call claimed): claiming more work does
 * not release earlier claims, and an agent that forgot one keeps others from it until it expires.
 */
function stillHeld(g: Graph, actor: string, just: string[]): Array<{ id: string; summary: string }> {
  const skip = new Set(just)
  const now = g.env.now()
  const out: Array<{ id: string; summary: string }> = []
  for (const n of g.index.nodes.values()) {
    if (skip.has(n.id) || n.properties[CLAIMED_BY] !== actor) continue
    if (g.index.statusOf(n.id) === 'deleted' || holderOf(n, now)?.by !== actor) continue
    out.push({ id: n.id, summary: clip(n.summary, 80) })
  }
  return out
}

/** Words agents use for readiness: no node property, so a filter on them matches nothing. */
const STATUS_WORDS = new Set(['status', 'state', 'done', 'completed', 'complete', 'open', 'todo'])

function noneReason(g: Graph, filter?: Record<string, unknown>): string {
  const keys = Object.keys(filter ?? {})
  if (keys.length) {
    const have = new Set<string>()
    for (const n of g.index.nodes.values()) for (const k of Object.keys(n.properties)) have.add(k)
    const missing = keys.filter((k) => !have.has(k))
    if (missing.length) {
      const status = missing.some((k) => STATUS_WORDS.has(k.toLowerCase()))
      return (
        `no node has property ${missing.map((k) => JSON.stringify(k)).join(', ')}: filter matches node properties. ` +
        (status
          ? 'Readiness is `resolved`, not a property: graph_next returns only unresolved, actionable work; drop the filter.'
          : 'Drop the filter or use a property the nodes have.')
      )
    }
  }
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

/** A work item as seed 000 returns it: the node, where it sits, its links by source, what it builds on. */
function workItem(g: Graph, n: NodeView) {
  const s = g.index.struct()
  const ancestors: Array<{ id: string; summary: string }> = []
  const inherited: Array<{ node_id: string; links: string[] }> = []
  for (let cur = s.parent.get(n.id); cur !== undefined; cur = s.parent.get(cur)) {
    const a = g.index.nodes.get(cur)!
    ancestors.unshift({ id: a.id, summary: clip(a.summary, 80) })
    if (a.links.length) inherited.unshift({ node_id: a.id, links: a.links.slice(0, 10) })
  }
  const resolved_deps = g.index
    .dependencies(n.id)
    .slice(0, 10)
    .map((d) => {
      const dn = g.index.nodes.get(d)!
      return { id: d, summary: clip(dn.summary, 80), evidence: dn.evidence.slice(-3).map(evidence) }
    })
  return {
    node: seedNode(n, 5),
    ancestors,
    context_links: { self: n.links.slice(0, 20), inherited: inherited.slice(-10) },
    resolved_deps,
  }
}

const evidenceItem = z.object({ type: z.string(), ref: z.string() }).strict()

export const graphUpdate = tool({
  name: 'graph_update',
  docs: {
    does: '`updates[{node_id, resolved, state, summary, properties (merged; null deletes), add_context_links, remove_context_links, add_evidence}]`, atomic; Plexus adds `notes` (replaces) and `add_notes` (merges lines, as memory does); returns `updated[{node_id, rev}]` (every node), `newly_actionable[{id, summary}]` (the first 100; `more_actionable` counts the rest, which `graph_query {filter: {is_actionable: true}}` lists) and `warnings` for nodes others hold',
    example: {
      updates: [
        { node_id: 'n_8k2m4q0c1x7z', resolved: true, add_evidence: [{ type: 'git', ref: 'a1b2c3d' }] },
      ],
    },
  },
  description:
    'Change nodes atomically: fields, properties (merged; null deletes), context links, evidence; notes replaces the notes, add_notes merges lines as memory does; release: true drops your claim. Finish work: {node_id, resolved: true, add_evidence: [{type, ref}]}. Returns revisions, newly_actionable, warnings (held by others).',
  input: {
    project: project.optional(),
    updates: z
      .array(
        z
          .object({
            node_id: z.string(),
            resolved: z.boolean().optional(),
            state: json.optional(),
            summary: z.string().optional(),
            properties: props.optional(),
            add_context_links: z.array(z.string()).optional(),
            remove_context_links: z.array(z.string()).optional(),
            add_evidence: z.array(evidenceItem).optional(),
            notes: z.string().optional(),
            add_notes: z.string().optional(),
            kind: z.string().optional(),
            expected_rev: z.number().int().optional(),
            release: z.boolean().optional(),
          })
          .strict(),
      )
      .min(1)
      .max(2000),
  },
  output: {
    updated: out.list(out.item({ node_id: out.string, rev: out.integer })),
    newly_actionable: out.list(brief),
    more_actionable: out.integer,
    warnings: out.list(out.item({ node_id: out.string, claimed_by: out.string, until: out.string })),
  },
  access: 'write',
  annotations: { readOnly: false, destructive: true, idempotent: false },
  async run(ctx, args) {
    const ids = args.updates.map((u) => u.node_id)
    const graph = await projectOf(ctx.source, args.project, ids, 'graph_update')
    const releasing = args.updates.filter((u) => u.release).map((u) => u.node_id)
    if (releasing.length) await ctx.source.beforeRelease?.(graph, ctx.actor, releasing)
    return withGraph(ctx, graph, (g, touched) => {
      const items = args.updates.map(({ node_id, add_context_links, remove_context_links, ...u }) =>
        compact({ ...u, id: node_id, add_links: add_context_links, remove_links: remove_context_links }),
      ) satisfies UpdateItem[]
      const r = must(inArgs(updateNodes(g, items), 'updates'))
      const byId = new Map(items.map((it) => [it.id, it]))
      touched.ids.push(...r.updated.map((u) => u.id))
      const na = capped(r.newly_actionable, NEWLY_ACTIONABLE)
      return compact({
        // Which way the notes changed, said where it happened: `notes` replaces, `add_notes` merges.
        updated: r.updated.map((u) => {
          const it = byId.get(u.id)
          const notes =
            it?.notes !== undefined ? 'replaced' : it?.add_notes !== undefined ? 'merged' : undefined
          return compact({ node_id: u.id, rev: u.rev, notes })
        }),
        newly_actionable: briefs(g, na.items, NEWLY_ACTIONABLE).map((b) => ({
          id: b.id,
          summary: b.summary,
        })),
        more_actionable: na.more,
        warnings: r.warnings.length ? claimWarnings(r.warnings) : undefined,
      })
    })
  },
})
