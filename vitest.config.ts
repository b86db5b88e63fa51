import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'apps/*/test/**/*.test.ts',
      'reliability/src/**/*.test.ts',
    ],
    pool: 'forks',
    // Tests wait on events (a message, a stored update, an answer), not on a clock; these limits
    // only turn a hang into a failure. A fresh-clone CI run at load 14 on 2 cores passed the old
    // ones (30 s per test, Vitest's 10 s per hook) in tests that start servers and agents as child
    // processes, each several times slower there than on a quiet machine; `bash scripts/test
    // --stress` runs the suite at that load. Workers: Vitest's default, one fewer than the cores
    // (one on a 2-core CI machine), so files run one at a time there: the servers, agents and
    // browsers the tests start are already more processes than two cores, and more workers would
    // only make each test slower on the same cores, not the run shorter.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
