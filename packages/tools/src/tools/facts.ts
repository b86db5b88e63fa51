/**
 * Facts into a graph (graph_add_facts, and the engine's add_facts, add_knowledge and
 * create_from_mermaid through builds.ts): a list of facts, the line DSL or Mermaid, names matched by
 * label with a confidence or created, in one atomic write.
 */
import { ToolError, must, type Touched } from '../context.ts'
import {
  TREE_DOWN,
  TREE_UP,
  applyParsed,
  bestMatch,
  nodeByName,
  parseDSL,
  parseMermaid,
  relationOf,
  type Graph,
  type NodeDecl,
  type Parsed,
} from '@plexus/model'
import { clip, compact } from '../shape.ts'

const round = (x: number): number => Math.round(x * 100) / 100

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
