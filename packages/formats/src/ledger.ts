// The fidelity ledger: what an import or export could not keep, per kind, counted. A person sees it as
// a toast with details, an agent in the result; `detail` is the sentence both read.

export interface Loss {
  /** What kind of thing: `xmind-marker`, `relation`, `notes`, … (stable, for code). */
  kind: string
  count: number
  /** The sentence shown: "3 XMind markers kept as properties". */
  detail: string
}

/** Counts losses by kind; `entries()` words them. */
export class Ledger {
  private readonly seen = new Map<string, { count: number; noun: string; plural: string; fate: string }>()

  /** `noun` as one of them ("XMind marker"); `fate` what became of them ("dropped", "kept as properties"). */
  add(kind: string, noun: string, fate: string, n = 1, plural = noun + 's'): void {
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
