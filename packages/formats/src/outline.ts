// The shape every mind-map and outline format shares: a tree of topics with notes, links, a colour and
// icons, plus relations across the tree. Each format reads into an `Outline` and writes from one; this
// file turns an Outline into the model's `Parsed` (so an import goes through the model's one door,
// `applyParsed`) and the graph into an Outline (for export).
import {
  LIMITS,
  colorHex,
  drawnTree,
  meta,
  relationOf,
  type Graph,
  type Json,
  type NodeDecl,
  type Parsed,
} from '@plexus/model'
import type { Ledger } from './ledger.ts'

export interface Topic {
  /** Its id in the file (or its path of titles where the format has no ids): unique in one file. */
  key: string
  /** A Plexus id the file carried (Plexus's own exports): matched when that node is live with the same name. */
  id?: string
  title: string
  notes?: string
  links?: string[]
  /** `#rrggbb` or a JSON Canvas preset. */
  color?: string
  icons?: string[]
  kind?: string
  /** Canvas position, where the format has one (GraphML data keys x and y). */
  x?: number
  y?: number
  /** Format things kept for the way back (`freemind_text_color`, `xmind_labels`, GraphML data keys). */
  properties?: Record<string, Json>
  children: Topic[]
}

export interface Relation {
  from: string
  to: string
  label?: string
  /** The relation type, when the file gives one apart from its label (GraphML, Plexus's own exports). */
  type?: string
  properties?: Record<string, Json>
  at?: string
}

export interface Outline {
  /** The alias prefix: `opml`, `freemind`, `markdown`, `mindmap`, `xmind`, `graphml`. */
  source: string
  roots: Topic[]
  relations: Relation[]
  /** What the reader could not keep. */
  ledger: Ledger
}

const HEX3 = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i
const HEX = /^#([0-9a-f]{6})(?:[0-9a-f]{2})?$/i

/** A colour as the model stores it (`#rrggbb`), or undefined when the file's value is not a hex colour. */
export function hexColor(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined
  const s = v.trim()
  const short = HEX3.exec(s)
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase()
  const long = HEX.exec(s)
  return long ? `#${long[1]!.toLowerCase()}` : undefined
}

/**
 * A title as a node's name: one line (a map's multi-line title is joined with spaces and kept whole in
 * the `text` property for the way back), never empty (`untitled` remembers it was).
 */
export function titleOf(raw: string, ledger: Ledger): { title: string; properties?: Record<string, Json> } {
  // Control characters other than line breaks and tabs cannot be stored; maps sometimes carry them.
  // eslint-disable-next-line no-control-regex
  const clean = raw.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
  if (clean.length !== raw.length)
    ledger.add(
      'control-character',
      'control character in a title',
      'dropped',
      raw.length - clean.length,
      'control characters in a title',
    )
  const line = clean.replace(/\s+/g, ' ').trim()
  if (!line) return { title: 'Untitled', properties: { untitled: true } }
  let title = line
  if (title.length > LIMITS.summary) {
    ledger.add(
      'long-title',
      'title longer than a name',
      'cut to 2,000 characters (whole in the text property)',
      1,
      'titles longer than a name',
    )
    title = title.slice(0, LIMITS.summary)
  }
  const whole = clean.trim()
  return whole !== title ? { title, properties: { text: whole } } : { title }
}

/** The title as the file wrote it: the whole text when the name is a joined or cut form of it. */
export function fullTitle(t: Topic): string {
  const text = t.properties?.text
  if (t.properties?.untitled === true) return ''
  return typeof text === 'string' && text.replace(/\s+/g, ' ').trim().startsWith(t.title) ? text : t.title
}

/** The model's intermediate: nodes with `<source>:<key>` aliases, the tree as parents, relations as facts. */
export function toParsed(o: Outline): Parsed {
  const nodes: NodeDecl[] = []
  const parents: Parsed['parents'] = []
  const keys = new Set<string>()
  const walk = (t: Topic, parent: string | null): void => {
    if (keys.has(t.key)) {
      o.ledger.add(
        'duplicate-id',
        'topic with an id used before',
        'left out with its branch',
        1,
        'topics with an id used before',
      )
      return
    }
    keys.add(t.key)
    const at = `${o.source} ${JSON.stringify(t.key.length > 40 ? t.key.slice(0, 40) + '…' : t.key)}`
    nodes.push({
      key: t.key,
      name: t.title,
      alias: `${o.source}:${t.key}`.slice(0, 4096),
      at,
      ...(t.id ? { id: t.id } : {}),
      ...(t.notes ? { notes: t.notes } : {}),
      ...(t.links?.length ? { links: t.links.slice(0, LIMITS.links) } : {}),
      ...(t.color ? { color: t.color } : {}),
      ...(t.kind ? { kind: t.kind } : {}),
      ...(t.x !== undefined && t.y !== undefined ? { x: t.x, y: t.y } : {}),
      ...(t.icons?.length || t.properties
        ? { properties: { ...t.properties, ...(t.icons?.length ? { icons: t.icons } : {}) } }
        : {}),
    })
    if (parent !== null) parents.push({ child: t.key, parent, at })
    for (const c of t.children) walk(c, t.key)
  }
  for (const r of o.roots) walk(r, null)
  const byKey = new Map(nodes.map((n) => [n.key, n]))
  const facts: Parsed['facts'] = []
  const seen = new Set<string>()
  for (const r of o.relations) {
    const from = byKey.get(r.from)
    const to = byKey.get(r.to)
    if (!from || !to) {
      o.ledger.add(
        'dangling-relation',
        'relation to a topic not in the file',
        'dropped',
        1,
        'relations to a topic not in the file',
      )
      continue
    }
    if (from === to) {
      o.ledger.add(
        'self-relation',
        'relation from a topic to itself',
        'dropped',
        1,
        'relations from a topic to itself',
      )
      continue
    }
    const rel = r.type ? relationOf(r.type) : relationOf(r.label ?? '')
    const k = `${r.from}\u0000${rel}\u0000${r.to}`
    if (seen.has(k)) {
      o.ledger.add(
        'duplicate-relation',
        'relation repeated between the same topics',
        'kept once',
        1,
        'relations repeated between the same topics',
      )
      continue
    }
    seen.add(k)
    const ref = (n: NodeDecl) => ({ key: n.key, name: n.name, ...(n.kind ? { kind: n.kind } : {}) })
    facts.push({
      from: ref(from),
      rel,
      to: ref(to),
      at: r.at ?? `${o.source} relation`,
      ...(r.label && r.label !== rel ? { label: r.label } : {}),
      ...(r.properties && Object.keys(r.properties).length ? { properties: r.properties } : {}),
    })
  }
  return { nodes, facts, parents, outline: true }
}

const fold = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()

/**
 * Formats without ids (Markdown, OPML from other tools, a mindmap) name a node by its place in the tree:
 * a topic whose parent is a known node, and which has the same name as a child of it, is that child
 * (one topic per child, in order). The top topics are looked for under `anchor` and as `anchor` itself
 * (an export starts at the graph's root). So a file re-imported, or the graph's own export, adds nothing
 * even where names repeat in other branches. Sets `id` on the declarations it finds (the model matches
 * an id whose node has the same name).
 */
export function matchByPlace(g: Graph, p: Parsed, anchor: string | undefined): void {
  const s = g.index.struct()
  const top = anchor ?? meta(g).root ?? undefined
  const kids = new Map<string, string[]>()
  const roots: string[] = []
  for (const l of p.parents) {
    const list = kids.get(l.parent) ?? []
    list.push(l.child)
    kids.set(l.parent, list)
  }
  const child = new Set(p.parents.map((l) => l.child))
  for (const n of p.nodes) if (!child.has(n.key)) roots.push(n.key)
  const decl = new Map(p.nodes.map((n) => [n.key, n]))
  const used = new Set<string>()
  // Siblings share one candidate list: its live nodes by folded name, built once, so a star of
  // thousands re-imported is matched in linear time (a scan per topic was quadratic in the width).
  const byName = new WeakMap<readonly string[], Map<string, string[]>>()
  const pick = (name: string, among: readonly string[]): string | undefined => {
    let names = byName.get(among)
    if (!names) {
      names = new Map()
      for (const id of among) {
        if (!g.index.live(id)) continue
        const f = fold(g.index.nodes.get(id)!.summary)
        const l = names.get(f)
        if (l) l.push(id)
        else names.set(f, [id])
      }
      // Last first, so the next in order is popped off the end.
      for (const l of names.values()) l.reverse()
      byName.set(among, names)
    }
    const ids = names.get(name)
    while (ids?.length && used.has(ids[ids.length - 1]!)) ids.pop()
    return ids?.[ids.length - 1]
  }
  const visit = (key: string, candidates: readonly string[]): void => {
    const d = decl.get(key)!
    if (d.id && g.index.live(d.id) && fold(g.index.live(d.id)!.summary) === fold(d.name)) {
      used.add(d.id)
      for (const c of kids.get(key) ?? []) visit(c, s.children.get(d.id) ?? [])
      return
    }
    const id = pick(fold(d.name), candidates)
    if (id) {
      used.add(id)
      d.id = id
    }
    for (const c of kids.get(key) ?? []) visit(c, id ? (s.children.get(id) ?? []) : [])
  }
  const topCandidates = top ? [top, ...(s.children.get(top) ?? [])] : [...s.roots]
  for (const r of roots) visit(r, topCandidates)
}

/** The graph as an Outline: its tree from the roots, names, notes, links, colours, icons; every live edge. */
export function fromGraph(g: Graph, source: string, ledger: Ledger): Outline {
  // Siblings as the map draws them (a drop's `order`), so the file lists them as the person sees them.
  const t = drawnTree(g.index, meta(g).root)
  const topic = (id: string): Topic => {
    const n = g.index.nodes.get(id)!
    const icons = n.properties.icons
    const props: Record<string, Json> = { ...n.properties }
    delete props.icons
    const color = n.color ? (colorHex(n.color) ?? undefined) : undefined
    return {
      key: id,
      title: n.summary,
      ...(n.notes ? { notes: n.notes } : {}),
      ...(n.links.length ? { links: n.links } : {}),
      ...(color ? { color } : {}),
      ...(Array.isArray(icons) ? { icons: icons.filter((i): i is string => typeof i === 'string') } : {}),
      ...(n.kind && n.kind !== 'concept' ? { kind: n.kind } : {}),
      ...(n.x !== null && n.y !== null ? { x: n.x, y: n.y } : {}),
      ...(Object.keys(props).length ? { properties: props } : {}),
      children: t
        .children(id)
        .filter((c) => g.index.live(c))
        .map(topic),
    }
  }
  const roots = t.roots.filter((r) => g.index.live(r)).map(topic)
  const relations: Relation[] = []
  for (const n of g.index.nodes.values()) {
    if (!g.index.live(n.id)) continue
    for (const e of g.index.edgesOf(n.id, 'out')) {
      if (!g.index.live(e.other)) continue
      relations.push({
        from: n.id,
        to: e.other,
        type: e.type,
        ...(e.label ? { label: e.label } : {}),
        ...(Object.keys(e.properties).length ? { properties: e.properties } : {}),
      })
    }
  }
  return { source, roots, relations, ledger }
}

/** One central topic for the formats that have one: the only root, or the graph's title over several. */
export function centralTopic(g: Graph, o: Outline): Topic {
  if (o.roots.length === 1) return o.roots[0]!
  return { key: `plexus-graph-${meta(g).id || 'graph'}`, title: meta(g).title || 'Map', children: o.roots }
}

export function* walk(ts: readonly Topic[]): Generator<Topic> {
  for (const t of ts) {
    yield t
    yield* walk(t.children)
  }
}
