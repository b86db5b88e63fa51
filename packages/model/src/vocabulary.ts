// The words of a graph every app uses: the kind a node has when none was given, the two relation types the
// model gives meaning to, and how a relation type reads as words. Apps name these constants instead of
// the strings, so a rename or a new rule lands in one place.
import { LIMITS } from './limits.ts'

/** The kind of a node written without one: shown as no kind at all. */
export const DEFAULT_KIND = 'concept'
/** `a depends_on b`: a waits for b (readiness, next, cycles). */
export const DEPENDS_ON = 'depends_on'
/** The relation an edge has when none was given: an association with no rule attached. */
export const RELATES_TO = 'relates_to'

/** The kinds a picker offers first (any other kind can still be typed). */
export const COMMON_KINDS: readonly string[] = ['concept', 'task', 'goal', 'question', 'evidence', 'action']

/** The kind as a reader sees it: null for the default kind, which is not shown. */
export function shownKind(kind: string): string | null {
  return kind === DEFAULT_KIND ? null : kind
}

/** A relation type as words: depends_on -> "depends on". */
export function relationWords(type: string): string {
  return type.replace(/_/g, ' ')
}

/** Words (an edge label, what a person typed) as a relation type: "depends on" -> depends_on, "Calls API!" -> calls_api; '' -> relates_to. */
export function relationOf(label: string): string {
  const word = label
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, LIMITS.kind)
  return word || RELATES_TO
}
