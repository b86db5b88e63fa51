// Text folding and tokenising shared by search and label resolution. Both sides of every comparison (the
// indexed text and the query) go through the same functions, so a lossy fold only costs precision, never
// recall.

// Nonspacing marks are diacritics in most scripts (é -> e, Arabic harakat); the kana voicing marks are not:
// が and か are different syllables, so they are kept and recomposed. Format characters (ZWJ, ZWNJ, RLM,
// soft hyphen) and the Arabic tatweel only decorate a word and would otherwise split it.
const STRIP = /(?![\u3099\u309a])[\p{Mn}\p{Cf}\u0640]/gu
// Letters with no decomposition that people still type without the stroke.
const SPECIAL_FROM = 'ßẞæÆœŒøØłŁđĐı'
const SPECIAL_TO = ['ss', 'SS', 'ae', 'AE', 'oe', 'OE', 'o', 'O', 'l', 'L', 'd', 'D', 'i']
const SPECIAL_RE = new RegExp(`[${SPECIAL_FROM}]`, 'g')
// eslint-disable-next-line no-control-regex
const ASCII = /^[\u0000-\u007f]*$/

/** Compatibility forms, diacritics and decorations folded away; case kept (camelCase needs it). */
export function fold(s: string): string {
  if (ASCII.test(s)) return s
  return s
    .normalize('NFKD')
    .replace(STRIP, '')
    .normalize('NFC')
    .replace(SPECIAL_RE, (c) => SPECIAL_TO[SPECIAL_FROM.indexOf(c)] ?? c)
}

// Chinese and Japanese are written without spaces, so a "word" there is a run of Han and kana; it is
// indexed as overlapping character bigrams (and single characters), the usual dictionary-free approach.
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u30fc'
const RUN = new RegExp(`([${CJK}]+)|((?:(?![${CJK}])[\\p{L}\\p{N}\\p{M}])+)`, 'gu')
// ASCII text (most of it) takes a simpler pattern; its first group never matches, like RUN's on non-CJK.
const ASCII_RUN = /([^\s\S])|([A-Za-z0-9]+)/g
const runs = (folded: string): IterableIterator<RegExpMatchArray> =>
  folded.matchAll(ASCII.test(folded) ? ASCII_RUN : RUN)
const HUMP = /[\p{Ll}\p{N}]\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u
const HUMP_LOWER = /([\p{Ll}\p{N}])(\p{Lu})/gu
const HUMP_UPPER = /(\p{Lu})(\p{Lu}\p{Ll})/gu

/** Longer tokens (hashes, base64) are cut: nobody types more of one to find it. */
export const MAX_TOKEN = 64

/** "AuthService" -> ["Auth", "Service"], "HTTPServer" -> ["HTTP", "Server"]; one part when no hump. */
export function camelParts(word: string): string[] {
  if (word === word.toLowerCase() || !HUMP.test(word)) return [word]
  return word.replace(HUMP_LOWER, '$1 $2').replace(HUMP_UPPER, '$1 $2').split(' ')
}

const cut = (t: string): string => (t.length > MAX_TOKEN ? t.slice(0, MAX_TOKEN) : t)

// ASCII text (nearly every label and most notes) is scanned by hand: the same tokens as the patterns
// above give, without a match object per word. Creating a node tokenises its summary for dedup and its
// text for the search index, so this path is hot.
const isUpper = (c: number): boolean => c >= 65 && c <= 90
const isLower = (c: number): boolean => c >= 97 && c <= 122
const isAlnum = (c: number): boolean => isLower(c) || isUpper(c) || (c >= 48 && c <= 57)

/**
 * camelParts of an ASCII word of letters and digits, or null for one part. A hump is a capital after a
 * lower-case letter or digit, or a capital that starts a capitalised word after other capitals: the
 * places where HUMP_LOWER and HUMP_UPPER put a space (their matches cannot overlap).
 */
function asciiCamelParts(w: string): string[] | null {
  let parts: string[] | null = null
  let start = 0
  for (let j = 1; j < w.length; j++) {
    if (!isUpper(w.charCodeAt(j))) continue
    const b = w.charCodeAt(j - 1)
    if (isUpper(b) ? j + 1 < w.length && isLower(w.charCodeAt(j + 1)) : true) {
      ;(parts ??= []).push(w.slice(start, j))
      start = j
    }
  }
  if (parts) parts.push(w.slice(start))
  return parts
}

/** Calls `word` for each run of ASCII letters and digits, saying whether it has a capital. */
function asciiWords(text: string, word: (w: string, upper: boolean) => void): void {
  const n = text.length
  let i = 0
  while (i < n) {
    if (!isAlnum(text.charCodeAt(i))) {
      i++
      continue
    }
    const start = i
    let upper = false
    for (let c = text.charCodeAt(i); i < n && isAlnum(c); c = text.charCodeAt(++i)) upper ||= isUpper(c)
    word(text.slice(start, i), upper)
  }
}

/**
 * Tokens grouped by the word they come from, in text order.
 * - A word of letters and digits gives its lower-cased self, then its camelCase parts when it has any,
 *   so "AuthService" is found by "authservice", "auth" and "service".
 * - A Han/kana run gives its bigrams; when indexing also each character, so a one-character query finds
 *   it. A query run of one character gives that character.
 * Emoji, symbols and punctuation give nothing.
 */
export function wordTokens(text: string, mode: 'index' | 'query'): string[][] {
  const out: string[][] = []
  if (ASCII.test(text)) {
    asciiWords(text, (word, upper) => {
      const group = [cut(upper ? word.toLowerCase() : word)]
      const parts = upper ? asciiCamelParts(word) : null
      if (parts) for (const p of parts) group.push(cut(p.toLowerCase()))
      out.push(group)
    })
    return out
  }
  return unicodeWordTokens(text, mode)
}

/** wordTokens by the general patterns, whatever the script; exported so tests can hold the fast path to it. */
export function unicodeWordTokens(text: string, mode: 'index' | 'query'): string[][] {
  const out: string[][] = []
  for (const m of runs(fold(text))) {
    const cjk = m[1]
    if (cjk !== undefined) {
      const chars = Array.from(cjk)
      const group: string[] = []
      if (mode === 'index' || chars.length === 1) group.push(...chars)
      for (let i = 0; i + 1 < chars.length; i++) group.push(chars[i]! + chars[i + 1]!)
      out.push(group)
      continue
    }
    const word = m[0]
    const whole = cut(word.toLowerCase())
    const parts = camelParts(word)
    const group = [whole]
    if (parts.length > 1) for (const p of parts) group.push(cut(p.toLowerCase()))
    out.push(group)
  }
  return out
}

/** Every token of `text`, repeats kept (term frequency counts them). */
export function tokenize(text: string, mode: 'index' | 'query' = 'index'): string[] {
  return wordTokens(text, mode).flat()
}

const CJK_CHAR = new RegExp(`[${CJK}]`, 'u')
/** Han/kana tokens are character n-grams: edit distance between them means nothing. */
export const isCjk = (t: string): boolean => CJK_CHAR.test(t)

// ---- labels ------------------------------------------------------------------------------------------

const EDGE_CHAR = /^[\p{P}\s]$/u

/**
 * `s` without punctuation and blanks at either end. A scan from each end: the pattern it replaces,
 * `[\p{P}\s]+$`, re-read a run of punctuation from each of its characters when a letter followed
 * (quadratic: 40,000 dots took 5 s).
 */
function trimEdgePunct(s: string): string {
  let lo = 0
  while (lo < s.length) {
    const c = String.fromCodePoint(s.codePointAt(lo)!)
    if (!EDGE_CHAR.test(c)) break
    lo += c.length
  }
  let hi = s.length
  while (hi > lo) {
    const low = s.charCodeAt(hi - 1)
    const w = low >= 0xdc00 && low <= 0xdfff && hi - 2 >= lo ? 2 : 1
    if (!EDGE_CHAR.test(s.slice(hi - w, hi))) break
    hi -= w
  }
  return s.slice(lo, hi)
}

/** The "same text" form: NFKC, case-folded, whitespace collapsed, punctuation trimmed from both ends. */
export function exactLabel(s: string): string {
  if (ASCII.test(s)) {
    // NFKC leaves ASCII alone; trimming the ends before collapsing spaces gives the same text.
    let lo = 0
    let hi = s.length
    while (lo < hi && ASCII_EDGE[s.charCodeAt(lo)]) lo++
    while (hi > lo && ASCII_EDGE[s.charCodeAt(hi - 1)]) hi--
    const t = lo > 0 || hi < s.length ? s.slice(lo, hi) : s
    return (MULTI_SPACE.test(t) ? t.replace(/\s+/g, ' ') : t).toLowerCase()
  }
  return unicodeExactLabel(s)
}

export function unicodeExactLabel(s: string): string {
  return trimEdgePunct(s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' '))
}

/** 1 for the ASCII characters trimEdgePunct trims, taken from the pattern itself. */
const ASCII_EDGE = Uint8Array.from({ length: 128 }, (_, c) =>
  EDGE_CHAR.test(String.fromCharCode(c)) ? 1 : 0,
)
const MULTI_SPACE = /\s\s|[^\S ]/

/**
 * The words of a label with case, diacritics, punctuation, camelCase and a plural 's' all folded away:
 * "User-Repositories" and "userRepository" both give ["user", "repository"]. A Han/kana run is one word.
 */
export function labelWords(s: string): string[] {
  const out: string[] = []
  if (ASCII.test(s)) {
    asciiWords(s, (word, upper) => {
      const parts = upper ? asciiCamelParts(word) : null
      if (!parts) out.push(singular(upper ? word.toLowerCase() : word))
      else for (const p of parts) out.push(singular(p.toLowerCase()))
    })
    return out
  }
  return unicodeLabelWords(s)
}

export function unicodeLabelWords(s: string): string[] {
  const out: string[] = []
  for (const m of runs(fold(s))) {
    if (m[1] !== undefined) out.push(m[1])
    else for (const p of camelParts(m[0])) out.push(singular(p.toLowerCase()))
  }
  return out
}

/** A crude English singular, applied to both sides of a comparison, so it need only be consistent. */
export function singular(w: string): string {
  if (w.length <= 3 || !w.endsWith('s') || w.endsWith('ss')) return w
  if (w.endsWith('ies') && w.length > 4) return w.slice(0, -3) + 'y'
  if (/(?:sses|xes|zes|ches|shes)$/.test(w)) return w.slice(0, -2)
  return w.slice(0, -1)
}

/**
 * The lengths a comparison of labels reads first, for an ASCII string and without building its label:
 * exactLabel(s).length, and the length and number of labelWords(s) cut to `maxWords` and joined by
 * spaces. Packed as exact * 2^17 + seq * 2^5 + words; -1 for text that is not ASCII or is longer than
 * 2,000 characters. A seeded test holds it to the functions it stands for.
 */
export function asciiLabelShape(s: string, maxWords: number): number {
  const n = s.length
  if (n > 2000 || maxWords > 31) return -1
  let lo = 0
  let hi = n
  // A character past ASCII stops the trimming (ASCII_EDGE has no entry for it) and is caught below.
  while (lo < hi && ASCII_EDGE[s.charCodeAt(lo)]) lo++
  while (hi > lo && ASCII_EDGE[s.charCodeAt(hi - 1)]) hi--
  let exact = hi - lo
  for (let i = lo; i < hi; i++) {
    const c = s.charCodeAt(i)
    if (c > 127) return -1
    if (i > lo && isSpace(c) && isSpace(s.charCodeAt(i - 1))) exact--
  }
  let words = 0
  let letters = 0
  for (let i = 0; i < n && words < maxWords;) {
    if (!isAlnum(s.charCodeAt(i))) {
      i++
      continue
    }
    const start = i
    while (i < n && isAlnum(s.charCodeAt(i))) i++
    // The parts of asciiCamelParts: a part ends before each hump.
    let from = start
    for (let j = start + 1; j <= i && words < maxWords; j++) {
      const hump =
        j < i &&
        isUpper(s.charCodeAt(j)) &&
        (isUpper(s.charCodeAt(j - 1)) ? j + 1 < i && isLower(s.charCodeAt(j + 1)) : true)
      if (!hump && j < i) continue
      words++
      letters += j - from - singularCut(s, from, j)
      from = j
    }
  }
  const seq = words ? letters + words - 1 : 0
  return exact * 2 ** 17 + seq * 2 ** 5 + words
}

const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13)

/** How many characters singular() takes off s[a, b), a word of ASCII letters and digits in any case. */
function singularCut(s: string, a: number, b: number): number {
  // Letters and digits lower-case with bit 5 set.
  const S = 115
  if (b - a <= 3 || (s.charCodeAt(b - 1) | 32) !== S || (s.charCodeAt(b - 2) | 32) === S) return 0
  if ((s.charCodeAt(b - 2) | 32) !== 101 /* e */) return 1
  const c3 = s.charCodeAt(b - 3) | 32
  const c4 = s.charCodeAt(b - 4) | 32
  if (c3 === 105 /* i */ && b - a > 4) return 2
  if (c3 === 120 /* x */ || c3 === 122 /* z */) return 2
  if (c3 === S && c4 === S) return 2
  if (c3 === 104 /* h */ && (c4 === 99 /* c */ || c4 === S)) return 2
  return 1
}

// ---- snippets ----------------------------------------------------------------------------------------

const WORD = /[\p{L}\p{N}\p{M}]+/gu
const SNIPPET_BEFORE = 50
const SNIPPET_AFTER = 110

/**
 * The text around the first word of `text` that holds one of `tokens`, on one line, or undefined. A word
 * holds a token when it is the token, or contains it (camelCase parts, Han/kana bigrams, 3+ letters).
 */
export function snippet(text: string, tokens: readonly string[]): string | undefined {
  let seen = 0
  for (const m of text.matchAll(WORD)) {
    if (++seen > 20_000) return undefined
    const w = fold(m[0]).toLowerCase()
    if (!tokens.some((t) => w === t || ((t.length >= 3 || isCjk(t)) && w.includes(t)))) continue
    let start = Math.max(0, m.index - SNIPPET_BEFORE)
    let end = Math.min(text.length, m.index + m[0].length + SNIPPET_AFTER)
    // Cut at spaces so the snippet neither starts nor ends in the middle of a word.
    if (start > 0) start = text.indexOf(' ', start) + 1 || start
    if (end < text.length) end = text.lastIndexOf(' ', end) > m.index ? text.lastIndexOf(' ', end) : end
    const body = text.slice(start, end).replace(/\s+/g, ' ').trim()
    return (start > 0 ? '…' : '') + body + (end < text.length ? '…' : '')
  }
  return undefined
}
