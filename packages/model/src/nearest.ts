// "Did you mean": the one rule every app uses to name the nearest of a set of names (node ids, graph ids,
// tool names, argument keys) when a caller gave one that is not there.

/** Up to this many edits a name still reads as a slip of the given one: 2, or a third of its length. */
export function nearThreshold(word: string): number {
  return Math.max(2, Math.floor(word.length / 3))
}

export interface NearestOptions {
  /** Compare ignoring case and anything but letters and digits (`graph-next` finds `graph_next`). */
  loose?: boolean
  /** Look at no more than this many candidates: bounded work on a very large graph. */
  scan?: number
}

const looseForm = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '')

/**
 * The candidate whose name is nearest to `word` by edit distance, within `nearThreshold(word)`; the first
 * of equals wins. Undefined when none is near enough.
 */
export function nearest<T>(
  word: string,
  candidates: Iterable<T>,
  nameOf: (c: T) => string,
  opts: NearestOptions = {},
): T | undefined {
  const form = opts.loose ? looseForm : (s: string) => s
  const w = form(word)
  const scan = opts.scan ?? Infinity
  let best: T | undefined
  let bestD = nearThreshold(word) + 1
  let scanned = 0
  for (const c of candidates) {
    if (++scanned > scan) break
    const n = form(nameOf(c))
    // The distance is at least the difference in length: a name of a megabyte is compared with none.
    if (Math.abs(n.length - w.length) >= bestD) continue
    const d = editDistance(n, w, bestD)
    if (d < bestD) [best, bestD] = [c, d]
  }
  return best
}

/** The nearest of plain names (see `nearest`). */
export function nearestName(
  word: string,
  names: Iterable<string>,
  opts: NearestOptions = {},
): string | undefined {
  return nearest(word, names, (n) => n, opts)
}

/** Levenshtein distance, giving up (returning `cap`) once it cannot be below `cap`. */
export function editDistance(a: string, b: string, cap = Infinity): number {
  if (a === b) return 0
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      cur.push(v)
      if (v < rowMin) rowMin = v
    }
    if (rowMin >= cap) return cap
    prev = cur
  }
  return prev[b.length]!
}
