import { singular } from './tokenize.ts'

// A label and the same label with one word turned into its opposite name opposite things: "Start with
// debugging" / "Start without debugging", "Enable dark mode" / "Disable dark mode", "Turn on sync" /
// "Turn off sync" (issue 24, session 10: the second held-out set merged the first pair at 0.857). The
// rule that catches a word swapped for another (resolve.ts, `substituted`) misses these: "with", "on"
// and "in" are small function words, "without" reads as a word inserted, and some opposites are near
// spellings of each other ("ascending" / "descending", "synchronous" / "asynchronous").
//
// Hand-written, and a closed list on purpose: an antonym dictionary (WordNet) would be a large data
// dependency for the model, which imports yjs only (purity.test.ts), and would pair words that name the
// same task in labels ("start" / "begin" are not antonyms, but "start" / "finish" would drop recall where
// a list of what agents write keeps it). Words are compared as labelWords gives them (lower case, a
// plural 's' folded), so the list goes through the same folding.

/** Words that negate what follows: a label with more or fewer of them says the opposite. */
// 'non' is a word of its own where a hyphen split it off ("non-blocking" reads "non blocking").
export const NEGATIONS: ReadonlySet<string> = new Set([
  'not',
  'no',
  'never',
  'without',
  'nor',
  'neither',
  'none',
  'nothing',
  'non',
])

// Pairs of opposites, the first word of each side of a pair in its base form; verbs also match their
// inflections (generated below: "enabled", "enabling").
export const OPPOSITES: ReadonlyArray<readonly [string, string]> = [
  ['with', 'without'],
  ['on', 'off'],
  ['in', 'out'],
  ['enable', 'disable'],
  ['enabled', 'disabled'],
  ['show', 'hide'],
  ['shown', 'hidden'],
  ['visible', 'hidden'],
  ['allow', 'deny'],
  ['allow', 'disallow'],
  ['include', 'exclude'],
  ['inclusive', 'exclusive'],
  ['always', 'never'],
  ['increase', 'decrease'],
  ['increment', 'decrement'],
  ['upload', 'download'],
  ['upgrade', 'downgrade'],
  ['expand', 'collapse'],
  ['accept', 'reject'],
  ['approve', 'reject'],
  ['grant', 'revoke'],
  ['attach', 'detach'],
  ['ascending', 'descending'],
  ['asc', 'desc'],
  ['synchronous', 'asynchronous'],
  ['sync', 'async'],
  ['inbound', 'outbound'],
  ['input', 'output'],
  ['internal', 'external'],
  ['public', 'private'],
  ['min', 'max'],
  ['minimum', 'maximum'],
  ['minimize', 'maximize'],
  ['login', 'logout'],
  ['online', 'offline'],
  ['encode', 'decode'],
  ['compress', 'decompress'],
  ['success', 'failure'],
  ['succeed', 'fail'],
  ['pass', 'fail'],
  ['true', 'false'],
  ['before', 'after'],
  ['first', 'last'],
  ['upper', 'lower'],
  ['uppercase', 'lowercase'],
  ['horizontal', 'vertical'],
  ['enter', 'exit'],
  ['import', 'export'],
  ['push', 'pull'],
  ['read', 'write'],
  ['light', 'dark'],
  ['absolute', 'relative'],
  ['global', 'local'],
  ['static', 'dynamic'],
]

/** Inflections of a word in the list: "enable" -> enables, enabled, enabling. */
function formsOf(w: string): string[] {
  const stem = w.endsWith('e') ? w.slice(0, -1) : w
  return [w, w + 's', stem + 'ed', stem + 'ing', w.endsWith('e') ? w + 'd' : w + 'ed'].map(singular)
}

/** Word -> the sides it stands on: pair index * 2 + 0 or 1. */
const SIDES = new Map<string, number[]>()
OPPOSITES.forEach(([x, y], i) => {
  for (const [w, side] of [
    [x, 0],
    [y, 1],
  ] as const)
    for (const f of new Set(formsOf(w))) SIDES.set(f, [...(SIDES.get(f) ?? []), i * 2 + side])
})

const negations = (words: readonly string[]): number => {
  let n = 0
  for (const w of words) if (NEGATIONS.has(w)) n++
  return n
}

/** Whether one label has more negating words than the other ("should register" / "should not register"). */
export function negatedOf(a: readonly string[], b: readonly string[]): boolean {
  return negations(a) !== negations(b)
}

/**
 * Whether `a` has a word of the list that `b` lacks while `b` has that word's opposite that `a` lacks
 * ("with" / "without", "enabled" / "disabled").
 */
export function opposedWords(a: readonly string[], b: readonly string[]): boolean {
  const count = (words: readonly string[]): Map<number, number> | undefined => {
    let m: Map<number, number> | undefined
    for (const w of words) for (const s of SIDES.get(w) ?? []) (m ??= new Map()).set(s, (m.get(s) ?? 0) + 1)
    return m
  }
  const ca = count(a)
  if (!ca) return false
  const cb = count(b)
  if (!cb) return false
  for (const [s, n] of ca) {
    const other = s ^ 1
    if (n > (cb.get(s) ?? 0) && (cb.get(other) ?? 0) > (ca.get(other) ?? 0)) return true
  }
  return false
}
