import { fail } from '../graph.ts'
import type { Failure, Json, Result } from '../types.ts'
import { LIMITS, typeName } from '../validate.ts'

// What every text format parses into: named nodes, relations between them, and tree links. Names are not
// ids: the importer resolves them against the graph. `key` tells the nodes of one text apart (the name
// itself in the DSL, the node id in Mermaid and JSON Canvas), so two Mermaid nodes with the same label
// stay two nodes.

export interface NodeDecl {
  key: string
  name: string
  kind?: string
  notes?: string
  links?: string[]
  x?: number
  y?: number
  /** A Plexus id the text carried (JSON Canvas exported from Plexus): matched first when it is live and has this name. */
  id?: string
  /** The node's id in its file (`mermaid:A`, `canvas:<card id>`, `dsl:<name>`): stored as an alias, matched first on re-import. */
  alias?: string
  shape?: string
  color?: string
  width?: number
  height?: number
  /** Format-specific things kept for the way back (Mermaid classes and styles, a canvas card's file or url). */
  properties?: Record<string, Json>
  /** Where it was first declared, for messages: "line 3", "nodes[2]". */
  at?: string
}

export interface NameRef {
  key: string
  name: string
  kind?: string
}

export interface Fact {
  from: NameRef
  rel: string
  to: NameRef
  /** The relation as written, when normalising it to an edge type changed it ("calls API" -> calls_api). */
  label?: string
  /** How the link was drawn (Mermaid arrow, canvas sides, ends and colour), kept on the edge. */
  properties?: Record<string, Json>
  at?: string
}

export interface ParentLink {
  child: string
  parent: string
  at?: string
}

export interface Parsed {
  /** Every node the text mentions, in order of first mention. */
  nodes: NodeDecl[]
  /** Relations that become edges. Tree relations are in `parents` instead. */
  facts: Fact[]
  parents: ParentLink[]
  /** The layout direction the text gives (Mermaid's header). */
  direction?: 'TB' | 'TD' | 'BT' | 'LR' | 'RL'
  /**
   * The text is an outline (the DSL): a parent is a node like any other, laid out as a tree, not a
   * subgraph drawn as a frame around its members.
   */
  outline?: true
  /** What the parser read but will not hand on, and why (duplicate edges). */
  skipped?: string[]
  /** Mermaid `classDef` lines by class name. */
  classDefs?: Record<string, string>
  /** A Mermaid `linkStyle default …` line's body (the links' own lines are on their edges). */
  linkStyleDefault?: string
}

/** Whatever Plexus exports it can import again: text formats take what JSON backups take. */
export const JSON_LIMIT = 128 * LIMITS.notes
export const TEXT_LIMIT = JSON_LIMIT
export const IMPORT_LIMITS = { nodes: 50_000, edges: 100_000 } as const

/** Relations that mean the tree, not an edge: `P contains C` and `C part_of P` both make P the parent. */
export const TREE_DOWN: ReadonlySet<string> = new Set(['contains', 'parent_of'])
export const TREE_UP: ReadonlySet<string> = new Set(['part_of', 'child_of'])
/** The meta key holding Mermaid class definitions (`{ name: "fill:#f96" }`) imported into the graph. */
export const CLASS_DEFS = 'mermaid_classdefs'
/** Graph meta key: the `linkStyle default` body the graph's links are drawn with in Mermaid. */
export const LINK_STYLE_DEFAULT = 'mermaid_linkstyle_default'

export function checkText(text: unknown, what: string, max: number = TEXT_LIMIT): Failure | null {
  if (typeof text !== 'string')
    return fail('invalid_argument', `${what}: expected text, got ${typeName(text)}`)
  if (text.length > max) {
    return fail(
      'too_large',
      `${what}: the text is ${text.length} characters; the limit for one import is ${max}. Split it into several imports.`,
    )
  }
  return null
}

/** Collects what a parser reads, keeping each node once and refusing a node given two kinds. */
export class Collector {
  private readonly byKey = new Map<string, NodeDecl>()
  readonly facts: Fact[] = []
  readonly parents: ParentLink[] = []
  readonly skipped: string[] = []
  direction?: Parsed['direction']
  outline?: true
  classDefs?: Record<string, string>
  linkStyleDefault?: string

  /** `source` names the format: each node then carries `<source>:<key>` as its alias. */
  constructor(private readonly source?: string) {}

  node(key: string, name: string, at: string, kind?: string): NodeDecl | Failure {
    let n = this.byKey.get(key)
    if (!n) {
      n = { key, name, at, ...(this.source ? { alias: `${this.source}:${key}` } : {}) }
      this.byKey.set(key, n)
    }
    if (kind !== undefined) {
      if (n.kind !== undefined && n.kind !== kind) {
        return fail(
          'invalid_argument',
          `${at}: '${name}' is given kind ${kind}, but ${n.at} gave it ${n.kind}`,
        )
      }
      n.kind = kind
    }
    return n
  }

  /** Past what one import takes: said at the line where it happens, before the rest is read. */
  over(at: string): Failure | null {
    if (this.byKey.size > IMPORT_LIMITS.nodes)
      return fail(
        'too_large',
        `${at}: the text names more than ${IMPORT_LIMITS.nodes} nodes, what one import takes. Split it into several imports.`,
      )
    if (this.facts.length > IMPORT_LIMITS.edges)
      return fail(
        'too_large',
        `${at}: the text has more than ${IMPORT_LIMITS.edges} relations, what one import takes. Split it into several imports.`,
      )
    return null
  }

  get(key: string): NodeDecl | undefined {
    return this.byKey.get(key)
  }

  /** A relation that is always an edge, whatever its words (canvas edges: the tree is in the groups). */
  edge(
    from: NodeDecl,
    rel: string,
    to: NodeDecl,
    at: string,
    label?: string,
    properties?: Record<string, Json>,
  ): void {
    this.fact(from, rel, to, at, label, properties && Object.keys(properties).length ? properties : undefined)
  }

  relate(
    from: NodeDecl,
    rel: string,
    to: NodeDecl,
    at: string,
    label?: string,
    properties?: Record<string, Json>,
  ): void {
    if (TREE_DOWN.has(rel)) this.parents.push({ child: to.key, parent: from.key, at })
    else if (TREE_UP.has(rel)) this.parents.push({ child: from.key, parent: to.key, at })
    else this.fact(from, rel, to, at, label, properties)
  }

  /** A relation between the two nodes, as they are named now (result() puts in their final names). */
  private fact(
    from: NodeDecl,
    rel: string,
    to: NodeDecl,
    at: string,
    label: string | undefined,
    properties: Record<string, Json> | undefined,
  ): void {
    const ref = (n: NodeDecl): NameRef => ({ key: n.key, name: n.name, ...(n.kind ? { kind: n.kind } : {}) })
    this.facts.push({
      from: ref(from),
      rel,
      to: ref(to),
      at,
      ...(label ? { label } : {}),
      ...(properties ? { properties } : {}),
    })
  }

  result(): Result<Parsed> {
    // A name or kind may have been given after a relation mentioned the node: report the final ones.
    for (const f of this.facts) {
      for (const r of [f.from, f.to]) {
        const n = this.byKey.get(r.key)!
        r.name = n.name
        if (n.kind !== undefined) r.kind = n.kind
      }
    }
    return {
      ok: true,
      nodes: [...this.byKey.values()],
      facts: this.facts,
      parents: this.parents,
      ...(this.direction ? { direction: this.direction } : {}),
      ...(this.outline ? { outline: true as const } : {}),
      ...(this.skipped.length ? { skipped: this.skipped } : {}),
      ...(this.classDefs ? { classDefs: this.classDefs } : {}),
      ...(this.linkStyleDefault ? { linkStyleDefault: this.linkStyleDefault } : {}),
    }
  }
}
