/** graph_diff: what changed in a graph between two moments (docs/time-travel.md). */
import { z } from 'zod'
import { ToolError, must, withGraph } from '../context.ts'
import { changesBetween, momentOf, type NodeChanges } from '@plexus/model'
import { clip, compact, iso, shownValue } from '../shape.ts'
import { limit, project, tool, out, asOfOut } from '../tool.ts'

export const graphDiff = tool({
  name: 'graph_diff',
  docs: {
    does: "what changed between `from` and `to` (ISO 8601 or checkpoint names; `to` default now), optionally by one `actor`: `nodes[{id, summary, actions, changes[{field, before, after}], actors, first_at, last_at}]` node by node in the order first changed, `actions` in seed 000's words (`created`, `updated`, `resolved`, `moved`, `merged`, `dropped`, `connected`, `claimed`, …), `total`, `next_cursor`; summaries as they were at `to`",
    example: { project: 'launch', from: '2026-05-01T09:00:00Z', actor: 'agent-2' },
  },
  description:
    'What changed between from and to (ISO 8601 or checkpoint; to: now), by node, optionally by one actor: actions (created, updated, resolved, moved, merged, dropped), field changes. Paged.',
  input: {
    project,
    from: z.string().max(200),
    to: z.string().max(200).optional(),
    actor: z.string().max(256).optional(),
    limit: limit(200, 50),
    cursor: z.string().optional(),
  },
  output: {
    nodes: out.list(
      out.item({
        id: out.string,
        summary: out.string,
        actions: out.list(out.string),
        changes: out.list(out.item({ field: out.string, before: z.unknown(), after: z.unknown() })),
        actors: out.list(out.string),
        first_at: out.string,
        last_at: out.string,
      }),
    ),
    total: out.integer,
    next_cursor: out.string,
    from: out.string,
    ...asOfOut,
  },
  access: 'read',
  annotations: { readOnly: true },
  run: (ctx, args) => {
    const cursor = args.cursor === undefined ? null : /^d(\d+)\.(\d+)\.(\d+)$/.exec(args.cursor)
    if (args.cursor !== undefined && !cursor)
      throw new ToolError('cursor is not one graph_diff returned; omit it to start again', 'invalid_cursor')
    // Read on the graph as it was at `to` (the summaries are those of then); without `to`, on the
    // graph as it is, with no past to rebuild (so at any size: context.ts MAX_AS_OF_NODES).
    return withGraph(
      ctx,
      args.project,
      (g) => {
        // A span may start before the graph did: everything in it is then new.
        // Without `to`, the span ends now, and a cursor keeps the end its first page had (a later page
        // computed with a new "now" would never match it; the answer's `as_of` says that end).
        const paged = cursor && args.to === undefined ? Number(cursor[2]) : null
        const at = paged !== null && paged <= g.env.now() ? paged : g.env.now()
        if (args.to !== undefined) {
          const start = momentOf(g, args.from, Number.MAX_SAFE_INTEGER, { beforeBirth: true })
          if (start.ok && start.moment.at > at)
            throw new ToolError(
              `from ${iso(start.moment.at)} is later than to ${iso(at)}: send a from up to to`,
              'invalid_argument',
            )
        }
        const from = must(momentOf(g, args.from, at, { beforeBirth: true })).moment.at
        if (cursor && (Number(cursor[1]) !== from || Number(cursor[2]) !== at))
          throw new ToolError(
            'cursor belongs to another from and to; omit it to start again',
            'invalid_cursor',
          )
        const offset = cursor ? Number(cursor[3]) : 0
        const r = must(changesBetween(g, from, at, { actor: args.actor, offset, limit: args.limit }))
        const end = offset + r.nodes.length
        return compact({
          nodes: r.nodes.map(row),
          total: r.total,
          next_cursor: end < r.total ? `d${from}.${at}.${end}` : undefined,
          from: iso(from),
          ...(args.to === undefined ? { as_of: iso(at) } : {}),
        })
      },
      args.to === undefined ? {} : { asOf: args.to },
    )
  },
})

function row(n: NodeChanges) {
  return {
    id: n.id,
    summary: clip(n.summary, 200),
    actions: n.actions,
    changes: n.changes.slice(0, 50).map((c) => ({
      field: c.field,
      before: shownValue(c.field, c.before),
      after: shownValue(c.field, c.after),
    })),
    actors: n.actors.slice(0, 20),
    first_at: iso(n.first_at),
    last_at: iso(n.last_at),
  }
}
