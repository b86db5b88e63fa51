/**
 * Deterministic ids for tests, demos and seeded simulations: `prefix` + a counter in base 36. Real peers
 * pass a random generator (crypto.randomUUID or similar) from outside this package.
 */
export function counterIds(prefix: string, start = 0): () => string {
  let i = start
  return () => prefix + (i++).toString(36)
}
