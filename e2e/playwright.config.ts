import { defineConfig } from '@playwright/test'
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.ts'

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  // A whole test's limit, generous on purpose: the longest specs take many round trips to the page
  // (drag.spec: 40 pointer steps, a frame each, and a peer's reads: 35 s quiet, 52 s at load 15, past
  // 90 s at load 20 on 2 cores). Each wait inside a test has its own limit (expect, below), so a hang
  // still fails; this one only has to outlast a busy machine.
  timeout: 240_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: Number(process.env.PLEXUS_E2E_WORKERS ?? 2),
  retries: 0,
  // The JSON report feeds the one closing line scripts/test prints for the whole run.
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  globalSetup: './global-setup.ts',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    actionTimeout: 15_000,
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
  },
})
