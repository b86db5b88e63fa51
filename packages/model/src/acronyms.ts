import { definedOtherwise } from './acronym-definitions.ts'
import type { GraphView } from './graph-index.ts'
import type { Graph } from './graph.ts'
import { searchIndexOf } from './search-index.ts'
import { labelWords, singular } from './tokenize.ts'
import type { NodeView } from './types.ts'
import { FILLER } from './partial-names.ts'

// Acronyms learned from the graph's own labels (issue 24 §6): "MFA" names "Multi-factor authentication",
// "CRD" names "CustomResourceDefinition", "AD" names "Migrate Active Directory groups", "LIS" names
// "Laboratory Information System (LIS)", and a label that is an acronym ("MFA") is named by its words.
// No table of acronyms: every run of 2 to 6 neighbouring words of a label (CamelCase and hyphens split
// them, as labelWords does) is indexed under its initials, with and without its small words ("Bring your
// own device" is BYOD and "Department of Defense" DD or DoD). An acronym names a node when one label
// reads so; several are candidates, never a pick.
//
// Hand-written: an initials index is a map of strings kept current through the graph index's change
// events, like resolve.ts's LabelIndex. Acronym libraries (e.g. abbreviation expanders) work on running
// text with a fixed dictionary, not on "which label of this graph has these initials", and the model
// imports yjs only (purity.test.ts).

/** The acronym spells the whole label (or all of it but the acronym itself): as sure as a same-words match. */
export const WHOLE = 0.93
/** The acronym spells part of one label only. */
export const PART = 0.87
const MIN_RUN = 2
const MAX_RUN = 5
/** Words of a label indexed: a label is short, a paragraph pasted as one is not read in full. */
const MAX_WORDS = 12
/** Index entries kept per graph: past this, further labels are not indexed (a bound on memory). */
const MAX_ENTRIES = 600_000
/** Labels read for one acronym written in them: more, and it names nothing in particular. */
const MAX_WRITERS = 256
/** Other writings of one query tried. */
const MAX_REWRITES = 8

/**
 * What a query written as an acronym looks like: 2-8 capitals and digits ("MFA", "S3", "CRDs"), or up to
 * 6 letters with two capitals or more ("PiP", "DoH", "mTLS").
 */
const SHOUTED = /^(?:[A-Z][A-Z0-9&]{1,7}s?|(?=[a-z]*[A-Z][a-z]?[A-Z])[A-Za-z]{2,6})$/

export interface Spelled {
  node: NodeView
  /** The run's words, as labelWords gives them: what the acronym stands for in this label. */
  words: string[]
  whole: boolean
}

/** initials -> node id -> [start, length] of each run with those initials. */
class AcronymIndex {
  readonly byInitials = new Map<string, Map<string, Array<[number, number]>>>()
  private readonly keys = new Map<string, string[]>()
  private readonly summaries = new Map<string, string>()
  private entries = 0

  constructor(readonly gi: GraphView) {
    for (const id of gi.nodes.keys()) this.update(id)
    gi.onChange((nodes) => {
      for (const id of nodes) this.update(id)
    })
  }

  private update(id: string): void {
    const n = this.gi.live(id)
    if (n && this.summaries.get(id) === n.summary) return
    for (const k of this.keys.get(id) ?? []) {
      const m = this.byInitials.get(k)
      if (m?.delete(id)) this.entries--
      if (m?.size === 0) this.byInitials.delete(k)
    }
    this.keys.delete(id)
    this.summaries.delete(id)
    if (!n || this.entries > MAX_ENTRIES) return
    const words = labelWords(n.summary).slice(0, MAX_WORDS)
    const keys: string[] = []
    for (const [key, start, len] of runs(words)) {
      let m = this.byInitials.get(key)
      if (!m) this.byInitials.set(key, (m = new Map()))
      const at = m.get(id)
      if (at) at.push([start, len])
      else {
        m.set(id, [[start, len]])
        keys.push(key)
        this.entries++
      }
    }
    this.keys.set(id, keys)
    this.summaries.set(id, n.summary)
  }
}

/** Every run of MIN_RUN..MAX_RUN words that starts on a content word, under its initials (with and without small words). */
function* runs(words: string[]): Iterable<[string, number, number]> {
  for (let i = 0; i < words.length; i++) {
    if (FILLER.has(words[i]!)) continue
    let all = ''
    let content = ''
    for (let j = i; j < words.length && j - i < MAX_RUN; j++) {
      const w = words[j]!
      all += w[0]!
      if (!FILLER.has(w)) content += w[0]!
      if (j === i || !/^\p{L}/u.test(w)) continue
      const len = j - i + 1
      // A run may end on a small word only as written ("Single sign-on" is SSO).
      if (all.length >= MIN_RUN) yield [all, i, len]
      if (!FILLER.has(w) && content !== all && content.length >= MIN_RUN) yield [content, i, len]
    }
  }
}

const indexes = new WeakMap<GraphView, AcronymIndex>()
function acronymIndexOf(gi: GraphView): AcronymIndex {
  let ai = indexes.get(gi)
  if (!ai) indexes.set(gi, (ai = new AcronymIndex(gi)))
  return ai
}

/**
 * The acronym a query is written as, lower-case, or undefined: one word of 2-8 capitals ("MFA", "CRDs"),
 * or one lower-case word of 2-6 letters that no label of the graph has ("mfa", where "or" is a word).
 */
export function acronymOf(g: Graph, query: string): string | undefined {
  const q = query.trim()
  // "S&OP" is Sales and Operations Planning: the ampersand stands for a small word.
  if (SHOUTED.test(q)) return (q.endsWith('s') ? q.slice(0, -1) : q).toLowerCase().replace(/&/g, '')
  if (/^[a-z]{2,6}$/.test(q)) {
    const si = searchIndexOf(g.index)
    if (!si.postings.has(q) && !si.postings.has(singular(q)) && si.forms(q, 1).length === 0) return q
  }
  return undefined
}

/** The nodes (accepted by `accept`) a label of which spells `acronym` (lower-case). */
export function spelledBy(
  g: Graph,
  acronym: string,
  accept: (n: NodeView | undefined) => n is NodeView,
): Spelled[] {
  const out: Spelled[] = []
  for (const [id, at] of acronymIndexOf(g.index).byInitials.get(acronym) ?? []) {
    const n = g.index.live(id)
    if (!accept(n)) continue
    const words = labelWords(n.summary).slice(0, MAX_WORDS)
    const content = words.filter((w) => !FILLER.has(w) && w !== acronym && w !== singular(acronym))
    let best: Spelled | undefined
    for (const [start, len] of at) {
      const run = words.slice(start, start + len)
      const whole = run.filter((w) => !FILLER.has(w)).length >= content.length
      if (!best || (whole && !best.whole)) best = { node: n, words: run, whole }
    }
    if (best) out.push(best)
  }
  return out
}

/**
 * The acronym a query spells, when it is 2-6 words ("Multi-factor authentication" -> "mfa", with and
 * without its small words), for finding labels that are written as the acronym.
 */
export function initialsOf(query: string): string[] {
  const words = labelWords(query)
  if (words.length < MIN_RUN || words.length > MAX_RUN) return []
  const all = words.map((w) => w[0]!).join('')
  const content = words
    .filter((w) => !FILLER.has(w))
    .map((w) => w[0]!)
    .join('')
  return [...new Set([all, content].filter((a) => a.length >= MIN_RUN))]
}

/**
 * Other writings of a query (at most MAX_REWRITES): an acronym in it replaced by a phrase the graph's
 * labels spell it as ("MFA enrollment" -> "multi factor authentication enrollment"), and a run of its
 * words replaced by an acronym some label writes in capitals ("multi-factor authentication login" ->
 * "mfa login"). Each is then resolved as a label; only what picks out one label is taken.
 */
export function rewrites(
  g: Graph,
  query: string,
  accept: (n: NodeView | undefined) => n is NodeView,
): string[] {
  const out = new Set<string>()
  const parts = query.trim().split(/\s+/)
  if (parts.length >= 2)
    parts.forEach((p, i) => {
      const bare = p.replace(/^[("'[]+|[)"'\].,:;!?]+$/g, '')
      if (!SHOUTED.test(bare)) return
      const key = (bare.endsWith('s') ? bare.slice(0, -1) : bare).toLowerCase().replace(/&/g, '')
      for (const s of spelledBy(g, key, accept).slice(0, MAX_REWRITES))
        out.add([...parts.slice(0, i), s.words.join(' '), ...parts.slice(i + 1)].join(' '))
    })
  const words = labelWords(query)
  if (words.length >= 3 && words.length <= 16)
    for (let i = 0; i < words.length; i++)
      for (let j = i + MIN_RUN; j <= Math.min(words.length, i + MAX_RUN); j++) {
        if (FILLER.has(words[i]!)) continue
        const run = words.slice(i, j)
        const all = run.map((w) => w[0]!).join('')
        // As runs() indexes them: ending on a small word only as written ("single sign-on" is SSO).
        const content = FILLER.has(words[j - 1]!)
          ? all
          : run
              .filter((w) => !FILLER.has(w))
              .map((w) => w[0]!)
              .join('')
        for (const a of new Set([all, content]))
          // Initials are a guess; a definition a label writes is evidence ("Remote Protocol (RP)"):
          // words the graph does not define the acronym as are not written as it.
          if (a.length >= MIN_RUN && writtenIn(g, a, accept).length > 0 && !definedOtherwise(g, a, run))
            out.add([...words.slice(0, i), a, ...words.slice(j)].join(' '))
      }
  return [...out].slice(0, MAX_REWRITES)
}

/**
 * The nodes (accepted by `accept`) whose label writes `acronym` in capitals (or as `spelling`, "PiP") as
 * one of its words ("MFA rollout"): "or" is a word, "OR" the operating room. `whole` when the label is
 * the acronym alone.
 */
export function writtenIn(
  g: Graph,
  acronym: string,
  accept: (n: NodeView | undefined) => n is NodeView,
  spelling = acronym.toUpperCase(),
): Array<{ node: NodeView; whole: boolean }> {
  const si = searchIndexOf(g.index)
  const p = si.postings.get(acronym)
  if (!p || p.live > MAX_WRITERS) return []
  const forms = [...new Set([acronym.toUpperCase(), spelling])].map(escape).join('|')
  const shout = new RegExp(`(?:^|[^A-Za-z0-9])(?:${forms})s?(?:$|[^A-Za-z0-9])`)
  const out: Array<{ node: NodeView; whole: boolean }> = []
  for (let i = 0; i < p.n; i++) {
    const n = si.alive[p.ords[i]!] ? si.views[p.ords[i]!] : undefined
    if (!accept(n) || !shout.test(n.summary)) continue
    const rest = labelWords(n.summary).filter(
      (w) => !FILLER.has(w) && w !== acronym && w !== singular(acronym),
    )
    out.push({ node: n, whole: rest.length === 0 })
  }
  return out
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
