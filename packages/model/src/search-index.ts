import type { GraphView } from './graph-index.ts'
import { isCjk, wordTokens } from './tokenize.ts'
import { stem } from './word-forms.ts'
import type { NodeView } from './types.ts'

// The inverted index behind search and label resolution, and the partial selection both rank with.

/** The fields searched, in the order of the 7-bit term-frequency lanes of a posting. */
export const FIELDS = ['summary', 'links', 'notes', 'evidence'] as const
const WEIGHT = [3, 1.5, 1, 1]
// A summary is a few words: its length says little about relevance, so it is normalised less.
const B = [0.5, 0.75, 0.75, 0.75]
const K1 = 1.2
const LANE = 7
export const TF_MAX = (1 << LANE) - 1
const PREFIX_LEN = 3

/** The ordinals holding one term, with their packed frequencies; entries of removed nodes linger until compaction. */
export interface Posting {
  ords: Int32Array
  tfs: Int32Array
  /** Entries in use. */
  n: number
  /** Entries whose ordinal is alive: the document frequency. */
  live: number
}

/**
 * An inverted index over the live nodes of one GraphView. Each node has a small integer ordinal so hot
 * loops read typed arrays instead of hashing ids. A posting packs the term's frequency in each of the four
 * fields into one small integer, 7 bits each: past 127 BM25 has long saturated. Removing a node only marks
 * its ordinal dead; its entries are skipped, then dropped all at once when enough have piled up, so
 * forgetting a large subtree costs what its text costs, not what the postings of its words cost.
 */
export class SearchIndex {
  readonly postings = new Map<string, Posting>()
  /** The first 1..3 characters of every term -> the terms, for completing the word being typed. */
  readonly prefixes = new Map<string, Set<string>>()
  /** stem(term) -> the terms with that stem, when more than the term itself: word forms of one word. */
  readonly stems = new Map<string, Set<string>>()
  readonly ids: Array<string | undefined> = []
  /** The view each ordinal was last indexed from: what results show and resolution filters read. */
  readonly views: Array<NodeView | undefined> = []
  /** 1 for an ordinal holding a live node. A dead ordinal is reused only after compaction. */
  alive = new Uint8Array(1024)
  /** Per ordinal: the kind's number * 2 + resolved, so filters read neither views nor strings. */
  tags = new Int32Array(1024)
  readonly kindIds = new Map<string, number>()
  private readonly idKeys: number[] = []
  private readonly lens: number[] = []
  private readonly lenSum = [0, 0, 0, 0]
  private readonly invAvg = [0, 0, 0, 0]
  private docs = 0
  private readonly ords = new Map<string, number>()
  private readonly terms: Array<string[] | undefined> = []
  private readonly free: number[] = []
  private dead: number[] = []
  /** Nodes changed since the index was last read; see sync. */
  private readonly pending = new Set<string>()

  constructor(readonly gi: GraphView) {
    for (const id of gi.nodes.keys()) this.update(id)
    gi.onChange((nodes) => {
      for (const id of nodes) this.pending.add(id)
    })
  }

  /**
   * Re-indexes the nodes changed since the last read. Writes only note which nodes changed: a batch
   * create does not tokenise text nobody has searched yet, and a node edited many times between two
   * searches is indexed once. Only the changed nodes are re-read, and one whose text did not change (a
   * drag, a claim) costs a compare. searchIndexOf calls this, so every reader sees a current index.
   */
  sync(): void {
    if (this.pending.size === 0) return
    for (const id of this.pending) this.update(id)
    this.pending.clear()
  }

  private update(id: string): void {
    const n = this.gi.live(id)
    const ord = this.ords.get(id)
    if (ord !== undefined) {
      const old = this.views[ord]
      if (n && old && sameText(old, n)) {
        this.views[ord] = n
        this.tag(ord, n)
        return
      }
      this.remove(ord)
    }
    if (n) this.add(n)
  }

  private add(n: NodeView): void {
    const ord = this.free.pop() ?? this.ids.length
    if (ord >= this.alive.length) {
      const alive = new Uint8Array(this.alive.length * 2)
      const tags = new Int32Array(this.alive.length * 2)
      alive.set(this.alive)
      tags.set(this.tags)
      Object.assign(this, { alive, tags })
    }
    const packed = scratch
    packed.clear()
    for (let f = 0; f < 4; f++) {
      const text = textOf(n, f)
      const shift = f * LANE
      let len = 0
      if (text !== '') {
        for (const group of wordTokens(text, 'index')) {
          for (const t of group) {
            len++
            const p = packed.get(t) ?? 0
            if (((p >> shift) & TF_MAX) < TF_MAX) packed.set(t, p + (1 << shift))
          }
        }
      }
      this.lens[ord * 4 + f] = len
      this.lenSum[f]! += len
    }
    for (const [t, tf] of packed) {
      let p = this.postings.get(t)
      if (!p) {
        this.postings.set(t, (p = { ords: new Int32Array(4), tfs: new Int32Array(4), n: 0, live: 0 }))
        for (let i = 1; i <= Math.min(PREFIX_LEN, t.length); i++) {
          const set = this.prefixes.get(t.slice(0, i))
          if (set) set.add(t)
          else this.prefixes.set(t.slice(0, i), new Set([t]))
        }
        const st = stem(t)
        const forms = this.stems.get(st)
        if (forms) forms.add(t)
        else this.stems.set(st, new Set([t]))
      }
      if (p.n === p.ords.length) {
        const ords = new Int32Array(p.n * 2)
        const tfs = new Int32Array(p.n * 2)
        ords.set(p.ords)
        tfs.set(p.tfs)
        Object.assign(p, { ords, tfs })
      }
      p.ords[p.n] = ord
      p.tfs[p.n++] = tf
      p.live++
    }
    this.ids[ord] = n.id
    this.views[ord] = n
    this.terms[ord] = [...packed.keys()]
    packed.clear()
    this.idKeys[ord] = idKey(n.id)
    this.tag(ord, n)
    this.alive[ord] = 1
    this.ords.set(n.id, ord)
    this.docs++
  }

  private remove(ord: number): void {
    for (const t of this.terms[ord] ?? []) {
      const p = this.postings.get(t)
      if (!p || --p.live > 0) continue
      this.postings.delete(t)
      for (let i = 1; i <= Math.min(PREFIX_LEN, t.length); i++) {
        const set = this.prefixes.get(t.slice(0, i))
        set?.delete(t)
        if (set?.size === 0) this.prefixes.delete(t.slice(0, i))
      }
      const st = stem(t)
      const forms = this.stems.get(st)
      forms?.delete(t)
      if (forms?.size === 0) this.stems.delete(st)
    }
    for (let f = 0; f < 4; f++) this.lenSum[f]! -= this.lens[ord * 4 + f] ?? 0
    this.ords.delete(this.ids[ord] ?? '')
    this.ids[ord] = this.views[ord] = this.terms[ord] = undefined
    this.alive[ord] = 0
    this.dead.push(ord)
    this.docs--
    if (this.dead.length > Math.max(1024, this.docs >> 2)) this.compact()
  }

  private tag(ord: number, n: NodeView): void {
    let k = this.kindIds.get(n.kind)
    if (k === undefined) this.kindIds.set(n.kind, (k = this.kindIds.size))
    this.tags[ord] = k * 2 + (n.resolved ? 1 : 0)
  }

  /** Drops the entries of dead ordinals from every posting; then those ordinals can be reused. */
  private compact(): void {
    for (const p of this.postings.values()) {
      let w = 0
      for (let r = 0; r < p.n; r++) {
        const o = p.ords[r]!
        if (!this.alive[o]) continue
        p.ords[w] = o
        p.tfs[w++] = p.tfs[r]!
      }
      p.n = w
    }
    for (const o of this.dead) this.free.push(o)
    this.dead = []
  }

  /** Terms that start with `prefix` (not `prefix` itself), shortest then most common first, bounded. */
  completions(prefix: string, maxTerms: number, maxPostings: number): string[] {
    const df = (t: string): number => this.postings.get(t)?.live ?? 0
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

  /** Other terms of the index with the same stem as `term` ("idempotent" -> "idempotency"), bounded. */
  forms(term: string, max = 16): string[] {
    const out: string[] = []
    for (const t of this.stems.get(stem(term)) ?? []) {
      if (out.length >= max) break
      if (t !== term) out.push(t)
    }
    return out
  }

  /**
   * Terms of the index within one edit of `term` (two from 8 letters; a swap of neighbours is one edit)
   * that share its first two letters: what a typo most likely meant. Bounded in terms read and returned.
   */
  near(term: string, max = 16): string[] {
    const out: string[] = []
    if (term.length < 4 || isCjk(term)) return out
    const edits = term.length >= 8 ? 2 : 1
    let scanned = 0
    for (const v of this.prefixes.get(term.slice(0, 2)) ?? []) {
      if (++scanned > 5000 || out.length >= max) break
      if (v === term || Math.abs(v.length - term.length) > edits) continue
      if (osaWithin(v, term, edits)) out.push(v)
    }
    return out
  }

  /** Call before scoring: field length averages as of now. */
  prepare(): void {
    for (let f = 0; f < 4; f++) this.invAvg[f] = this.lenSum[f]! > 0 ? this.docs / this.lenSum[f]! : 0
  }

  /** BM25F: field frequencies weighted and length-normalised, summed, then saturated once, times idf. */
  score(packed: number, ord: number, idf: number): number {
    let tf = 0
    if (packed <= TF_MAX) {
      // The common case, a summary-only match, without the loop.
      const inv = this.invAvg[0]!
      tf = (WEIGHT[0]! * packed) / (inv > 0 ? 1 - B[0]! + B[0]! * this.lens[ord * 4]! * inv : 1)
    } else {
      for (let f = 0; f < 4; f++) {
        const c = (packed >> (f * LANE)) & TF_MAX
        if (c === 0) continue
        const inv = this.invAvg[f]!
        tf += (WEIGHT[f]! * c) / (inv > 0 ? 1 - B[f]! + B[f]! * this.lens[ord * 4 + f]! * inv : 1)
      }
    }
    return (idf * tf) / (K1 + tf)
  }

  idf(df: number): number {
    return Math.log(1 + (this.docs - df + 0.5) / (df + 0.5))
  }

  /** Orders ordinals by node id, comparing a number made of the id's first characters before the id. */
  byId(a: number, b: number): number {
    const d = this.idKeys[a]! - this.idKeys[b]!
    if (d !== 0) return d
    const x = this.ids[a]!
    const y = this.ids[b]!
    return x < y ? -1 : x > y ? 1 : 0
  }
}

/** Whether the optimal string alignment distance (Levenshtein plus swaps of neighbours) is at most `max`. */
export function osaWithin(a: string, b: string, max: number): boolean {
  const m = b.length
  let prev2 = new Array<number>(m + 1).fill(0)
  let prev = Array.from({ length: m + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    let low = i
    for (let j = 1; j <= m; j++) {
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1)
      cur.push(v)
      if (v < low) low = v
    }
    if (low > max) return false
    ;[prev2, prev] = [prev, cur]
  }
  return prev[m]! <= max
}

/** Term -> packed frequencies of the node being added; one map reused, as nodes are added one at a time. */
const scratch = new Map<string, number>()

/** The text of field `f` (in FIELDS order). */
function textOf(n: NodeView, f: number): string {
  if (f === 0) return n.summary
  if (f === 1) return n.links.length ? n.links.join('\n') : ''
  if (f === 2) return n.notes
  return n.evidence.length ? n.evidence.map((e) => `${e.type} ${e.ref}`).join('\n') : ''
}

/** The first 7 UTF-16 units at 7 bits each (larger ones clamped): monotone in the id's string order. */
function idKey(id: string): number {
  let k = 0
  for (let i = 0; i < 7; i++) k = k * 128 + Math.min(id.charCodeAt(i) || 0, 127)
  return k
}

/** A lane is non-zero exactly in the fields where the term occurs. */
export function fieldMask(packed: number): number {
  if (packed <= TF_MAX) return 1
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

const indexes = new WeakMap<GraphView, SearchIndex>()

/** The search index of a graph, built on first use and brought up to date with the graph on every use. */
export function searchIndexOf(gi: GraphView): SearchIndex {
  let si = indexes.get(gi)
  if (!si) indexes.set(gi, (si = new SearchIndex(gi)))
  si.sync()
  return si
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

/** The k-th largest (k from 1) of the first n values, which it reorders. Hoare quickselect. */
export function kthLargest(v: Float64Array, n: number, k: number): number {
  let lo = 0
  let hi = n - 1
  while (lo < hi) {
    const pivot = v[(lo + hi) >> 1]!
    let i = lo
    let j = hi
    while (i <= j) {
      while (v[i]! > pivot) i++
      while (v[j]! < pivot) j--
      if (i <= j) {
        const t = v[i]!
        v[i++] = v[j]!
        v[j--] = t
      }
    }
    if (k - 1 <= j) hi = j
    else if (k - 1 >= i) lo = i
    else break
  }
  return v[k - 1]!
}
