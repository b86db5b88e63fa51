/** graph_plan and graph_add_facts: putting structure into a graph in one atomic call. */
import { z } from 'zod'
import { ToolError, inArgs, must, withGraph, type Touched } from '../context.ts'
import { projectOf } from '../locate.ts'
import {
  TREE_DOWN,
  TREE_UP,
  applyParsed,
  bestMatch,
  createNodes,
  meta,
  nodeByName,
  parseDSL,
  parseMermaid,
  relationOf,
  type CreateItem,
  type Graph,
  type NodeDecl,
  type Parsed,
} from '@plexus/model'
import { clip, compact } from '../shape.ts'
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
    does: 'batch create: `nodes[{ref, parent_ref, summary, context_links, depends_on, properties}]`; `parent_ref` and `depends_on` take batch refs or existing node ids; atomic; cycles rejected with the path; returns `created[{ref, id}]` for every node created, however many. Plexus adds `kind`, `notes`, a default `parent`, and matching by label only when `mode` asks (auto, enrich, strict, explore: `matched[{ref, id, summary, confidence}]` for items it reused, never silently into a resolved node (`warnings`), and in `explore` `possible_duplicates[{ref, id, like, summary, confidence}]`)',
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
      const r = must(inArgs(createNodes(g, items, { mode: args.mode ?? 'force' }), 'nodes'))
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
  run: (ctx, args) => withGraph(ctx, args.project, (g, touched) => addFacts(g, touched, args)),
})

export interface FactsInput {
  facts?: FactInput[]
  text?: string
  mermaid?: string
  parent?: string
}

/** A fact as callers write it; the types name the kinds of nodes it creates (seed 003's from_type). */
export interface FactInput {
  from: string
  rel: string
  to: string
  from_type?: string
  to_type?: string
}

/**
 * Relationship-first entry, shared by graph_add_facts and the engine's add_facts, add_knowledge and
 * create_from_mermaid: exactly one of facts, DSL text or Mermaid; names matched by id or label (with
 * the confidence said), else created; one atomic write.
 */
export function addFacts(g: Graph, touched: Touched, args: FactsInput): Record<string, unknown> {
  const given = [args.facts, args.text, args.mermaid].filter((x) => x !== undefined).length
  if (given !== 1) throw new ToolError('give exactly one of facts, text (line DSL) or mermaid')
  const parsed = args.facts
    ? fromFacts(g, args.facts)
    : args.text !== undefined
      ? readLines(args.text)
      : must(parseMermaid(args.mermaid!))
  const matched = matchNames(g, parsed)
  const had = new Set(g.index.nodes.keys())
  const created = new Set<string>()
  // Changed nodes that were not there before are the created ones (an import also writes aliases on
  // the nodes it matched).
  const stop = g.index.onChange((nodes) =>
    nodes.forEach((id) => {
      if (!had.has(id)) created.add(id)
    }),
  )
  let r
  try {
    r = must(applyParsed(g, parsed, { parent: args.parent, fuzzy: true }))
  } finally {
    stop()
  }
  touched.ids.push(...created, ...matched.map((m) => m.id))
  // Every created node and every match, however many: the caller named them all and links to them.
  // What was skipped is for reading, the first 20 and a count.
  const skipped = r.skipped.slice(0, 20)
  return compact({
    created: [...created].map((id) => ({ id, summary: clip(g.index.nodes.get(id)?.summary ?? '', 80) })),
    matched,
    edges: r.edges,
    skipped,
    more_skipped: r.skippedCount > skipped.length ? r.skippedCount - skipped.length : undefined,
  })
}

const LINE_FORMAT =
  'the text is read as one "<subject> <relation> <object>" per line, the relation in snake_case (AuthService depends_on UserRepository; quote names with spaces: "Payment service" uses Stripe; # starts a comment)'
// Words that join clauses: an unquoted name holding one is a sentence, not the name of a thing.
const CLAUSE =
  /\b(?:because|which|who|whose|that is|so that|since|although|though|whereas|while|when|then|in turn|therefore|however)\b/i

/**
 * The line DSL of graph_add_facts and add_knowledge, refusing prose before anything is written: a line
 * the DSL cannot read, or an unquoted name that reads as a sentence ("Auth service uses the DB because
 * it needs users" would make a node "the DB because it needs users"). The message says the line format.
 * A name in double quotes is taken as written, however long.
 */
function readLines(text: string): Parsed {
  const parsed = parseDSL(text)
  if (!parsed.ok) throw new ToolError(`${LINE_FORMAT}. ${parsed.message}`, parsed.reason)
  const prose = parsed.nodes.find((d) => {
    if (text.includes(`"${d.name}"`)) return false
    const name = d.name.trim()
    return CLAUSE.test(name) || /[,;]|\.$/.test(name) || name.split(/\s+/).length > 6
  })
  if (prose)
    throw new ToolError(
      `${LINE_FORMAT}. ${prose.at ?? 'a line'}: ${JSON.stringify(prose.name.slice(0, 80))} reads as a sentence, not the name of a thing; split it into facts, one per line, or quote the name if it is one`,
      'invalid_argument',
    )
  return parsed
}

/**
 * Resolves each name now, and pins what it resolved to on the declaration, so the importer uses
 * exactly these matches and the result can say how sure each one was.
 */
function matchNames(
  g: Graph,
  p: Parsed,
): Array<{ name: string; id: string; summary?: string; confidence: number; resolved?: boolean }> {
  const out: Array<{ name: string; id: string; summary?: string; confidence: number; resolved?: boolean }> =
    []
  for (const d of p.nodes) {
    const byId = d.id !== undefined ? g.index.live(d.id) : undefined
    if (byId) {
      out.push({ name: d.name, id: byId.id, confidence: 1 })
      continue
    }
    // A name that is an id or alias of a node (a memory id, bare or `kg:`) names that node, whatever its summary.
    const named = nodeByName(g, d.key) ?? nodeByName(g, d.name)
    if (named) {
      out.push(compact({ name: d.name, id: named.id, summary: clip(named.summary, 80), confidence: 1 }))
      d.id = named.id
      d.name = named.summary
      continue
    }
    // bestMatch takes no side when two nodes match equally ("Auth Svc"): the name becomes a node.
    const top = bestMatch(g, d.name)
    if (top) {
      d.id = top.id
      out.push(
        compact({
          name: d.name,
          id: top.id,
          summary: top.summary === d.name ? undefined : clip(top.summary, 80),
          confidence: round(top.confidence),
          // A name taken for finished work is said so: the facts attach to a resolved node.
          resolved: g.index.nodes.get(top.id)?.resolved ? true : undefined,
        }),
      )
    }
  }
  return out
}

function fromFacts(g: Graph, facts: FactInput[]): Parsed {
  const nodes = new Map<string, NodeDecl>()
  const decl = (name: string, at: string, kind: string | undefined): NodeDecl => {
    let d = nodes.get(name)
    if (!d) {
      const live = nodeByName(g, name)
      d = live ? { key: name, name: live.summary, id: live.id, at } : { key: name, name: name.trim(), at }
      nodes.set(name, d)
    }
    if (kind !== undefined && !d.id) d.kind ??= kind
    return d
  }
  const parsed: Parsed = { nodes: [], facts: [], parents: [] }
  facts.forEach((f, i) => {
    const at = `facts[${i}]`
    const a = decl(f.from, at, f.from_type)
    const b = decl(f.to, at, f.to_type)
    const rel = relationOf(f.rel)
    if (TREE_DOWN.has(rel)) parsed.parents.push({ child: b.key, parent: a.key, at })
    else if (TREE_UP.has(rel)) parsed.parents.push({ child: a.key, parent: b.key, at })
    else parsed.facts.push({ from: { key: a.key, name: a.name }, rel, to: { key: b.key, name: b.name }, at })
  })
  parsed.nodes = [...nodes.values()]
  return parsed
}
