// Prints one closing line for the whole run from the Vitest and Playwright JSON reports:
// "Tests: N passed, N failed, N skipped". Exits non-zero when a report is missing or anything failed.
import { existsSync, readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
let missing = []

const vitest = 'test-results/vitest.json'
if (existsSync(vitest)) {
  const r = JSON.parse(readFileSync(vitest, 'utf8'))
  passed += r.numPassedTests ?? 0
  failed += (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0)
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
  if (!r.success && !r.numFailedTests) failed += r.numFailedTestSuites ?? 1
} else missing.push(vitest)

const e2e = 'test-results/e2e.json'
if (existsSync(e2e)) {
  const s = JSON.parse(readFileSync(e2e, 'utf8')).stats ?? {}
  passed += (s.expected ?? 0) + (s.flaky ?? 0)
  failed += s.unexpected ?? 0
  skipped += s.skipped ?? 0
} else missing.push(e2e)

for (const m of missing) console.log(`missing report ${m}: that suite did not run to the end`)
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failed || missing.length || passed === 0 ? 1 : 0)
