// Start of the stdio agent: prints figures and writes bench/reports/agent-start.md. Never passes or fails.
// Run: npx tsx bench/agent-start.bench.ts   (PLEXUS_BENCH_QUICK=1 for a short run)
//
// `plexus mcp` spawned as an MCP client spawns it (node, tsx's loader, apps/sync/src/cli/cli.ts, the
// SDK's stdio client), and the agent's own bin (apps/agent/bin/plexus-agent.mjs, which `plexus mcp`
// runs since the agent became an app of its own), local only (no server, an empty cache folder): the
// time from spawn to `tools/list` answered, and the files the process loaded (a preloaded module hook
// counts them).
// A floor in the same run: node with tsx's loader running an empty script, the cost no change to
// the agent can remove. With PLEXUS_BENCH_BEFORE=<git revision>, that revision's apps/sync/src is
// copied beside the app (so it resolves the same node_modules) and started in turn with this build's,
// so both are measured at the same load: before the agent stopped importing the server, use 8d42a78.
// With PLEXUS_BENCH_PACKED=1, the agent as `npm pack` ships it (scripts/pack.mjs: built JavaScript,
// no tsx) is started in turn too.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

const QUICK = process.env.PLEXUS_BENCH_QUICK === '1'
const SAMPLES = QUICK ? 5 : 15
const here = fileURLToPath(new URL('.', import.meta.url))
const CLI = join(here, '../apps/sync/src/cli/cli.ts')
const AGENT_BIN = join(here, '../apps/agent/bin/plexus-agent.mjs')
const APP_DIR = join(here, '../apps/sync')
const COUNTER = join(here, 'agent-start.modules.mjs')
const SERVER_ONLY = ['pg', 'ioredis', 'better-sqlite3', 'hono', '@hono/node-server']

const BEFORE = process.env.PLEXUS_BENCH_BEFORE
const PACKED = process.env.PLEXUS_BENCH_PACKED === '1'

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN
}
const fmt = (x: number): string => (Number.isFinite(x) ? x.toFixed(0) : 'n/a')
const stats = (xs: number[]) =>
  `${fmt(quantile(xs, 0.5))} / ${fmt(Math.min(...xs))} / ${fmt(Math.max(...xs))}`
const load = () => loadavg()[0]!.toFixed(2)

/** One start: spawn → initialize → tools/list answered, in ms; and the files the agent loaded. */
async function start(work: string, entry: string[]): Promise<{ ms: number; files: string[]; tools: number }> {
  const cache = mkdtempSync(join(work, 'cache-'))
  const out = join(work, `modules-${Date.now()}-${Math.random()}.json`)
  const env: Record<string, string> = { PLEXUS_MODULES_OUT: out }
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith('PLEXUS_')) env[k] = v
  const t = performance.now()
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', COUNTER, ...entry, 'mcp', '--cache', cache, '--data', cache],
    cwd: APP_DIR,
    env,
    stderr: 'ignore',
  })
  const client = new Client({ name: 'agent-start-bench', version: '1.0.0' })
  await client.connect(transport)
  const { tools } = await client.listTools()
  const ms = performance.now() - t
  const exited = new Promise<void>((done) => (transport.onclose = () => done()))
  await client.close()
  await exited
  return { ms, files: JSON.parse(readFileSync(out, 'utf8')) as string[], tools: tools.length }
}

/** node + tsx's loader on an empty script, spawned and run to its end. */
async function floor(work: string): Promise<number> {
  const empty = join(work, 'empty.ts')
  writeFileSync(empty, 'export {}\n')
  const t = performance.now()
  await new Promise<void>((done, fail) =>
    spawn(process.execPath, ['--import', 'tsx', empty], { cwd: APP_DIR, stdio: 'ignore' })
      .once('exit', () => done())
      .once('error', fail),
  )
  return performance.now() - t
}

function packageOf(file: string): string | undefined {
  const m = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(file)
  return m?.[1]
}

/** `rev`'s apps/sync/src, in a folder beside the app's own src; returns its CLI's entry. */
function checkout(rev: string): { cli: string; dir: string } {
  const dir = mkdtempSync(join(APP_DIR, '.bench-before-'))
  const tar = execFileSync('git', ['archive', rev, 'src', 'package.json'], {
    cwd: APP_DIR,
    maxBuffer: 1 << 28,
  })
  execFileSync('tar', ['-x', '-C', dir], { input: tar })
  // src/cli.ts before apps/sync/src was sorted by concern (issue 25), src/cli/cli.ts after.
  const moved = join(dir, 'src/cli/cli.ts')
  return { cli: existsSync(moved) ? moved : join(dir, 'src/cli.ts'), dir }
}

interface Row {
  label: string
  /** What node runs, before `mcp` and its options. */
  entry: string[]
  times: number[]
  files: string[]
  tools: number
}

function row(r: Row): string {
  const packages = new Set(r.files.map(packageOf).filter((p): p is string => p !== undefined))
  const serverOnly = SERVER_ONLY.filter((p) => packages.has(p))
  const own = r.files.filter((f) => !f.includes('node_modules')).length
  return `| ${r.label} | ${stats(r.times)} | ${r.files.length} (${own}) | ${serverOnly.join(', ') || 'none'} |`
}

const work = mkdtempSync(join(tmpdir(), 'plexus-agent-start-'))
const before = BEFORE ? checkout(BEFORE) : undefined
try {
  const loadStart = load()
  const rows: Row[] = [
    { label: 'this build, `plexus mcp`', entry: ['--import', 'tsx', CLI], times: [], files: [], tools: 0 },
    { label: "this build, the agent's bin", entry: [AGENT_BIN], times: [], files: [], tools: 0 },
  ]
  if (PACKED) {
    execFileSync(process.execPath, [
      join(here, '../scripts/pack.mjs'),
      'agent',
      '--out',
      join(work, 'packed'),
    ])
    const bin = join(work, 'packed/plexus-agent-package/bin/plexus-agent.mjs')
    rows.push({ label: 'the packed agent (built JavaScript)', entry: [bin], times: [], files: [], tools: 0 })
  }
  if (before && BEFORE)
    rows.push({
      label: `before (${BEFORE}), \`plexus mcp\``,
      entry: ['--import', 'tsx', before.cli],
      times: [],
      files: [],
      tools: 0,
    })
  const floors: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    floors.push(await floor(work))
    for (const r of i % 2 ? [...rows].reverse() : rows) {
      const s = await start(work, r.entry)
      r.times.push(s.ms)
      r.files = s.files
      r.tools = s.tools
    }
  }
  const loadEnd = load()
  const lines = [
    '# Stdio agent start',
    '',
    `Node ${process.version}, ${new Date().toISOString()}. \`plexus mcp\` spawned by the SDK's stdio client, ` +
      `local only (no server), an empty cache; ${SAMPLES} starts of each build, in turn with each other and the floor. Load average ` +
      `${loadStart} at the start, ${loadEnd} at the end (other work on the machine inflates every time).`,
    '',
    'Times in ms, median / min / max.',
    '',
    "| build | spawn → tools/list answered | files loaded (of them the repository's own) | server-only packages loaded |",
    '|---|---|---|---|',
    ...rows.map(row),
    '',
    `Floor in the same run, node with tsx's loader on an empty script, spawn to exit: ${stats(floors)}.`,
    `tools/list: ${rows.map((r) => `${r.label} ${r.tools} tools`).join(', ')}.`,
    '',
  ]
  const report = lines.join('\n')
  console.log(report)
  mkdirSync(join(here, 'reports'), { recursive: true })
  writeFileSync(join(here, 'reports', 'agent-start.md'), report)
} finally {
  rmSync(work, { recursive: true, force: true })
  if (before) rmSync(before.dir, { recursive: true, force: true })
}
