import { MAX_ALIASES, checkAlias, checkColor, checkShape, checkSize } from '../appearance.ts'
import { withoutClaims } from '../claims.ts'
import { writeEdge } from '../edges.ts'
import { fail, meta, write, type Graph } from '../graph.ts'
import { integrity } from '../integrity.ts'
import { BatchLabels, bestMatch } from '../resolve.ts'
import { edgeId, layout } from '../schema.ts'
import type { Failure, Json, Result } from '../types.ts'
import {
  LIMITS,
  checkKind,
  checkLinks,
  checkProperties,
  checkString,
  isFailure,
  liveNode,
} from '../validate.ts'
import { isLive } from '../views.ts'
import { newChildPlaces } from '../drawn-order.ts'
import { dependsCycle } from './cycle.ts'
import { CLASS_DEFS, IMPORT_LIMITS, LINK_STYLE_DEFAULT, type NodeDecl, type Parsed } from './facts.ts'
import { placeNew } from './place.ts'

export interface ApplyOptions {
  /** Where new top-level nodes go; default the graph's root. */
  parent?: string
  /**
   * Also match names fuzzily (`bestMatch`, confidence >= 0.85), as `explore`-style modes ask. Off by
   * default: an import never merges two things because their names look alike.
   */
  fuzzy?: boolean
  /** Refuse the import when it would close a depends_on cycle. By default the cycle is kept and reported. */
  strict?: boolean
  /**
   * The file as a thing of its own (the web app's import): a new node of shape `group` named `frame`
   * holds every node the text puts at the top, under `parent` when one is given, else at the top level
   * (no line from the root the file does not have). Nothing of the text is matched with a node the graph
   * already has: every node is created, and `alike` lists the nodes that would have matched, so the
   * person can be told. Two unrelated files that both name "Christmas" stay two diagrams.
   */
  frame?: string
}

/** How one node of the text found a node the graph already had, and how sure that is. */
export interface ImportMatch {
  /** The node's key in the text (Mermaid id, card id, DSL name). */
  key: string
  name: string
  id: string
  summary: string
  by: 'alias' | 'id' | 'name' | 'fuzzy'
  confidence: number
}

export interface ApplyResult {
  created: number
  matched: number
  edges: number
  /** Every node of the text that resolved to an existing node, with how and how surely. */
  matches: ImportMatch[]
  /** What was read but not written, and why (at most 50 shown; `skippedCount` has them all). */
  skipped: string[]
  skippedCount: number
  /** Integrity problems the import left in the graph (dependency cycles the data has), as `integrity()` words them. */
  problems: string[]
  /** With `frame`: the frame's id, and the nodes of the text that the graph had by the same alias or name (kept apart). */
  frame?: string
  alike?: ImportMatch[]
}

// A frame's margin and title band, as the canvas draws one (apps/web/src/canvas/frames.ts).
const FRAME_PAD = 24
const FRAME_TITLE = 40
const fold = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()
const quote = (s: string): string => `'${s.length > 60 ? s.slice(0, 60) + '…' : s}'`
// New nodes get placeholder ids until everything has been checked, so a refused import draws no ids.
const placeholder = (i: number): string => `\u0000new:${i}`

function checkDecl(d: NodeDecl): Failure | null {
  const at = d.at ?? 'node'
  const opt = <T>(v: T | undefined, check: (v: T) => Failure | null): Failure | null =>
    v === undefined ? null : check(v)
  return (
    checkString(d.name, `${at}: name ${quote(d.name)}`, LIMITS.summary, { line: true }) ??
    opt(d.kind, (v) => checkKind(v, `${at}: kind`)) ??
    opt(d.notes, (v) => checkString(v, `${at}: notes`, LIMITS.notes, { empty: true })) ??
    opt(d.links, (v) => checkLinks(v, `${at}: links`)) ??
    opt(d.shape, (v) => checkShape(v, at)) ??
    opt(d.color, (v) => checkColor(v, at)) ??
    opt(d.width, (v) => checkSize(v, `${at}: width`)) ??
    opt(d.height, (v) => checkSize(v, `${at}: height`)) ??
    opt(d.properties, (v) => checkProperties(v, `${at}: properties`, false)) ??
    ([d.x, d.y].some((v) => v !== undefined && !Number.isFinite(v))
      ? fail('invalid_argument', `${at}: position must be finite numbers`)
      : null)
  )
}

/**
 * Writes what a text format parsed, in one transaction, or nothing. A node of the text resolves to a
 * live node by its source id (an alias an earlier import stored), else by a Plexus id the text carried
 * (when that node has the same name), else by exactly the same name (case and spacing folded; one text
 * node per graph node), else, only with `fuzzy`, by `bestMatch`; every match is listed. The rest are
 * created under the parent the text gives them, else `opts.parent` or the graph's root, placed where
 * they overlap nothing. Existing nodes are not moved or changed except to remember the source id. A
 * depends_on cycle in the data is kept and reported in `problems`, or refused with `strict`.
 */
export function applyParsed(g: Graph, p: Parsed, opts: ApplyOptions = {}): Result<ApplyResult> {
  if (p.nodes.length > IMPORT_LIMITS.nodes) {
    return fail(
      'too_large',
      `the text names ${p.nodes.length} nodes; one import takes at most ${IMPORT_LIMITS.nodes}. Split it into several imports.`,
    )
  }
  if (p.facts.length > IMPORT_LIMITS.edges) {
    return fail(
      'too_large',
      `the text has ${p.facts.length} relations; one import takes at most ${IMPORT_LIMITS.edges}. Split it into several imports.`,
    )
  }
  if (opts.frame !== undefined) {
    const bad = checkString(opts.frame, 'frame', LIMITS.summary, { line: true })
    if (bad) return bad
  }
  let top: string | null = null
  if (opts.parent !== undefined) {
    const n = liveNode(g, opts.parent, 'parent')
    if (isFailure(n)) return n
    top = n.id
  } else {
    const root = meta(g).root
    top = root && g.index.live(root) ? root : null
  }

  const bySummary = new Map<string, string>()
  const byAlias = new Map<string, string>()
  // A node made from an empty topic or card (`untitled`) has a placeholder for a name: never found by it.
  const untitled = (p: Record<string, Json> | undefined): boolean => p?.untitled === true
  for (const n of g.index.nodes.values()) {
    if (!isLive(n)) continue
    const k = fold(n.summary)
    const had = bySummary.get(k)
    if (!untitled(n.properties) && (had === undefined || n.id < had)) bySummary.set(k, n.id)
    for (const a of n.aliases ?? []) if (!byAlias.has(a) || n.id < byAlias.get(a)!) byAlias.set(a, n.id)
  }
  const idOf = new Map<string, string>()
  const fresh: NodeDecl[] = []
  const matches: ImportMatch[] = []
  const alike: ImportMatch[] = []
  // One text node per graph node, except spellings of one name (DSL keys are names: "API", "api").
  const taken = new Map<string, string>()
  const newAlias = new Map<string, string>()
  // With fuzzy, the new names of the text are matched with each other as with the graph:
  // "ConfigLoader" and "Config Loader" on two lines are one new node.
  const batch = new BatchLabels()
  for (const d of p.nodes) {
    const bad = checkDecl(d)
    if (bad) return bad
    // A key that is a node id (a Mermaid export names nodes by id) counts like an id the text carried.
    const same = g.index.live(d.id ?? d.key)
    const free = (id: string | undefined): string | undefined =>
      id && (!taken.has(id) || taken.get(id) === fold(d.key)) ? id : undefined
    let found: { id: string; by: ImportMatch['by']; confidence: number } | undefined
    const byA = d.alias ? free(byAlias.get(d.alias)) : undefined
    if (byA) found = { id: byA, by: 'alias', confidence: 1 }
    // An id the text carried counts only with the same name (ids from another graph may collide), or
    // when both are placeholders: an empty topic is "Untitled" in an outline, "Untitled card" on a canvas.
    else if (
      same &&
      (fold(same.summary) === fold(d.name) || (untitled(same.properties) && untitled(d.properties))) &&
      free(same.id)
    )
      found = { id: same.id, by: 'id', confidence: 1 }
    else if (!untitled(d.properties) && free(bySummary.get(fold(d.name))))
      found = { id: bySummary.get(fold(d.name))!, by: 'name', confidence: 1 }
    else if (opts.fuzzy && !untitled(d.properties)) {
      const m = bestMatch(g, d.name)
      if (m && free(m.id) && !untitled(g.index.nodes.get(m.id)?.properties))
        found = { id: m.id, by: 'fuzzy', confidence: m.confidence }
    }
    if (found && opts.frame !== undefined) {
      alike.push({ key: d.key, name: d.name, summary: g.index.nodes.get(found.id)!.summary, ...found })
      found = undefined
    }
    if (found) {
      const n = g.index.nodes.get(found.id)!
      idOf.set(d.key, found.id)
      taken.set(found.id, fold(d.key))
      matches.push({ key: d.key, name: d.name, summary: n.summary, ...found })
      if (d.alias && !checkAlias(d.alias, '') && found.by !== 'id' && !(n.aliases ?? []).includes(d.alias))
        newAlias.set(found.id, d.alias)
    } else {
      const named = !untitled(d.properties)
      const twin = opts.fuzzy && named ? batch.find(null, d.name) : undefined
      if (twin !== undefined) {
        idOf.set(d.key, placeholder(twin))
        continue
      }
      idOf.set(d.key, placeholder(fresh.length))
      if (opts.fuzzy && named) batch.add(null, d.name, fresh.length)
      fresh.push(d)
    }
  }
  const label = (id: string): string => {
    const i = id.startsWith('\u0000new:') ? Number(id.slice(5)) : -1
    return quote(i >= 0 ? fresh[i]!.name : (g.index.nodes.get(id)?.summary ?? id))
  }

  const skipped: string[] = []
  let skippedCount = 0
  const skip = (msg: string): void => {
    if (skippedCount++ < 50) skipped.push(msg)
  }
  for (const s of p.skipped ?? []) skip(s)
  // A claim is made by claiming in this graph: a text that carries one brings the node, not the claim.
  const props = fresh.map((d) => {
    if (!d.properties) return d.properties
    const { kept, dropped } = withoutClaims(d.properties)
    if (dropped.length)
      skip(
        `${d.at ?? 'node'}: ${quote(d.name)}: its claim was left out; a claim is made by claiming in this graph`,
      )
    return kept
  })
  const struct = g.index.struct()
  const parentOf = new Map<string, string>()
  for (const l of p.parents) {
    const child = idOf.get(l.child)
    const parent = idOf.get(l.parent)
    const at = l.at ?? 'tree'
    if (child === undefined || parent === undefined)
      throw new Error(`applyParsed: ${at} names an undeclared node`)
    if (child === parent) return fail('invalid_argument', `${at}: ${label(child)} cannot be its own parent`)
    if (!child.startsWith('\u0000')) {
      // Already where the text puts it (a re-import): nothing to say.
      if (struct.parent.get(child) !== parent)
        skip(`${at}: ${label(child)} already exists; an import does not move existing nodes`)
      continue
    }
    parentOf.set(child, parent)
  }
  // A loop of parents among new nodes ("A contains B", "B contains A") has no place to hang.
  const done = new Set<string>()
  for (const start of parentOf.keys()) {
    const trail: string[] = []
    const onTrail = new Set<string>()
    for (let cur: string | undefined = start; cur && !done.has(cur); cur = parentOf.get(cur)) {
      if (onTrail.has(cur)) {
        const loop = trail.slice(trail.indexOf(cur))
        const at = p.parents.find((l) => idOf.get(l.child) === cur)?.at ?? 'tree'
        return fail(
          'cycle_detected',
          `${at}: the tree loops: ${[cur, ...loop.reverse()].map(label).join(' contains ')}`,
        )
      }
      trail.push(cur)
      onTrail.add(cur)
    }
    for (const t of trail) done.add(t)
  }

  type NewEdge = {
    from: string
    to: string
    type: string
    at: string
    label?: string
    properties?: Record<string, Json>
  }
  const edges: NewEdge[] = []
  const seen = new Map<string, string>()
  for (const f of p.facts) {
    const from = idOf.get(f.from.key)
    const to = idOf.get(f.to.key)
    const at = f.at ?? 'relation'
    if (from === undefined || to === undefined) throw new Error(`applyParsed: ${at} names an undeclared node`)
    const bad =
      checkKind(f.rel, `${at}: relation`) ??
      (f.properties ? checkProperties(f.properties, `${at}: properties`, false) : null)
    if (bad) return bad
    if (from === to) {
      skip(`${at}: ${label(from)} ${f.rel} itself: a node cannot be connected to itself`)
      continue
    }
    const id = edgeId(from, f.rel, to)
    const first = seen.get(id)
    if (first !== undefined) {
      skip(`${at}: ${label(from)} ${f.rel} ${label(to)} repeats ${first}; the graph keeps one such edge`)
      continue
    }
    seen.set(id, at)
    if (g.index.edges.has(id)) continue
    // Between two nodes the graph has, an edge that reads the same (its label is the text's words) is
    // this one: an export writes an edge's label, which need not spell its type.
    const words = f.label ?? f.rel
    if (
      !from.startsWith('\u0000') &&
      !to.startsWith('\u0000') &&
      g.index.edgesOf(from, 'out').some((e) => e.other === to && e.label === words)
    )
      continue
    edges.push({
      from,
      to,
      type: f.rel,
      at,
      ...(f.label ? { label: f.label } : {}),
      ...(f.properties ? { properties: f.properties } : {}),
    })
  }
  const cycle = dependsCycle(g, edges)
  if (cycle && opts.strict) {
    const e = cycle.edge
    return fail(
      'cycle_detected',
      `${e.at}: ${label(e.from)} depends_on ${label(e.to)} would close a dependency cycle: ${cycle.path.map(label).join(' → ')}. Nothing was imported (strict).`,
    )
  }

  const place = placeNew(g, fresh, parentOf, p)
  const real = new Map<string, string>()
  const id = (x: string): string => real.get(x) ?? x
  let frameId: string | undefined
  write(g, (w) => {
    if (opts.frame !== undefined) {
      // The frame's corner: above and left of what it holds (the canvas derives its box from them).
      let x = Infinity
      let y = Infinity
      fresh.forEach((d, i) => {
        x = Math.min(x, place.get(i)?.x ?? d.x ?? Infinity)
        y = Math.min(y, place.get(i)?.y ?? d.y ?? Infinity)
      })
      frameId = g.env.newId()
      w.createNode(frameId, {
        summary: opts.frame,
        shape: 'group',
        parent: opts.parent === undefined ? null : top,
        ...(Number.isFinite(x) && Number.isFinite(y)
          ? { x: x - FRAME_PAD, y: y - FRAME_PAD - FRAME_TITLE }
          : {}),
        // The file's direction, as a subgraph keeps its own: the canvas attaches its edges by it.
        ...(p.direction ? { properties: { mermaid_direction: p.direction } } : {}),
      })
    }
    const outer = frameId ?? top
    fresh.forEach((_, i) => real.set(placeholder(i), g.env.newId()))
    // The map draws siblings by `order ?? created_at`, then id, and a new id is random: each new
    // child takes its place in the file's order, after the children its parent had (drawn-order.ts).
    const placeOf = newChildPlaces(g.index, w.now)
    fresh.forEach((d, i) => {
      const ph = placeholder(i)
      const parent = parentOf.has(ph) ? id(parentOf.get(ph)!) : outer
      const at = place.get(i)
      const born = placeOf(parent)
      w.createNode(
        id(ph),
        {
          summary: d.name,
          kind: d.kind,
          notes: d.notes,
          links: d.links,
          x: at?.x ?? d.x,
          y: at?.y ?? d.y,
          parent,
          shape: d.shape,
          color: d.color,
          width: d.width ?? at?.width,
          height: d.height ?? at?.height,
          properties: props[i],
          ...(d.alias && !checkAlias(d.alias, '') ? { aliases: [d.alias] } : {}),
        },
        'create',
        born.at,
      )
      if (born.order !== undefined) w.node(id(ph)).set('order', born.order)
    })
    for (const [nid, alias] of newAlias) {
      const m = w.node(nid)
      const kept = (g.index.nodes.get(nid)?.aliases ?? []).filter((a) => !checkAlias(a, ''))
      m.set('aliases', [...kept, alias].slice(-MAX_ALIASES))
    }
    for (const e of edges)
      writeEdge(w, { from: id(e.from), to: id(e.to), type: e.type, label: e.label, properties: e.properties })
    if (p.direction && !meta(g).direction) layout(g.doc).meta.set('direction', p.direction)
    if (p.classDefs) {
      // Class definitions the graph does not have yet; one it has is kept as it is.
      const ymeta = layout(g.doc).meta
      const had = ymeta.get(CLASS_DEFS)
      const defs: Record<string, string> =
        had && typeof had === 'object' ? { ...(had as Record<string, string>) } : {}
      const add = Object.entries(p.classDefs).filter(([k]) => !(k in defs))
      if (add.length) ymeta.set(CLASS_DEFS, { ...defs, ...Object.fromEntries(add) })
    }
    // Like the direction, the first import that gives one sets it.
    if (p.linkStyleDefault && layout(g.doc).meta.get(LINK_STYLE_DEFAULT) === undefined)
      layout(g.doc).meta.set(LINK_STYLE_DEFAULT, p.linkStyleDefault)
  })
  const problems = cycle
    ? integrity(g)
        .filter((x) => x.type === 'dependency_cycle')
        .map((x) => x.message)
    : []
  return {
    ok: true,
    created: fresh.length,
    matched: taken.size,
    edges: edges.length,
    matches,
    skipped,
    skippedCount,
    problems,
    ...(frameId !== undefined ? { frame: frameId, alike } : {}),
  }
}
