// Sync server benchmark: prints figures and writes bench/reports/sync.{md,json}. Never passes or fails.
// Run: npx tsx bench/sync.bench.ts   (PLEXUS_BENCH_QUICK=1 for a short run; PLEXUS_BENCH_MODES to pick servers)
//
// Each server runs in its own process (bench/sync-server.child.ts); clients run here, so send and
// receive times come from one clock. Servers: plexus (apps/sync: validation, SQLite append before
// relay), reference (y-websocket 1.5.4 setupWSConnection, in memory only) and echo (raw ws broadcast,
// the floor). Readers are stock y-websocket 3 providers (echo: raw ws clients that decode and apply
// each update, the same client work), all in this one process, so the 100-reader figures include
// this process applying 100 updates one after another.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { DocRegistry, Metrics, SqliteStore, defaultDocsOptions } from '@plexus/sync'
import { WebSocket } from 'ws'
import * as Y from 'yjs'
import {
  benchNode,
  changed,
  fmt,
  providerClient,
  quantile,
  relayLatency,
  sleep,
  until,
  ySyncMessage,
  type Client,
} from './clients.ts'
import { ruleCheckCost } from './sync-rules.ts'
import { spawnServer, type Child } from './sync-server.ts'

const QUICK = process.env.PLEXUS_BENCH_QUICK === '1'
// Every provider registers a process 'exit' listener.
process.setMaxListeners(0)
const READERS = [1, 10, 100]
const SAMPLES = QUICK ? 50 : 200
const THROUGHPUT_UPDATES = QUICK ? 5_000 : 20_000
const IDLE_CONNECTIONS = QUICK ? 100 : 500
const LOAD_NODES = 100_000
const MODES = ['plexus', 'reference', 'echo'] as const
type Mode = (typeof MODES)[number]

const here = fileURLToPath(new URL('.', import.meta.url))
// ---- clients ----------------------------------------------------------------------------------

function readSyncUpdate(frame: Uint8Array): Uint8Array | null {
  if (frame[0] !== 0 || frame[1] !== 2) return null
  let pos = 2
  let len = 0
  let shift = 0
  for (;;) {
    const b = frame[pos++]!
    len += (b & 127) * 2 ** shift
    shift += 7
    if (b < 128) break
  }
  return frame.subarray(pos, pos + len)
}

function rawClient(url: string, room: string): Client {
  const doc = new Y.Doc()
  const node = benchNode(doc)
  const ws = new WebSocket(`${url}/${room}`, { perMessageDeflate: false })
  ws.binaryType = 'arraybuffer'
  let open = false
  ws.on('open', () => {
    open = true
    changed()
  })
  const client: Client = {
    onValue: null,
    write: node.write,
    ready: () => until(() => open, 'raw socket open'),
    close: () => ws.close(),
  }
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'remote') ws.send(ySyncMessage(update))
  })
  ws.on('message', (data: ArrayBuffer) => {
    const update = readSyncUpdate(new Uint8Array(data))
    if (!update) return
    Y.applyUpdate(doc, update, 'remote')
    client.onValue?.(node.read())
    changed()
  })
  return client
}

const makeClient = (mode: Mode, url: string, room: string) =>
  mode === 'echo' ? rawClient(url, room) : providerClient(url, room)

// ---- workloads --------------------------------------------------------------------------------

type Cpu = { user: number; system: number }
const cpuMicros = (a: Cpu, b: Cpu) => b.user - a.user + (b.system - a.system)

interface LatencyResult {
  p50: number
  p99: number
  /** Server CPU time per update delivered to one reader, in microseconds. */
  cpuPerDelivery: number
}

async function latency(mode: Mode, url: string, readers: number, child: Child): Promise<LatencyResult> {
  const room = `lat-${readers}`
  const writer = makeClient(mode, url, room)
  const clients = Array.from({ length: readers }, () => makeClient(mode, url, room))
  let cpuStart: Cpu = { user: 0, system: 0 }
  let cpu = 0
  const l = await relayLatency(writer, clients, SAMPLES, `${readers} readers (${mode})`, async (phase) => {
    if (phase === 'start') cpuStart = await child.ask<Cpu>({ cmd: 'cpu' })
    else cpu = cpuMicros(cpuStart, await child.ask<Cpu>({ cmd: 'cpu' }))
  })
  return { p50: l.p50, p99: l.p99, cpuPerDelivery: cpu / (SAMPLES * readers) }
}

async function throughput(
  mode: Mode,
  url: string,
  child: Child,
): Promise<{ rate: number; cpuPerUpdate: number }> {
  const room = 'throughput'
  const writer = makeClient(mode, url, room)
  const reader = makeClient(mode, url, room)
  await Promise.all([writer.ready(), reader.ready()])
  const last = THROUGHPUT_UPDATES - 1
  let done = false
  reader.onValue = (i) => {
    if (i === last) done = true
  }
  const cpuStart = await child.ask<Cpu>({ cmd: 'cpu' })
  const start = performance.now()
  for (let i = 0; i < THROUGHPUT_UPDATES; i++) {
    writer.write(i)
    if (i % 200 === 199) await new Promise((resolve) => setImmediate(resolve))
  }
  await until(() => done, `throughput (${mode})`, 180_000)
  const seconds = (performance.now() - start) / 1000
  const cpu = cpuMicros(cpuStart, await child.ask<Cpu>({ cmd: 'cpu' }))
  writer.close()
  reader.close()
  await sleep(100)
  return { rate: THROUGHPUT_UPDATES / seconds, cpuPerUpdate: cpu / THROUGHPUT_UPDATES }
}

async function idleConnectionBytes(
  mode: Mode,
  url: string,
  child: Child,
): Promise<{ heap: number; rss: number }> {
  type Mem = { heapUsed: number; rss: number }
  const room = 'idle'
  const warm = makeClient(mode, url, room)
  await warm.ready()
  const before = await child.ask<Mem>({ cmd: 'mem' })
  const clients = Array.from({ length: IDLE_CONNECTIONS }, () => makeClient(mode, url, room))
  await Promise.all(clients.map((c) => c.ready()))
  await sleep(200)
  const after = await child.ask<Mem>({ cmd: 'mem' })
  for (const c of [warm, ...clients]) c.close()
  await sleep(200)
  return {
    heap: (after.heapUsed - before.heapUsed) / IDLE_CONNECTIONS,
    rss: (after.rss - before.rss) / IDLE_CONNECTIONS,
  }
}

async function documentBytes(
  child: Child,
  nodes: number,
  count: number,
): Promise<{ heap: number; rss: number }> {
  type Mem = { heapUsed: number; rss: number }
  const prefix = `mem${nodes}`
  await child.ask({ cmd: 'seed', prefix, count, nodes })
  const before = await child.ask<Mem>({ cmd: 'mem' })
  await child.ask({ cmd: 'load', prefix, count })
  const after = await child.ask<Mem>({ cmd: 'mem' })
  return { heap: (after.heapUsed - before.heapUsed) / count, rss: (after.rss - before.rss) / count }
}

function loadLargeGraph(): { ms: number[]; snapshotBytes: number; logUpdates: number } {
  const dir = mkdtempSync(join(tmpdir(), 'plexus-bench-load-'))
  try {
    const store = new SqliteStore(join(dir, 'plexus.db'))
    const doc = new Y.Doc()
    const nodes = doc.getMap('nodes')
    doc.transact(() => {
      doc.getMap('meta').set('title', 'large')
      for (let n = 0; n < LOAD_NODES; n++) {
        const m = new Y.Map<unknown>()
        m.set('summary', `node ${n}`)
        m.set('parent', n === 0 ? null : `n${Math.floor((n - 1) / 4)}`)
        nodes.set(`n${n}`, m)
      }
    })
    const snapshot = Y.encodeStateAsUpdate(doc)
    const seq = store.append('large', snapshot)
    store.compact('large', { snapshot, throughSeq: seq })
    // A log tail on top of the snapshot, as after a crash between compactions.
    const logUpdates = 1000
    const tail: Uint8Array[] = []
    doc.on('update', (u: Uint8Array) => tail.push(u))
    for (let i = 0; i < logUpdates; i++) (nodes.get(`n${i}`) as Y.Map<unknown>).set('summary', `edited ${i}`)
    for (const u of tail) store.append('large', u)
    const times: number[] = []
    for (let run = 0; run < 3; run++) {
      const docs = new DocRegistry(store, new Metrics(), { ...defaultDocsOptions, summarize: () => null })
      const t = performance.now()
      const handle = docs.open('large')
      times.push(performance.now() - t)
      if (handle.doc.getMap('nodes').size !== LOAD_NODES) throw new Error('load lost nodes')
      handle.release()
      docs.closeAll()
    }
    store.close()
    return { ms: times, snapshotBytes: snapshot.length, logUpdates }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

// ---- run --------------------------------------------------------------------------------------

interface ModeResult {
  latency: Record<number, LatencyResult>
  updatesPerSecond: number
  /** Server CPU time per update in the throughput run, in microseconds. */
  cpuPerUpdate: number
  idleConnection: { heap: number; rss: number }
  loadedDocument?: Record<string, { heap: number; rss: number }>
}

const results: Partial<Record<Mode, ModeResult>> = {}
const started = performance.now()
const loadBefore = loadavg()[0]!
// PLEXUS_BENCH_MODES=plexus,echo runs a subset (the report then only has those rows).
const RUN = (process.env.PLEXUS_BENCH_MODES ?? MODES.join(',')).split(',') as Mode[]
for (const mode of RUN) {
  const dataDir = mkdtempSync(join(tmpdir(), `plexus-bench-${mode}-`))
  const child = await spawnServer(mode, dataDir)
  const url = `ws://127.0.0.1:${child.port}/sync`
  try {
    const r: ModeResult = {
      latency: {},
      updatesPerSecond: 0,
      cpuPerUpdate: 0,
      idleConnection: { heap: 0, rss: 0 },
    }
    for (const n of READERS) {
      r.latency[n] = await latency(mode, url, n, child)
      console.error(`${mode}: ${n} readers p50 ${fmt(r.latency[n]!.p50)} ms p99 ${fmt(r.latency[n]!.p99)} ms`)
    }
    const t = await throughput(mode, url, child)
    r.updatesPerSecond = t.rate
    r.cpuPerUpdate = t.cpuPerUpdate
    console.error(`${mode}: ${Math.round(r.updatesPerSecond)} updates/s`)
    r.idleConnection = await idleConnectionBytes(mode, url, child)
    if (mode === 'plexus') {
      r.loadedDocument = {
        'empty graph': await documentBytes(child, 0, 500),
        '100-node graph': await documentBytes(child, 100, 200),
        '1,000-node graph': await documentBytes(child, 1000, 50),
      }
    }
    results[mode] = r
  } finally {
    await child.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
const load = loadLargeGraph()
const rules = ruleCheckCost(QUICK ? 2_000 : 10_000)
const totalSeconds = (performance.now() - started) / 1000

// ---- report -----------------------------------------------------------------------------------

const kb = (b: number) => `${fmt(b / 1024, 1)} KiB`
const p = results.plexus
const echo = results.echo
const lines: string[] = []
lines.push('# Sync server benchmark', '')
lines.push(
  `Node ${process.version}, ${new Date().toISOString()}, loopback, one server process, clients in one process.`,
)
lines.push(`${SAMPLES} samples per latency cell after warm-up; ${THROUGHPUT_UPDATES} updates for throughput.`)
lines.push(
  `Machine: ${cpus().length} CPUs, load average ${fmt(loadBefore)} at start and ${fmt(loadavg()[0]!)} at end ` +
    '(other work on the machine shows in the wall-clock figures; the CPU-time figures are steadier).',
  '',
)
lines.push('## Relay latency, one writer to N readers (ms, writer local update to reader applied)', '')
lines.push('| server | 1 reader p50 | p99 | 10 readers p50 | p99 | 100 readers p50 | p99 |')
lines.push('|---|---|---|---|---|---|---|')
for (const mode of RUN) {
  const l = results[mode]!.latency
  lines.push(`| ${mode} | ${READERS.map((n) => `${fmt(l[n]!.p50)} | ${fmt(l[n]!.p99)}`).join(' | ')} |`)
}
lines.push(
  '',
  'Server CPU per update delivered to one reader (µs; insensitive to other load on the machine):',
  '',
)
lines.push('| server | 1 reader | 10 readers | 100 readers |', '|---|---|---|---|')
for (const mode of RUN) {
  const l = results[mode]!.latency
  lines.push(`| ${mode} | ${READERS.map((n) => fmt(l[n]!.cpuPerDelivery, 1)).join(' | ')} |`)
}
lines.push('', '## Sustained updates through one document (one writer, one reader)', '')
lines.push('| server | updates/s | server CPU per update (µs) |', '|---|---|---|')
for (const mode of RUN) {
  const r = results[mode]!
  lines.push(`| ${mode} | ${Math.round(r.updatesPerSecond)} | ${fmt(r.cpuPerUpdate, 1)} |`)
}
lines.push('', '## The document-rule check (plexus, in process, CPU only)', '')
lines.push(
  'Median µs per update through `DocRoom.receive` (parse, dependency check, rule check, apply; no storage), ' +
    'on a 1,000-node graph, with the check off and on:',
  '',
)
lines.push('| write | check off | check on | cost |', '|---|---|---|---|')
for (const r of rules) {
  lines.push(
    `| ${r.write} | ${fmt(r.off, 1)} | ${fmt(r.on, 1)} | ${fmt(r.on - r.off, 1)} µs (${fmt(((r.on - r.off) / r.off) * 100, 0)}%) |`,
  )
}
lines.push('', '## Memory', '')
lines.push('| what | heap per item | RSS per item |', '|---|---|---|')
for (const mode of RUN) {
  const m = results[mode]!.idleConnection
  lines.push(`| idle connection (${mode}, ${IDLE_CONNECTIONS} open) | ${kb(m.heap)} | ${kb(m.rss)} |`)
}
for (const [what, m] of Object.entries(p?.loadedDocument ?? {})) {
  lines.push(`| loaded document, ${what} (plexus) | ${kb(m.heap)} | ${kb(m.rss)} |`)
}
lines.push('', `## Loading a ${LOAD_NODES.toLocaleString('en')}-node graph from the store (plexus)`, '')
lines.push(
  `Snapshot ${kb(load.snapshotBytes)} plus ${load.logUpdates} logged updates; store read + replay: ` +
    `${load.ms.map((x) => `${fmt(x, 0)} ms`).join(', ')} (median ${fmt(quantile(load.ms, 0.5), 0)} ms).`,
)
if (p && echo) {
  const ratio = p.latency[100]!.p99 / echo.latency[100]!.p99
  lines.push('', '## Against the targets', '')
  lines.push(`- p99 at 100 readers: ${fmt(p.latency[100]!.p99)} ms (target ≤ 15 ms)`)
  lines.push(`- sustained updates/s: ${Math.round(p.updatesPerSecond)} (target ≥ 5,000)`)
  lines.push(`- relay overhead vs raw echo, p99 at 100 readers: ${fmt(ratio)}× (target within 2×)`)
  lines.push(
    `- server CPU per delivery vs raw echo at 100 readers: ` +
      `${fmt(p.latency[100]!.cpuPerDelivery / echo.latency[100]!.cpuPerDelivery)}×`,
  )
  lines.push(
    `- relay overhead vs raw echo, p50 at 1 reader: ${fmt(p.latency[1]!.p50 / echo.latency[1]!.p50)}×; ` +
      `throughput: ${fmt(echo.updatesPerSecond / p.updatesPerSecond)}× fewer updates/s than echo`,
  )
}
lines.push('', `Total run time ${fmt(totalSeconds, 0)} s.`, '')
const report = lines.join('\n')
console.log(report)
mkdirSync(join(here, 'reports'), { recursive: true })
writeFileSync(join(here, 'reports', 'sync.md'), report)
writeFileSync(
  join(here, 'reports', 'sync.json'),
  JSON.stringify(
    { node: process.version, samples: SAMPLES, loadBefore, results, load, rules, totalSeconds },
    null,
    2,
  ) + '\n',
)
process.exit(0)
