/** graph_plan and graph_add_facts: putting structure into a graph in one atomic call. */
import { z } from 'zod'
import { ToolError, inArgs, must, withGraph } from '../context.ts'
import { projectOf } from '../locate.ts'
import { createNodes, meta, type CreateItem } from '@plexus/model'
import { clip, compact } from '../shape.ts'
import { buildOn } from '../builds.ts'
import { json, project, props, tool, out } from '../tool.ts'

const planItem = z
  .object({
    ref: z.string().optional(),
    parent_ref: z.string().optional(),
    summary: z.string(),
    context_links: z.array(z.string()).optional(),
    depends_on: z.array(z.string()).optional(),
    properties: props.optional(),
    notes: z.string().optional(),
    kind: z.string().optional(),
    resolved: z.boolean().optional(),
    state: json.optional(),
  })
  .strict()

export const graphPlan = tool({
  name: 'graph_plan',
  docs: {
    does: 'batch create: `nodes[{ref, parent_ref, summary, context_links, depends_on, properties}]`; `parent_ref` and `depends_on` take batch refs or existing node ids; atomic; cycles rejected with the path; returns `created[{ref, id}]` for every node created, however many. Plexus adds `kind`, `notes`, a default `parent`, and matching by label only when `mode` asks (auto, enrich, strict, explore: `matched[{ref, id, summary, confidence}]` for items it reused, never silently into a resolved node (`warnings`), and in `explore`, or for an item naming two nodes almost equally well (created, merged into neither), `possible_duplicates[{ref, id, like, summary, confidence}]`)',
    example: {
      nodes: [
        {
          ref: 'db',
          parent_ref: 'n_8k2m4q0c1x7z',
          summary: 'Pick a database',
          context_links: ['docs/adr/004.md'],
        },
        { ref: 'api', parent_ref: 'n_8k2m4q0c1x7z', summary: 'Write the API', depends_on: ['db'] },
      ],
    },
  },
  description:
    'Create nodes atomically: without mode, every item is created (seed 000). parent_ref, depends_on: batch refs or node ids (an id names the project). No parent_ref: under `parent` or the root. mode asks for matching by label, within the batch as with the graph: auto (reuse a match, merge its notes; never a resolved node: warnings), enrich (add to the match, resolved too, said in warnings), strict (refuse matches), explore (create, list possible_duplicates), force. Cycles rejected with their path.',
  input: {
    project: project.optional(),
    nodes: z.array(planItem).min(1).max(2000),
    mode: z.enum(['auto', 'strict', 'enrich', 'explore', 'force']).optional(),
    parent: z.string().optional(),
  },
  // Every list is as long as the batch at most (2,000 items): all of it comes back, so each id the
  // call created or reused can be linked to.
  output: {
    created: out.list(out.item({ id: out.string })),
    matched: out.list(out.item({ id: out.string, summary: out.string, confidence: out.number })),
    warnings: out.list(out.item({ id: out.string, message: out.string })),
    possible_duplicates: out.list(
      out.item({ id: out.string, like: out.string, summary: out.string, confidence: out.number }),
    ),
  },
  access: 'write',
  annotations: { readOnly: false, idempotent: false },
  async run(ctx, args) {
    const refs = new Set(args.nodes.map((n) => n.ref))
    const ids = [
      ...(args.parent !== undefined ? [args.parent] : []),
      ...args.nodes.flatMap((n) => [...(n.parent_ref ? [n.parent_ref] : []), ...(n.depends_on ?? [])]),
    ].filter((x) => !refs.has(x))
    if (args.project === undefined && ids.length === 0)
      throw new ToolError(
        'graph_plan: give project (the graph id), or a parent_ref or depends_on naming an existing node',
      )
    const graph = await projectOf(ctx.source, args.project, ids, 'graph_plan')
    return withGraph(ctx, graph, (g, touched) => {
      const top = args.parent ?? meta(g).root ?? null
      const items = args.nodes.map(({ context_links, ...n }) =>
        compact({ ...n, links: context_links, parent: n.parent_ref === undefined ? top : undefined }),
      ) satisfies CreateItem[]
      // Seed 000's graph_plan creates what it is given: matching by label only when a mode asks for it.
      // `ordered`: each parent's new children are drawn (and listed) in the order written, after the
      // children it had (issue 27; drawn-order.ts newChildPlaces).
      const r = must(inArgs(createNodes(g, items, { mode: args.mode ?? 'force', ordered: true }), 'nodes'))
      touched.ids.push(...r.created.map((c) => c.id), ...r.matched.map((m) => m.id))
      return compact({
        created: r.created.map((c) =>
          c.ref !== undefined ? { ref: c.ref, id: c.id } : { id: c.id, summary: clip(c.summary, 80) },
        ),
        matched: r.matched.map((m) =>
          compact({
            ref: m.ref,
            id: m.id,
            summary: clip(m.summary, 80),
            confidence: round(m.confidence),
            resolved: m.resolved,
          }),
        ),
        warnings: r.warnings.length
          ? r.warnings.map((w) => compact({ ref: w.ref, id: w.id, message: w.message }))
          : undefined,
        possible_duplicates: r.possible_duplicates.map((p) =>
          compact({
            ref: p.ref,
            id: p.id,
            like: p.match.id,
            summary: clip(p.match.summary, 80),
            confidence: round(p.match.confidence),
          }),
        ),
      })
    })
  },
})

const round = (x: number): number => Math.round(x * 100) / 100

const fact = z.object({ from: z.string(), rel: z.string(), to: z.string() }).strict()

export const graphAddFacts = tool({
  name: 'graph_add_facts',
  docs: {
    does: 'relationship-first entry: `facts`, line-DSL `text` or `mermaid`; names matched by label with a confidence, or created; returns every node created (`created[{id, summary}]`) and matched (`matched[{name, id, confidence}]`), `edges`, and what was skipped (the first 20, `more_skipped` counts the rest)',
    example: { project: 'launch', text: 'API depends_on Database\nBackend contains API' },
  },
  description:
    'Relationship-first entry: facts [{from, rel, to}], or text in the line DSL ("A depends_on B", "P contains C"), or mermaid. Names match nodes by label or id (with confidence), else are created. Atomic.',
  input: {
    project,
    facts: z.array(fact).min(1).max(5000).optional(),
    text: z.string().optional(),
    mermaid: z.string().optional(),
    parent: z.string().optional(),
  },
  output: {
    created: out.list(out.item({ id: out.string, summary: out.string })),
    matched: out.list(out.item({ name: out.string, id: out.string, confidence: out.number })),
    edges: out.integer,
    skipped: out.list(out.string),
    more_skipped: out.integer,
  },
  access: 'write',
  annotations: { readOnly: false, idempotent: true },
  run: (ctx, args) =>
    withGraph(ctx, args.project, (g, touched, _role, opened) =>
      buildOn(ctx, g, touched, opened, {
        kind: 'facts',
        facts: args.facts,
        text: args.text,
        mermaid: args.mermaid,
        parent: args.parent,
      }),
    ),
})
