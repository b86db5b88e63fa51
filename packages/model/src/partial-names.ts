import type { Graph } from './graph.ts'
import { osaWithin, searchIndexOf, type SearchIndex } from './search-index.ts'
import { exactLabel, labelWords } from './tokenize.ts'
import type { NodeView } from './types.ts'
import { opposed, sameWord, stem, variants } from './word-forms.ts'
import { compoundsOf, cutsShort } from './compounds.ts'
import { NEGATIONS, opposedWords } from './opposites.ts'
import {
  ORDER_WORDS,
  QUALIFIERS,
  codeWithin,
  codeWordsOf,
  hasDigit,
  inOrder,
  otherSymbols,
  readSymbols,
  uncontracted,
} from './never-merge.ts'

// Partial names (issue 24 §6): an agent names a node by a distinctive word or two of its label
// ("BitLocker" for "Roll out BitLocker disk encryption to laptops", "Dragon Medical One"), in any word form.
// A part names a node only when it picks out ONE label: every word asked for is in the label, in the
// order asked, with the same numbers, and no other label (among the nodes the caller accepts) holds them
// all. When several do, each is offered as a candidate below MATCH_CONFIDENCE, never picked.
//
// Hand-written: the word forms come from word-forms.ts (the crude stemmer search already uses, measured in
// bench/reports/search.md), and what is left is a subsequence test over a handful of candidate labels
// found through the search index's postings. Libraries looked at: `stemmer` 2.0.1 and
// `wink-porter2-stemmer` 2.0.1 (Porter / Porter2) would fold "approval" with "approving", which the crude
// stemmer misses (sharedStem below covers it), and `fastest-levenshtein` 1.0.16 is a faster plain
// Levenshtein, but the typo rule needs a bounded distance that counts a swap as one edit
// (search-index.ts's osaWithin). None is taken: the model imports yjs only (purity.test.ts), and the
// stemmer must be the one the search index folds terms with, or a part found here would not be found
// there. No library does "which one label holds these words" on an index we already keep.

/** A part of one label only: at least this, up to PART_MAX as it covers more of the label. */
export const PART_MIN = 0.86
const PART_MAX = 0.9
/** A part several labels share: a candidate, never a match. */
export const SHARED = 0.75
/** Longer text is a label of its own, not a part of one. */
const MAX_PART_WORDS = 6
/** Nodes read per query word: a word on more labels than this is not distinctive. */
const MAX_HOLDERS = 64

// Small words that neither make a part distinctive nor need to be in the label.
export const FILLER = new Set([
  'the',
  'a',
  'an',
  'of',
  'for',
  'and',
  'in',
  'on',
  'at',
  'by',
  'with',
  'our',
  'my',
  'its',
])
const NUMBER = /^\p{N}+$/u
/**
 * Where a compound may be (a CamelCase hump, a letter after a digit, an underscore or a dot between
 * characters of words): a summary without one has no compound to cut short (a cheap test first).
 */
const HUMP = /\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}|\p{N}\p{L}|[\p{L}\p{N}][_.][\p{L}\p{N}]/u

export interface Holder {
  node: NodeView
  /** Share of the label's words the part covers, in (0, 1]. */
  coverage: number
}

/** Verbs a negation leans on ("does not", "is not", "can't") and the "longer" of "no longer", as labelWords gives them. */
const AUXILIARIES = new Set([
  'do',
  'doe',
  'did',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'has',
  'have',
  'had',
  'will',
  'can',
  'could',
  'should',
  'would',
  'must',
  'need',
  'longer',
])

/** Content words of a label or query, and its number words in order. */
function contentOf(s: string): { words: string[]; numbers: string } {
  // Contractions written out: "didn't" holds the "not" a part must not read past.
  const all = labelWords(uncontracted(s))
  return {
    // A lone "s" is a possessive ("BitLocker's").
    words: all.filter((w) => !FILLER.has(w) && !NUMBER.test(w) && w !== 's'),
    numbers: all.filter((w) => NUMBER.test(w)).join(' '),
  }
}

// The stemmer is not idempotent ("dossiering" -> "dossier" -> "dossi"): twice reaches the same stem.
const root = (w: string): string => stem(stem(w))
const sameForm = (q: string, l: string): boolean =>
  q === l || sameWord(q, l) || root(q) === root(l) || sharedStem(q, l)

/**
 * Forms the suffix list misses ("approving" / "approval", "renewing" / "renewal"): the same first 5
 * letters or more, then at most 3 others on each side ("access" is not "accessibility").
 */
function sharedStem(q: string, l: string): boolean {
  const short = Math.min(q.length, l.length)
  if (short < 6) return false
  let i = 0
  while (i < short && q.charCodeAt(i) === l.charCodeAt(i)) i++
  return i >= 5 && q.length - i <= 3 && l.length - i <= 3
}

/**
 * Whether the words `part` occur in `label` in this order (other words may come between); a word may
 * stand for two neighbouring words written as one ("Bitlocker" / "Bit Locker") and the other way round.
 * Returns the number of label words used, or 0.
 */
export function holds(part: string[], label: string[], same = sameForm): number {
  let i = 0
  let used = 0
  for (let j = 0; j < part.length;) {
    if (i >= label.length) return 0
    const q = part[j]!
    const l = label[i]!
    const l2 = label[i + 1]
    const q2 = part[j + 1]
    if (same(q, l)) [i, j, used] = [i + 1, j + 1, used + 1]
    else if (l2 !== undefined && same(q, l + l2)) [i, j, used] = [i + 2, j + 1, used + 2]
    else if (q2 !== undefined && same(q + q2, l)) [i, j, used] = [i + 1, j + 2, used + 1]
    else i++
  }
  return used
}

/** Whether each word of `part` has its own word in `label`, in any order; the number of label words used, or 0. */
export function holdsAnyOrder(part: string[], label: string[], same = sameForm): number {
  const taken = new Uint8Array(label.length)
  let used = 0
  for (const q of part) {
    const k = label.findIndex((l, i) => !taken[i] && same(q, l))
    if (k >= 0) {
      taken[k] = 1
      used++
      continue
    }
    // Two neighbouring words of the label written as one ("rollout" / "Roll out").
    const j = label.findIndex(
      (l, i) => !taken[i] && !taken[i + 1] && i + 1 < label.length && same(q, l + label[i + 1]),
    )
    if (j < 0) return 0
    taken[j] = taken[j + 1] = 1
    used += 2
  }
  return used
}

// Words that give a label a direction: "Sync Jira to GitHub" is not "Sync GitHub to Jira", so across one
// only the order asked for counts.
const DIRECTED = new Set(['to', 'from', 'into', 'onto', 'toward', 'towards', 'vs', 'versus'])
const ARROW = /→|⟶|➔|➜|⇒|->|=>/gu
const directed = (text: string, words: string[]): boolean =>
  /→|⟶|➔|➜|⇒|->|=>/u.test(text) || words.some((w) => DIRECTED.has(w))

/** The content words of a label between its direction words (all of them when it has none). */
function sides(summary: string): string[][] {
  const out: string[][] = [[]]
  for (const w of labelWords(summary.replace(ARROW, ' to '))) {
    if (DIRECTED.has(w)) out.push([])
    else if (!FILLER.has(w) && !NUMBER.test(w)) out[out.length - 1]!.push(w)
  }
  return out
}

/** A near spelling of a word of 5 letters or more (one edit; two from 8 letters), as search's typo rule. */
function nearSpelling(q: string, l: string): boolean {
  if (q.length < 5 || l.length < 5) return false
  const max = q.length >= 8 ? 2 : 1
  return Math.abs(q.length - l.length) <= max && l.slice(0, 1) === q.slice(0, 1) && osaWithin(q, l, max)
}

/** Index terms that may be a form of `w`: itself, its stem's other forms, its abbreviations. */
function termsFor(si: SearchIndex, w: string): string[] {
  return [...new Set([w, ...si.forms(w), stem(w), ...si.forms(stem(w)), ...variants(w), w + 's'])]
}

/**
 * The nodes (accepted by `accept`) whose label holds every word of `query`, at most MAX_HOLDERS + 1 of
 * them (more means the part is not distinctive); undefined when `query` is not a part of a label at all
 * (no content word, or more words than a part has).
 */
export function holdersOf(
  g: Graph,
  query: string,
  accept: (n: NodeView | undefined) => n is NodeView,
): Holder[] | undefined {
  const q = contentOf(query)
  if (q.words.length === 0 || q.words.length > MAX_PART_WORDS) return undefined
  if (!q.words.some((w) => w.length >= 2)) return undefined
  const si = searchIndexOf(g.index)
  // The rarest word of the query bounds the nodes to read: each holder has a form of it in its summary.
  // Compound forms ("bitlocker" for "bit locker") are also indexed whole, so either spelling finds it.
  let best: number[] | undefined
  // A word no label has, 5 letters or more, may be a typo of one that some label has.
  const typos = new Set<string>()
  for (const w of q.words) {
    const ords: number[] = []
    let terms = termsFor(si, w)
    if (w.length >= 5 && !terms.some((t) => si.postings.has(t))) {
      typos.add(w)
      // Words reach here singular ("postgers" as "postger"): the plural's near spellings count too.
      // And forms the stemmer misses: "approving" finds "approval".
      const family: string[] = []
      let scanned = 0
      for (const t of si.prefixes.get(w.slice(0, 3)) ?? []) {
        if (++scanned > 5000 || family.length >= 16) break
        if (sharedStem(w, t)) family.push(t)
      }
      terms = [...new Set([...si.near(w), ...si.near(w + 's'), ...family].flatMap((t) => termsFor(si, t)))]
    }
    for (const t of terms) {
      const p = si.postings.get(t)
      if (!p) continue
      for (let i = 0; i < p.n && ords.length <= MAX_HOLDERS * 4; i++) {
        const o = p.ords[i]!
        if (si.alive[o] && (p.tfs[i]! & 0x7f) > 0) ords.push(o)
      }
    }
    // A word no index term holds may still be two words of a label ("rollout" / "Roll out"): it is
    // checked below, but cannot bound the search.
    if (ords.length > 0 && (best === undefined || ords.length < best.length)) best = ords
  }
  if (best === undefined) return []
  const out: Holder[] = []
  const qAll = labelWords(query)
  const qDirected = directed(query, qAll)
  const loose = typos.size
    ? (a: string, b: string) => sameForm(a, b) || (typos.has(a) && nearSpelling(a, b))
    : sameForm
  // A word with a digit is an identifier: only itself (or its abbreviation) names it, never a near
  // spelling ("B0002" / "B0001", "utf10" / "utf20"); a word and its opposite are two words
  // ("termguicolors" / "notermguicolors").
  const same = (a: string, b: string): boolean =>
    hasDigit(a) || hasDigit(b) ? a === b || sameWord(a, b) : loose(a, b) && !opposed(a, b)
  // Words that order the names around them ("X instead of Y", "X over Y"): a part in another order names
  // the other way round, so only the order asked for counts.
  const qOrdered = qAll.some((w) => ORDER_WORDS.has(w))
  const qRead = readSymbols(query)
  const qSymbols = qRead.all
  const qCode = codeWordsOf(query)
  const qNegations = q.words.filter((w) => NEGATIONS.has(w)).length
  for (const o of new Set(best)) {
    const n = si.views[o]
    if (!accept(n)) continue
    const l = contentOf(n.summary)
    // Numbers asked for are the label's numbers; a part without numbers may name a numbered label.
    if (q.numbers !== '' && l.numbers !== q.numbers) continue
    let used = holds(q.words, l.words, same)
    // In any order, within one side of the label's direction words: "migrating database" names
    // "Database migration to Postgres 16", "prod staging" names neither side of "Copy staging to prod".
    if (used === 0 && !qDirected && !qOrdered)
      for (const side of sides(n.summary)) if ((used = holdsAnyOrder(q.words, side, same)) > 0) break
    if (used === 0) continue
    // A part of a CamelCase or snake_case word is not a part of the label: "AnimationTree" does not name
    // "Remove AnimationTreePlayer node", nor "read_json" "read_json_objects gives error" (compounds.ts).
    // Hyphens are left out: a word of "Ledger-pharmacy radiology" is a part of that label.
    const words = labelWords(n.summary)
    if (HUMP.test(n.summary) && cutsShort(qAll, words, compoundsOf(n.summary, words, false), sameForm))
      continue
    // A part with a word whose opposite the label has names the opposite ("Start with debugging" /
    // "Start without debugging should not register breakpoints", opposites.ts).
    if (opposedWords(qAll, words)) continue
    // A part without the label's negation names the opposite when it reads across it ("Some features
    // are unified correctly" / "Some features are not unified correctly": words held on both sides), or
    // when it is all of the label but its negation and auxiliaries ("X respects Y" / "X does not respect
    // Y", "X respects Y not"). A name on one side is still a part ("piggy bank" of "Rules do not add the
    // amount to a piggy bank"). A part with negations of its own has the label's, or names another thing.
    if (qNegations > 0 || l.words.some((w) => NEGATIONS.has(w))) {
      const negations = l.words.filter((w) => NEGATIONS.has(w) || AUXILIARIES.has(w)).length
      const within = (words: string[]): boolean =>
        holds(q.words, words, same) > 0 ||
        (!qDirected && !qOrdered && holdsAnyOrder(q.words, words, same) > 0)
      const across = l.words.some(
        (w, k) => NEGATIONS.has(w) && !within(l.words.slice(0, k)) && !within(l.words.slice(k + 1)),
      )
      if (
        qNegations > 0
          ? qNegations !== l.words.filter((w) => NEGATIONS.has(w)).length
          : across || used + negations >= l.words.length
      )
        continue
    }
    // The symbols a part writes are the label's, in its order ("for `&T`" is not "for `&&T`").
    const lSymbols = qSymbols === '' ? '' : readSymbols(n.summary).all
    if (lSymbols !== '' && !inOrder(qSymbols.split(' '), lSymbols.split(' '))) continue
    // All of the label's words is the label, not a part of it: its symbols are the label's symbols
    // ("implemented for `T`" / "implemented for `&T`", "+ instead of -" / "- instead of +"). The code a
    // part writes is code of the label, word for word ("`Result<T>`" is not a part of "`Result<T, E>`").
    // A code qualifier the part leaves out counts as held: "self X" is all of "&mut self X" but its "mut".
    const qualifiers = l.words.filter((w) => QUALIFIERS.has(w) && !q.words.includes(w)).length
    if (used + qualifiers >= l.words.length && otherSymbols(qRead, readSymbols(n.summary))) continue
    if (qCode.length > 0 && !codeWithin(qCode, codeWordsOf(n.summary), same)) continue
    out.push({ node: n, coverage: used / Math.max(l.words.length, 1) })
    if (out.length > MAX_HOLDERS) break
  }
  return out
}

/** Confidence for each holder: a match for the one label that holds the part, a candidate when several do. */
export function partialScores(holders: Holder[]): Array<{ node: NodeView; confidence: number }> {
  const labels = new Set(holders.map((h) => exactLabel(h.node.summary)))
  const unique = labels.size === 1
  return holders.map((h) => ({
    node: h.node,
    confidence: round(
      unique ? PART_MIN + (PART_MAX - PART_MIN) * h.coverage : SHARED * (0.9 + 0.1 * h.coverage),
    ),
  }))
}

const round = (x: number): number => Math.round(x * 1000) / 1000
