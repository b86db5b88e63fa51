/**
 * Counts a regular expression's work without a clock. While `withRegexBudget` runs, every
 * `RegExp.prototype.exec` (and so `test`, `match`, `replace`, `split`, `matchAll`) is re-run on a copy
 * made with V8's `%NewRegExpWithBacktrackLimit`, whose limit grows with the text the call may read:
 * `perChar` backtracks a character plus `base`. A copy over its limit returns null; the sentinel
 * alternative `|()(?![^])` (an empty match at the very end of the text, tried only after the pattern
 * failed everywhere; `|()` for a sticky pattern, tried at its one place) tells "no match" from "over the limit". Over the limit is a `RegexBudgetError`
 * naming the pattern and the length, so a catastrophic pattern fails the test in a fraction of a second
 * instead of hanging it.
 *
 * Hand-written because no library exposes V8's backtrack counter. What it cannot see: V8 does not count
 * the steps back inside a simple greedy loop (`[^x]*y` retried from every start is quadratic yet counts
 * little), so patterns that rescan from every start are rewritten by review (see each parser's header)
 * and their tests also compare an operation count on n and 4n inputs.
 */
import v8 from 'node:v8'

v8.setFlagsFromString('--allow-natives-syntax')
v8.setFlagsFromString('--no-enable-experimental-regexp-engine-on-excessive-backtracks')

type Make = (source: string, flags: string, limit: number) => RegExp
const make = new Function('s', 'f', 'l', 'return %NewRegExpWithBacktrackLimit(s, f, l)') as Make

export class RegexBudgetError extends Error {
  constructor(
    readonly source: string,
    readonly length: number,
    readonly limit: number,
  ) {
    super(`/${source}/ took more than ${limit} backtracks on ${length} characters`)
  }
}

export interface Budget {
  /** Backtracks allowed per character the call may read. */
  perChar?: number
  /** Backtracks allowed on top. */
  base?: number
}

const original = RegExp.prototype.exec
const copies = new Map<string, RegExp>()

/** Whether the pattern can only match at the start: `^…` with no `|` outside groups and no `m`. */
function anchored(re: RegExp): boolean {
  if (re.multiline || !re.source.startsWith('^')) return false
  let depth = 0
  let inClass = false
  for (let i = 0; i < re.source.length; i++) {
    const ch = re.source[i]
    if (ch === '\\') i++
    else if (inClass) inClass = ch !== ']'
    else if (ch === '[') inClass = true
    else if (ch === '(') depth++
    else if (ch === ')') depth--
    else if (ch === '|' && depth === 0) return false
  }
  return true
}

const QUANTIFIER = /^(?:[*+?]|\{\d+(?:,\d*)?\})/

/** The length of the atom at `i`: an escape, a class, or one character. */
function atomAt(src: string, i: number): number {
  if (src[i] === '\\') {
    const rest = src.slice(i)
    const long = original.call(
      /^\\(?:[pPk][{<][^}>]*[}>]|u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[A-Za-z]|\d+)/,
      rest,
    )
    return long ? long[0].length : 2
  }
  if (src[i] === '[') {
    let j = i + 1
    if (src[j] === '^') j++
    for (; j < src.length && src[j] !== ']'; j++) if (src[j] === '\\') j++
    return j + 1 - i
  }
  return 1
}

/** The same pattern with every quantified single atom as `(?:atom|(?!))`, so each iteration is counted. */
export function counted(src: string): string {
  let out = ''
  for (let i = 0; i < src.length;) {
    const ch = src[i]!
    if (ch === '(') {
      const prefix = original.call(/^\((?:\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>))?/, src.slice(i))![0]
      out += prefix
      i += prefix.length
      continue
    }
    if (ch === ')') {
      // A quantified group already leaves a backtrack point per iteration: its quantifier stays.
      const q = original.call(QUANTIFIER, src.slice(i + 1))
      const lazy = q && src[i + 1 + q[0].length] === '?' ? '?' : ''
      const tail = `)${q ? q[0] : ''}${lazy}`
      out += tail
      i += tail.length
      continue
    }
    if (ch === '|' || ch === '^' || ch === '$') {
      out += ch
      i++
      continue
    }
    const n = atomAt(src, i)
    const atom = src.slice(i, i + n)
    i += n
    const q = original.call(QUANTIFIER, src.slice(i))
    out += q ? `(?:${atom}|(?!))` : atom
    if (q) {
      const lazy = src[i + q[0].length] === '?' ? '?' : ''
      out += q[0] + lazy
      i += q[0].length + lazy.length
    }
  }
  return out
}

/**
 * The pattern with a sentinel that matches only where the pattern failed: an empty match at its one
 * place for a sticky or anchored pattern (made sticky: the sentinel would otherwise unanchor it),
 * else at the very end of the text, reached only after every start failed.
 */
function copy(re: RegExp, limit: number, oneplace: boolean): RegExp {
  const flags = oneplace && !re.sticky ? `${re.flags}y` : re.flags
  const key = `${flags}/${limit}/${re.source}`
  let c = copies.get(key)
  const sentinel = oneplace ? '|()' : '|()(?![^])'
  if (!c) copies.set(key, (c = make(`(?:${counted(re.source)})${sentinel}`, flags, limit)))
  return c
}

/** Runs `run` with every regex execution held to the budget; throws RegexBudgetError past it. */
export function withRegexBudget<T>(run: () => T, budget: Budget = {}): T {
  const perChar = budget.perChar ?? 256
  const base = budget.base ?? 4096
  const patched = function (this: RegExp, input: string): RegExpExecArray | null {
    const s = String(input)
    const stateful = this.global || this.sticky
    const from = stateful ? this.lastIndex : 0
    if (from > s.length) {
      this.lastIndex = 0
      return null
    }
    // Limits rounded up to a power of two, so a handful of compiled copies serve every call.
    const want = base + perChar * (s.length - from)
    // `| 0`: the natives call reads its limit as a small integer; a heap number reads as garbage.
    const limit = (1 << Math.min(30, Math.ceil(Math.log2(want)))) | 0
    const oneplace = this.sticky || anchored(this)
    if (oneplace && !this.sticky && from > 0) {
      this.lastIndex = 0
      return null
    }
    const c = copy(this, limit, oneplace)
    c.lastIndex = from
    const m = original.call(c, s)
    if (m === null) throw new RegexBudgetError(this.source, s.length - from, limit)
    if (m[m.length - 1] !== undefined) {
      if (stateful) this.lastIndex = 0
      return null
    }
    if (stateful) this.lastIndex = c.lastIndex
    const out = m.slice(0, -1) as unknown as RegExpExecArray
    out.index = m.index
    out.input = m.input
    out.groups = m.groups
    return out
  }
  RegExp.prototype.exec = patched
  try {
    return run()
  } finally {
    RegExp.prototype.exec = original
  }
}
