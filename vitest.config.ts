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
    testTimeout: 30_000,
  },
})
