/**
 * Does one request stall everyone? A server in its own process (bench/sync-server.child.ts, no
 * tokens, no regexp net: the parsers' own linearity is measured) is probed while each case runs:
 * `/healthz` one request after another, and relay latency between two stock y-websocket clients
 * (one moves a node, the other waits to see it) in a graph of their own. Cases (issue 23):
 * (a) a REST import of a 50,000-card JSON Canvas, (b) a 20,000-line `add_knowledge` (engine
 * surface), (c) the worst generated input for each parser, (d) `kg_search` with 500 terms over a
 * graph of 50,000 nodes, (e) a 100,000-node graph taking writes (compacted as it goes), and idle
 * before and after. Prints p50/p99/max of both probes per case with the load average, and writes a
 * table (STALL_REPORT, default bench/reports/stall-run.md; bench/reports/stall.md keeps the runs).
 *
 *   pnpm exec tsx bench/stall.bench.ts
 *   STALL_CASES=a,e STALL_CANVAS=50000 STALL_LINES=20000 STALL_NODES=50000 STALL_BIG=100000 STALL_WRITES=3000
 */
import { type ChildProcess, fork } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { providerClient, until, type Client } from './clients.ts'

const NODES = Number(process.env.STALL_NODES ?? 50_000)
const here = fileURLToPath(new URL('.', import.meta.url))
const KB50 = 50_000

/** The inputs that stalled the server (issue 23), each at 50 KB unless it is exponential. */
const WORST: Array<{ name: string; format: string; text: string }> = [
  { name: 'mermaid edge label, 40 quotes', format: 'mermaid', text: `flowchart TD\nA -->|${'"'.repeat(40)}` },
  {
    name: 'mermaid classDef, 50 KB blanks',
    format: 'mermaid',
    text: `flowchart TD\nclassDef c a${' \t'.repeat(KB50 / 2)}b\n`,
  },
  {
    name: 'mermaid shape data, 50 KB letters',
    format: 'mermaid',
    text: `flowchart TD\nA@{ ${'a'.repeat(KB50)} }\n`,
  },
  {
    name: 'mermaid -. text, 50 KB dots',
    format: 'mermaid',
    text: `flowchart TD\nA -. ${'.'.repeat(KB50)}\n`,
  },
  {
    name: 'canvas card first line, 50 KB blanks',
    format: 'canvas',
    text: JSON.stringify({
      nodes: [{ id: 'c', type: 'text', text: `a${' '.repeat(KB50)}b`, x: 0, y: 0, width: 1, height: 1 }],
    }),
  },
  { name: 'dsl, 50 KB of one line', format: 'dsl', text: `a depends on "${'\\"'.repeat(KB50 / 2)}` },
]

interface Child {
  proc: ChildProcess
  port: number
  ask<T>(req: Record<string, unknown>): Promise<T>
}

async function spawnServer(dataDir: string): Promise<Child> {
  const proc = fork(join(here, 'sync-server.child.ts'), ['plexus', dataDir], {
    // STALL_SERVER_FLAGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": where a stall's time goes.
    execArgv: ['--import', import.meta.resolve('tsx'), ...(process.env.STALL_SERVER_FLAGS?.split(' ') ?? [])],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    let out = ''
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const m = /READY (\d+)/.exec(out)
      if (m) resolve(Number(m[1]))
    })
    proc.once('exit', (code) => reject(new Error(`server exited (${code})`)))
  })
  proc.once('exit', (code, signal) => console.log(`server process exited (${code ?? signal})`))
  let next = 0
  const pending = new Map<number, (v: unknown) => void>()
  proc.on('message', (m: { id: number; result: unknown }) => pending.get(m.id)?.(m.result))
  const ask = <T>(req: Record<string, unknown>) =>
    new Promise<T>((resolve) => {
      const id = next++
      pending.set(id, resolve as (v: unknown) => void)
      proc.send({ ...req, id })
    })
  return { proc, port, ask }
}

/** `/healthz` one request after another until `done` settles; the latencies in ms. */
async function probe(base: string, done: Promise<unknown>): Promise<number[]> {
  let over = false
  void done.finally(() => (over = true))
  const out: number[] = []
  const start = performance.now()
  while (!over) {
    const t = performance.now()
    try {
      await (await fetch(`${base}/healthz`)).text()
    } catch (error) {
      // A kept-alive socket the server closed: said, and counted as the time it took.
      console.log(`  /healthz failed after ${Math.round(performance.now() - t)} ms: ${String(error)}`)
    }
    const ms = performance.now() - t
    // Where in the case a long stall fell (its start, its end, or throughout).
    if (ms > 1000)
      console.log(`  /healthz took ${Math.round(ms)} ms, from ${Math.round(t - start)} ms into the case`)
    out.push(ms)
    await new Promise((r) => setTimeout(r, 10))
  }
  return out
}

/**
 * Relay latency until `done` settles: one stock client moves a node, the other waits to see the
 * move; one update at a time, 10 ms apart. In a graph of its own, so the case's work is not in it.
 */
async function relayProbe(writer: Client, reader: Client, done: Promise<unknown>): Promise<number[]> {
  let over = false
  void done.finally(() => (over = true))
  const out: number[] = []
  let seen = -1
  reader.onValue = (i) => (seen = Math.max(seen, i))
  while (!over) {
    const i = relayCount++
    const t = performance.now()
    writer.write(i)
    await until(() => seen >= i, `relayed update ${i}`, 600_000)
    out.push(performance.now() - t)
    await new Promise((r) => setTimeout(r, 10))
  }
  return out
}
let relayCount = 0

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN
}

async function mcp(base: string, path: string) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  }
  const post = async (body: unknown) => {
    const r = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    const sid = r.headers.get('mcp-session-id')
    if (sid) headers['mcp-session-id'] = sid
    const text = await r.text()
    const data = text.split('\n').find((l) => l.startsWith('data: '))
    return data ? JSON.parse(data.slice(6)) : text ? JSON.parse(text) : null
  }
  await post({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: {
      protocolVersion: '2025-03-26',
      capabilities: {},
      clientInfo: { name: 'stall-bench', version: '1' },
    },
  })
  await post({ jsonrpc: '2.0', method: 'notifications/initialized' })
  let id = 1
  return (name: string, args: unknown) =>
    post({ jsonrpc: '2.0', id: id++, method: 'tools/call', params: { name, arguments: args } })
}

interface Row {
  case: string
  ms: number
  n: number
  p50: number
  p99: number
  max: number
  relayN: number
  relayP50: number
  relayP99: number
  relayMax: number
  load: string
}

const CASES = new Set((process.env.STALL_CASES ?? 'a,b,c,d,e').split(','))
const CARDS = Number(process.env.STALL_CANVAS ?? 50_000)
const LINES = Number(process.env.STALL_LINES ?? 20_000)
const BIG = Number(process.env.STALL_BIG ?? 100_000)
const WRITES = Number(process.env.STALL_WRITES ?? 3_000)

const load1 = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join('/')

function canvasText(cards: number): string {
  const nodes = Array.from({ length: cards }, (_, i) => ({
    id: `c${i}`,
    type: 'text',
    text: `Card ${i}`,
    x: (i % 200) * 300,
    y: Math.floor(i / 200) * 200,
    width: 250,
    height: 120,
  }))
  return JSON.stringify({ nodes, edges: [] })
}

/** `LINES` distinct facts, "<subject> <relation> <object>", over a few thousand names. */
function knowledgeText(lines: number): string {
  const out: string[] = []
  for (let i = 0; i < lines; i++) out.push(`service_${i} depends_on service_${(i * 7 + 1) % lines}`)
  return out.join('\n')
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'plexus-stall-'))
  const child = await spawnServer(dataDir)
  const base = `http://127.0.0.1:${child.port}`
  const wsUrl = `ws://127.0.0.1:${child.port}/sync`
  // Both on one node: the reader reads the position the writer moves.
  const writer = providerClient(wsUrl, 'relay-probe', 'n_probe')
  const reader = providerClient(wsUrl, 'relay-probe', 'n_probe')
  await Promise.all([writer.ready(), reader.ready()])
  const rows: Row[] = []
  const measure = async (name: string, work: () => Promise<unknown>) => {
    const t = performance.now()
    const done = work()
    const [lat, relay] = await Promise.all([probe(base, done), relayProbe(writer, reader, done)])
    await done
    const row: Row = {
      case: name,
      ms: performance.now() - t,
      n: lat.length,
      p50: pct(lat, 50),
      p99: pct(lat, 99),
      max: Math.max(...lat),
      relayN: relay.length,
      relayP50: pct(relay, 50),
      relayP99: pct(relay, 99),
      relayMax: Math.max(...relay),
      load: load1(),
    }
    rows.push(row)
    console.log(
      `${name}: ${Math.round(row.ms)} ms; /healthz p50 ${row.p50.toFixed(1)} p99 ${row.p99.toFixed(1)} max ${row.max.toFixed(1)} ms (n=${row.n}); ` +
        `relay p50 ${row.relayP50.toFixed(1)} p99 ${row.relayP99.toFixed(1)} max ${row.relayMax.toFixed(1)} ms (n=${row.relayN}); load ${row.load}`,
    )
  }
  const idle = () => measure('idle, 3 s', () => new Promise((r) => setTimeout(r, 3000)))
  try {
    await idle()
    if (CASES.has('a')) {
      const text = canvasText(CARDS)
      await measure(`(a) REST import: canvas of ${CARDS} cards`, async () => {
        const r = await fetch(`${base}/api/graphs/canvas-big/import?format=canvas`, {
          method: 'POST',
          body: text,
        })
        const body = await r.text()
        console.log(`  import answered ${r.status}: ${body.slice(0, 100)}`)
      })
    }
    if (CASES.has('b')) {
      const call = await mcp(base, '/mcp/engine')
      const text = knowledgeText(LINES)
      await measure(`(b) add_knowledge: ${LINES} lines`, async () => {
        const r = (await call('add_knowledge', { graph: 'knowledge', knowledge: text })) as {
          result?: { isError?: boolean; content?: Array<{ text?: string }> }
        }
        console.log(
          `  add_knowledge answered: ${JSON.stringify(r?.result?.content?.[0]?.text ?? r).slice(0, 100)}`,
        )
      })
    }
    if (CASES.has('c'))
      for (const w of WORST)
        await measure(`(c) import: ${w.name}`, async () => {
          const r = await fetch(`${base}/api/graphs/stall-${rows.length}/import?format=${w.format}`, {
            method: 'POST',
            body: w.text,
          })
          const body = await r.text()
          if (process.env.STALL_VERBOSE) console.log(r.status, body.slice(0, 120))
        })
    if (CASES.has('d')) {
      await child.ask({ cmd: 'seed', prefix: 'big', count: 1, nodes: NODES, memory: true })
      const call = await mcp(base, '/mcp/memory')
      const warm = await call('kg_search', { query: 'memory note' })
      if (process.env.STALL_VERBOSE) console.log(JSON.stringify(warm).slice(0, 300))
      await measure(`(d) kg_search "a " x 500, ${NODES} nodes`, () =>
        call('kg_search', { query: 'a '.repeat(500) }),
      )
      const distinct = Array.from({ length: 333 }, (_, i) => `n${i}`)
        .join(' ')
        .slice(0, 1000)
      await measure(`(d) kg_search ${distinct.split(' ').length} distinct terms, ${NODES} nodes`, () =>
        call('kg_search', { query: distinct }),
      )
    }
    if (CASES.has('e')) {
      await child.ask({ cmd: 'seed', prefix: 'huge', count: 1, nodes: BIG })
      // Loading the graph and syncing its clients is not measured: the writes are. The clients run
      // in a process of their own (stall-writer.child.ts).
      const clients = fork(join(here, 'stall-writer.child.ts'), [wsUrl, 'huge-0', String(WRITES)], {
        execArgv: ['--import', import.meta.resolve('tsx')],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      })
      const message = () => new Promise<unknown>((resolve) => clients.once('message', resolve))
      await message()
      await measure(`(e) ${BIG}-node graph takes ${WRITES} writes (compacted as it goes)`, async () => {
        const done = message()
        clients.send('go')
        await done
        // And the compaction those writes made due, stored.
        await child.ask({ cmd: 'settle' })
      })
    }
    await idle()
  } finally {
    writer.close()
    reader.close()
    child.proc.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  }
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(', ')
  console.log(`load average: ${load}`)
  const idleRelay = Math.max(...rows.filter((r) => r.case.startsWith('idle')).map((r) => r.relayP99))
  const table = rows
    .map(
      (r) =>
        `| ${r.case} | ${Math.round(r.ms)} | ${r.n} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ` +
        `${r.relayN} | ${r.relayP99.toFixed(1)} | ${(r.relayP99 / idleRelay).toFixed(1)}× | ${r.load} |`,
    )
    .join('\n')
  mkdirSync(join(here, 'reports'), { recursive: true })
  const out = process.env.STALL_REPORT ?? join(here, 'reports', 'stall-run.md')
  writeFileSync(
    out,
    `bench/stall.bench.ts, ${new Date().toISOString().slice(0, 16)}Z, load average at the end ${load} (2 cores shared with other work).\n\n` +
      '| case | wall ms | probes | /healthz p50 ms | p99 ms | max ms | relay probes | relay p99 ms | ÷ idle p99 | load 1/5/15 |\n' +
      '|---|---|---|---|---|---|---|---|---|---|\n' +
      `${table}\n`,
  )
  console.log(`written: ${out}`)
}

await main()
