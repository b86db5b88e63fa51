// Prints one closing line for the whole run from the Vitest and Playwright JSON reports:
// "Tests: N passed, N failed, N skipped". Exits non-zero when a report is missing or anything failed.
import { existsSync, readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
let missing = []

// Vitest's run, then the socket and MCP suites again on PostgreSQL.
for (const vitest of ['test-results/vitest.json', 'test-results/vitest-postgres.json']) {
  if (existsSync(vitest)) {
    const r = JSON.parse(readFileSync(vitest, 'utf8'))
    passed += r.numPassedTests ?? 0
    failed += (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0)
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
    // An unhandled error fails the run with every test passed: success is false, no suite failed.
    if (!r.success && !r.numFailedTests) failed += r.numFailedTestSuites || 1
  } else missing.push(vitest)
}

const e2e = 'test-results/e2e.json'
if (existsSync(e2e)) {
  const report = JSON.parse(readFileSync(e2e, 'utf8'))
  const s = report.stats ?? {}
  passed += (s.expected ?? 0) + (s.flaky ?? 0)
  // Errors outside any test (a global setup, a worker that died) fail the run with no test failed.
  failed += (s.unexpected ?? 0) + (report.errors?.length ?? 0)
  skipped += s.skipped ?? 0
} else missing.push(e2e)

// The reliability suite's short run (its own figures were printed above it).
const reliability = 'test-results/reliability-short.json'
let reliabilityFailed = false
if (existsSync(reliability)) {
  const r = JSON.parse(readFileSync(reliability, 'utf8'))
  const s = r.summary
  reliabilityFailed = r.failures > 0 || s.crashes !== 0 || s['updates lost'] !== 0
  console.log(
    `Reliability: ${r.failures} failures, ${s.crashes} crashes, ${s['updates lost']} updates lost; ` +
      `${s['clients held']} clients and ${s['agents held']} agents for ${s['run length (s)']} s, ` +
      `${s['faults injected']} faults, ${s['bad inputs tried']} bad inputs (seed ${r.seed})`,
  )
} else missing.push(reliability)

for (const m of missing) console.log(`missing report ${m}: that suite did not run to the end`)
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failed || reliabilityFailed || missing.length || passed === 0 ? 1 : 0)
