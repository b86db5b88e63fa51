// Two readings of a label's text that keep every word and its order within each clause, tried by
// resolve.ts's `confidence` beside the label as written (issue 24 §6, misses of the held-out sets 1-5):
//   - a fronted clause moved to the end: "When the job is running, unable to see logs" reads as "unable
//     to see logs when the job is running". Only the clause before the label's first comma outside
//     brackets, quotes and code moves, whole: the words on each side of every direction word stay where
//     they were, so "Copy staging to prod" never reads as "Copy prod to staging";
//   - "&" and "+" written alone between two words read as "and" ("Kubeadm upgrade & etcd certificates",
//     "writing + reading"). resolve.ts takes this reading only when both labels then hold as many "and"s,
//     so "X + Y" is still not "X - Y" (a dash between words is prose punctuation, read as nothing).
// Hand-written: two regular expressions and a bracket count; no library reads clauses this way.

import { labelWords } from './tokenize.ts'

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

/** The text with "&" and "+" between two words read as "and", or undefined when it has none. */
export function conjunctionsRead(text: string): string | undefined {
  const read = text.replace(CONJUNCTION, ' and ')
  return read === text ? undefined : read
}
