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

// The Web Crypto global every platform Plexus runs on has (browsers, Node 20, workers); declared here
// because the model is compiled with no platform types.
declare const crypto: { getRandomValues(bytes: Uint8Array): Uint8Array }

/** The platform's cryptographic random source: the default of `randomIds`. */
export const platformRandom: RandomBytes = (bytes) => void crypto.getRandomValues(bytes)

/**
 * Ids unique across peers, the one form every app writes: `prefix` and 12 random base-36 characters
 * (about 62 bits, so peers writing apart never meet by chance). The random source is an argument, so a
 * seeded simulation can pass its own; nothing in the model calls this but the apps.
 */
export function randomIds(prefix = 'n_', random: RandomBytes = platformRandom): () => string {
  const bytes = new Uint8Array(12)
  return () => {
    random(bytes)
    let s = prefix
    for (const b of bytes) s += (b % 36).toString(36)
    return s
  }
}

/** Node ids for a peer: `n_` and 12 random base-36 characters (see `randomIds`). */
export const newId: () => string = randomIds()
