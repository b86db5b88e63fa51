// Several servers benchmark: prints figures and writes bench/reports/multi.{md,json}. Never passes or fails.
// Run: npx tsx bench/multi.bench.ts   (PLEXUS_BENCH_QUICK=1 for a short run)
//
// Servers are `plexus serve` processes (apps/sync/bin/plexus.mjs). Clients are @plexus/sync-client
// connections (the stock y-websocket provider inside) in this process, so send and receive times come from one clock. Needs PostgreSQL
// (PLEXUS_TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a schema of its own,
// dropped after) and `redis-server` (one of its own on a free port).
//
// - cross-server: writer on server A, readers split over servers B and C (all three on one
//   PostgreSQL and one Redis): relay latency p50/p99 at 1, 10 and 100 readers; updates/s through
//   one document, writer on A and reader on B.
// - single server: the same latency at 100 readers and updates/s, writer and readers on one server,
//   on PostgreSQL and on SQLite.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, connect } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { SCHEMA_VERSION } from '@plexus/model'
import { PgStore } from '@plexus/sync'
import { WebSocket } from 'ws'
import { connect as connectPeer } from '@plexus/sync-client'
import * as Y from 'yjs'

const QUICK = process.env.PLEXUS_BENCH_QUICK === '1'
process.setMaxListeners(0)
const SAMPLES = QUICK ? 50 : 200
const THROUGHPUT_UPDATES = QUICK ? 5_000 : 20_000
const DATABASE_URL = process.env.PLEXUS_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const BIN = fileURLToPath(new URL('../apps/sync/bin/plexus.mjs', import.meta.url))
const REPORTS = fileURLToPath(new URL('./reports/', import.meta.url))

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN
}
const fmt = (x: number, digits = 2): string => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`bench: timed out waiting for ${what}`)
    await new Promise((resolve) => setImmediate(resolve))
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })
}

async function waitPort(port: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const sock = connect(port, '127.0.0.1')
      sock.once('connect', () => (sock.destroy(), resolve(true)))
      sock.once('error', () => resolve(false))
    })
    if (ok) return
    await sleep(20)
  }
  throw new Error(`bench: nothing listens on ${port}`)
}

const children: ChildProcess[] = []
const dirs: string[] = []

async function serve(env: Record<string, string>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'plexus-multi-bench-'))
  dirs.push(dir)
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data', dir], {
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
  })
  children.push(child)
  let out = ''
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const m = /listening on (http:\/\/\S+)/.exec(out)
      if (m) resolve(m[1]!.replace(/^http/, 'ws') + '/sync')
    })
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening`)))
  })
}

async function stopAll(): Promise<void> {
  await Promise.all(
    children.splice(0).map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve()
          c.once('exit', () => resolve())
          c.kill('SIGTERM')
        }),
    ),
  )
}

interface Client {
  write(i: number): void
  onValue: ((i: number) => void) | null
  ready(): Promise<void>
  close(): void
}

function client(url: string, room: string): Client {
  const doc = new Y.Doc()
  const { provider } = connectPeer(doc, { url, graph: room, schema: SCHEMA_VERSION, WebSocket })
  const map = doc.getMap<number>('m')
  const c: Client = {
    onValue: null,
    write: (i) => map.set('v', i),
    ready: () => until(() => provider.synced, 'provider sync'),
    close: () => provider.destroy(),
  }
  doc.on('update', (_u: Uint8Array, origin: unknown) => {
    if (origin === provider) c.onValue?.(map.get('v') ?? -1)
  })
  return c
}

/** Writer on `writerUrl`, readers spread round robin over `readerUrls`. */
async function latency(writerUrl: string, readerUrls: string[], readers: number, room: string) {
  const writer = client(writerUrl, room)
  const clients = Array.from({ length: readers }, (_, i) => client(readerUrls[i % readerUrls.length]!, room))
  await Promise.all([writer, ...clients].map((c) => c.ready()))
  const sent = new Map<number, number>()
  const samples: number[] = []
  let received = 0
  for (const c of clients) {
    c.onValue = (i) => {
      const t = sent.get(i)
      if (t === undefined) return
      samples.push(performance.now() - t)
      received++
    }
  }
  const warmup = 20
  for (let i = 0; i < SAMPLES + warmup; i++) {
    received = 0
    if (i === warmup) samples.length = 0
    sent.set(i, performance.now())
    writer.write(i)
    await until(() => received >= readers, `update ${i} at ${readers} readers`)
    await sleep(2)
  }
  for (const c of [writer, ...clients]) c.close()
  await sleep(100)
  return { p50: quantile(samples, 0.5), p99: quantile(samples, 0.99) }
}

async function throughput(writerUrl: string, readerUrl: string, room: string): Promise<number> {
  const writer = client(writerUrl, room)
  const reader = client(readerUrl, room)
  await Promise.all([writer.ready(), reader.ready()])
  const last = THROUGHPUT_UPDATES - 1
  let done = false
  reader.onValue = (i) => {
    if (i === last) done = true
  }
  const start = performance.now()
  for (let i = 0; i < THROUGHPUT_UPDATES; i++) {
    writer.write(i)
    if (i % 200 === 199) await new Promise((resolve) => setImmediate(resolve))
  }
  await until(() => done, 'throughput', 180_000)
  const rate = THROUGHPUT_UPDATES / ((performance.now() - start) / 1000)
  writer.close()
  reader.close()
  await sleep(100)
  return rate
}

async function main(): Promise<void> {
  const schema = `plexus_bench_${process.pid}`
  const redisPort = await freePort()
  const redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', ''], {
    stdio: 'ignore',
  })
  await waitPort(redisPort)
  const pg = { PLEXUS_DATABASE_URL: DATABASE_URL, PLEXUS_DATABASE_SCHEMA: schema }
  const rows: Record<string, unknown> = {}
  try {
    // Cross-server: three servers on one PostgreSQL and one Redis.
    const shared = { ...pg, PLEXUS_REDIS_URL: `redis://127.0.0.1:${redisPort}` }
    const [a, b, c] = [await serve(shared), await serve(shared), await serve(shared)]
    const cross: Record<number, { p50: number; p99: number }> = {}
    for (const readers of [1, 10, 100]) {
      cross[readers] = await latency(a!, [b!, c!], readers, `cross-${readers}`)
      console.log(
        `cross-server, ${readers} readers: p50 ${fmt(cross[readers]!.p50)} ms, p99 ${fmt(cross[readers]!.p99)} ms`,
      )
    }
    const crossRate = await throughput(a!, b!, 'cross-throughput')
    console.log(`cross-server throughput: ${Math.round(crossRate)} updates/s`)
    await stopAll()

    // One server, PostgreSQL and SQLite.
    const single: Record<string, { p50: number; p99: number; rate: number }> = {}
    for (const [mode, env] of [
      ['postgres', pg],
      ['sqlite', {}],
    ] as const) {
      const url = await serve(env)
      const lat = await latency(url, [url], 100, `single-${mode}`)
      const rate = await throughput(url, url, `single-${mode}-throughput`)
      single[mode] = { ...lat, rate }
      console.log(
        `one server on ${mode}, 100 readers: p50 ${fmt(lat.p50)} ms, p99 ${fmt(lat.p99)} ms; ${Math.round(rate)} updates/s`,
      )
      await stopAll()
    }
    rows.cross = cross
    rows.crossRate = crossRate
    rows.single = single
    const ratio = single.postgres!.p99 / single.sqlite!.p99
    const md = [
      '# Several servers: PostgreSQL and Redis',
      '',
      `Run ${new Date().toISOString()} on ${cpus().length} cores (load ${loadavg()[0]!.toFixed(2)}), ` +
        `${SAMPLES} samples per latency row${QUICK ? ' (quick run)' : ''}, ${THROUGHPUT_UPDATES} updates per throughput row. ` +
        'Servers are `plexus serve` processes; clients are stock y-websocket providers in the benchmark process.',
      '',
      '| what | target | measured |',
      '|---|---|---|',
      ...[1, 10, 100].map(
        (n) =>
          `| cross-server relay, writer on A, ${n} reader(s) on B and C: p50 / p99 | p99 <= 20 ms at 100 | ${fmt(cross[n]!.p50)} / ${fmt(cross[n]!.p99)} ms |`,
      ),
      `| updates/s through one document, writer on A, reader on B | >= 5,000 | ${Math.round(crossRate)} |`,
      `| one server on PostgreSQL, 100 readers: p50 / p99 | | ${fmt(single.postgres!.p50)} / ${fmt(single.postgres!.p99)} ms |`,
      `| one server on SQLite, 100 readers: p50 / p99 | | ${fmt(single.sqlite!.p50)} / ${fmt(single.sqlite!.p99)} ms |`,
      `| PostgreSQL p99 / SQLite p99 | <= 2x | ${fmt(ratio)}x |`,
      `| updates/s, one server: PostgreSQL / SQLite | | ${Math.round(single.postgres!.rate)} / ${Math.round(single.sqlite!.rate)} |`,
      '',
    ].join('\n')
    mkdirSync(REPORTS, { recursive: true })
    writeFileSync(join(REPORTS, 'multi.md'), md)
    writeFileSync(
      join(REPORTS, 'multi.json'),
      JSON.stringify({ quick: QUICK, samples: SAMPLES, ...rows }, null, 2) + '\n',
    )
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

await main()
