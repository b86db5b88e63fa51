/**
 * Deterministic ids for tests, demos and seeded simulations: `prefix` + a counter in base 36. Real peers
 * use `randomIds` with their platform's random source.
 */
export function counterIds(prefix: string, start = 0): () => string {
  let i = start
  return () => prefix + (i++).toString(36)
}

/** Fills `bytes` with random values. */
export type RandomBytes = (bytes: Uint8Array) => void

/**
 * Ids unique across peers, the one form every app writes: `prefix` and 12 random base-36 characters
 * (about 62 bits, so peers writing apart never meet by chance). The random source is an argument (the
 * model has none of its own): peers pass their platform's (`newId` in @plexus/sync-client), a seeded
 * simulation its own.
 */
export function randomIds(prefix: string, random: RandomBytes): () => string {
  const bytes = new Uint8Array(12)
  return () => {
    random(bytes)
    let s = prefix
    for (const b of bytes) s += (b % 36).toString(36)
    return s
  }
}
