import { fail } from '../graph.ts'
import type { Failure } from '../types.ts'

// The text under Mermaid's flowchart parser: a cursor with line numbers for messages, quoted strings,
// node data (`@{ … }`) and bracket labels, which may span lines.
//
// Every read here is linear in the text (issue 23: a 70-byte edge label froze the server). Patterns
// are kept only where they cannot backtrack more than once over a run; the edge label between pipes
// and a statement's end are hand scans, because the patterns they replace tried every way to split
// a run of quotes or blanks. formats/linear.test.ts holds each of them to a backtrack budget.

export class Src {
  i = 0
  private readonly starts: number[] = [0]
  constructor(readonly s: string) {
    for (let k = 0; k < s.length; k++) if (s[k] === '\n') this.starts.push(k + 1)
  }
  at(i = this.i): string {
    let lo = 0
    let hi = this.starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (this.starts[mid]! <= i) lo = mid
      else hi = mid - 1
    }
    return `line ${lo + 1}`
  }
  private found = new Map<RegExp, { from: number; m: RegExpExecArray | null }>()
  private quote = { from: -1, at: -1 }
  /**
   * The first match of the global `re` at or after the cursor. Remembered: the parser only moves
   * forward, and a match found from an earlier place is also the first from any place up to it
   * (nothing between was a match), so many links looking for a far end read the text once.
   */
  next(re: RegExp): RegExpExecArray | null {
    const k = this.found.get(re)
    if (k && k.from <= this.i && (k.m === null || this.i <= k.m.index)) return k.m
    re.lastIndex = this.i
    const m = re.exec(this.s)
    this.found.set(re, { from: this.i, m })
    return m
  }
  /** Where the first `"` at or after the cursor is (the text's length when none), remembered as next(). */
  nextQuote(): number {
    if (!(this.quote.from >= 0 && this.quote.from <= this.i && this.i <= this.quote.at)) {
      const q = this.s.indexOf('"', this.i)
      this.quote = { from: this.i, at: q < 0 ? this.s.length : q }
    }
    return this.quote.at
  }
  sticky(re: RegExp): RegExpExecArray | null {
    re.lastIndex = this.i
    const m = re.exec(this.s)
    if (m) this.i = re.lastIndex
    return m
  }
  peek(re: RegExp): RegExpExecArray | null {
    re.lastIndex = this.i
    return re.exec(this.s)
  }
  inline(): void {
    while (this.s[this.i] === ' ' || this.s[this.i] === '\t' || this.s[this.i] === '\r') this.i++
  }
  any(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++
  }
  rest(): string {
    const e = this.s.indexOf('\n', this.i)
    const out = this.s.slice(this.i, e < 0 ? this.s.length : e)
    this.i = e < 0 ? this.s.length : e
    return out
  }
  err(what: string, i = this.i): Failure {
    const e = this.s.indexOf('\n', i)
    const rest = this.s.slice(i, Math.min(e < 0 ? this.s.length : e, i + 40))
    return fail(
      'parse_error',
      `${this.at(i)}: ${what} at ${rest ? JSON.stringify(rest) : 'the end of the line'}`,
    )
  }
}

/** A quoted string from `"` to the next `"` (line breaks allowed), or null. */
export function quoted(r: Src): string | null {
  if (r.s[r.i] !== '"') return null
  const e = r.s.indexOf('"', r.i + 1)
  if (e < 0) return null
  const body = r.s.slice(r.i + 1, e)
  r.i = e + 1
  return body
}

/** `key: value, …` as Mermaid's node data holds it (a flat YAML map). */
export function shapeData(body: string): Record<string, string> {
  const out: Record<string, string> = {}
  // The lookbehind starts a key only where a word starts: a word with no colon after it is read once,
  // not again from each of its letters (50 KB of letters was quadratic).
  const re = /(?<![\w-])([\w-]+)\s*:\s*("(?:[^"\\]|\\.)*"|[^,\n}]*)/g
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const v = m[2]!.trim()
    out[m[1]!] = v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v
  }
  return out
}

export function readBody(r: Src, close: string): string | Failure {
  const start = r.i
  r.inline()
  const q = quoted(r)
  if (q !== null) {
    r.inline()
    if (r.s.startsWith(close, r.i)) {
      r.i += close.length
      return `"${q}"`
    }
  }
  r.i = start
  const e = r.s.indexOf(close, r.i)
  const nl = r.s.indexOf('\n', r.i)
  if (e < 0 || (nl >= 0 && nl < e && !r.s.slice(r.i, e).includes('`')))
    return r.err(`unclosed label: expected ${close}`)
  const body = r.s.slice(r.i, e)
  r.i = e + close.length
  return body
}

/**
 * The text of `|…|` after a link, or null when there is none on the line; a quoted part may hold `|`
 * and line breaks. The pattern this replaces, `\|((?:"[^"]*"|[^|\n])*)\|`, tried every way of reading
 * a run of quotes (40 quotes took seconds). Read quotes first, as it preferred; when that finds no
 * closing `|`, read every quote as a plain character, its last resort.
 */
export function pipeText(r: Src): string | null {
  let i = r.i
  while (r.s[i] === ' ' || r.s[i] === '\t') i++
  if (r.s[i] !== '|') return null
  const start = i + 1
  const end = closingPipe(r.s, start, true) ?? closingPipe(r.s, start, false)
  if (end === null) return null
  r.i = end + 1
  return r.s.slice(start, end)
}

function closingPipe(s: string, i: number, quotes: boolean): number | null {
  while (i < s.length) {
    const ch = s[i]
    if (ch === '|') return i
    if (ch === '\n') return null
    // A quote with no closing quote has none after it either: the search to the end happens once.
    const q = quotes && ch === '"' ? s.indexOf('"', i + 1) : -1
    i = q >= 0 ? q + 1 : i + 1
  }
  return null
}

/**
 * A statement's body without its end, as `(.+?);?[ \t]*$` (min 1) or `(.*?);?[ \t]*$` (min 0) read it:
 * trailing blanks, then one `;`. Read from the end once; the lazy pattern re-read the blanks at each
 * character (a line of 50 KB blanks was quadratic).
 */
export function statementBody(s: string, min: 0 | 1): string {
  let e = s.length
  while (e > 0 && (s[e - 1] === ' ' || s[e - 1] === '\t')) e--
  if (e > 0 && s[e - 1] === ';') e--
  return s.slice(0, Math.max(e, Math.min(min, s.length)))
}
