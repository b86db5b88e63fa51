/**
 * One seeded fast-check property for the model's tests: runs `property` over `arb` with the given seed
 * and run count, and on failure throws naming the seed to replay (`PLEXUS_SEED=N`), the counterexample
 * and the error. Shared so every property test reports a failure the same way.
 */
import fc from 'fast-check'

export function checkSeeded<T>(
  arb: fc.Arbitrary<T>,
  property: (t: T) => void,
  opts: { seed: number; numRuns: number },
): void {
  const r = fc.check(fc.property(arb, property), { seed: opts.seed, numRuns: opts.numRuns })
  if (r.failed)
    throw new Error(
      `PLEXUS_SEED=${opts.seed}: counterexample ${JSON.stringify(r.counterexample)}: ${String((r as { errorInstance?: unknown }).errorInstance)}`,
    )
}
