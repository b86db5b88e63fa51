import type { Graph } from './graph.ts'
import { fail } from './graph.ts'
import type { GraphIndex } from './graph-index.ts'
import { MAX_TOKEN, snippet, wordTokens } from './tokenize.ts'
import type { NodeView, Result } from './types.ts'
import { checkString, isFailure, liveNode } from './validate.ts'

/** The fields searched, in the order of the 7-bit term-frequency lanes of a posting. */
export const FIELDS = ['summary', 'links', 'notes', 'evidence'] as const
const WEIGHT = [3, 1.5, 1, 1]
// A summary is a few words: its length says little about relevance, so it is normalised less.
const B = [0.5, 0.75, 0.75, 0.75]
const K1 = 1.2
const LANE = 7
const TF_MAX = (1 << LANE) - 1
const PREFIX_LEN = 3

/**
 * An inverted index over the live nodes of one GraphIndex. Each node has a small integer ordinal so hot
 * loops index typed arrays instead of hashing ids. A posting packs the term's frequency in each of the four
 * fields into one small integer, 7 bits each: past 127 BM25 has long saturated.
 */
export class SearchIndex {
  /** term -> ordinal -> packed frequencies. */
  readonly postings = new Map<string, Map<number, number>>()
  /** The first 1..3 characters of every term -> the terms, for completing the word being typed. */
  readonly prefixes = new Map<string, Set<string>>()
  readonly ids: Array<string | undefined> = []
  /** The view each ordinal was last indexed from: filters read kind, resolved and parent here. */
  readonly views: Array<NodeView | undefined> = []
  private readonly lens: number[] = []
  private readonly lenSum = [0, 0, 0, 0]
  private docs = 0
  private readonly ords = new Map<string, number>()
  private readonly terms: Array<string[] | undefined> = []
  private readonly free: number[] = []

  constructor(readonly gi: GraphIndex) {
    for (const id of gi.nodes.keys()) this.update(id)
    // Only the changed nodes are re-read, and one whose text did not change (a drag, a claim) costs a compare.
    gi.onChange((nodes) => {
      for (const id of nodes) this.update(id)
    })
  }

  private update(id: string): void {
    const n = this.gi.live(id)
    const ord = this.ords.get(id)
    if (ord !== undefined) {
      const old = this.views[ord]
      if (n && old && sameText(old, n)) {
        this.views[ord] = n
        return
      }
      this.remove(ord)
    }
    if (n) this.add(n)
  }

  private add(n: NodeView): void {
    const ord = this.free.pop() ?? this.ids.length
    const packed = new Map<string, number>()
    const texts = [
      n.summary,
      n.links.join('\n'),
      n.notes,
      n.evidence.map((e) => `${e.type} ${e.ref}`).join('\n'),
    ]
    texts.forEach((text, f) => {
      const shift = f * LANE
      let len = 0
      for (const group of wordTokens(text, 'index')) {
        for (const t of group) {
          len++
          const p = packed.get(t) ?? 0
          if (((p >> shift) & TF_MAX) < TF_MAX) packed.set(t, p + (1 << shift))
        }
      }
      this.lens[ord * 4 + f] = len
      this.lenSum[f]! += len
    })
    for (const [t, p] of packed) {
      let posting = this.postings.get(t)
      if (!posting) {
        this.postings.set(t, (posting = new Map()))
        for (let i = 1; i <= Math.min(PREFIX_LEN, t.length); i++) {
          const k = t.slice(0, i)
          const set = this.prefixes.get(k)
          if (set) set.add(t)
          else this.prefixes.set(k, new Set([t]))
        }
      }
      posting.set(ord, p)
    }
    this.ids[ord] = n.id
    this.views[ord] = n
    this.terms[ord] = [...packed.keys()]
    this.ords.set(n.id, ord)
    this.docs++
  }

  private remove(ord: number): void {
    for (const t of this.terms[ord] ?? []) {
      const posting = this.postings.get(t)
      posting?.delete(ord)
      if (!posting || posting.size > 0) continue
      this.postings.delete(t)
      for (let i = 1; i <= Math.min(PREFIX_LEN, t.length); i++) {
        const set = this.prefixes.get(t.slice(0, i))
        set?.delete(t)
        if (set?.size === 0) this.prefixes.delete(t.slice(0, i))
      }
    }
    for (let f = 0; f < 4; f++) this.lenSum[f]! -= this.lens[ord * 4 + f] ?? 0
    this.ords.delete(this.ids[ord] ?? '')
    this.ids[ord] = this.views[ord] = this.terms[ord] = undefined
    this.free.push(ord)
    this.docs--
  }

  /** Terms that start with `prefix` (not `prefix` itself), shortest then most common first, bounded. */
  completions(prefix: string, maxTerms: number, maxPostings: number): string[] {
    const df = (t: string): number => this.postings.get(t)?.size ?? 0
    const found: string[] = []
    for (const t of this.prefixes.get(prefix.slice(0, PREFIX_LEN)) ?? []) {
      if (t !== prefix && t.startsWith(prefix)) found.push(t)
    }
    found.sort((a, b) => a.length - b.length || df(b) - df(a) || (a < b ? -1 : 1))
    const out: string[] = []
    let budget = maxPostings
    for (const t of found) {
      if (out.length >= maxTerms || (out.length > 0 && df(t) > budget)) break
      out.push(t)
      budget -= df(t)
    }
    return out
  }

  /** BM25F: field frequencies weighted and length-normalised, summed, then saturated once, times idf. */
  score(packed: number, ord: number, idf: number): number {
    let tf = 0
    for (let f = 0; f < 4; f++) {
      const c = (packed >> (f * LANE)) & TF_MAX
      if (c === 0) continue
      const avg = this.lenSum[f]! / this.docs
      const norm = avg > 0 ? 1 - B[f]! + (B[f]! * (this.lens[ord * 4 + f] ?? 0)) / avg : 1
      tf += (WEIGHT[f]! * c) / norm
    }
    return (idf * tf) / (K1 + tf)
  }

  idf(df: number): number {
    return Math.log(1 + (this.docs - df + 0.5) / (df + 0.5))
  }
}

/** A lane is non-zero exactly in the fields where the term occurs. */
function fieldMask(packed: number): number {
  let m = 0
  for (let f = 0; f < 4; f++) if ((packed >> (f * LANE)) & TF_MAX) m |= 1 << f
  return m
}

const sameText = (a: NodeView, b: NodeView): boolean =>
  a.summary === b.summary &&
  a.notes === b.notes &&
  a.links.join('\n') === b.links.join('\n') &&
  a.evidence.length === b.evidence.length &&
  a.evidence.every((e, i) => e.type === b.evidence[i]?.type && e.ref === b.evidence[i]?.ref)

const indexes = new WeakMap<GraphIndex, SearchIndex>()

/** The search index of a graph, built on first use and kept current from then on. */
export function searchIndexOf(gi: GraphIndex): SearchIndex {
  let si = indexes.get(gi)
  if (!si) indexes.set(gi, (si = new SearchIndex(gi)))
  return si
}

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
  /** Reciprocal rank fusion: the sum over query terms of 1 / (60 + rank of this node for the term). */
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
  const reachable = r.ords.length
  const page = selectTop(r.ords, Math.min(offset + limit, reachable), r.cmp).slice(offset)
  const tokens = terms.flat().map((t) => t.term)
  const items = page.map((ord): SearchItem => {
    const n = si.views[ord]!
    const fields = FIELDS.filter((_, f) => (r.mask[ord]! >> f) & 1)
    const item: SearchItem = {
      id: n.id,
      summary: n.summary,
      kind: n.kind,
      resolved: n.resolved,
      score: 0,
      fields,
    }
    item.score = Math.round(r.score[ord]! * 1e6) / 1e6
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
      lists.push(list)
    })
  })
  return lists
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
  const parent = opts.within !== undefined ? g.index.struct().parent : new Map<string, string>()
  const inside = new Map<string, boolean>(opts.within !== undefined ? [[opts.within, true]] : [])
  // Ancestry by walking up the effective tree, memoised: each node is walked past at most once per search.
  const within = (id: string): boolean => {
    const trail: string[] = []
    let cur: string | undefined = id
    let ok = false
    for (; cur !== undefined; cur = parent.get(cur)) {
      const memo = inside.get(cur)
      if (memo !== undefined) {
        ok = memo
        break
      }
      trail.push(cur)
    }
    for (const t of trail) inside.set(t, ok)
    return ok
  }
  const filtered = opts.kind !== undefined || opts.includeResolved === false || opts.within !== undefined
  const pass = (ord: number): boolean => {
    if (!filtered || s.filter[ord] === query) return true
    if (s.filter[ord] === -query) return false
    const n = si.views[ord]
    const ok =
      !!n &&
      (opts.kind === undefined || n.kind === opts.kind) &&
      (opts.includeResolved !== false || !n.resolved) &&
      (opts.within === undefined || within(n.id))
    s.filter[ord] = ok ? query : -query
    return ok
  }
  const byId = (a: number, b: number): number =>
    si.ids[a]! < si.ids[b]! ? -1 : si.ids[a]! > si.ids[b]! ? 1 : 0
  const fused: number[] = []
  let total = 0
  for (const list of terms) {
    const gen = ++s.gen
    const touched: number[] = []
    for (const { term, weight } of list) {
      const posting = si.postings.get(term)
      if (!posting) continue
      const idf = si.idf(posting.size) * weight
      for (const [ord, packed] of posting) {
        if (!pass(ord)) continue
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
    const top = selectTop(touched, PER_TERM, (a, b) => s.termScore[b]! - s.termScore[a]! || byId(a, b))
    top.forEach((ord, r) => {
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

/**
 * Reorders `items` so its first `k` are the smallest under `cmp` (quickselect: linear on average), drops the
 * rest and sorts those. Only a page is ever shown, so sorting a posting list of 50k would be waste.
 */
export function selectTop<T>(items: T[], k: number, cmp: (a: T, b: T) => number): T[] {
  if (k <= 0) return []
  const a = items
  const swap = (i: number, j: number): void => {
    const t = a[i]!
    a[i] = a[j]!
    a[j] = t
  }
  let lo = 0
  let hi = a.length - 1
  while (a.length > k && lo < hi) {
    const mid = (lo + hi) >> 1
    // Median of three keeps sorted or reverse-sorted input from going quadratic.
    if (cmp(a[mid]!, a[lo]!) < 0) swap(mid, lo)
    if (cmp(a[hi]!, a[lo]!) < 0) swap(hi, lo)
    if (cmp(a[hi]!, a[mid]!) < 0) swap(hi, mid)
    const pivot = a[mid]!
    let i = lo
    let j = hi
    while (i <= j) {
      // The bounds only matter for a comparator that is not a strict order; they keep it from running off.
      while (i < hi && cmp(a[i]!, pivot) < 0) i++
      while (j > lo && cmp(a[j]!, pivot) > 0) j--
      if (i <= j) swap(i++, j--)
    }
    if (k - 1 <= j) hi = j
    else if (k - 1 >= i) lo = i
    else break
  }
  if (a.length > k) a.length = k
  return a.sort(cmp)
}

// A cursor is an offset plus a hash of the search it belongs to, so a cursor from another search is refused
// instead of silently skipping results.
function cursorKey(query: string, o: SearchOptions): string {
  const s = JSON.stringify([query, o.kind ?? null, o.includeResolved ?? true, o.within ?? null])
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  return (h >>> 0).toString(36)
}
