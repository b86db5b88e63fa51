/**
 * Does one request stall everyone? A server in its own process (bench/sync-server.child.ts, no
 * tokens, no regexp net: the parsers' own linearity is measured) is probed on `/healthz` one request
 * after another while (c) the worst generated input for each parser is imported over REST, and (d)
 * `kg_search` runs with 500 terms over a graph of NODES nodes. Prints and writes p50/p99/max of the
 * probe, idle and during each, with the load average (a shared 2-core machine: read the figures with
 * it). Relay latency and the 50,000-card canvas are not measured here (see the report).
 *
 *   pnpm exec tsx bench/stall.bench.ts            (STALL_NODES=5000 by default)
 */
import { type ChildProcess, fork } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'

const NODES = Number(process.env.STALL_NODES ?? 5_000)
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
    execArgv: ['--import', import.meta.resolve('tsx')],
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
  while (!over) {
    const t = performance.now()
    await (await fetch(`${base}/healthz`)).text()
    out.push(performance.now() - t)
    await new Promise((r) => setTimeout(r, 10))
  }
  return out
}

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
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'plexus-stall-'))
  const child = await spawnServer(dataDir)
  const base = `http://127.0.0.1:${child.port}`
  const rows: Row[] = []
  const measure = async (name: string, work: () => Promise<unknown>) => {
    const t = performance.now()
    const done = work()
    const lat = await probe(base, done)
    await done
    rows.push({
      case: name,
      ms: performance.now() - t,
      n: lat.length,
      p50: pct(lat, 50),
      p99: pct(lat, 99),
      max: Math.max(...lat),
    })
    console.log(
      `${name}: ${Math.round(performance.now() - t)} ms; /healthz p99 ${pct(lat, 99).toFixed(1)} ms (n=${lat.length})`,
    )
  }
  try {
    await measure('idle, 2 s', () => new Promise((r) => setTimeout(r, 2000)))
    for (const w of process.env.STALL_SKIP_C ? [] : WORST)
      await measure(`(c) import: ${w.name}`, async () => {
        const r = await fetch(`${base}/api/graphs/stall-${rows.length}/import?format=${w.format}`, {
          method: 'POST',
          body: w.text,
        })
        const body = await r.text()
        if (process.env.STALL_VERBOSE) console.log(r.status, body.slice(0, 120))
      })
    const cards = Number(process.env.STALL_CANVAS ?? 0)
    if (cards > 0) {
      // (a) whole-document work, still on the request thread: measured, not yet addressed.
      const nodes = Array.from({ length: cards }, (_, i) => ({
        id: `c${i}`,
        type: 'text',
        text: `Card ${i}`,
        x: (i % 200) * 300,
        y: Math.floor(i / 200) * 200,
        width: 250,
        height: 120,
      }))
      const text = JSON.stringify({ nodes, edges: [] })
      await measure(`(a) import: canvas of ${cards} cards`, async () => {
        await (
          await fetch(`${base}/api/graphs/canvas-big/import?format=canvas`, { method: 'POST', body: text })
        ).text()
      })
    }
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
  } finally {
    child.proc.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  }
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(', ')
  console.log(`load average: ${load}`)
  const table = rows
    .map(
      (r) =>
        `| ${r.case} | ${Math.round(r.ms)} | ${r.n} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} |`,
    )
    .join('\n')
  mkdirSync(join(here, 'reports'), { recursive: true })
  writeFileSync(
    join(here, 'reports', 'stall.md'),
    `# Stall benchmark\n\nbench/stall.bench.ts, ${new Date().toISOString().slice(0, 10)}, ${NODES} nodes for kg_search, load average ${load} (2 cores shared with other work).\n\n` +
      '| case | wall ms | probes | /healthz p50 ms | p99 ms | max ms |\n|---|---|---|---|---|---|\n' +
      `${table}\n`,
  )
}

await main()
