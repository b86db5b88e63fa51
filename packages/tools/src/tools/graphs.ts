/** graph_open and graph_onboard: finding a graph and getting oriented in it. */
import { z } from 'zod'
import type { Role } from '../access.ts'
import {
  graphExists,
  ToolError,
  ensureGraph,
  graphOf,
  visibleGraphs,
  requireRole,
  requireWrite,
  withGraph,
  type CallContext,
} from '../context.ts'
import {
  CLAIMED_BY,
  contextDump,
  counts,
  drawnTree,
  editDistance,
  historyCursor,
  holderOf,
  meta,
  nearThreshold,
  next,
  type Graph,
} from '@plexus/model'
import { brief, clip, compact, iso, seedNode } from '../shape.ts'
import { asOf, brief as briefOut, limit, project, tool, out, asOfOut } from '../tool.ts'

export function countsOf(g: Graph) {
  const c = counts(g)
  return {
    total: c.total,
    resolved: c.resolved,
    unresolved: c.unresolved,
    blocked: c.blocked,
    actionable: c.actionable,
  }
}

/** Seed 000's summary counts. */
const countsOut = out.item({
  total: out.integer,
  resolved: out.integer,
  unresolved: out.integer,
  blocked: out.integer,
  actionable: out.integer,
})

export const graphOpen = tool({
  name: 'graph_open',
  docs: {
    does: 'no project: `projects[{id, summary, total, resolved, unresolved, updated_at}]`; with one, opens or creates it: `root` (the Node) and `summary` counts (total, resolved, unresolved, blocked, actionable); a new graph whose id is a slip away from existing ones says `created: true` and `did_you_mean[{id, summary}]`',
    example: { project: 'launch', goal: 'Ship v1 by June' },
  },
  description:
    'No project: the projects with counts. With project (goal on creation): opens or creates it; the root node and summary counts. Start here.',
  input: {
    project: project.optional(),
    goal: z.string().max(2000).optional(),
    title: z.string().max(200).optional(),
    limit: limit(200, 50),
    cursor: z.string().optional(),
    as_of: asOf,
  },
  output: {
    projects: out.list(
      out.item({
        id: out.string,
        summary: out.string,
        total: out.integer,
        resolved: out.integer,
        unresolved: out.integer,
        updated_at: out.string,
      }),
    ),
    next_cursor: out.string,
    project: out.string,
    title: out.string,
    /** The goal the graph was made with (seed 000: given on creation), up to 2,000 characters. */
    goal: out.string,
    root: out.record,
    summary: countsOut,
    created: out.boolean,
    /** On creation: existing graphs whose ids are a slip away from the one given. */
    did_you_mean: out.list(out.item({ id: out.string, summary: out.string })),
    /** With `as_of`: the moment the answer is of, and the checkpoint that named it. */
    ...asOfOut,
  },
  access: 'mixed',
  annotations: { readOnly: false, idempotent: true },
  async run(ctx, args) {
    if (args.project === undefined) {
      if (args.as_of !== undefined)
        throw new ToolError('as_of reads one graph as it was: give project with it', 'invalid_argument')
      return listProjects(ctx, args.limit ?? 50, args.cursor)
    }
    const id = args.project
    if (args.as_of !== undefined) {
      if (args.goal !== undefined || args.title !== undefined)
        throw new ToolError('as_of reads the past: it cannot be given with goal or title', 'invalid_argument')
      return withGraph(
        ctx,
        id,
        (g) => {
          const m = meta(g)
          return compact({
            root: seedNode(g.index.nodes.get(m.root!)!),
            summary: countsOf(g),
            project: id,
            title: m.title === id ? undefined : m.title,
            goal: m.goal ? clip(m.goal, 2000) : undefined,
          })
        },
        { asOf: args.as_of },
      )
    }
    const exists = await graphExists(ctx, id)
    if (!exists) await requireRole(ctx, id, `creating graph ${id}`)
    // Seed 000 creates what it is asked to open; a name a slip away from one that exists is most
    // likely a typo, so the result names those graphs beside the new one.
    const near = exists ? [] : await nearGraphs(ctx, id)
    return withGraph(
      ctx,
      id,
      (g, _touched, role) => {
        let created = false
        let root = meta(g).root
        if (!root) {
          requireWrite(ctx, `creating graph ${id}`, id, role)
          ;({ root, created } = ensureGraph(g, id, args.goal, args.title))
        }
        const m = meta(g)
        return compact({
          root: seedNode(g.index.nodes.get(root)!),
          summary: countsOf(g),
          project: id,
          title: m.title === id ? undefined : m.title,
          goal: m.goal ? clip(m.goal, 2000) : undefined,
          created: created || undefined,
          did_you_mean: created ? near : undefined,
        })
      },
      { allowNew: true },
    )
  },
})

/** Existing graphs whose ids are within a slip (nearThreshold) of `id`, nearest first, at most 3. */
async function nearGraphs(ctx: CallContext, id: string): Promise<Array<{ id: string; summary: string }>> {
  const loose = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '')
  const w = loose(id)
  const max = nearThreshold(id)
  // Only graphs the caller may see: a near name must not reveal another's private graph.
  return (await visibleGraphs(ctx))
    .filter((g) => g.id !== id && Math.abs(loose(g.id).length - w.length) <= max)
    .map((g) => ({ g, d: editDistance(loose(g.id), w, max + 1) }))
    .filter((x) => x.d <= max)
    .sort((a, b) => a.d - b.d || (a.g.id < b.g.id ? -1 : 1))
    .slice(0, 3)
    .map(({ g }) => ({ id: g.id, summary: clip(g.title || g.id, 120) }))
}

/** Seed 000's project list: each graph's goal (or title) and counts, a page at a time. */
async function listProjects(ctx: CallContext, max: number, cursor: string | undefined) {
  const all = (await visibleGraphs(ctx)).sort((a, b) => (a.id < b.id ? -1 : 1))
  let start = 0
  if (cursor !== undefined) {
    start = all.findIndex((g) => g.id > cursor)
    if (start < 0) start = all.length
  }
  const page = all.slice(start, start + max)
  const more = start + max < all.length
  const projects: Array<Record<string, unknown>> = []
  for (const info of page) {
    let handle
    try {
      handle = await ctx.source.open(info.id)
    } catch {
      continue // a stdio peer offline, with no copy of this one
    }
    if (!handle) continue
    try {
      const g = graphOf(ctx, handle.doc)
      const m = meta(g)
      if (!m.root) continue
      const c = countsOf(g)
      let updated = 0
      for (const n of g.index.nodes.values()) if (n.updated_at > updated) updated = n.updated_at
      projects.push({
        id: info.id,
        summary: clip(m.goal || m.title || info.id, 200),
        total: c.total,
        resolved: c.resolved,
        unresolved: c.unresolved,
        updated_at: iso(updated),
      })
    } finally {
      handle.release()
    }
  }
  return more ? { projects, next_cursor: page[page.length - 1]!.id } : { projects }
}

export const graphOnboard = tool({
  name: 'graph_onboard',
  docs: {
    does: 'goal, summary counts, outline, next work, open claims, recent changes by others, hints; `detail: "full"` for the readable dump',
    example: { project: 'launch' },
  },
  description:
    'Orientation in one call: goal, counts, top-level outline, next work, open claims, recent changes by others, hints. detail "full": the whole readable outline.',
  input: {
    project,
    detail: z.enum(['brief', 'full']).optional(),
    max_chars: z.number().int().min(500).max(200_000).optional(),
  },
  output: {
    project: out.string,
    title: out.string,
    goal: out.string,
    root: out.string,
    summary: countsOut,
    outline: out.list(out.item({ id: out.string, summary: out.string, depth: out.integer })),
    next: out.list(briefOut),
    claims: out.list(out.item({ id: out.string, summary: out.string, by: out.string })),
    recent: out.list(out.item({ id: out.string, summary: out.string, by: out.string, at: out.string })),
    hints: out.list(out.item({ id: out.string, type: out.string, ref: out.string, by: out.string })),
    since: out.string,
    can_write: out.boolean,
    text: out.string,
    truncated: out.boolean,
  },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) =>
    withGraph(ctx, args.project, (g, _touched, role) => {
      if (args.detail === 'full') {
        const d = contextDump(g, { maxChars: args.max_chars ?? 20_000 })
        if (!d.ok) throw new ToolError(d.message)
        return { project: args.project, text: d.text, truncated: d.truncated }
      }
      return onboard(ctx, g, args.project, role)
    }),
})

const OUTLINE = 30

function onboard(ctx: CallContext, g: Graph, id: string, role: Role) {
  const m = meta(g)
  // The root first, then everything in the order the map draws it (drawn-order.ts).
  const t = drawnTree(g.index, m.root)
  const outline: Array<Record<string, unknown>> = []
  const add = (nid: string, depth: number) => {
    if (outline.length >= OUTLINE) return
    const n = g.index.nodes.get(nid)!
    const kids = t.children(nid)
    outline.push(compact({ ...brief(g, n), depth, children: kids.length || undefined }))
    if (depth < 1) for (const k of kids) add(k, depth + 1)
  }
  for (const top of t.roots) add(top, 0)
  const nx = next(g, { count: 5 })
  const now = ctx.now()
  const claims: Array<Record<string, unknown>> = []
  const recent: Array<{ id: string; summary: string; by: string; at: number }> = []
  const hints: Array<Record<string, unknown>> = []
  for (const n of g.index.nodes.values()) {
    if (n.deleted_at !== null || n.merged_into !== null) continue
    const c = n.properties[CLAIMED_BY] !== undefined ? holderOf(n, now) : null
    if (c && claims.length < 20) claims.push({ id: n.id, summary: clip(n.summary, 120), by: c.by })
    if (n.updated_by !== ctx.actor) {
      if (recent.length < 10 || n.updated_at > recent[recent.length - 1]!.at) {
        recent.push({ id: n.id, summary: clip(n.summary, 120), by: n.updated_by, at: n.updated_at })
        recent.sort((a, b) => b.at - a.at)
        if (recent.length > 10) recent.pop()
      }
    }
    for (const e of n.evidence) {
      if ((e.type === 'hint' || e.type === 'advice') && hints.length < 10)
        hints.push({ id: n.id, type: e.type, ref: clip(e.ref, 300), by: e.agent })
    }
  }
  return compact({
    project: id,
    title: m.title,
    goal: m.goal ? clip(m.goal, 1000) : undefined,
    root: m.root ?? undefined,
    summary: countsOf(g),
    outline,
    next: nx.ok ? nx.items.map((i) => brief(g, i.node, { status: false })) : [],
    claims,
    recent: recent.map((r) => ({ ...r, at: iso(r.at) })),
    hints,
    since: historyCursor(g),
    can_write: role === 'read' ? false : undefined,
  })
}
