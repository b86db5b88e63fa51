import type { GraphView } from './graph-index.ts'
import type { Graph } from './graph.ts'
import { FILLER } from './partial-names.ts'
import { labelWords } from './tokenize.ts'
import { sameInflection } from './word-forms.ts'

// Acronyms the graph defines in its own labels (issue 24 §6; misses of held-out sets 1-5): a label that
// writes "Android Package (APK) builds", "Amazon Simple Storage Service (S3) buckets" or "WebAssembly
// (Wasm) builds" says that APK, S3 and Wasm stand for those words, in every label of the graph. A query
// naming a node by either form is rewritten into the other ("Flutter build Android Package failed" ->
// "Flutter build APK failed"), and each rewriting is resolved as a label (label-readings.ts).
//
// Which words before the parenthesis an acronym stands for: Schwartz & Hearst's algorithm ("A simple
// algorithm for identifying abbreviation definitions in biomedical text", PSB 2003): the shortest run
// of words before it, at most min(|A| + 5, 2|A|), in which the acronym's letters and digits occur in
// order from the end, its first character starting a word. It is the standard method and fits in a
// function; the libraries that implement it (e.g. Python's scispacy, abbreviations) are not for
// JavaScript, and the model imports yjs only (purity.test.ts). Two refinements: the words just before,
// one per letter, whose initials spell the acronym are taken first ("Remote Render Engine (RRE)", where
// the letters alone stop at "Render Engine"); and a letter and a
// digit from 2 to 4 may stand for the letter repeated ("S3" is three S words, "W3C"), as well as
// for the digit itself. Initials alone are acronyms.ts's index; this reads what a label spells out.

/** An acronym: 2-10 letters and digits, at least one letter, no word of the small words ("(or)"). */
const SHORT = /^(?=.*\p{L})[\p{L}\p{N}&]{2,10}$/u
/** Definitions kept per graph, a bound on memory. */
const MAX_DEFINITIONS = 20_000
/** Other writings of one query. */
const MAX_REWRITES = 6

export interface Definition {
  /** The acronym as the label writes it ("S3", "glTF"). */
  short: string
  /** What it stands for, as written ("Simple Storage Service"). */
  long: string
  /** The long form's words, as labelWords gives them. */
  words: string[]
}

/** The definitions a label writes: "long form (SHORT)" and "SHORT (long form)". */
export function definitionsIn(summary: string): Definition[] {
  const out: Definition[] = []
  for (const m of summary.matchAll(/\(([^()\s]{2,10})\)/gu)) {
    const short = m[1]!
    if (!SHORT.test(short) || FILLER.has(short.toLowerCase())) continue
    const before = summary.slice(0, m.index).trimEnd()
    const long = longForm(short, before)
    if (long !== undefined) out.push({ short, long, words: labelWords(long) })
  }
  // "IVFFlat (Inverted File with Flat Compression)": the acronym first, its words in the parentheses.
  for (const m of summary.matchAll(/(?:^|[\s(])([\p{L}\p{N}&]{2,10})\s+\(([^()]{3,80})\)/gu)) {
    const short = m[1]!
    const inside = m[2]!.trim()
    if (!SHORT.test(short) || FILLER.has(short.toLowerCase())) continue
    const long = longForm(short, inside)
    if (long !== undefined && long === inside) out.push({ short, long, words: labelWords(long) })
  }
  return out.filter(
    (d) => d.words.length > 0 && d.long.replace(/[^\p{L}\p{N}]/gu, '').length > d.short.length,
  )
}

/** Schwartz & Hearst's long form of `short` at the end of `text`, or undefined. */
function longForm(short: string, text: string): string | undefined {
  const words = text.split(/\s+/u).filter((w) => w !== '')
  const n = short.replace(/[^\p{L}\p{N}]/gu, '').length
  const span = words.slice(-Math.min(n + 5, 2 * n)).join(' ')
  for (const s of readingsOf(short)) {
    // The words just before, one per letter, whose initials spell it: "Remote Render Engine (RRE)", where
    // the letters alone would stop at "Render Engine" (both r's in "render").
    const last = words.slice(-s.length)
    if (last.length === s.length && last.map((w) => w[0]!.toLowerCase()).join('') === s.toLowerCase())
      return last.join(' ')
    const found = matchBack(s.toLowerCase(), span)
    if (found !== undefined) return found
  }
  return undefined
}

/** The acronym as written, and with a letter followed by 2-4 read as the letter repeated ("S3" -> "SSS"). */
function readingsOf(short: string): string[] {
  const m = /^(\p{L})([2-4])$/u.exec(short)
  return m ? [m[1]!.repeat(Number(m[2])), short] : [short]
}

const ALNUM = /[\p{L}\p{N}]/u

function matchBack(s: string, long: string): string | undefined {
  const l = long.toLowerCase()
  let si = s.length - 1
  let li = l.length - 1
  while (si >= 0) {
    const c = s[si]!
    if (!ALNUM.test(c)) {
      si--
      continue
    }
    while (li >= 0 && (l[li] !== c || (si === 0 && li > 0 && ALNUM.test(l[li - 1]!)))) li--
    if (li < 0) return undefined
    li--
    si--
  }
  const start = long.lastIndexOf(' ', li) + 1
  const out = long.slice(start).trim()
  return out === '' ? undefined : out
}

/** Every definition the graph's labels write, by the acronym (lower-case) and by the long form's first word. */
class DefinitionIndex {
  readonly byShort = new Map<string, Definition[]>()
  readonly byFirst = new Map<string, Definition[]>()
  private readonly of = new Map<string, { summary: string; defs: Definition[] }>()
  private count = 0

  constructor(readonly gi: GraphView) {
    for (const id of gi.nodes.keys()) this.update(id)
    gi.onChange((nodes) => {
      for (const id of nodes) this.update(id)
    })
  }

  private update(id: string): void {
    const n = this.gi.live(id)
    const had = this.of.get(id)
    if (n && had?.summary === n.summary) return
    for (const d of had?.defs ?? []) {
      remove(this.byShort, d.short.toLowerCase(), d)
      remove(this.byFirst, d.words[0]!, d)
      this.count--
    }
    this.of.delete(id)
    if (!n || !n.summary.includes('(') || this.count > MAX_DEFINITIONS) return
    const defs = definitionsIn(n.summary)
    for (const d of defs) {
      add(this.byShort, d.short.toLowerCase(), d)
      add(this.byFirst, d.words[0]!, d)
      this.count++
    }
    this.of.set(id, { summary: n.summary, defs })
  }
}

function add(m: Map<string, Definition[]>, k: string, d: Definition): void {
  const list = m.get(k)
  if (list) list.push(d)
  else m.set(k, [d])
}
function remove(m: Map<string, Definition[]>, k: string, d: Definition): void {
  const list = m.get(k)
  const i = list?.indexOf(d) ?? -1
  if (i >= 0) list!.splice(i, 1)
  if (list?.length === 0) m.delete(k)
}

const indexes = new WeakMap<GraphView, DefinitionIndex>()
function definitionIndexOf(gi: GraphView): DefinitionIndex {
  let di = indexes.get(gi)
  if (!di) indexes.set(gi, (di = new DefinitionIndex(gi)))
  return di
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** The long form's words in a text, whatever their case, plural or separators ("web assembly", "WebAssembly"). */
const longPattern = (d: Definition): RegExp =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])${d.words.map((w) => `${escape(w)}(?:s|es)?`).join('[\\s_-]*')}(?![\\p{L}\\p{N}])`,
    'giu',
  )
/** The acronym in a text, and its plural unless `plural` is false. */
const shortPattern = (d: Definition, plural = true): RegExp =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escape(d.short)}${plural ? 's?' : ''}(?![\\p{L}\\p{N}])`, 'giu')

/**
 * The definition with its long form's words as `words` (a query's labelWords) write them where the query
 * writes each of them in a form of its own ("log" for "logging", sameInflection), in order; undefined
 * where it writes them as the definition does, or not at all.
 */
function inflectedIn(words: readonly string[], d: Definition): Definition | undefined {
  const k = d.words.length
  for (
    let i = words.indexOf(d.words[0]!);
    i >= 0 && i + k <= words.length;
    i = words.indexOf(d.words[0]!, i + 1)
  ) {
    const run = words.slice(i, i + k)
    if (run.every((w, j) => sameInflection(w, d.words[j]!)) && run.some((w, j) => w !== d.words[j]))
      return { ...d, words: run }
  }
  return undefined
}

/** Whether two lists of definitions share none of their long forms. */
const apart = (x: readonly Definition[], y: readonly Definition[]): boolean =>
  !x.some((d) => y.some((e) => d.words.join(' ') === e.words.join(' ')))

/**
 * The query with the acronyms the graph defines written out, and with their long forms written as the
 * acronym: each definition alone, then all of them at once (at most MAX_REWRITES). A definition whose
 * acronym is also a small word ("OR", "IT") is only read written in capitals, as its label writes it.
 */
export function definedRewrites(g: Graph, query: string): string[] {
  const di = definitionIndexOf(g.index)
  if (di.byShort.size === 0) return []
  const words = labelWords(query)
  const hits: Array<{ re: RegExp; to: string }> = []
  const seen = new Set<Definition>()
  for (const w of new Set(words)) {
    // labelWords reads a final s as a plural ("HPOS" is "hpo"): the acronym is looked up both ways, and
    // the pattern below checks it is written in the query as the label defines it.
    const shorts = [...(di.byShort.get(w) ?? []), ...(di.byShort.get(w + 's') ?? [])]
    for (const d of shorts) {
      if (seen.has(d)) continue
      seen.add(d)
      // "RPS" is not the plural of "RP" where the graph defines RPS as other words.
      const longer = di.byShort.get(d.short.toLowerCase() + 's')
      const re = FILLER.has(w)
        ? new RegExp(`(?<![\\p{L}\\p{N}])${escape(d.short)}(?![\\p{L}\\p{N}])`, 'gu')
        : shortPattern(d, !longer || !apart(longer, [d]))
      if (re.test(query)) hits.push({ re, to: d.long })
    }
    for (const d of di.byFirst.get(w) ?? []) {
      if (seen.has(d)) continue
      // The long form's words as the query writes them, in another word form where it does ("write-ahead
      // log" for "Write-Ahead Logging (WAL)"; held-out set 2).
      const re = longPattern(inflectedIn(words, d) ?? d)
      if (re.test(query) && !definedOtherwise(g, d.short.toLowerCase(), d.words)) {
        seen.add(d)
        hits.push({ re, to: d.short })
      }
    }
  }
  if (hits.length === 0) return []
  const out = new Set<string>()
  const apply = (text: string, h: { re: RegExp; to: string }): string => {
    h.re.lastIndex = 0
    return text.replace(h.re, h.to)
  }
  if (hits.length > 1) out.add(hits.reduce(apply, query))
  for (const h of hits) out.add(apply(query, h))
  out.delete(query)
  return [...out].slice(0, MAX_REWRITES)
}

/**
 * Whether the graph's labels define `acronym` (lower-case) and never as these words: then the words'
 * initials are a coincidence ("remote packet" is not RP where a label writes "Remote Protocol (RP)").
 */
export function definedOtherwise(g: Graph, acronym: string, words: readonly string[]): boolean {
  const by = definitionIndexOf(g.index).byShort
  const said = words.join(' ')
  const defs = by.get(acronym)
  // The graph spells this acronym out as these very words ("Remote Storage Service (RSS)"): that
  // definition is evidence, and a shorter acronym it happens to end like ("RS") is not a reading of it.
  if (defs?.some((d) => d.words.join(' ') === said)) return false
  // A final s reads as a plural (labelWords: "RPS" is "rp"): where the graph defines the acronym without
  // it as other words, and not the acronym itself as these, "RPS" written in a query would name that one.
  const other = (a: string): boolean => !!by.get(a)?.some((d) => d.words.join(' ') !== said)
  return !!defs?.length || (acronym.length > 2 && acronym.endsWith('s') && other(acronym.slice(0, -1)))
}

/** The acronyms the graph defines that a text writes, lower-case. */
function definedIn(di: DefinitionIndex, text: string): string[] {
  return [...new Set(text.match(/[\p{L}\p{N}&]{2,11}/gu) ?? [])]
    .map((t) => t.toLowerCase())
    .filter((t) => di.byShort.has(t))
}

/**
 * Whether `summary` writes an acronym the graph defines where `text` writes another one that differs
 * from it by a final s only, the two defined as other words ("Restart RP timeouts" for "Restart RPS
 * timeouts" where labels define "Remote Protocol (RP)" and "Remote Packet Service (RPS)"): labelWords
 * reads both as "rp", the graph's own definitions tell them apart. A reading through a rewritten query
 * (definedRewrites) never takes such a label.
 */
export function otherAcronym(g: Graph, text: string, summary: string): boolean {
  const di = definitionIndexOf(g.index)
  if (di.byShort.size === 0) return false
  const mine = definedIn(di, text)
  if (mine.length === 0) return false
  const theirs = definedIn(di, summary)
  return mine.some((a) =>
    theirs.some((b) => (a + 's' === b || b + 's' === a) && apart(di.byShort.get(a)!, di.byShort.get(b)!)),
  )
}
