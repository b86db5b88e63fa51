import type { Graph } from './graph.ts'
import { fail } from './graph.ts'
import { FIELDS, fieldMask, kthLargest, searchIndexOf, selectTop, type SearchIndex } from './search-index.ts'
import { MAX_TOKEN, exactLabel, fold, labelWords, snippet, wordTokens } from './tokenize.ts'
import type { StructureView } from './graph-index.ts'
import { variants } from './word-forms.ts'
import type { NodeView, Result } from './types.ts'
import { checkString, isFailure, liveNode } from './validate.ts'

export interface SearchOptions {
  /** Items per page: 1 to 200, default 20. */
  limit?: number
  /** `next_cursor` from the previous page of the same search. */
  cursor?: string
  kind?: string
  /** Default true; false leaves resolved nodes out. */
  includeResolved?: boolean
  /** A node id: only it and its descendants. */
  within?: string
}

export interface SearchItem {
  id: string
  summary: string
  kind: string
  resolved: boolean
  /**
   * Reciprocal rank fusion: the sum over query terms of 1 / (60 + rank of this node for the term), plus 1
   * to 3 when the summary holds all the query's words, holds them in a row, or is the query's text.
   */
  score: number
  /** Where the query matched, in the order of FIELDS. */
  fields: string[]
  /** When a field other than the summary matched: the text around the match. */
  snippet?: string
}

export interface SearchResult {
  items: SearchItem[]
  /** Live nodes matching a query term and the filters; pages reach the best PER_TERM of each term. */
  total: number
  next_cursor: string | null
}

export const MAX_QUERY = 1000
const MAX_LIMIT = 200
const MAX_TERMS = 32
/** Candidates ranked per query term; the fused set of these is what pages walk through. */
export const PER_TERM = 1000
const RRF_K = 60
/** A completion of the word being typed counts this much of the word itself. */
const PREFIX_WEIGHT = 0.8
const MIN_PREFIX = 2
/** Another form of the word ("idempotent" for "idempotency", "db" for "database"), and a near spelling of a word no node has. */
const FORM_WEIGHT = 0.9
const TYPO_WEIGHT = 0.7
/**
 * The best candidates by fused score that are re-ranked by how closely their summary reads as the query:
 * the same text, then the query's words in a row ("Finance 7.3" in "Finance 7.3 budget"), then all of
 * them. Fixed, so every page of one search re-ranks the same set.
 */
const RERANK = 100
const TIER_BONUS = 1

/**
 * Ranked full-text search over live nodes. Each query term ranks the nodes that contain it by field-weighted
 * BM25 (the last word also by its completions, as one types); the per-term rankings are merged by reciprocal
 * rank fusion, so a node that ranks well for several terms beats one that ranks first for a single term.
 */
export function search(g: Graph, query: string, opts: SearchOptions = {}): Result<SearchResult> {
  const bad = checkString(query, 'query', MAX_QUERY)
  if (bad) return bad
  const limit = opts.limit ?? 20
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    return fail('invalid_argument', `limit must be a whole number from 1 to ${MAX_LIMIT}`)
  }
  if (opts.kind !== undefined && typeof opts.kind !== 'string')
    return fail('invalid_argument', 'kind must be a string')
  if (opts.within !== undefined) {
    const w = liveNode(g, opts.within, 'within')
    if (isFailure(w)) return w
  }
  const key = cursorKey(query, opts)
  let offset = 0
  if (opts.cursor !== undefined && opts.cursor !== null) {
    const m = typeof opts.cursor === 'string' ? /^s1_([0-9a-z]{1,8})_([0-9a-z]+)$/.exec(opts.cursor) : null
    if (!m || m[2] !== key) {
      return fail(
        'invalid_cursor',
        'cursor is not one this search returned; omit it to start from the first page',
      )
    }
    offset = parseInt(m[1]!, 36)
  }
  const si = searchIndexOf(g.index)
  // A query that ends inside a word is still being typed: that word also matches as a prefix.
  const terms = planTerms(si, wordTokens(query, 'query'), /[\p{L}\p{N}\p{M}]$/u.test(query))
  const r = rank(g, si, terms, opts)
  rerank(si, query, r)
  const reachable = r.ords.length
  const page = selectTop(r.ords, Math.min(offset + limit, reachable), r.cmp).slice(offset)
  const tokens = terms.flat().map((t) => t.term)
  const items = page.map((ord): SearchItem => {
    const n = si.views[ord]!
    const fields = FIELDS.filter((_, f) => (r.mask[ord]! >> f) & 1)
    const score = Math.round(r.score[ord]! * 1e6) / 1e6
    const item: SearchItem = {
      id: n.id,
      summary: n.summary,
      kind: n.kind,
      resolved: n.resolved,
      score,
      fields,
    }
    const snip = fields.some((f) => f !== 'summary') ? snippetOf(n, tokens) : undefined
    if (snip) item.snippet = snip
    return item
  })
  const more = offset + limit < reachable
  return {
    ok: true,
    items,
    total: r.total,
    next_cursor: more ? `s1_${(offset + limit).toString(36)}_${key}` : null,
  }
}

interface Term {
  term: string
  weight: number
}

/** One list of (term, weight) per ranked list: the query's distinct tokens, the last word's completed. */
function planTerms(si: SearchIndex, groups: string[][], typing: boolean): Term[][] {
  const seen = new Set<string>()
  const lists: Term[][] = []
  groups.forEach((group, gi) => {
    group.forEach((t, i) => {
      if (seen.has(t) || lists.length >= MAX_TERMS) return
      seen.add(t)
      const list: Term[] = [{ term: t, weight: 1 }]
      // What is still being typed: the whole last word, and its last camelCase part.
      const tail = gi === groups.length - 1 && (i === 0 || i === group.length - 1)
      if (typing && tail && t.length >= MIN_PREFIX && t.length < MAX_TOKEN) {
        for (const c of si.completions(t, 64, 50_000)) list.push({ term: c, weight: PREFIX_WEIGHT })
      }
      // Other forms of the word, and for a word no node has (a typo), the known words one edit away.
      for (const f of si.forms(t)) list.push({ term: f, weight: FORM_WEIGHT })
      for (const v of variants(t)) {
        for (const f of [v, ...si.forms(v)]) {
          if (si.postings.has(f) && !list.some((x) => x.term === f))
            list.push({ term: f, weight: FORM_WEIGHT })
        }
      }
      if (!si.postings.has(t)) {
        const typos = si.near(t)
        for (const v of [...typos, ...typos.flatMap((v) => si.forms(v))]) {
          if (!list.some((x) => x.term === v)) list.push({ term: v, weight: TYPO_WEIGHT })
        }
      }
      lists.push(list)
    })
  })
  return lists
}

/**
 * Lifts the best RERANK candidates whose summary reads as the query: +3 the same text, +2 the query's
 * words in a row, +1 all of them in any order (times TIER_BONUS, more than any fused score can add up to).
 */
function rerank(si: SearchIndex, query: string, r: ReturnType<typeof rank>): void {
  const exact = exactLabel(query)
  const words = labelWords(query)
  if (words.length === 0 || r.ords.length === 0) return
  // What each word must contain to be in a summary: "retry" (from "retries") is in it as "retr".
  const probes = words.map((w) => (w.endsWith('y') ? w.slice(0, -1) : w))
  const top = selectTop(r.ords.slice(), RERANK, r.cmp)
  for (const ord of top) {
    if ((r.mask[ord]! & 1) === 0) continue
    const summary = si.views[ord]!.summary
    let tier = 0
    if (exactLabel(summary) === exact) tier = 3
    else if (probes.every((w) => fold(summary).toLowerCase().includes(w))) {
      // Reading a summary's words costs more than this substring test, which most candidates fail.
      const have = labelWords(summary)
      if (inRow(have, words)) tier = 2
      else if (words.every((w) => have.includes(w))) tier = 1
    }
    r.score[ord]! += tier * TIER_BONUS
  }
}

/** Whether `words` occur one after another in `have`. */
function inRow(have: string[], words: string[]): boolean {
  for (let i = 0; i + words.length <= have.length; i++) {
    if (words.every((w, j) => have[i + j] === w)) return true
  }
  return false
}

/** Arrays by ordinal, reused across searches; a stamp equal to the current generation marks a live slot. */
class Scratch {
  gen = 0
  termGen = new Uint32Array(0)
  seenGen = new Uint32Array(0)
  fusedGen = new Uint32Array(0)
  /** +gen: passes this search's filters; -gen: does not. */
  filter = new Int32Array(0)
  termScore = new Float64Array(0)
  fused = new Float64Array(0)
  vals = new Float64Array(0)
  termMask = new Uint8Array(0)
  fusedMask = new Uint8Array(0)

  fit(n: number): void {
    if (this.termGen.length >= n && this.gen < 0x7ffffff0) return
    const c = Math.max(n, this.termGen.length * 2, 1024)
    this.termGen = new Uint32Array(c)
    this.seenGen = new Uint32Array(c)
    this.fusedGen = new Uint32Array(c)
    this.filter = new Int32Array(c)
    this.termScore = new Float64Array(c)
    this.fused = new Float64Array(c)
    this.vals = new Float64Array(c)
    this.termMask = new Uint8Array(c)
    this.fusedMask = new Uint8Array(c)
    this.gen = 0
  }
}

const scratches = new WeakMap<SearchIndex, Scratch>()

function rank(g: Graph, si: SearchIndex, terms: Term[][], opts: SearchOptions) {
  let sc = scratches.get(si)
  if (!sc) scratches.set(si, (sc = new Scratch()))
  sc.fit(si.ids.length)
  const s = sc
  const query = ++s.gen
  const inside = opts.within !== undefined ? subtree(g.index.struct(), opts.within) : undefined
  const kind = opts.kind === undefined ? -1 : (si.kindIds.get(opts.kind) ?? -2)
  const resolved = opts.includeResolved !== false
  const filtered = kind !== -1 || !resolved || inside !== undefined
  const pass = (ord: number): boolean => {
    if (!filtered || s.filter[ord] === query) return true
    if (s.filter[ord] === -query) return false
    const tag = si.tags[ord]!
    const ok =
      (kind === -1 || tag >> 1 === kind) && (resolved || (tag & 1) === 0) && (!inside || inside(si.ids[ord]!))
    s.filter[ord] = ok ? query : -query
    return ok
  }
  const byId = (a: number, b: number): number => si.byId(a, b)
  const alive = si.alive
  si.prepare()
  const fused: number[] = []
  let total = 0
  for (const list of terms) {
    const gen = ++s.gen
    const touched: number[] = []
    for (const { term, weight } of list) {
      const p = si.postings.get(term)
      if (!p) continue
      const idf = si.idf(p.live) * weight
      const { ords, tfs, n } = p
      for (let i = 0; i < n; i++) {
        const ord = ords[i]!
        if (!alive[ord] || !pass(ord)) continue
        const packed = tfs[i]!
        const v = si.score(packed, ord, idf)
        const mask = fieldMask(packed)
        if (s.termGen[ord] !== gen) {
          s.termGen[ord] = gen
          s.termScore[ord] = v
          s.termMask[ord] = mask
          touched.push(ord)
        } else {
          if (v > s.termScore[ord]!) s.termScore[ord] = v
          s.termMask[ord]! |= mask
        }
        if (s.seenGen[ord] !== query) {
          s.seenGen[ord] = query
          total++
        }
      }
    }
    topK(touched, s.termScore, PER_TERM, byId, s.vals).forEach((ord, r) => {
      if (s.fusedGen[ord] !== query) {
        s.fusedGen[ord] = query
        s.fused[ord] = s.fusedMask[ord] = 0
        fused.push(ord)
      }
      s.fused[ord]! += 1 / (RRF_K + r + 1)
      s.fusedMask[ord]! |= s.termMask[ord]!
    })
  }
  const cmp = (a: number, b: number): number => s.fused[b]! - s.fused[a]! || byId(a, b)
  return { ords: fused, cmp, total, score: s.fused, mask: s.fusedMask }
}

const SPAN = 2 ** 24
const tours = new WeakMap<StructureView, Map<string, number>>()

/**
 * A test for "is this node `root` or below it". The tree is numbered in preorder once per structure (it
 * changes far less often than it is searched), so the test is two comparisons instead of a walk up.
 * GraphIndex grows a structure in place when nodes are only added, as leaves: a node missing from the
 * numbering is judged by its nearest numbered ancestor, and a missing root renumbers.
 */
function subtree(st: StructureView, root: string): (id: string) => boolean {
  let tour = tours.get(st)
  if (!tour?.has(root)) tours.set(st, (tour = tourOf(st)))
  const t = tour
  const range = t.get(root)!
  const lo = Math.floor(range / SPAN)
  const hi = range % SPAN
  return (id) => {
    let cur: string | undefined = id
    let v = t.get(id)
    while (v === undefined && cur !== undefined) {
      cur = st.parent.get(cur)
      v = cur === undefined ? undefined : t.get(cur)
    }
    const pre = v === undefined ? -1 : Math.floor(v / SPAN)
    return pre >= lo && pre < hi
  }
}

/** Node id -> its preorder number * SPAN + the end (exclusive) of its subtree's numbers. */
function tourOf(st: StructureView): Map<string, number> {
  const tour = new Map<string, number>()
  let next = 0
  const frames: Array<{ id: string; kids: readonly string[]; i: number; pre: number }> = []
  for (const root of st.roots) {
    frames.push({ id: root, kids: st.children.get(root) ?? [], i: 0, pre: next++ })
    while (frames.length > 0) {
      const f = frames[frames.length - 1]!
      const kid = f.kids[f.i++]
      if (kid !== undefined) frames.push({ id: kid, kids: st.children.get(kid) ?? [], i: 0, pre: next++ })
      else tour.set(frames.pop()!.id, f.pre * SPAN + next)
    }
  }
  return tour
}

/**
 * The best k of `ords` by score, then id, in order. The k-th best score is found on plain numbers first
 * (quickselect), so ids are compared only among the few ranked and the ties at the cut: a common word
 * gives tens of thousands of equal scores, and comparing all those ids would cost more than the search.
 */
function topK(
  ords: number[],
  score: Float64Array,
  k: number,
  byId: (a: number, b: number) => number,
  vals: Float64Array,
): number[] {
  let out = ords
  if (ords.length > k) {
    for (let i = 0; i < ords.length; i++) vals[i] = score[ords[i]!]!
    const cut = kthLargest(vals, ords.length, k)
    const above: number[] = []
    const tied: number[] = []
    for (const o of ords) {
      if (score[o]! > cut) above.push(o)
      else if (score[o] === cut) tied.push(o)
    }
    out = above.concat(selectTop(tied, k - above.length, byId))
  }
  return out.sort((a, b) => score[b]! - score[a]! || byId(a, b))
}

/** The text around a match outside the summary: notes first, then a link, then evidence. */
function snippetOf(n: NodeView, tokens: string[]): string | undefined {
  const s = snippet(n.notes, tokens)
  if (s) return s
  const link = n.links.find((l) => snippet(l, tokens))
  if (link) return link.length > 200 ? link.slice(0, 200) + '…' : link
  for (const e of n.evidence) {
    const hit = snippet(`${e.type}: ${e.ref}`, tokens)
    if (hit) return hit
  }
  return undefined
}

// A cursor is an offset plus a hash of the search it belongs to, so a cursor from another search is refused
// instead of silently skipping results.
function cursorKey(query: string, o: SearchOptions): string {
  const s = JSON.stringify([query, o.kind ?? null, o.includeResolved ?? true, o.within ?? null])
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  return (h >>> 0).toString(36)
}
