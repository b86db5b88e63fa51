// Reading a decoded update's structs: shared by the write rules (writes.ts) and the dependency checks
// (dependencies.ts), which both look items up by id among thousands after a long offline spell.

/** A struct as the lookup needs it: where its clocks start, and how many it spans. */
interface Span {
  id: { clock: number }
  length: number
}

/** Among one client's structs (clock order, no overlap), the one holding `clock`: a binary search, not a scan. */
export function structHolding<T extends Span>(list: readonly T[] | undefined, clock: number): T | undefined {
  if (!list) return undefined
  let lo = 0
  let hi = list.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const s = list[mid]!
    if (clock < s.id.clock) hi = mid - 1
    else if (clock >= s.id.clock + s.length) lo = mid + 1
    else return s
  }
  return undefined
}
