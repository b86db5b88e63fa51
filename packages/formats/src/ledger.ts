// The fidelity ledger: what an import or export could not keep, per kind, counted. A person sees it as
// a toast with details, an agent in the result; `detail` is the sentence both read.

export interface Loss {
  /** What kind of thing: `xmind-marker`, `relation`, `notes`, … (stable, for code). */
  kind: string
  count: number
  /** The sentence shown: "3 XMind markers kept as properties". */
  detail: string
}

/**
 * A noun whose plural is not itself plus "s": a qualifier after the head noun ("hook (style, image or
 * plugin)", "relation from a topic to itself") or an ending that changes ("boundary", "class").
 */
const NEEDS_PLURAL =
  /[(]|\b(?:that|with|from|to|in|past|of|between|repeated|used|longer)\b|(?:[^aeiou]y|s|x|ch|sh)$/

/** The plural of the noun every writer uses for a link it has no place for. */
export const LINKS_PAST = 'links past the first of a node'

/** Counts losses by kind; `entries()` words them. */
export class Ledger {
  private readonly seen = new Map<string, { count: number; noun: string; plural: string; fate: string }>()

  /**
   * `noun` as one of them ("XMind marker"); `fate` what became of them ("dropped", "kept as properties");
   * `plural` when adding "s" to `noun` would not make it (a broken call throws, whatever `n` is).
   */
  add(kind: string, noun: string, fate: string, n = 1, plural?: string): void {
    if (plural === undefined && NEEDS_PLURAL.test(noun))
      throw new Error(`ledger: "${noun}" needs its plural given (adding "s" would not make it)`)
    plural ??= noun + 's'
    if (n <= 0) return
    const had = this.seen.get(kind)
    if (had) had.count += n
    else this.seen.set(kind, { count: n, noun, plural, fate })
  }

  entries(): Loss[] {
    return [...this.seen].map(([kind, { count, noun, plural, fate }]) => ({
      kind,
      count,
      detail: `${count} ${count === 1 ? noun : plural} ${fate}`,
    }))
  }
}

/** One line for a toast: the first few losses, the rest counted. */
export function lossSummary(losses: readonly Loss[], max = 3): string {
  if (!losses.length) return ''
  const shown = losses.slice(0, max).map((l) => l.detail)
  const more = losses.length - shown.length
  return shown.join('; ') + (more > 0 ? `; and ${more} more` : '')
}
