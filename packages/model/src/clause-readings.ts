// Two readings of a label's text that keep every word and its order within each clause, tried by
// resolve.ts's `confidence` beside the label as written (issue 24 §6, misses of the held-out sets 1-5):
//   - a fronted clause moved to the end: "When the job is running, unable to see logs" reads as "unable
//     to see logs when the job is running". Only the clause before the label's first comma outside
//     brackets, quotes and code moves, whole: the words on each side of every direction word stay where
//     they were, so "Copy staging to prod" never reads as "Copy prod to staging";
//   - "&" and "+" written alone between two words read as "and" ("Kubeadm upgrade & etcd certificates",
//     "writing + reading"). resolve.ts takes this reading only when both labels then hold as many "and"s,
//     so "X + Y" is still not "X - Y" (a dash between words is prose punctuation, read as nothing);
//   - the commas of a list before its last "and" read as "and" ("A, B and C", "A, B, and C" read as "A
//     and B and C", as "A + B + C" does; issue 24, held-out set 2). Only commas outside brackets, quotes
//     and code, followed by a space, each item after the first at most MAX_ITEM words: a comma with no
//     "and" after it is a clause's ("When the job is running, unable to see logs"), not a list's.
//   - an acronym's definition in brackets left out: "IVFFlat (Inverted File with Flat Compression) vector
//     index" reads as "IVFFlat vector index", "Write-Ahead Logging (WAL) mode" as "Write-Ahead Logging
//     mode" (acronym-definitions.ts finds them, Schwartz & Hearst): the bracket says again what a word
//     beside it says, and a query naming the label need not repeat it (issue 24, held-out set 2).
// Hand-written: two regular expressions and a bracket count; no library reads clauses this way.

import { definitionsIn } from './acronym-definitions.ts'
import { labelWords } from './tokenize.ts'

/** The text with the brackets that define an acronym beside them left out, or undefined when it has none. */
export function definitionsDropped(text: string): string | undefined {
  if (!text.includes('(')) return undefined
  let out = text
  for (const d of definitionsIn(text)) {
    // "SHORT (long form)" keeps SHORT, "long form (SHORT)" the long form: the words beside the bracket.
    for (const written of [`${d.short} (${d.long})`, `${d.long} (${d.short})`]) {
      const at = out.indexOf(written)
      if (at < 0) continue
      const kept = written.startsWith(d.short + ' (') ? d.short : d.long
      out = out.slice(0, at) + kept + out.slice(at + written.length)
      break
    }
  }
  return out === text ? undefined : out
}

/** A fronted clause has at most this many words; longer, it is the label's subject, not a clause. */
const MAX_FRONTED = 12
const OPEN = new Set(['(', '[', '{', '<'])
const CLOSE = new Set([')', ']', '}', '>'])

/** The text with the clause before its first comma moved to the end, or undefined when it has none. */
export function clauseMoved(text: string): string | undefined {
  if (!text.includes(',')) return undefined
  let depth = 0
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (ch === '`' || ch === '"') quoted = !quoted
    else if (OPEN.has(ch)) depth++
    else if (CLOSE.has(ch)) depth = Math.max(0, depth - 1)
    else if (ch === ',' && depth === 0 && !quoted && /\s/u.test(text[i + 1] ?? '')) {
      const head = text.slice(0, i)
      const tail = text.slice(i + 1).replace(/[.!?]+\s*$/u, '')
      const n = labelWords(head).length
      if (n === 0 || n > MAX_FRONTED || labelWords(tail).length < 2) return undefined
      return `${tail.trim()} ${head.trim()}`
    }
  }
  return undefined
}

const CONJUNCTION = /(?<=[\p{L}\p{N})\]"'`])\s+[&+]\s+(?=[\p{L}\p{N}([`"'])/gu

/**
 * The text with "&" and "+" between two words read as "and", and the commas of a list before its last
 * "and" read as "and", or undefined when it has neither.
 */
export function conjunctionsRead(text: string): string | undefined {
  const joined = text.replace(CONJUNCTION, ' and ')
  const read = serialRead(joined) ?? joined
  return read === text ? undefined : read
}

/** Words in a list's item after the first, at most: longer, the comma ends a clause. */
const MAX_ITEM = 6

/** The text with the commas of its list before its last "and" read as "and", or undefined. */
function serialRead(text: string): string | undefined {
  if (!text.includes(',')) return undefined
  // Commas followed by a space, and where each "and" starts, outside brackets, quotes and code.
  const commas: number[] = []
  let and = -1
  let depth = 0
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (ch === '`' || ch === '"') quoted = !quoted
    else if (OPEN.has(ch)) depth++
    else if (CLOSE.has(ch)) depth = Math.max(0, depth - 1)
    else if (depth > 0 || quoted) continue
    else if (ch === ',' && /\s/u.test(text[i + 1] ?? '')) commas.push(i)
    else if (
      /\s/u.test(text[i - 1] ?? '') &&
      text.slice(i, i + 3).toLowerCase() === 'and' &&
      /\s/u.test(text[i + 3] ?? '')
    )
      and = i
  }
  // The list's commas: those before the last "and", back from it while each item is short.
  const list: number[] = []
  let end = and
  for (let k = commas.length - 1; k >= 0 && and >= 0; k--) {
    const at = commas[k]!
    if (at > and) continue
    const item = text.slice(at + 1, end).trim()
    // ", and": an Oxford comma, the last item's own.
    const words = labelWords(item).length
    if (end !== and || item !== '') {
      if (words === 0 || words > MAX_ITEM) break
    }
    list.push(at)
    end = at
  }
  if (list.length === 0) return undefined
  let out = text
  // From the end, so the positions before stay true.
  for (const at of list) {
    const oxford = text.slice(at + 1, and).trim() === ''
    out = oxford ? out.slice(0, at) + out.slice(at + 1) : `${out.slice(0, at)} and${out.slice(at + 1)}`
  }
  return out
}
