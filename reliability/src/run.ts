/**
 * The reliability suite: `pnpm reliability` (short, run by CI) or `pnpm reliability:long`.
 *
 *   --profile short|long|multi   size of the run (suite.ts PROFILES); multi runs the several-servers
 *                          phase (three servers on PostgreSQL and Redis behind nginx, multi.ts)
 *   --seed N               seed for every generator (default 20261129, DEFAULT_SEED; always printed)
 *   --only a,b             run only these phases (access, ws-input, mcp-input, storage, load, multi)
 *   --out DIR              where the report goes (default reliability/reports; the test command
 *                          uses test-results, so a test run does not rewrite the published report)
 *
 * Every phase starts its own `plexus serve` processes on fresh data directories. The run prints
 * its figures, writes `reliability/reports/<profile>.md` and `.json`, and exits 1 if anything
 * failed or the server crashed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { PROFILES, type Phase, type PhaseResult, type Profile } from './suite.ts'

const PHASES: Record<string, () => Promise<Phase>> = {
  access: async () => (await import('./access.ts')).accessPhase,
  'ws-input': async () => (await import('./ws-input.ts')).wsInputPhase,
  'mcp-input': async () => (await import('./mcp-input.ts')).mcpInputPhase,
  storage: async () => (await import('./storage.ts')).storagePhase,
  load: async () => (await import('./load.ts')).loadPhase,
  multi: async () => (await import('./multi.ts')).multiPhase,
}

// Fixed (issue 31): the test command runs the short profile, and a default drawn by Math.random()
// gave each of its runs new inputs; a suite that must be green every time runs the same ones. --seed N
// runs others (the long runs in RELIABILITY.md each name theirs).
const DEFAULT_SEED = 20261129

async function main(): Promise<number> {
  // Each y-websocket provider in Node adds a process 'exit' listener; the load run holds hundreds.
  process.setMaxListeners(0)
  const { values } = parseArgs({
    options: {
      profile: { type: 'string', default: 'short' },
      seed: { type: 'string' },
      only: { type: 'string' },
      out: { type: 'string' },
    },
  })
  const profile = PROFILES[values.profile as Profile['name']]
  if (!profile) {
    console.error(`unknown profile "${values.profile}": use short or long`)
    return 2
  }
  const seed = values.seed ? Number(values.seed) : DEFAULT_SEED
  // The several-servers phase is its own profile; the others run the one-server phases.
  const defaults = profile.name === 'multi' ? ['multi'] : Object.keys(PHASES).filter((p) => p !== 'multi')
  const names = values.only ? values.only.split(',').map((s) => s.trim()) : defaults
  for (const name of names) {
    if (!PHASES[name]) {
      console.error(`unknown phase "${name}": phases are ${Object.keys(PHASES).join(', ')}`)
      return 2
    }
  }
  console.log(`reliability: profile ${profile.name}, seed ${seed}, phases ${names.join(', ')}`)
  const started = Date.now()
  const results: PhaseResult[] = []
  // A phase's seed comes from its place in the profile's full run, not in this run's list: a replay
  // with --only gives each phase the inputs it had in the run that failed.
  const seedOf = (name: string) => {
    const at = defaults.indexOf(name)
    return seed + (at >= 0 ? at : Object.keys(PHASES).indexOf(name)) * 7919
  }
  for (const name of names) {
    const tmp = mkdtempSync(join(tmpdir(), `plexus-rel-${name}-`))
    const phaseStart = Date.now()
    let result: PhaseResult
    try {
      const phase = await PHASES[name]!()
      result = await phase({
        profile,
        seed: seedOf(name),
        tmp,
        log: (line) => console.log(`  [${name}] ${line}`),
      })
    } catch (error) {
      result = {
        name,
        figures: {},
        failures: [`phase threw: ${(error as Error).stack ?? String(error)}`],
        crashes: 0,
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true })
    }
    result.figures['seconds'] = Math.round((Date.now() - phaseStart) / 100) / 10
    results.push(result)
    const status = result.failures.length === 0 && result.crashes === 0 ? 'ok' : 'FAILED'
    console.log(`${status} ${name} (${result.figures['seconds']} s)`)
    for (const [k, v] of Object.entries(result.figures)) console.log(`    ${k}: ${v}`)
    for (const f of result.failures) console.log(`    FAIL: ${f}`)
  }
  const seconds = Math.round((Date.now() - started) / 1000)
  const summary = summarize(results)
  const failures = results.reduce((n, r) => n + r.failures.length, 0)
  console.log('')
  console.log(`Reliability (${profile.name}, seed ${seed}, ${seconds} s):`)
  for (const [k, v] of Object.entries(summary)) console.log(`  ${k}: ${v}`)
  console.log(`  failures: ${failures}`)
  if (failures > 0 || summary['crashes'] !== 0) {
    console.log(`Replay: pnpm reliability --profile ${profile.name} --seed ${seed} --only ${names.join(',')}`)
  }
  if (!values.only || values.out) {
    const dir = values.out
      ? pathToFileURL(resolve(values.out) + '/')
      : new URL('../reports/', import.meta.url)
    writeReport(dir, profile, seed, seconds, summary, failures, results)
  }
  return failures === 0 && summary['crashes'] === 0 ? 0 : 1
}

/** The headline figures the issue asks for, gathered from the phases' own figures. */
function summarize(results: PhaseResult[]): Record<string, number | string> {
  const get = (phase: string, key: string) => results.find((r) => r.name === phase)?.figures[key]
  const num = (phase: string, key: string) => Number(get(phase, key) ?? 0)
  const badInputs = results.reduce((n, r) => n + Number(r.figures['bad inputs tried'] ?? 0), 0)
  return {
    'clients held': get('load', 'clients held') ?? get('multi', 'clients held') ?? 'not run',
    'agents held': get('load', 'agents held') ?? get('multi', 'agents held') ?? 'not run',
    'run length (s)': get('load', 'run length (s)') ?? get('multi', 'run length (s)') ?? 'not run',
    'faults injected':
      num('load', 'kills') +
      num('storage', 'faults injected') +
      num('multi', 'kills') +
      num('multi', 'redis restarts'),
    'bad inputs tried': badInputs,
    'updates lost': results.reduce((n, r) => n + Number(r.figures['updates lost'] ?? 0), 0),
    crashes: results.reduce((n, r) => n + r.crashes, 0),
    'relay p50 (ms)': get('load', 'relay p50 (ms)') ?? 'not run',
    'relay p99 (ms)': get('load', 'relay p99 (ms)') ?? 'not run',
  }
}

function writeReport(
  dir: URL,
  profile: Profile,
  seed: number,
  seconds: number,
  summary: Record<string, number | string>,
  failures: number,
  results: PhaseResult[],
): void {
  mkdirSync(dir, { recursive: true })
  const lines = [
    `# Reliability: ${profile.name} run`,
    '',
    `Seed ${seed}, ${seconds} s, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`,
    `Reproduce: \`npx --yes pnpm@10 reliability${profile.name === 'long' ? ':long' : profile.name === 'multi' ? ' --profile multi' : ''} --seed ${seed}\``,
    '',
    '| figure | value |',
    '| --- | --- |',
    ...Object.entries(summary).map(([k, v]) => `| ${k} | ${v} |`),
    '',
  ]
  for (const r of results) {
    lines.push(`## ${r.name}`, '', '| figure | value |', '| --- | --- |')
    for (const [k, v] of Object.entries(r.figures)) lines.push(`| ${k} | ${v} |`)
    lines.push('', r.failures.length ? r.failures.map((f) => `- FAIL: ${f}`).join('\n') : 'No failures.', '')
  }
  writeFileSync(new URL(`reliability-${profile.name}.md`, dir), lines.join('\n'))
  writeFileSync(
    new URL(`reliability-${profile.name}.json`, dir),
    JSON.stringify({ profile, seed, seconds, summary, failures, results }, null, 2) + '\n',
  )
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
