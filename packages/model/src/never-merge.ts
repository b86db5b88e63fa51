// What two labels may differ in and still be read as one, decided the same way by every reading of a
// label (resolve.ts's confidence, partial-names.ts's parts): issue 24, a wrong merge is the worst
// failure, a miss that offers candidates is acceptable. Hand-written: these are rules about which
// characters and words carry meaning in a label, not string distance, and no library states them.
//
//   - Symbols: code is read, prose punctuation is not. A token of symbols ("[", "+", `[""]`, "->") and
//     a run inside a word that holds a code symbol (brackets, &, *, |, =, <, >, +, #, /, ...) are read:
//     "`&T`" / "`&&T`", "[" / "(", "[]" / "[\"\"]", "+" / "-" name different things. A sigil (& or *)
//     keeps the word glued after it ("`&T`" / "`&mut T`" / "`*const T`"), "++" / "--" after a word are
//     read, and inside code spans (`...`) a word more or less is another symbol ("`Result<T>`" /
//     "`Result<T, E>`"). A token of symbols, a sigil or a postfix also refuses a label with no symbols
//     ("`T`" / "`&T`"); a run inside a word does not ("Fix CI/CD" / "Fix CI CD"). Prose punctuation is
//     read as nothing: a token of it alone (":", ",", "...", a dash between two words: "Feature - be
//     able" / "Feature: be able") and backticks, and the tokenizer keeps it inside words ("channel's",
//     "read_json" / "read-json"). Arrows read as one right arrow or one left arrow ("->", "=>", "→" are
//     one direction; one list, LEFT_ARROWS / ARROWS, read by resolve.ts too); dashes of any width as "-".

// "doesn't" / "doesnt" / "does not", "can't" / "cant" / "cannot" / "can not": the words, not the
// contraction (written with or without its apostrophe: agents drop it). A literal alternation then a
// bounded tail: linear on any input.
const CONTRACTED_WORD =
  /\b(?:(?:ca|wo)n(?:not|['\u2019]?t)|(?:do|does|did|is|are|was|were|has|have|had|could|should|would|must|need)n['\u2019]?t)\b/iu
// The same pattern, global, for replace (a literal: formats/inventory.test checks every one).
const CONTRACTED =
  /\b(?:(?:ca|wo)n(?:not|['\u2019]?t)|(?:do|does|did|is|are|was|were|has|have|had|could|should|would|must|need)n['\u2019]?t)\b/giu
const NOT_TAIL = /n(?:not|['\u2019]?t)$/iu
/** Whether `s` holds a contraction or "cannot": its words then differ from its shape (asciiLabelShape). */
export const contracted = (s: string): boolean => CONTRACTED_WORD.test(s)
const expanded = (m: string): string => {
  const head = m.slice(0, 2).toLowerCase()
  return head === 'wo' && m.length <= 6
    ? 'will not'
    : head === 'ca' && m.length <= 6
      ? 'can not'
      : `${m.replace(NOT_TAIL, '')} not`
}

/** `s` with its contractions written out as words ("didn't respect" -> "did not respect"). */
export const uncontracted = (s: string): string => (contracted(s) ? s.replace(CONTRACTED, expanded) : s)

/** Runs of characters that are neither letters, digits nor blanks. */
const NON_WORD_RUN = /[^\p{L}\p{N}\s]+/gu
const NON_WORD = /[^\p{L}\p{N}\s]/u
const WORDLIKE = /[\p{L}\p{N}]/u
const BLANKS = /\s+/u
/** Hyphens and dashes of every width, read as one "-". */
const DASHES = /[\u2010-\u2015\u2212]/gu
/**
 * A character that makes a run a symbol of code rather than prose punctuation (the arrows ↑ ↓ ↔ ↕ too:
 * read as themselves, below).
 */
const CODE_SYMBOL = /[[\](){}<>&*|^~=+#$%@\\/\u2190-\u2195]/u
/**
 * Prose punctuation: what separates clauses and quotes words, read as nothing. A token made only of it
 * (": ", "...", ",", a dash between two words) is dropped, and a run of code loses its backticks and
 * the prose marks at its ends ("`&" is "&", "):" is ")"). Quotes inside a run are kept: `[""]` is not `[]`.
 */
const PROSE_ONLY = /^[.,;:!?'"`\u2018\u2019\u201C\u201D\u00AB\u00BB\u00A1\u00BF\u2026_-]+$/u
const BACKTICKS = /`/gu
const PROSE_ENDS = /^[.,;:]+|[.,;:]+$/gu
/** A run that ends in a reference or pointer sigil ("&", "*", "<&", "(*"): the word after it is code. */
const SIGIL_END = /[&*]$/u
const GLUED_WORD = /^[\p{L}\p{N}_]+/u
/** Words a sigil is qualified by before the name it takes: `&mut self`, `*const T`. */
export const QUALIFIERS: ReadonlySet<string> = new Set(['mut', 'const'])
/** "++" and "--" after a word: i++ / i--. */
const POSTFIX = /^(?:\+\+|--)$/u

// Arrows, which the tokenizer drops as punctuation: one pointing left reads as "from" (and as ← here),
// any other (ASCII ->, =>, or a character of Unicode's arrow blocks) as "to" (→). One list, read by
// resolve.ts for a label's direction and here for its symbols. No `\s*` around them: a literal
// alternation, linear on any input (formats/inventory.test).
export const LEFT_ARROWS =
  /(?:<-|<=|[\u2190\u219A\u219E\u21A2\u21A4\u21A9\u21AB\u21BC\u21BD\u21C7\u21D0\u21DA\u21DC\u21E0\u21E4\u21E6\u27F5\u27F8\u27FB\u27FD\u2B05\u2B30-\u2B3F])/gu
export const ARROWS =
  /(?:->|=>|[\u2190-\u21FF\u27F0-\u27FF\u2794-\u27BF\u2900-\u297F\u2B00-\u2B11\u2B30-\u2B4F\u2B60-\u2B95])/gu
/** Whether a text holds an arrow of ARROWS (the same ranges, not global: for `test`). */
export const HAS_ARROW =
  /<-|<=|->|=>|[\u2190-\u21FF\u27F0-\u27FF\u2794-\u27BF\u2900-\u297F\u2B00-\u2B11\u2B30-\u2B4F\u2B60-\u2B95]/u

/**
 * Arrows that do not point along the line of text (up, down, both ways, up and down), each read as one
 * of ↑ ↓ ↔ ↕ and never as "→": "Move line ↑" and "Move line ↓" are two keybindings. Held as control
 * characters while the left and right arrows are read.
 */
const OTHER_ARROWS: ReadonlyArray<readonly [RegExp, string, string]> = [
  [/[\u2191\u21A5\u21BE\u21BF\u21C8\u21D1\u21E1\u21E7\u2B06]/gu, '\u0001', '\u2191'],
  [/[\u2193\u21A7\u21C2\u21C3\u21CA\u21D3\u21E3\u21E9\u2B07]/gu, '\u0002', '\u2193'],
  [/[\u2194\u21C4\u21C6\u21CB\u21CC\u21D4\u27F7\u27FA\u2B0C]/gu, '\u0003', '\u2194'],
  [/[\u2195\u21A8\u21C5\u21D5\u21F5\u2B0D]/gu, '\u0004', '\u2195'],
]

/** A label's symbols (symbolsOf) and whether one of them stands for code on its own (see `strong`). */
export interface Symbols {
  all: string
  /**
   * A token of symbols alone ("+", "->", "&&"), a sigil with its word ("&T", "&mut", "*const") or a
   * postfix ("i++"): code a label without symbols does not write another way. A run inside a word
   * ("CI/CD", "S&OP") is not: "Fix CI CD" may spell it with a space.
   */
  strong: boolean
}

const NO_SYMBOLS: Symbols = { all: '', strong: false }

/**
 * The symbols of a label in order, joined by spaces ("" for none), and whether one is strong: each token
 * that is only symbols ("-" at either end of the label, "[", `[""]`; prose punctuation alone — ":", ",",
 * "...", a dash between two words — is dropped), and within other tokens each run that holds a code
 * symbol, without its backticks and its prose ends ("`&&T`" gives "&&"). A run that ends in "&" or "*"
 * takes the word glued after it, lower-cased: "`&T`" gives "&t", "`&mut T`" "&mut", "Vec<&T>" "<&t"
 * (the qualifier is part of the type). "++" or "--" after a word is read. `default [""] instead of []`
 * gives `[""] []`. Arrows read as → or ← (↑ ↓ ↔ ↕ as themselves), dashes as -.
 */
export function readSymbols(text: string): Symbols {
  if (!NON_WORD.test(text)) return NO_SYMBOLS
  // A left arrow is held as NUL while right arrows are read: "←" is itself in ARROWS' blocks.
  let held = text
  for (const [arrows, hold] of OTHER_ARROWS) held = held.replace(arrows, ` ${hold} `)
  let read = held
    .replace(LEFT_ARROWS, ' \u0000 ')
    .replace(ARROWS, ' \u2192 ')
    .split('\u0000')
    .join('\u2190')
    .replace(DASHES, '-')
  for (const [, hold, arrow] of OTHER_ARROWS) read = read.split(hold).join(arrow)
  const tokens = read.split(BLANKS).filter((t) => t !== '')
  const words = read
    .toLowerCase()
    .split(NOT_WORD)
    .filter((w) => w !== '')
  const out: string[] = []
  let strong = false
  tokens.forEach((token, i) => {
    if (!WORDLIKE.test(token)) {
      if (!PROSE_ONLY.test(token)) {
        out.push(token.replace(BACKTICKS, '') || token)
        strong = true
      } else if (/^-+$/u.test(token)) {
        // A dash between two words joins clauses; at either end of a label, or beside a symbol, it is
        // the operator ("+ instead of -").
        const between =
          i > 0 && i < tokens.length - 1 && WORDLIKE.test(tokens[i - 1]!) && WORDLIKE.test(tokens[i + 1]!)
        if (!between) {
          out.push(token)
          strong = true
        }
      }
      return
    }
    for (const m of token.matchAll(NON_WORD_RUN)) {
      const end = m.index + m[0].length
      if (POSTFIX.test(m[0]) && end === token.length && m.index > 0) {
        out.push(m[0])
        strong = true
        continue
      }
      if (!CODE_SYMBOL.test(m[0])) continue
      const run = m[0].replace(BACKTICKS, '').replace(PROSE_ENDS, '')
      const code = run === '' ? m[0] : run
      // A sigil at the start of a word, or closing a longer run ("<&"), takes its word: "&T" / "&mut T".
      const glued =
        SIGIL_END.test(code) && (m.index === 0 || code.length > 1 || token[0] === '`')
          ? token.slice(end).match(GLUED_WORD)
          : null
      if (glued) {
        // A word the label also writes without the sigil is told by its place among them: "`&T` instead
        // of `T`" gives "&t#1", "`T` instead of `&T`" "&t#2".
        let word = glued[0].toLowerCase()
        // A qualifier takes the name it qualifies along: "&mut self" is one symbol, told from "self".
        let named = word
        const before = wordsBefore(tokens, i, token.slice(0, end))
        const next = tokens[i + 1]?.match(GLUED_WORD)
        if (QUALIFIERS.has(word) && end + glued[0].length === token.length && next) {
          named = next[0].toLowerCase()
          word = `${word}_${named}`
        }
        const all = words.filter((w) => w === named).length
        const at = all > 1 ? `#${before.filter((w) => w === named).length + 1}` : ''
        out.push(code + word + at)
        strong = true
      } else out.push(code)
    }
  })
  return out.length === 0 ? NO_SYMBOLS : { all: out.join(' '), strong }
}

const NOT_WORD = /[^\p{L}\p{N}_]+/u
/** The lower-cased words of the tokens before `i` and of `head`, the part of token `i` before a symbol. */
const wordsBefore = (tokens: readonly string[], i: number, head: string): string[] =>
  [...tokens.slice(0, i), head]
    .join(' ')
    .toLowerCase()
    .split(NOT_WORD)
    .filter((w) => w !== '')

/** The symbols of a label (readSymbols), joined by spaces: "" for none. */
export const symbolsOf = (text: string): string => readSymbols(text).all

/**
 * Whether two labels' symbols say they name different things: both have symbols and not the same ones in
 * the same order, or only one has symbols and one of them is strong ("`T`" / "`&T`", "X + Y" / "X Y").
 * A label whose symbols are all runs inside words is left to the words against one without any ("Fix
 * CI/CD" / "Fix CI CD").
 */
export function otherSymbols(a: Symbols, b: Symbols): boolean {
  if (a.all !== '' && b.all !== '') return a.all !== b.all
  return a.all !== '' ? a.strong : b.all !== '' && b.strong
}

/** Text between backticks, as code spans are written in Markdown (a span of at most 200 characters). */
const CODE_SPAN = /`([^`\n]{1,200})`/gu
/** The words of each of a label's code spans, in order ([] for none). */
export function codeWordsOf(text: string): string[][] {
  if (!text.includes('`')) return []
  return [...text.matchAll(CODE_SPAN)].map((m) => labelWords(m[1]!)).filter((ws) => ws.length > 0)
}

/**
 * Whether each code span of `part` is a code span of `whole`, in order, word for word (`same` pairs two
 * words): inside code a word more or less is another symbol ("`Result<T>`" / "`Result<T, E>`",
 * "`&T`" / "`&mut T`"). True when either writes no code span: backticks on one side only are formatting.
 */
export function codeWithin(
  part: readonly string[][],
  whole: readonly string[][],
  same: (a: string, b: string) => boolean,
): boolean {
  if (part.length === 0 || whole.length === 0) return true
  let i = 0
  for (const span of whole)
    if (i < part.length && span.length === part[i]!.length && span.every((w, k) => same(part[i]![k]!, w))) i++
  return i === part.length
}

import { labelWords } from './tokenize.ts'

// Words that order two names without a direction ("Replace Jira with GitHub", "Prefer A over B"), or set
// one against the other ("start from today, not the date of the last transaction", "A without B", "A vs
// B", "A rather than B", "all but A"): the names on their sides are not interchangeable.
export const ORDER_WORDS: ReadonlySet<string> = new Set([
  'with',
  'over',
  'before',
  'after',
  'via',
  'instead',
  'than',
  'not',
  'no',
  'never',
  'without',
  'except',
  'but',
  'vs',
  'versus',
  'rather',
  'unless',
])

const DIGIT = /\p{N}/u
/** Whether a word holds a digit: an identifier or a number, which only the same word names. */
export const hasDigit = (w: string): boolean => DIGIT.test(w)

/** Whether every item of `part` is in `whole`, in this order. */
export function inOrder(part: readonly string[], whole: readonly string[]): boolean {
  let i = 0
  for (const w of whole) if (i < part.length && w === part[i]) i++
  return i === part.length
}

// Acronyms written as words: a run of capitals and digits, two characters or more, in a label that has
// small letters too (a label in capitals throughout says nothing by its case). Its plural is written
// with a small s ("RPs", "APIs"); a capital S is a letter of the acronym ("RPS" is not "RP" twice),
// though labelWords folds both to "rp".
const WORD_RUN = /[\p{L}\p{N}]+/gu
const CAPITALS = /^[A-Z0-9]*[A-Z][A-Z0-9]*$/
const PLURAL_CAPITALS = /^[A-Z0-9]*[A-Z][A-Z0-9]*s$/
const SMALL_LETTER = /\p{Ll}/u

/** The acronyms a text writes in capitals ("RPS", and "RP" for "RPs"), or none where it has no small letter. */
export function capitalsOf(text: string): ReadonlySet<string> {
  const out = new Set<string>()
  if (!SMALL_LETTER.test(text)) return out
  for (const [t] of text.matchAll(WORD_RUN)) {
    if (t.length < 2) continue
    if (CAPITALS.test(t)) out.add(t)
    else if (t.length > 2 && PLURAL_CAPITALS.test(t)) out.add(t.slice(0, -1))
  }
  return out
}

/**
 * Whether one text writes an acronym ending in a capital S ("RPS") where the other writes the acronym
 * without it ("RP", "RPs") and not this one: two names, which the plural fold of labelWords reads as one
 * word (issue 24, session 16: "Restart RP timeouts" took "Restart RPS timeouts" at 0.97).
 */
export function otherAcronyms(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  const one = (x: ReadonlySet<string>, y: ReadonlySet<string>): boolean => {
    for (const w of x) if (w.length > 2 && w.endsWith('S') && !y.has(w) && y.has(w.slice(0, -1))) return true
    return false
  }
  return one(a, b) || one(b, a)
}
