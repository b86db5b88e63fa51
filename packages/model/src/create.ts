import { checkAppearance } from './appearance.ts'
import { fail, write, type Graph } from './graph.ts'
import { checkNoClaimKeys } from './claims.ts'
import { DEPENDS_ON, PendingDeps, dependsPath, writeEdge } from './edges.ts'
import { newChildPlaces, type NewPlace } from './drawn-order.ts'
import { BatchLabels, matchOf, resolveLabel } from './resolve.ts'
import type { Failure, Json, Result } from './types.ts'
import {
  LIMITS,
  checkBatch,
  checkJson,
  checkKind,
  checkLinks,
  checkProperties,
  checkString,
  isFailure,
  liveNode,
} from './validate.ts'
import { propertiesAfter } from './rules.ts'
import { mergeNoteLines, notesOf, setText } from './text.ts'

/**
 * How a new item is matched against existing nodes (same parent when it has one, else anywhere):
 * - `auto` (default): a match (confidence >= 0.85) is reused instead of created, its notes merged into
 *   the match's (new lines appended, as memory merges them); a match that is resolved is not reused:
 *   the item is created and `warnings` names the resolved node (new work is never folded into done work);
 * - `enrich`: as auto, and the item's properties, links and dependencies are added to the match; a
 *   resolved match is enriched all the same (attaching to finished work is what enrich is for), and
 *   the result says so: the match carries `resolved: true` and `warnings` names it;
 * - `strict`: any match fails the whole batch, naming it;
 * - `explore`: everything is created; likely duplicates (confidence >= 0.6) are reported;
 * - `force`: everything is created, nothing is compared.
 * Items of one batch are matched with each other as with the graph (under the same parent): in auto,
 * enrich and strict, "ConfigLoader" and "Config Loader" in one batch are one node.
 * In auto, enrich and strict, an item naming two nodes almost equally well (near twins, resolve.ts's
 * TWIN_MARGIN) is merged into neither: it is created, and both are listed in `possible_duplicates`.
 */
export type DedupMode = 'strict' | 'auto' | 'force' | 'enrich' | 'explore'
const MODES: readonly DedupMode[] = ['strict', 'auto', 'force', 'enrich', 'explore']
const EXPLORE_CONFIDENCE = 0.6

export interface CreateItem {
  ref?: string
  summary: string
  notes?: string
  kind?: string
  /** An existing node id. */
  parent?: string | null
  /** The ref of another item in this batch, or an existing node id. */
  parent_ref?: string
  /** Refs in this batch or existing ids. */
  depends_on?: string[]
  properties?: Record<string, Json>
  links?: string[]
  state?: Json
  resolved?: boolean
  x?: number
  y?: number
  /** Appearance (see appearance.ts): a shape name, `#rrggbb` or a canvas preset `"1"`-`"6"`, canvas pixels. */
  shape?: string
  color?: string
  width?: number
  height?: number
}

interface Plan {
  item: CreateItem
  id: string
  parent: string | null
  match?: { id: string; summary: string; confidence: number }
  /** The match is a resolved node (see `DedupMode`). */
  resolved?: boolean
}

export interface CreateResult {
  created: Array<{ ref?: string; id: string; summary: string }>
  matched: Array<{ ref?: string; id: string; summary: string; confidence: number; resolved?: boolean }>
  refs: Record<string, string>
  /** Items that met a resolved node: created beside it (auto), or merged into it (enrich). */
  warnings: Array<{ ref?: string; id: string; resolved_match: string; message: string }>
  possible_duplicates: Array<{
    ref?: string
    id: string
    match: { id: string; summary: string; confidence: number }
  }>
}

const KNOWN = [
  'ref',
  'summary',
  'notes',
  'kind',
  'parent',
  'parent_ref',
  'depends_on',
  'properties',
  'links',
  'state',
  'resolved',
  'x',
  'y',
  'shape',
  'color',
  'width',
  'height',
]
const KNOWN_SET = new Set(KNOWN)
const LINE = { line: true }
const TEXT = { empty: true }

const badNumber = (v: unknown): boolean => v !== undefined && (typeof v !== 'number' || !Number.isFinite(v))

function checkItem(g: Graph, raw: unknown, i: number): Failure | null {
  const at = `items[${i}]`
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return fail('invalid_argument', `${at}: expected an object with a summary`)
  const it = raw as Record<string, unknown>
  const extra = Object.keys(it).find((k) => !KNOWN_SET.has(k))
  if (extra)
    return fail('invalid_argument', `${at}: unknown field '${extra}'; fields are ${KNOWN.join(', ')}`, {
      index: i,
    })
  // In this order, the first failure wins; a field that is absent is not checked.
  const c =
    checkString(it.summary, `${at}.summary`, LIMITS.summary, LINE) ??
    (it.ref !== undefined ? checkString(it.ref, `${at}.ref`, 200, LINE) : null) ??
    (it.notes !== undefined ? checkString(it.notes, `${at}.notes`, LIMITS.notes, TEXT) : null) ??
    (it.kind !== undefined ? checkKind(it.kind, `${at}.kind`) : null) ??
    (it.parent_ref !== undefined ? checkString(it.parent_ref, `${at}.parent_ref`, 200, LINE) : null) ??
    (it.properties !== undefined ? checkProperties(it.properties, `${at}.properties`, false) : null) ??
    (it.properties !== undefined ? checkNoClaimKeys(it.properties, `${at}.properties`) : null) ??
    (it.links !== undefined ? checkLinks(it.links, `${at}.links`) : null) ??
    (it.state !== undefined ? checkJson(it.state, `${at}.state`) : null) ??
    (it.resolved !== undefined && typeof it.resolved !== 'boolean'
      ? fail('invalid_argument', `${at}.resolved: expected true or false`)
      : null) ??
    (badNumber(it.x) ? fail('invalid_argument', `${at}.x: expected a finite number`) : null) ??
    (badNumber(it.y) ? fail('invalid_argument', `${at}.y: expected a finite number`) : null) ??
    checkAppearance(it, at, false) ??
    (it.depends_on !== undefined && !Array.isArray(it.depends_on)
      ? fail('invalid_argument', `${at}.depends_on: expected an array of refs or ids`)
      : null)
  if (c) return { ...c, index: i }
  if (it.parent !== undefined && it.parent !== null) {
    const p = liveNode(g, it.parent, `${at}.parent`)
    if (isFailure(p)) return { ...p, index: i }
  }
  if (it.parent !== undefined && it.parent !== null && it.parent_ref !== undefined) {
    return fail('invalid_argument', `${at}: give parent or parent_ref, not both`, { index: i })
  }
  return null
}

// eslint-disable-next-line no-control-regex
const ASCII = /^[\u0000-\u007f]*$/
/** Capitals, a run of spaces, a space that is not ' ', or a space at either end: what norm changes in ASCII. */
const UNNORMAL = /[A-Z]|\s\s|[^\S ]|^ | $/
/** NFKC leaves ASCII as it is, and most summaries are ASCII; most of those are already in this form. */
const norm = (s: string): string =>
  ASCII.test(s)
    ? UNNORMAL.test(s)
      ? s.toLowerCase().replace(/\s+/g, ' ').trim()
      : s
    : s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()

/**
 * `ordered`: the children each parent gains are drawn in the order the items are written, after the
 * children it had (drawn-order.ts newChildPlaces: stamped 1/2048 ms apart, with an `order` past the
 * last sibling's key where a stamp would not put them after it): a map draws siblings by `order ??
 * created_at`, then id, and the random ids of one call's nodes would shuffle a plan or a pasted branch.
 */
export function createNodes(
  g: Graph,
  items: CreateItem[],
  opts: { mode?: DedupMode; ordered?: boolean } = {},
): Result<CreateResult> {
  const b = checkBatch(items, 'items')
  if (b) return b
  const mode = opts.mode ?? 'auto'
  if (!MODES.includes(mode))
    return fail('invalid_argument', `mode ${JSON.stringify(mode)} is not one of ${MODES.join(', ')}`)
  const refs = checkItems(g, items)
  if (!refs.ok) return refs
  const ordered = parentsFirst(g, items, refs.byRef)
  if (!ordered.ok) return ordered
  const planned = planItems(g, items, ordered.order, refs.byRef, mode)
  if (!planned.ok) return planned
  const deps = dependencies(g, items, planned.plans, refs.byRef)
  if (!deps.ok) return deps
  const written = writePlans(g, ordered.order, planned.plans, deps.deps, planned.possible, mode, opts.ordered)
  return { ok: true, ...written }
}

/** Each item checked alone, and the batch's refs: index by ref, none used twice. */
function checkItems(g: Graph, items: CreateItem[]): Result<{ byRef: Map<string, number> }> {
  const byRef = new Map<string, number>()
  for (let i = 0; i < items.length; i++) {
    const c = checkItem(g, items[i], i)
    if (c) return c
    const ref = items[i]!.ref
    if (ref !== undefined) {
      if (byRef.has(ref))
        return fail('duplicate_ref', `items[${i}].ref '${ref}' is already used by items[${byRef.get(ref)}]`, {
          index: i,
        })
      byRef.set(ref, i)
    }
  }
  return { ok: true, byRef }
}

/** Items ordered so every parent_ref is planned before its children; a parent_ref loop is an error. */
function parentsFirst(
  g: Graph,
  items: CreateItem[],
  byRef: Map<string, number>,
): Result<{ order: number[] }> {
  const order: number[] = []
  // Per item: 0 not reached yet, 1 on the chain being walked, 2 ordered.
  const mark = new Uint8Array(items.length)
  for (let start = 0; start < items.length; start++) {
    if (mark[start]) continue
    const chain: number[] = []
    let cur: number | undefined = start
    while (cur !== undefined && !mark[cur]) {
      mark[cur] = 1
      chain.push(cur)
      const pr: string | undefined = items[cur]!.parent_ref
      if (pr === undefined) break
      const p = byRef.get(pr)
      // Not a ref of the batch: an existing node id, as depends_on takes (seed 000).
      if (p === undefined && g.index.live(pr)) break
      if (p === undefined)
        return fail(
          'unknown_ref',
          `items[${cur}].parent_ref '${pr}' is neither the ref of an item in this batch nor an existing node id`,
          { index: cur },
        )
      if (mark[p] === 1)
        return fail(
          'cycle_detected',
          `items[${cur}].parent_ref '${pr}' makes a loop of parents inside the batch`,
          { index: cur },
        )
      cur = p
    }
    for (let k = chain.length - 1; k >= 0; k--) {
      mark[chain[k]!] = 2
      order.push(chain[k]!)
    }
  }
  return { ok: true, order }
}

/** Per item: the node it becomes (a new id, or the existing node it matches, by mode) and its parent. */
function planItems(
  g: Graph,
  items: CreateItem[],
  order: number[],
  byRef: Map<string, number>,
  mode: DedupMode,
): Result<{ plans: Plan[]; possible: CreateResult['possible_duplicates'] }> {
  const plans: Plan[] = new Array(items.length)
  const seen = new Map<string, number>()
  const possible: CreateResult['possible_duplicates'] = []
  const batch = new BatchLabels()
  for (const i of order) {
    const item = items[i]!
    const pr = item.parent_ref
    const parent = pr === undefined ? (item.parent ?? null) : byRef.has(pr) ? plans[byRef.get(pr)!]!.id : pr
    const key = `${parent ?? ''}\u0000${norm(item.summary)}`
    // An earlier item of the batch this one names as the graph matching would ("Config Loader" after
    // "ConfigLoader"): the same as a repeat.
    if (mode !== 'force' && mode !== 'explore' && !seen.has(key)) {
      const twin = batch.find(parent, item.summary)
      if (twin !== undefined) seen.set(key, twin)
    }
    if (mode !== 'force' && seen.has(key)) {
      if (mode === 'strict')
        return fail(
          'duplicate',
          `items[${i}] repeats items[${seen.get(key)}] ('${item.summary}') under the same parent`,
          { index: i },
        )
      if (mode !== 'explore') {
        plans[i] = { ...plans[seen.get(key)!]!, item }
        continue
      }
    }
    const scope = { parent: parent ?? undefined }
    const found = mode === 'force' || mode === 'explore' ? undefined : matchOf(g, item.summary, scope)
    const match = found?.match
    if (match && mode === 'strict') {
      return fail(
        'duplicate',
        `items[${i}] '${item.summary}' duplicates node ${match.id} '${match.summary}' (confidence ${match.confidence.toFixed(2)}); use mode auto or enrich to reuse it, or force to create anyway`,
        { index: i, suggestion: { id: match.id, summary: match.summary } },
      )
    }
    const done = match !== undefined && g.index.nodes.get(match.id)?.resolved === true
    const plan: Plan =
      match && !(done && mode === 'auto')
        ? { item, id: match.id, parent, match, resolved: done || undefined }
        : { item, id: g.env.newId(), parent, ...(match ? { match, resolved: true } : {}) }
    // Near twins (resolve.ts): the label names two nodes almost equally well. It is merged into
    // neither: the item is created and both are reported as possible duplicates.
    for (const r of found?.rivals ?? []) possible.push({ ref: item.ref, id: plan.id, match: r })
    if (mode === 'explore') {
      const near = resolveLabel(g, item.summary, { ...scope, limit: 1, readings: 'same' })[0]
      const twin = seen.get(key)
      if (near && near.confidence >= EXPLORE_CONFIDENCE)
        possible.push({ ref: item.ref, id: plan.id, match: near })
      // A repeat inside the batch is as likely a duplicate as a node already in the graph.
      else if (twin !== undefined) {
        possible.push({
          ref: item.ref,
          id: plan.id,
          match: { id: plans[twin]!.id, summary: items[twin]!.summary, confidence: 1 },
        })
      }
    }
    plans[i] = plan
    seen.set(key, i)
    if (mode !== 'force' && mode !== 'explore') batch.add(parent, item.summary, i)
  }
  return { ok: true, plans, possible }
}

/** Dependencies: refs and ids resolved, any that would close a cycle rejected, naming it. */
function dependencies(
  g: Graph,
  items: CreateItem[],
  plans: Plan[],
  byRef: Map<string, number>,
): Result<{ deps: Array<[string, string]> }> {
  const deps: Array<[string, string]> = []
  const pending = new PendingDeps()
  for (let i = 0; i < items.length; i++) {
    const from = plans[i]!.id
    const list = items[i]!.depends_on ?? []
    for (let j = 0; j < list.length; j++) {
      const d = list[j]
      const at = `items[${i}].depends_on[${j}]`
      if (typeof d !== 'string')
        return fail('invalid_argument', `${at}: expected a ref or node id`, { index: i })
      let to: string
      if (byRef.has(d)) to = plans[byRef.get(d)!]!.id
      else {
        const n = liveNode(g, d, at)
        if (isFailure(n)) return { ...n, message: `${n.message} (not a ref in this batch either)`, index: i }
        to = n.id
      }
      if (to === from)
        return fail('cycle_detected', `${at}: an item cannot depend on itself`, {
          index: i,
          path: [from, from],
        })
      const path = dependsPath(g, to, from, pending)
      if (path)
        return fail('cycle_detected', `${at}: would close a dependency cycle ${[...path, to].join(' -> ')}`, {
          index: i,
          path: [...path, to],
        })
      deps.push([from, to])
      pending.add(from, to)
    }
  }
  return { ok: true, deps }
}

/** The plans written in one transaction: new nodes created, matches reported (and enriched in mode enrich), dependencies linked. */
function writePlans(
  g: Graph,
  order: number[],
  plans: Plan[],
  deps: Array<[string, string]>,
  possible: CreateResult['possible_duplicates'],
  mode: DedupMode,
  inOrder = false,
): CreateResult {
  const result: CreateResult = {
    created: [],
    matched: [],
    refs: {},
    possible_duplicates: possible,
    warnings: [],
  }
  // Ids already reported: an item repeating an earlier one in the batch shares its plan and its id.
  const done = new Set<string>()
  // Ids created here: their dependencies go into their create event rather than an event of their own.
  const made = new Set<string>()
  write(g, (w) => {
    const born = inOrder ? bornInOrder(g, w.now, plans) : undefined
    for (const i of order) {
      const { item, id, parent, match, resolved: intoDone } = plans[i]!
      if (item.ref !== undefined) result.refs[item.ref] = id
      if (done.has(id)) continue
      done.add(id)
      const at = `items[${i}] '${item.summary}'`
      if (match && match.id === id) {
        result.matched.push({
          ref: item.ref,
          id,
          summary: match.summary,
          confidence: match.confidence,
          ...(intoDone ? { resolved: true } : {}),
        })
        if (intoDone)
          result.warnings.push({
            ref: item.ref,
            id,
            resolved_match: id,
            message: `${at} was merged into RESOLVED node ${id} '${match.summary}' (confidence ${match.confidence.toFixed(2)}): graph_next will not offer it; reopen it with graph_update {resolved: false}, or plan it without a mode to create it`,
          })
        if (item.notes) mergeNotes(w, id, item.notes)
        if (mode === 'enrich') enrich(w, id, item)
        continue
      }
      if (match)
        result.warnings.push({
          ref: item.ref,
          id,
          resolved_match: match.id,
          message: `${at} matches RESOLVED node ${match.id} '${match.summary}' (confidence ${match.confidence.toFixed(2)}): created as new work ${id} rather than folded into finished work; if it is the same work, reopen ${match.id} and drop ${id}`,
        })
      const { summary, notes, kind, resolved, state, properties, links, x, y } = item
      const { shape, color, width, height } = item
      const place = born?.get(id)
      w.createNode(
        id,
        {
          summary,
          notes,
          kind,
          parent,
          resolved,
          state,
          properties,
          links,
          x,
          y,
          shape,
          color,
          width,
          height,
        },
        'create',
        place?.at ?? w.now,
      )
      if (place?.order !== undefined) w.node(id).set('order', place.order)
      result.created.push({ ref: item.ref, id, summary: item.summary })
      made.add(id)
    }
    for (const [from, to] of deps)
      writeEdge(w, { from, to, type: DEPENDS_ON }, made.has(from) ? 'create' : 'connect')
  })
  return result
}

/**
 * The place of each node the plans make, by id: asked in the items' order, not the parents-first order
 * they are written in, so siblings keep the order written whichever of them a later item hangs from.
 */
function bornInOrder(g: Graph, now: number, plans: Plan[]): Map<string, NewPlace> {
  const placeOf = newChildPlaces(g.index, now)
  const born = new Map<string, NewPlace>()
  for (const p of plans) {
    if ((p.match && p.match.id === p.id) || born.has(p.id)) continue
    born.set(p.id, placeOf(p.parent))
  }
  return born
}

/** The item's note lines merged into the node's, as memory merges them (`mergeNoteLines`). */
function mergeNotes(w: import('./graph.ts').Writer, id: string, notes: string): void {
  const t = notesOf(w, id)
  const before = t.toString()
  const after = mergeNoteLines(before, notes)
  if (after.length > LIMITS.notes || !setText(t, after)) return
  w.record(id, 'update', [{ field: 'notes', before, after }])
  w.touch(id)
}

function enrich(w: import('./graph.ts').Writer, id: string, item: CreateItem): void {
  const m = w.node(id)
  let changed = false
  const props = m.get('properties')
  if (props && typeof props === 'object' && 'set' in props) {
    const pm = props as import('yjs').Map<Json>
    // Up to the limit on a node's properties (the server refuses more).
    let room = LIMITS.properties - propertiesAfter(w.g.index.nodes.get(id)?.properties ?? {}, {})
    for (const [k, v] of Object.entries(item.properties ?? {})) {
      if (pm.has(k)) continue
      if (room-- <= 0) break
      pm.set(k, v)
      w.record(id, 'enrich', [{ field: `properties.${k}`, before: null, after: v }])
      changed = true
    }
  }
  const links = m.get('links')
  if (links && typeof links === 'object' && 'set' in links) {
    const lm = links as import('yjs').Map<boolean>
    for (const l of item.links ?? []) {
      if (lm.has(l)) continue
      lm.set(l, true)
      w.record(id, 'enrich', [{ field: 'links', before: null, after: l }])
      changed = true
    }
  }
  if (changed) w.touch(id)
}
