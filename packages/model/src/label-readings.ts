import { definedRewrites, otherAcronym } from './acronym-definitions.ts'
import { PART, WHOLE, acronymOf, initialsOf, rewrites, spelledBy, writtenIn } from './acronyms.ts'
import type { Graph } from './graph.ts'
import { PART_MIN, SHARED, holdersOf, partialScores } from './partial-names.ts'
import { search } from './search.ts'
import { exactLabel } from './tokenize.ts'
import type { NodeView } from './types.ts'

// The readings of a label that resolve.ts's rules (same words, same letters, abbreviations, fuzzy) do not
// make, tried when those rules found no match (issue 24 §6):
//   - an acronym of a label, learned from the graph's labels (acronyms.ts), and a label that is an
//     acronym named by its words;
//   - an acronym inside a longer query, read as the one phrase the graph spells it as ("MFA enrollment");
//   - a distinctive part of one label, in any word form (partial-names.ts).
// Whatever picks a node, it picks ONE label: when readings point at several labels equally, each is a
// candidate below MATCH_CONFIDENCE. And a miss is never empty-handed: the search index's best nodes are
// added as candidates, whatever their label confidence (they rank the right node first on the dev sets).

/** At or above this a reading is a match (resolve.ts's MATCH_CONFIDENCE, restated to avoid a cycle). */
const MATCH = 0.85
/** An acronym spelled out inside a longer query scores at most this. */
const EXPANDED_MAX = 0.9
/** A mistyped node id ("n_4f2"): the model's "did you mean" by id answers it better than search. */
const ID_SHAPED = /^[A-Za-z]{1,12}_(?=[a-z]*\d)[a-z0-9]{2,}$/
/** Search results a miss always shows, even when label candidates fill the list. */
const SEARCH_SHOWN = 3

export interface Reading {
  id: string
  summary: string
  confidence: number
}

/** Which readings: see ResolveOptions.readings in resolve.ts. */
export type Readings = 'name' | 'same' | 'none'

export interface ReadingContext {
  readings: Exclude<Readings, 'none'>
  accept: (n: NodeView | undefined) => n is NodeView
  /** The caller's floor: readings below it are left out (search candidates aside). */
  floor: number
  /** Whether a miss should list the search index's candidates (a "did you mean" list was asked for). */
  misses: boolean
  limit: number
  /** resolveLabel without these readings, for a query with its acronyms spelled out. */
  again: (query: string) => Reading[]
  /** resolve.ts's confidence between the query and a summary. */
  score: (summary: string) => number
  /**
   * Whether the query may name this summary at all (resolve.ts's `mayName`: the same negation, no
   * opposite, its digits and symbols in the label): a reading that fails it is a candidate, never a match.
   */
  guard: (summary: string) => boolean
}

/** Adds to `found` what the other readings of `label` find; returns search candidates for a miss, in order. */
export function readOtherwise(
  g: Graph,
  label: string,
  found: Map<string, Reading>,
  cx: ReadingContext,
): Reading[] {
  if ([...found.values()].some((r) => r.confidence >= MATCH)) {
    // A match already: only the acronyms the graph defines are read too, the query with them written
    // out or contracted, so that the node written the other way competes with the one whose words the
    // query happens to share (issue 24, near twins: "Add High-Performance Order Storage support for
    // wooCommerce" scored 0.87 with "feat: add support for WooCommerce High Performance Order Storage
    // (HPOS)" and 0.54 with "Add HPOS support for wooCommerce"). resolve.ts's rivalsOf then sees both.
    for (const spelled of definedRewrites(g, label))
      for (const r of cx.again(spelled)) {
        const n = g.index.live(r.id)
        const c = Math.min(r.confidence, EXPANDED_MAX)
        const had = found.get(r.id)
        if (
          n &&
          c >= cx.floor &&
          cx.guard(n.summary) &&
          !otherAcronym(g, spelled, n.summary) &&
          (!had || had.confidence < c)
        )
          found.set(r.id, { id: r.id, summary: n.summary, confidence: c })
      }
  } else {
    const hits = new Map<string, { node: NodeView; confidence: number }>()
    const naming = cx.readings === 'name'
    // Deduplication takes only what reads as the whole label, never a part of one.
    const add = (node: NodeView, confidence: number, whole: boolean): void => {
      if (!naming && !whole) return
      const h = hits.get(node.id)
      if (!h || h.confidence < confidence) hits.set(node.id, { node, confidence })
    }
    // An acronym: the labels that spell it.
    const acr = acronymOf(g, label)
    if (acr !== undefined)
      for (const s of spelledBy(g, acr, cx.accept)) add(s.node, s.whole ? WHOLE : PART, s.whole)
    // Words whose initials a label is written as ("Multi-factor authentication" / "MFA rollout").
    for (const a of initialsOf(label))
      for (const w of writtenIn(g, a, cx.accept)) add(w.node, w.whole ? WHOLE : PART, w.whole)
    // A query written as an acronym is a word of a label only where the label writes it so ("OR" is not
    // the "or" of "Printers or scanners").
    const shouted = acr !== undefined && /[A-Z]/.test(label)
    if (shouted)
      for (const w of writtenIn(g, acr, cx.accept, label.trim())) add(w.node, w.whole ? WHOLE : PART, w.whole)
    // A part of one label.
    const holders = naming && !shouted ? holdersOf(g, label, cx.accept) : undefined
    if (holders) for (const h of partialScores(holders)) add(h.node, h.confidence, false)
    // An acronym inside the query spelled out, or words of it written as an acronym a label has.
    // ... and acronyms the graph's labels define, written out or written as the acronym
    // (acronym-definitions.ts: "Android Package (APK) builds" makes "APK" and "Android Package" one).
    for (const spelled of [...rewrites(g, label, cx.accept), ...definedRewrites(g, label)]) {
      for (const r of cx.again(spelled)) {
        const n = g.index.live(r.id)
        if (n && !otherAcronym(g, spelled, n.summary)) add(n, Math.min(r.confidence, EXPANDED_MAX), true)
      }
      // "MFA rollout" as a part of "Multi-factor authentication rollout for clinicians".
      const parts = naming ? holdersOf(g, spelled, cx.accept) : undefined
      if (parts) for (const h of partialScores(parts)) add(h.node, h.confidence, false)
    }
    for (const hit of oneLabel([...hits.values()])) {
      const h =
        hit.confidence >= MATCH && !cx.guard(hit.node.summary)
          ? { ...hit, confidence: Math.min(hit.confidence, SHARED) }
          : hit
      const had = found.get(h.node.id)
      if (h.confidence >= cx.floor && (!had || had.confidence < h.confidence))
        found.set(h.node.id, { id: h.node.id, summary: h.node.summary, confidence: h.confidence })
    }
  }
  codeName(g, label, found, cx)
  if (!cx.misses || ID_SHAPED.test(label) || [...found.values()].some((r) => r.confidence >= MATCH)) return []
  const r = search(g, label, { limit: Math.max(cx.limit, SEARCH_SHOWN) + 5 })
  if (!r.ok) return []
  const out: Reading[] = []
  for (const item of r.items) {
    if (found.has(item.id) || !cx.accept(g.index.live(item.id))) continue
    out.push({ id: item.id, summary: item.summary, confidence: Math.min(cx.score(item.summary), SHARED) })
  }
  return out
}

/**
 * Readings pick one label or none: when two labels reach MATCH, the one read as a whole (an acronym of
 * all of it) stands if it alone is; otherwise every reading is capped below MATCH, a candidate.
 */
function oneLabel<T extends { node: NodeView; confidence: number }>(hits: T[]): T[] {
  const sure = hits.filter((h) => h.confidence >= MATCH)
  const labels = new Set(sure.map((h) => exactLabel(h.node.summary)))
  if (labels.size <= 1) return hits
  const whole = sure.filter((h) => h.confidence >= WHOLE)
  const wholeLabels = new Set(whole.map((h) => exactLabel(h.node.summary)))
  const keep = wholeLabels.size === 1 ? wholeLabels : new Set<string>()
  return hits.map((h) =>
    keep.has(exactLabel(h.node.summary)) ? h : { ...h, confidence: Math.min(h.confidence, SHARED) },
  )
}

/** The list a caller sees: label candidates by confidence, then a miss's search candidates (see `room`). */
export function withSearch<T>(ranked: T[], fromSearch: T[], limit: number): T[] {
  if (fromSearch.length === 0) return ranked
  // Up to half the list (at most SEARCH_SHOWN) is search's when label candidates would fill it.
  const room = Math.max(
    limit - ranked.length,
    Math.min(SEARCH_SHOWN, fromSearch.length, Math.ceil(limit / 2)),
  )
  return [...ranked.slice(0, limit - Math.min(room, fromSearch.length)), ...fromSearch.slice(0, room)]
}

/** A code name: words joined by underscores ("merge_peft_adapter"), in backticks or with "()" or not. */
const CODE_NAME = /^`?([A-Za-z][A-Za-z0-9]*(?:_+[A-Za-z0-9]+)+)(?:\(\))?`?$/
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A query that is a code name names the labels that write it, not those that merely hold its words
 * (issue 24, held-out set 7: "merge_peft_adapter" was taken by "Parameter-Efficient Fine-Tuning (PEFT)
 * ... adapters: merging and unloading" at 0.878, where "Lora weights are not merged properly in
 * merge_peft_adapter" writes it). When some label writes it, every other reading is capped to a
 * candidate; read as a name, the one label writing it (one text) is a part of that label (PART_MIN).
 */
function codeName(g: Graph, label: string, found: Map<string, Reading>, cx: ReadingContext): void {
  const name = CODE_NAME.exec(label.trim())?.[1]
  if (name === undefined) return
  const r = search(g, name, { limit: 20 })
  if (!r.ok) return
  const writes = new RegExp(`(?<![\\p{L}\\p{N}_])${escape(name)}(?![\\p{L}\\p{N}_])`, 'iu')
  const writers = r.items.filter((i) => writes.test(i.summary) && cx.accept(g.index.live(i.id)))
  if (writers.length === 0) return
  const mine = new Set(writers.map((w) => w.id))
  for (const [id, f] of found)
    if (!mine.has(id) && f.confidence >= MATCH) found.set(id, { ...f, confidence: SHARED })
  if (cx.readings !== 'name' || new Set(writers.map((w) => exactLabel(w.summary))).size !== 1) return
  for (const w of writers) {
    const had = found.get(w.id)
    if (!had || had.confidence < PART_MIN)
      found.set(w.id, { id: w.id, summary: w.summary, confidence: PART_MIN })
  }
}
