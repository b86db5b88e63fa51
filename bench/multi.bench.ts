// Several servers benchmark: prints figures and writes bench/reports/multi.{md,json}. Never passes or fails.
// Run: npx tsx bench/multi.bench.ts   (PLEXUS_BENCH_QUICK=1 for a short run, PLEXUS_BENCH_ONLY=cross|cross-rate|single; PLEXUS_BENCH_PROF=dir for server CPU profiles)
//
// Servers are `plexus serve` processes (apps/sync/bin/plexus.mjs). Clients are @plexus/sync-client
// connections, the stock y-websocket provider inside, in this process (bench/clients.ts), so send and receive times come from one clock.
// Needs PostgreSQL (PLEXUS_TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a
// schema of its own, dropped after), `redis-server` and nginx (each one of its own on free ports).
//
// In one run:
// - three servers on one PostgreSQL and one Redis behind nginx (deploy/nginx rules): writer on
//   server A, readers split over servers B and C, relay latency p50/p99 at 1, 10 and 100 readers;
//   updates/s through one document with one writer on A and with one writer on each server, reader
//   on B. nginx listens once per server as well as round robin, so a client can be placed.
// - one server on PostgreSQL and one on SQLite: latency at 100 readers and updates/s.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PgStore } from '@plexus/sync'
import { startNginx, type NginxService } from '../apps/sync/src/test/services.ts'
import {
  fmt,
  freePort,
  providerClient,
  providerWatcher,
  relayLatency,
  sustainedRate,
  waitPort,
  type Latency,
} from './clients.ts'

const QUICK = process.env.PLEXUS_BENCH_QUICK === '1'
const ONLY = process.env.PLEXUS_BENCH_ONLY ?? ''
process.setMaxListeners(0)
const SAMPLES = QUICK ? 50 : 200
const THROUGHPUT_UPDATES = QUICK ? 5_000 : 20_000
const DATABASE_URL = process.env.PLEXUS_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const BIN = fileURLToPath(new URL('../apps/sync/bin/plexus.mjs', import.meta.url))
const REPORTS = fileURLToPath(new URL('./reports/', import.meta.url))

const children: ChildProcess[] = []
/** nginx with the deployment's rules, listening once per server too so a client can be placed on one. */
let nginx: NginxService | null = null
/** Processes whose CPU time the throughput rows report, by name (a server's name is its letter). */
const watched = new Map<string, number>()
const dirs: string[] = []

/** A `plexus serve` process; resolves with its port once it listens. */
async function serve(name: string, env: Record<string, string>): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'plexus-multi-bench-'))
  dirs.push(dir)
  const child = spawn(
    process.execPath,
    [
      ...(process.env.PLEXUS_BENCH_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PLEXUS_BENCH_PROF}`]
        : []),
      BIN,
      'serve',
      '--port',
      '0',
      '--data',
      dir,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        PLEXUS_TOKENS: '',
        PLEXUS_TOKENS_FILE: '',
        PLEXUS_DATABASE_URL: '',
        PLEXUS_REDIS_URL: '',
        // Benchmarks push one connection far past the default per-connection rate.
        PLEXUS_RATE: '1000000',
        PLEXUS_BURST: '1000000',
        PLEXUS_IDLE_UNLOAD_MS: '600000',
        ...env,
      },
    },
  )
  children.push(child)
  watched.set(name, child.pid!)
  let out = ''
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const m = /listening on http:\/\/[^\s:]+:(\d+)/.exec(out)
      if (m) resolve(Number(m[1]))
    })
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening`)))
  })
}

async function stopAll(): Promise<void> {
  for (const name of [...watched.keys()]) if (name !== 'Redis') watched.delete(name)
  const proxy = nginx
  nginx = null
  await Promise.all([
    proxy?.stop(),
    ...children.splice(0).map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve()
          c.once('exit', () => resolve())
          c.kill('SIGTERM')
        }),
    ),
  ])
}

const wsUrl = (port: number) => `ws://127.0.0.1:${port}/sync`

interface Commits {
  count: number
  sum: number
  /** Cumulative counts per upper bound in seconds (the server's plexus_persist_seconds histogram). */
  buckets: Array<[number, number]>
}

/** The server's store-write histogram, from its /metrics. */
async function commits(port: number): Promise<Commits> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()
  const num = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN)
  const buckets = [...text.matchAll(/^plexus_persist_seconds_bucket\{le="([^"]+)"\} (\S+)$/gm)]
    .filter((m) => m[1] !== '+Inf')
    .map((m) => [Number(m[1]), Number(m[2])] as [number, number])
  return { count: num('plexus_persist_seconds_count'), sum: num('plexus_persist_seconds_sum'), buckets }
}

interface CommitTime {
  writes: number
  meanMs: number
  /** The histogram bucket (upper bound, ms) the median and the 99th percentile write fall in. */
  p50UpToMs: number
  p99UpToMs: number
}

function commitTime(before: Commits, after: Commits): CommitTime {
  const writes = after.count - before.count
  const upTo = (q: number) => {
    for (let i = 0; i < after.buckets.length; i++) {
      const [le, n] = after.buckets[i]!
      if (n - (before.buckets[i]?.[1] ?? 0) >= q * writes) return le * 1000
    }
    return Infinity
  }
  return {
    writes,
    meanMs: ((after.sum - before.sum) / Math.max(1, writes)) * 1000,
    p50UpToMs: upTo(0.5),
    p99UpToMs: upTo(0.99),
  }
}

const commitText = (c: CommitTime) =>
  `PostgreSQL write on the writer's server: mean ${fmt(c.meanMs)} ms, p50 <= ${c.p50UpToMs} ms, p99 <= ${c.p99UpToMs} ms over ${c.writes} writes`

/** Writer on `writerUrl`, readers spread round robin over `readerUrls`. */
function latency(writerUrl: string, readerUrls: string[], readers: number, room: string): Promise<Latency> {
  const writer = providerClient(writerUrl, room)
  const clients = Array.from({ length: readers }, (_, i) =>
    providerClient(readerUrls[i % readerUrls.length]!, room),
  )
  return relayLatency(writer, clients, SAMPLES, `${room}, ${readers} readers`)
}

/** CPU time (user + system, ms) of a process and its children that still run (nginx's worker). */
function cpuMs(pid: number): number {
  const stat = (p: number) => {
    const file = `/proc/${p}/stat`
    if (!existsSync(file)) return 0
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  }
  const kids = `/proc/${pid}/task/${pid}/children`
  const children = existsSync(kids) ? readFileSync(kids, 'utf8').trim().split(/\s+/).filter(Boolean) : []
  return stat(pid) + children.reduce((sum, c) => sum + stat(Number(c)), 0)
}

const cpuNow = () => new Map([...watched].map(([name, pid]) => [name, cpuMs(pid)]))

interface Rate {
  rate: number
  /** CPU ms per 1,000 updates, per process (the bench's clients, each server, nginx, Redis). */
  cpu: Record<string, number>
}

/** One writer per url in `writerUrls`, each moving its own node; the reader on `readerUrl`. */
async function throughput(writerUrls: string[], readerUrl: string, room: string): Promise<Rate> {
  const keys = writerUrls.map((_u, k) => `n_w${k}`)
  const writers = writerUrls.map((url, k) => providerClient(url, room, keys[k]))
  const perWriter = Math.round(THROUGHPUT_UPDATES / writerUrls.length)
  const before = cpuNow()
  const bench = process.cpuUsage()
  const rate = await sustainedRate(
    writers,
    keys,
    providerWatcher(readerUrl, room),
    perWriter,
    `throughput in ${room}`,
  )
  const after = cpuNow()
  const used = process.cpuUsage(bench)
  const per = 1000 / (perWriter * writerUrls.length)
  const cpu: Record<string, number> = { 'bench clients': ((used.user + used.system) / 1000) * per }
  for (const [name, ms] of after) cpu[name] = (ms - (before.get(name) ?? 0)) * per
  return { rate, cpu }
}

const cpuText = (cpu: Record<string, number>) =>
  Object.entries(cpu)
    .map(([name, ms]) => `${name} ${fmt(ms, 0)}`)
    .join(', ')

interface Cross {
  latency: Record<number, Latency>
  oneWriter: Rate
  threeWriters: Rate
  commits: CommitTime | null
}

interface Single {
  latency: Latency
  rate: Rate
  commits: CommitTime | null
}

const trim = ({ p50, p99, first, spread }: Latency) => ({ p50, p99, first, spread })

/**
 * Every reader lives in this one process, which takes each update into 100 documents in turn: the
 * last reader waits for the 99 before it. So the first reader's time is shown beside all readers'
 * (the servers' path), and the spread between the first and the last (this process's own work).
 */
const latencyText = (l: Latency) =>
  `p50 ${fmt(l.p50)} ms, p99 ${fmt(l.p99)} ms; first reader of each update p50 ${fmt(l.first.p50)}, ` +
  `p99 ${fmt(l.first.p99)} ms; last minus first p50 ${fmt(l.spread.p50)}, p99 ${fmt(l.spread.p99)} ms`

async function main(): Promise<void> {
  const schema = `plexus_bench_${process.pid}`
  const redisPort = await freePort()
  const redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', ''], {
    stdio: 'ignore',
  })
  await waitPort(redisPort)
  watched.set('Redis', redis.pid!)
  const pg = { PLEXUS_DATABASE_URL: DATABASE_URL, PLEXUS_DATABASE_SCHEMA: schema }
  const loadStart = loadavg()[0]!
  let cross: Cross | null = null
  const single: Partial<Record<'postgres' | 'sqlite', Single>> = {}
  try {
    if (ONLY !== 'single') {
      // Three servers on one PostgreSQL and one Redis, behind nginx.
      const shared = { ...pg, PLEXUS_REDIS_URL: `redis://127.0.0.1:${redisPort}` }
      const ports = [await serve('A', shared), await serve('B', shared), await serve('C', shared)]
      const proxy = (nginx = await startNginx(ports, { placed: true, keepalive: 16 }))
      watched.set('nginx', proxy.pid)
      const [a, b, c] = proxy.each.map(wsUrl) as [string, string, string]
      const lat: Record<number, Latency> = {}
      let crossCommits: CommitTime | null = null
      for (const readers of ONLY === 'cross-rate' ? [] : [1, 10, 100]) {
        const before = await commits(ports[0]!)
        lat[readers] = await latency(a, [b, c], readers, `cross-${readers}`)
        if (readers === 100) crossCommits = commitTime(before, await commits(ports[0]!))
        console.log(`3 servers, writer on A, ${readers} readers on B and C: ${latencyText(lat[readers]!)}`)
      }
      const oneWriter = await throughput([a], b, 'cross-rate-1')
      console.log(
        `3 servers, one writer on A, reader on B: ${Math.round(oneWriter.rate)} updates/s (CPU ms per 1,000: ${cpuText(oneWriter.cpu)})`,
      )
      const threeWriters = await throughput([a, b, c], b, 'cross-rate-3')
      console.log(
        `3 servers, a writer on each, reader on B: ${Math.round(threeWriters.rate)} updates/s (CPU ms per 1,000: ${cpuText(threeWriters.cpu)})`,
      )
      cross = { latency: lat, oneWriter, threeWriters, commits: crossCommits }
      if (crossCommits) console.log(`3 servers, 100 readers: ${commitText(crossCommits)}`)
      await stopAll()
    }
    if (!ONLY.startsWith('cross')) {
      for (const [mode, env] of [
        ['postgres', pg],
        ['sqlite', {}],
      ] as const) {
        const port = await serve('server', env)
        const url = wsUrl(port)
        const before = await commits(port)
        const l = await latency(url, [url], 100, `single-${mode}`)
        const written = commitTime(before, await commits(port))
        const rate = await throughput([url], url, `single-${mode}-rate`)
        single[mode] = { latency: l, rate, commits: mode === 'postgres' ? written : null }
        console.log(
          `one server on ${mode}, 100 readers: ${latencyText(l)}; ${Math.round(rate.rate)} updates/s (CPU ms per 1,000: ${cpuText(rate.cpu)})`,
        )
        await stopAll()
      }
    }
    const loadEnd = loadavg()[0]!
    const md = report(cross, single, loadStart, loadEnd)
    if (ONLY === '') {
      mkdirSync(REPORTS, { recursive: true })
      writeFileSync(join(REPORTS, 'multi.md'), md)
      const json = {
        quick: QUICK,
        samples: SAMPLES,
        updates: THROUGHPUT_UPDATES,
        cores: cpus().length,
        load: [loadStart, loadEnd],
        cross: cross && {
          ...cross,
          latency: Object.fromEntries(Object.entries(cross.latency).map(([k, v]) => [k, trim(v)])),
        },
        single: Object.fromEntries(
          Object.entries(single).map(([k, v]) => [k, { ...v, latency: trim(v.latency) }]),
        ),
      }
      writeFileSync(join(REPORTS, 'multi.json'), JSON.stringify(json, null, 2) + '\n')
    }
    console.log('\n' + md)
  } finally {
    await stopAll()
    redis.kill('SIGKILL')
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
    // Opened on the run's own schema only to drop it (opening it in `public` would create tables there).
    const store = await PgStore.open(DATABASE_URL, { schema }).catch(() => null)
    if (store) {
      await store.pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await store.close()
    }
  }
}

function report(
  cross: Cross | null,
  single: Partial<Record<'postgres' | 'sqlite', Single>>,
  loadStart: number,
  loadEnd: number,
): string {
  const lines = [
    '# Several servers: PostgreSQL and Redis',
    '',
    `Run ${new Date().toISOString()} on ${cpus().length} cores, load average ${fmt(loadStart)} at start and ` +
      `${fmt(loadEnd)} at end, ${SAMPLES} samples per latency row${QUICK ? ' (quick run)' : ''}, ` +
      `${THROUGHPUT_UPDATES} updates per throughput row. Servers are \`plexus serve\` processes behind nginx ` +
      '(deploy/nginx rules); clients are stock y-websocket providers in the benchmark process.',
    '',
    '| what | target | measured |',
    '|---|---|---|',
  ]
  if (cross) {
    for (const n of [1, 10, 100]) {
      const l = cross.latency[n]
      if (!l) continue
      lines.push(
        `| 3 servers, writer on A, ${n} reader(s) on B and C: p50 / p99 | p99 <= 20 ms at 100 | ${fmt(l.p50)} / ${fmt(l.p99)} ms |`,
      )
      if (n > 1) {
        lines.push(
          `| the same, first reader of each update (the servers' path): p50 / p99 | | ${fmt(l.first.p50)} / ${fmt(l.first.p99)} ms |`,
          `| the same, last reader minus first (this process applying it ${n} times in turn): p50 / p99 | | ${fmt(l.spread.p50)} / ${fmt(l.spread.p99)} ms |`,
        )
      }
    }
    lines.push(
      `| updates/s through one document, 3 servers, one writer on A, reader on B | >= 5,000 | ${Math.round(cross.oneWriter.rate)} |`,
      `| updates/s through one document, 3 servers, a writer on each, reader on B | >= 5,000 | ${Math.round(cross.threeWriters.rate)} |`,
    )
  }
  const { postgres, sqlite } = single
  if (postgres && sqlite) {
    lines.push(
      `| one server on PostgreSQL, 100 readers: p50 / p99 | | ${fmt(postgres.latency.p50)} / ${fmt(postgres.latency.p99)} ms |`,
      `| one server on SQLite, 100 readers: p50 / p99 | | ${fmt(sqlite.latency.p50)} / ${fmt(sqlite.latency.p99)} ms |`,
      `| PostgreSQL p99 / SQLite p99 | <= 2x | ${fmt(postgres.latency.p99 / sqlite.latency.p99)}x |`,
      `| updates/s, one server: PostgreSQL / SQLite | | ${Math.round(postgres.rate.rate)} / ${Math.round(sqlite.rate.rate)} |`,
    )
  }
  const rates: Array<[string, Rate]> = [
    ...(cross
      ? ([
          ['3 servers, one writer on A', cross.oneWriter],
          ['3 servers, a writer on each', cross.threeWriters],
        ] as Array<[string, Rate]>)
      : []),
    ...(postgres ? ([['one server on PostgreSQL', postgres.rate]] as Array<[string, Rate]>) : []),
    ...(sqlite ? ([['one server on SQLite', sqlite.rate]] as Array<[string, Rate]>) : []),
  ]
  const writes = [
    ...(cross?.commits ? [`3 servers, 100 readers: ${commitText(cross.commits)}.`] : []),
    ...(postgres?.commits ? [`One server on PostgreSQL, 100 readers: ${commitText(postgres.commits)}.`] : []),
  ]
  if (writes.length > 0) {
    lines.push(
      '',
      'Where the time goes in the latency rows: every update waits for its PostgreSQL commit (an fsync) before ' +
        'it is relayed.',
      '',
      ...writes.map((w) => `- ${w}`),
    )
  }
  if (rates.length > 0) {
    lines.push(
      '',
      'Where the time goes in the throughput rows: CPU ms per 1,000 updates, per process (PostgreSQL is ' +
        'shared with other work on this machine and not counted):',
      '',
      '| row | CPU ms per 1,000 updates |',
      '|---|---|',
      ...rates.map(([row, r]) => `| ${row} | ${cpuText(r.cpu)} |`),
    )
  }
  lines.push('')
  return lines.join('\n')
}

await main()
// Closed providers and pools can leave timers behind; the figures are written.
process.exit(0)
