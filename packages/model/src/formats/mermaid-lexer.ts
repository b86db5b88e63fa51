import { fail } from '../graph.ts'
import type { Failure } from '../types.ts'

// The text under Mermaid's flowchart parser: a cursor with line numbers for messages, quoted strings,
// node data (`@{ … }`) and bracket labels, which may span lines.

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
  const re = /([\w-]+)\s*:\s*("(?:[^"\\]|\\.)*"|[^,\n}]*)/g
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
