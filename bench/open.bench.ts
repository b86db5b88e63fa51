/**
 * How fast, and how heavy, does a big graph open on the server (issue 29)? Builds a graph of
 * `--nodes` nodes as the tools build one (open-graph.ts: a tree of plans with summaries, notes,
 * properties, relations and history), stores it compacted in a real SQLite store, then, interleaved
 * in each of `--rounds` rounds, on a fresh copy of that store:
 * (a) the floor: a bare Node process reads the stored state and `Y.applyUpdate`s it
 *     (open-floor.child.mjs): spawn to decoded, and its RSS;
 * (b) Plexus: `plexus serve` spawned (apps/sync/bin/plexus.mjs), the official MCP SDK client
 *     connects to /mcp and calls `graph_open {project}`: spawn to listening, to the answer, and the
 *     server's RSS after it (and its peak). With `PLEXUS_OPEN_TRACE=1` the server marks each step
 *     of the load (graphs/open-trace.ts), printed as the breakdown.
 * `--compare DIR` (repeatable) runs (b) for another checkout too, in the same rounds (e.g. a
 * worktree of main: before and after in one run). Prints the figures with the load average and
 * writes `--report` (default bench/reports/open-run.md; bench/reports/open.md keeps the runs).
 *
 *   pnpm exec tsx bench/open.bench.ts --nodes 20000 --rounds 3 --compare /work/wt/main-before
 *   --data DIR keeps the built store in DIR and reuses it when it is there (the build takes minutes).
 */
import { spawn } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { graphSummary } from '@plexus/model'
import { DB_FILE } from '@plexus/sync'
import { buildGraph, storeGraph } from './open-graph.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
const { values: flags } = parseArgs({
  options: {
    nodes: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
    compare: { type: 'string', multiple: true, default: [] },
    data: { type: 'string' },
    report: { type: 'string', default: join(here, 'reports', 'open-run.md') },
  },
})
const NODES = Number(flags.nodes)
const ROUNDS = Number(flags.rounds)
const GRAPH = 'big'
const MiB = 1024 * 1024
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join('/')

interface Mark {
  step: string
  ms: number
  rss: number
  heap: number
}
interface Run {
  who: string
  round: number
  listenMs?: number
  answerMs: number
  rss: number
  peak: number
  marks: Mark[]
  answer?: string
  load: string
}

/** The stored graph: built once, or the one `--data` already holds. */
function prepare(): { dir: string; bytes: number } {
  const dir = flags.data ? resolve(flags.data) : mkdtempSync(join(tmpdir(), 'plexus-open-src-'))
  mkdirSync(dir, { recursive: true })
  const info = join(dir, 'built.json')
  if (existsSync(info)) {
    const built = JSON.parse(readFileSync(info, 'utf8')) as { nodes: number; bytes: number }
    if (built.nodes === NODES) {
      console.log(`reusing the ${NODES}-node graph stored in ${dir} (${(built.bytes / MiB).toFixed(1)} MiB)`)
      return { dir, bytes: built.bytes }
    }
    throw new Error(`${dir} holds a graph of ${built.nodes} nodes, not ${NODES}`)
  }
  const built = buildGraph(GRAPH, NODES)
  const bytes = storeGraph(dir, GRAPH, built.doc, graphSummary(built.doc))
  built.doc.destroy()
  writeFileSync(info, JSON.stringify({ nodes: NODES, bytes }))
  console.log(
    `built ${built.nodes} nodes, ${built.edges} relations in ${(built.buildMs / 1000).toFixed(1)} s: ` +
      `state ${(bytes / MiB).toFixed(1)} MiB (${Math.round(bytes / built.nodes)} bytes a node)`,
  )
  return { dir, bytes }
}

/** A fresh copy of the stored graph: every run opens the same bytes, none sees another's writes. */
function copyOf(src: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'plexus-open-'))
  copyFileSync(join(src, DB_FILE), join(dir, DB_FILE))
  return dir
}

function status(pid: number): { rss: number; peak: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (key: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${key}:`))
    return Number.parseInt(line?.slice(key.length + 1).trim() ?? '', 10) * 1024
  }
  return { rss: kb('VmRSS'), peak: kb('VmHWM') }
}

async function floor(src: string, round: number): Promise<Run> {
  const dir = copyOf(src)
  try {
    const t0 = performance.now()
    const child = spawn(process.execPath, [join(here, 'open-floor.child.mjs'), join(dir, DB_FILE), GRAPH], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString()))
    await new Promise((r) => child.once('exit', r))
    const ms = performance.now() - t0
    const r = JSON.parse(out) as {
      readMs: number
      applyMs: number
      rss: number
      heap: number
      startMs: number
    }
    return {
      who: 'floor',
      round,
      answerMs: ms,
      rss: r.rss,
      peak: r.rss,
      marks: [
        { step: 'store read', ms: r.startMs + r.readMs, rss: NaN, heap: NaN },
        { step: 'applied', ms: r.startMs + r.readMs + r.applyMs, rss: r.rss, heap: r.heap },
      ],
      load: load(),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function plexus(who: string, checkout: string, src: string, round: number): Promise<Run> {
  const dir = copyOf(src)
  const t0 = performance.now()
  const child = spawn(
    process.execPath,
    [
      // OPEN_SERVER_FLAGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": where the open's time goes.
      ...(process.env.OPEN_SERVER_FLAGS?.split(' ') ?? []),
      join(checkout, 'apps/sync/bin/plexus.mjs'),
      'serve',
      '--port',
      '0',
      '--data',
      dir,
      '--web-dist',
      join(dir, 'no-web'),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PLEXUS_OPEN_TRACE: '1' } },
  )
  const marks: Mark[] = []
  let err = ''
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString()
    let nl: number
    while ((nl = err.indexOf('\n')) >= 0) {
      const line = err.slice(0, nl)
      err = err.slice(nl + 1)
      if (line.startsWith('plexus-open ')) marks.push(JSON.parse(line.slice(12)) as Mark)
      else if (line.trim()) console.log(`  [${who}] ${line}`)
    }
  })
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = ''
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString()
        const m = /listening on (\S+)/.exec(out)
        if (m) resolve(m[1]!)
      })
      child.once('exit', (code) => reject(new Error(`${who} server exited (${code})`)))
    })
    const listenMs = performance.now() - t0
    const client = new Client({ name: 'open-bench', version: '1' })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)))
    // A busy machine takes minutes over a big graph: the SDK's 60 s default would cut the answer off.
    const r = await client.callTool({ name: 'graph_open', arguments: { project: GRAPH } }, undefined, {
      timeout: 3_600_000,
    })
    const answerMs = performance.now() - t0
    const text = (r.content as Array<{ text?: string }>)[0]?.text ?? ''
    if (r.isError) throw new Error(`${who}: graph_open failed: ${text.slice(0, 300)}`)
    const { rss, peak } = status(child.pid!)
    await client.close()
    const summary = (r.structuredContent as { summary?: unknown } | undefined)?.summary
    return { who, round, listenMs, answerMs, rss, peak, marks, answer: JSON.stringify(summary), load: load() }
  } finally {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
    rmSync(dir, { recursive: true, force: true })
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN
}
const s = (ms: number) => (ms / 1000).toFixed(2)
const mib = (b: number) => (b / MiB).toFixed(0)

function breakdown(run: Run): string {
  let prev = 0
  return run.marks
    .map((m) => {
      const line = `${m.step} +${s(m.ms - prev)} s${Number.isNaN(m.rss) ? '' : ` (rss ${mib(m.rss)}, heap ${mib(m.heap)} MiB)`}`
      prev = m.ms
      return line
    })
    .join('; ')
}

async function main(): Promise<void> {
  const { dir, bytes } = prepare()
  const checkouts: Array<[string, string]> = [
    ...flags.compare.map((c, i): [string, string] => [
      `compare${flags.compare.length > 1 ? i + 1 : ''} (${c})`,
      resolve(c),
    ]),
    ['this checkout', resolve(here, '..')],
  ]
  const runs: Run[] = []
  const show = (r: Run) => {
    runs.push(r)
    console.log(
      `round ${r.round} ${r.who}: ${r.listenMs === undefined ? '' : `listening ${s(r.listenMs)} s, `}` +
        `${r.who === 'floor' ? 'decoded' : 'graph_open answered'} ${s(r.answerMs)} s after spawn; ` +
        `RSS ${mib(r.rss)} MiB (peak ${mib(r.peak)}); load ${r.load}${r.answer ? `; summary ${r.answer}` : ''}`,
    )
    if (r.marks.length) console.log(`  ${breakdown(r)}`)
  }
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      show(await floor(dir, round))
      for (const [who, checkout] of checkouts) show(await plexus(who, checkout, dir, round))
    }
  } finally {
    if (!flags.data) rmSync(dir, { recursive: true, force: true })
  }
  const whos = ['floor', ...checkouts.map(([w]) => w)]
  const rows = whos.map((who) => {
    const mine = runs.filter((r) => r.who === who)
    const floorMs = median(runs.filter((r) => r.who === 'floor').map((r) => r.answerMs))
    const ms = median(mine.map((r) => r.answerMs))
    return (
      `| ${who} | ${mine.map((r) => s(r.answerMs)).join(' / ')} | ${s(ms)} | ${(ms / floorMs).toFixed(2)}× | ` +
      `${mine.map((r) => mib(r.rss)).join(' / ')} | ${mine.map((r) => mib(r.peak)).join(' / ')} | ${mine.map((r) => r.load).join(', ')} |`
    )
  })
  const steps = runs
    .filter((r) => r.marks.length && r.who !== 'floor')
    .map((r) => `- round ${r.round}, ${r.who}: ${breakdown(r)}`)
  const report =
    `bench/open.bench.ts, ${new Date().toISOString().slice(0, 16)}Z, ${NODES} nodes, state ${(bytes / MiB).toFixed(1)} MiB ` +
    `(${Math.round(bytes / NODES)} bytes a node), ${ROUNDS} rounds interleaved; load average at the end ${load()} ` +
    '(2 cores shared with other work).\n\n' +
    '| run | spawn → answer s (rounds) | median s | ÷ floor | RSS after MiB | peak RSS MiB | load 1/5/15 |\n' +
    '|---|---|---|---|---|---|---|\n' +
    `${rows.join('\n')}\n\n` +
    'Floor: spawn → stored state read and `Y.applyUpdate`d in a bare process. Plexus: spawn → first ' +
    '`graph_open` answer over MCP (SDK client). Steps (ms from the server process start, `PLEXUS_OPEN_TRACE=1`):\n\n' +
    `${steps.join('\n')}\n`
  mkdirSync(join(here, 'reports'), { recursive: true })
  writeFileSync(flags.report, report)
  console.log(`\n${report}\nwritten: ${flags.report}`)
}

await main()
