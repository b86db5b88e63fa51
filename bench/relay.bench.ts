// Relay fan-out benchmark: one writer, 1 and 100 readers, each server in its own process, the
// servers interleaved round by round in one run. Prints figures and writes bench/reports/relay.{md,json}.
// Never passes or fails.
// Run: npx tsx bench/relay.bench.ts
//   PLEXUS_BENCH_ROUNDS (default 3), PLEXUS_BENCH_SAMPLES (default 200), PLEXUS_BENCH_MODES
//   (default plexus,reference,hocuspocus; echo has no sync step, sync.bench.ts measures it), PLEXUS_BENCH_READERS (default 1,100),
//   PLEXUS_BENCH_CPU_PROF=<dir> to write each server's CPU profile there.
//
// Figures per cell: p50/p99 of every delivery (writer's local update to a reader's document having
// applied it), p50 of the first reader of each update (the server's own path, without this one
// process taking the update into 99 other documents first), server CPU per update (user+system of
// the server process over the counted samples, divided by the updates: all its readers' sends
// included), and the server's RSS after the cell (after a full GC).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider'
import { WebSocket } from 'ws'
import * as Y from 'yjs'
import {
  benchNode,
  changed,
  fmt,
  providerClient,
  quantile,
  relayLatency,
  until,
  type Client,
} from './clients.ts'
import { spawnServer, type Child, type ServerMode } from './sync-server.ts'

process.setMaxListeners(0)
const ROUNDS = Number(process.env.PLEXUS_BENCH_ROUNDS ?? 3)
const SAMPLES = Number(process.env.PLEXUS_BENCH_SAMPLES ?? 200)
const MODES = (process.env.PLEXUS_BENCH_MODES ?? 'plexus,reference,hocuspocus').split(',') as ServerMode[]
const READERS = (process.env.PLEXUS_BENCH_READERS ?? '1,100').split(',').map(Number)
const here = fileURLToPath(new URL('.', import.meta.url))

/** A Hocuspocus provider (its own socket, as each stock client has) writing and reading the bench node. */
function hocuspocusClient(url: string, room: string): Client {
  const doc = new Y.Doc()
  const socket = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: WebSocket })
  const provider = new HocuspocusProvider({ websocketProvider: socket, name: room, document: doc })
  provider.attach()
  const node = benchNode(doc)
  const client: Client = {
    onValue: null,
    write: node.write,
    ready: () => until(() => provider.isSynced, 'hocuspocus provider sync'),
    close: () => {
      provider.destroy()
      socket.destroy()
    },
  }
  doc.on('update', (_u: Uint8Array, origin: unknown) => {
    if (origin !== provider) return
    client.onValue?.(node.read())
    changed()
  })
  provider.on('synced', changed)
  return client
}

type Cpu = { user: number; system: number }
interface Cell {
  p50: number
  p99: number
  firstP50: number
  cpuPerUpdate: number
  rssMiB: number
}

async function cell(mode: ServerMode, child: Child, readers: number, round: number): Promise<Cell> {
  const url = `ws://127.0.0.1:${child.port}/sync`
  const room = `relay-${readers}-${round}`
  const make = mode === 'hocuspocus' ? hocuspocusClient : providerClient
  const writer = make(url, room)
  const clients = Array.from({ length: readers }, () => make(url, room))
  let start: Cpu = { user: 0, system: 0 }
  let cpu = 0
  const l = await relayLatency(writer, clients, SAMPLES, `${readers} readers (${mode})`, async (phase) => {
    if (phase === 'start') start = await child.ask<Cpu>({ cmd: 'cpu' })
    else {
      const end = await child.ask<Cpu>({ cmd: 'cpu' })
      cpu = end.user - start.user + (end.system - start.system)
    }
  })
  const mem = await child.ask<{ rss: number }>({ cmd: 'mem' })
  return {
    p50: l.p50,
    p99: l.p99,
    firstP50: l.first.p50,
    cpuPerUpdate: cpu / SAMPLES,
    rssMiB: mem.rss / 2 ** 20,
  }
}

const loadStart = loadavg()
const results: Record<string, Record<number, Cell[]>> = {}
const started = Date.now()
for (let round = 0; round < ROUNDS; round++) {
  // Interleaved: each round runs every server, in a rotated order, so drifting load falls on all.
  const order = MODES.map((_, i) => MODES[(i + round) % MODES.length]!)
  for (const mode of order) {
    const dataDir = mkdtempSync(join(tmpdir(), `plexus-relay-${mode}-`))
    const child = await spawnServer(mode, dataDir)
    try {
      for (const n of READERS) {
        const c = await cell(mode, child, n, round)
        ;((results[mode] ??= {})[n] ??= []).push(c)
        console.error(
          `round ${round + 1} ${mode} ${n} readers: p50 ${fmt(c.p50)} p99 ${fmt(c.p99)} first ${fmt(c.firstP50)} ms, ` +
            `cpu ${fmt(c.cpuPerUpdate, 0)} µs/update, rss ${fmt(c.rssMiB, 0)} MiB, load ${fmt(loadavg()[0]!)}`,
        )
      }
    } finally {
      await child.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}
const loadEnd = loadavg()

const median = (xs: number[]) => quantile(xs, 0.5)
const lines: string[] = ['# Relay fan-out benchmark', '']
lines.push(
  `Node ${process.version}, ${new Date().toISOString()}, loopback; ${cpus().length} CPUs; ` +
    `load average ${loadStart.map((x) => fmt(x)).join(' / ')} at start, ${loadEnd.map((x) => fmt(x)).join(' / ')} at end.`,
  `${ROUNDS} rounds, servers interleaved (rotated order each round); ${SAMPLES} samples per cell after 20 warm-up updates.`,
  'Readers are stock y-websocket providers in this one process. Median over rounds of each figure; the rounds follow.',
  '',
)
lines.push(
  '| server | readers | p50 all (ms) | p99 all (ms) | p50 first reader (ms) | server CPU per update (µs) | server RSS after (MiB) |',
  '|---|---|---|---|---|---|---|',
)
for (const mode of MODES)
  for (const n of READERS) {
    const cs = results[mode]![n]!
    const m = (f: (c: Cell) => number, d = 2) => fmt(median(cs.map(f)), d)
    lines.push(
      `| ${mode} | ${n} | ${m((c) => c.p50)} | ${m((c) => c.p99)} | ${m((c) => c.firstP50)} | ${m((c) => c.cpuPerUpdate, 0)} | ${m((c) => c.rssMiB, 0)} |`,
    )
  }
if (results.plexus && results.reference) {
  lines.push('', '## Plexus against the reference (ratio of medians; target ≤ 1.2×)', '')
  for (const n of READERS) {
    const p = results.plexus[n]!
    const r = results.reference[n]!
    const ratio = (f: (c: Cell) => number) => fmt(median(p.map(f)) / median(r.map(f)))
    lines.push(
      `- ${n} readers: p50 ${ratio((c) => c.p50)}×, first reader ${ratio((c) => c.firstP50)}×, ` +
        `CPU per update ${ratio((c) => c.cpuPerUpdate)}×, p99 ${ratio((c) => c.p99)}×`,
    )
  }
  // The load other work puts on the machine drifts between rounds; a round's two servers ran
  // minutes apart at most, so the median of the per-round ratios is the steadier comparison.
  lines.push('', 'Median of the per-round ratios (plexus ÷ reference within each round):', '')
  for (const n of READERS) {
    const p = results.plexus[n]!
    const r = results.reference[n]!
    const paired = (f: (c: Cell) => number) => fmt(median(p.map((c, i) => f(c) / f(r[i]!))))
    lines.push(
      `- ${n} readers: p50 ${paired((c) => c.p50)}×, first reader ${paired((c) => c.firstP50)}×, ` +
        `CPU per update ${paired((c) => c.cpuPerUpdate)}×, p99 ${paired((c) => c.p99)}×`,
    )
  }
}
lines.push(
  '',
  '## Rounds',
  '',
  '| round | server | readers | p50 | p99 | first | CPU µs | RSS MiB |',
  '|---|---|---|---|---|---|---|---|',
)
for (let round = 0; round < ROUNDS; round++)
  for (const mode of MODES)
    for (const n of READERS) {
      const c = results[mode]![n]![round]!
      lines.push(
        `| ${round + 1} | ${mode} | ${n} | ${fmt(c.p50)} | ${fmt(c.p99)} | ${fmt(c.firstP50)} | ${fmt(c.cpuPerUpdate, 0)} | ${fmt(c.rssMiB, 0)} |`,
      )
    }
lines.push('', `Total run time ${fmt((Date.now() - started) / 1000, 0)} s.`, '')
const report = lines.join('\n')
console.log(report)
const out = process.env.PLEXUS_BENCH_REPORT ?? 'relay'
mkdirSync(join(here, 'reports'), { recursive: true })
writeFileSync(join(here, 'reports', `${out}.md`), report)
writeFileSync(
  join(here, 'reports', `${out}.json`),
  JSON.stringify(
    { node: process.version, loadStart, loadEnd, rounds: ROUNDS, samples: SAMPLES, results },
    null,
    2,
  ) + '\n',
)
process.exit(0)
