// MCP benchmark: prints figures and writes bench/reports/mcp.md. Never passes or fails.
// Run: npx tsx bench/mcp.bench.ts   (PLEXUS_BENCH_QUICK=1 for a short run)
//
// Plexus: the real sync server (SQLite, relay) in this process, the SDK client over Streamable HTTP
// on loopback (a session, JSON responses), so each latency includes the client's own work too. On
// graphs of 1k and 10k nodes: per-call latency of graph_update, graph_next and graph_plan (and
// graph_update without a transport session, where the server is built per request); bytes of
// tools/list; bytes of a claim -> context -> resolve cycle. The same workload runs, in the same run,
// through @modelcontextprotocol/server-memory over stdio (its nearest calls: add_observations,
// search_nodes, create_entities; open_nodes for context).
import { fork, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'

const QUICK = process.env.PLEXUS_BENCH_QUICK === '1'
const SIZES = [1_000, 10_000]
const SAMPLES = QUICK ? 50 : 300
const PLAN_SAMPLES = QUICK ? 20 : 100
const MEMORY_SAMPLES = QUICK ? 20 : 100
const here = fileURLToPath(new URL('.', import.meta.url))

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN
}
const fmt = (x: number, digits = 2): string => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a')
const stats = (xs: number[]) =>
  `${fmt(quantile(xs, 0.5))} / ${fmt(quantile(xs, 0.95))} / ${fmt(quantile(xs, 0.99))}`

type Result = {
  isError?: boolean
  structuredContent?: Record<string, unknown>
  content: Array<{ type: string; text?: string }>
}

async function timed(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    await fn(i)
    out.push(performance.now() - t)
  }
  return out
}

/** An SDK client whose fetch records the size of every response body. */
async function plexusClient(url: string) {
  const bodies: number[] = []
  // Counting costs a copy of each body: on only while the cycle is measured, not the latencies.
  const counter = { on: false }
  const counting: typeof fetch = async (input, init) => {
    const res = await fetch(input, init)
    if (counter.on) bodies.push((await res.clone().arrayBuffer()).byteLength)
    return res
  }
  const client = new Client({ name: 'bench-agent', version: '1' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { fetch: counting }))
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = (await client.callTool({ name, arguments: args })) as Result
    if (r.isError) throw new Error(`${name}: ${r.content[0]?.text}`)
    return r.structuredContent as Record<string, unknown>
  }
  return { client, call, bodies, counter }
}

interface Row {
  nodes: number
  update: number[]
  updateInProcess: number[]
  nextInProcess: number[]
  updateStateless: number[]
  next: number[]
  plan: number[]
  cycleBytes: number[]
  cycleJsonBytes: number[]
  build: number
}

async function plexusRun(url: string, child: Child, nodes: number): Promise<Row> {
  const { call, bodies, client, counter } = await plexusClient(url)
  const project = `bench-${nodes}`
  const opened = await call('graph_open', { project, goal: `A plan of ${nodes} nodes` })
  const root = (opened.root as { id: string }).id
  // root > 1% areas > tasks; every third task depends on the one before it; a third of the tasks done.
  const areas = Math.max(1, Math.floor(nodes / 100))
  const t0 = performance.now()
  const areaIds: string[] = []
  for (let start = 0; start < areas; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, areas - start) }, (_, i) => ({
      summary: `Area ${start + i}: service ${start + i}`,
      kind: 'goal',
      parent_ref: root,
      context_links: [`https://git.example/area-${start + i}`],
    }))
    const r = await call('graph_plan', { project, nodes: batch, mode: 'force' })
    areaIds.push(...(r.created as Array<{ id: string }>).map((c) => c.id))
  }
  const taskIds: string[] = []
  const perArea = Math.floor((nodes - areas - 1) / areas)
  for (let a = 0; a < areas; a += Math.max(1, Math.floor(1000 / perArea))) {
    const batch = []
    for (let k = a; k < Math.min(areas, a + Math.max(1, Math.floor(1000 / perArea))); k++) {
      for (let j = 0; j < perArea; j++) {
        batch.push({
          ref: `${k}.${j}`,
          summary: `Task ${k}.${j}: implement part ${j} of service ${k}`,
          kind: 'task',
          parent_ref: areaIds[k],
          ...(j % 3 === 2 ? { depends_on: [`${k}.${j - 1}`] } : {}),
        })
      }
    }
    const r = await call('graph_plan', { project, nodes: batch, mode: 'force' })
    taskIds.push(...(r.created as Array<{ id: string }>).map((c) => c.id))
  }
  const done = taskIds.filter((_, i) => i % 3 === 1)
  for (let i = 0; i < done.length; i += 1000) {
    await call('graph_update', {
      project,
      updates: done.slice(i, i + 1000).map((id) => ({
        node_id: id,
        resolved: true,
        add_evidence: [{ type: 'commit', ref: `a1b2c3d (part of ${id})` }],
      })),
    })
  }
  const build = performance.now() - t0

  const open = taskIds.filter((_, i) => i % 3 !== 1)
  const update = await timed(SAMPLES, (i) =>
    call('graph_update', {
      project,
      updates: [{ node_id: open[(i * 7919) % open.length], properties: { estimate: i % 13 } }],
    }),
  )
  // The same call without a transport, inside the server: what the tool itself costs.
  const updateInProcess = await child.time(
    'graph_update',
    Array.from({ length: SAMPLES }, (_, i) => ({
      project,
      updates: [{ node_id: open[(i * 6007) % open.length], properties: { estimate: 100 + i } }],
    })),
  )
  const nextInProcess = await child.time(
    'graph_next',
    Array.from({ length: SAMPLES }, () => ({ project })),
  )
  const next = await timed(SAMPLES, () => call('graph_next', { project }))
  const plan = await timed(PLAN_SAMPLES, (i) =>
    call('graph_plan', {
      project,
      parent: areaIds[i % areaIds.length],
      nodes: [
        { ref: 'a', summary: `Follow-up ${i}: measure`, kind: 'task' },
        { ref: 'b', summary: `Follow-up ${i}: fix`, kind: 'task', depends_on: ['a'] },
        { ref: 'c', summary: `Follow-up ${i}: verify`, kind: 'task', depends_on: ['b'] },
        { summary: `Follow-up ${i}: write up`, parent_ref: 'c' },
        { summary: `Follow-up ${i}: announce`, parent_ref: 'c' },
      ],
    }),
  )
  const updateStateless = await timed(SAMPLES, async (i) => {
    const res = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: i,
        method: 'tools/call',
        params: {
          name: 'graph_update',
          arguments: {
            project,
            updates: [{ node_id: open[(i * 104729) % open.length], properties: { estimate: i % 7 } }],
          },
        },
      }),
    })
    await res.arrayBuffer()
  })

  // The agent loop: claim the next task, look at it, resolve it with evidence. Measured five times.
  const cycleBytes: number[] = []
  const cycleJsonBytes: number[] = []
  counter.on = true
  for (let k = 0; k < 5; k++) {
    const from = bodies.length
    let json = 0
    const c1 = (await client.callTool({ name: 'graph_next', arguments: { project, claim: true } })) as Result
    json += JSON.stringify(c1).length
    const id = (c1.structuredContent!.nodes as Array<{ node: { id: string } }>)[0]!.node.id
    // Seed 000's shapes: a node id names its graph.
    const c2 = (await client.callTool({ name: 'graph_context', arguments: { node_id: id } })) as Result
    json += JSON.stringify(c2).length
    const c3 = (await client.callTool({
      name: 'graph_update',
      arguments: {
        updates: [
          { node_id: id, resolved: true, add_evidence: [{ type: 'commit', ref: 'f00ba47 implement it' }] },
        ],
      },
    })) as Result
    json += JSON.stringify(c3).length
    cycleBytes.push(bodies.slice(from).reduce((a, b) => a + b, 0))
    cycleJsonBytes.push(json)
  }
  await client.close()
  return {
    nodes,
    update,
    updateInProcess,
    nextInProcess,
    updateStateless,
    next,
    plan,
    cycleBytes,
    cycleJsonBytes,
    build,
  }
}

async function toolsListBytes(url: string): Promise<{ http: number; json: number }> {
  const res = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  })
  const text = await res.text()
  return {
    http: Buffer.byteLength(text),
    json: Buffer.byteLength(JSON.stringify((JSON.parse(text) as { result: unknown }).result)),
  }
}

// ---- @modelcontextprotocol/server-memory, the same workload over stdio ----------------------------

interface MemoryRow {
  nodes: number
  update: number[]
  next: number[]
  plan: number[]
  cycleJsonBytes: number
  toolsList: number
  build: number
}

async function memoryRun(nodes: number): Promise<MemoryRow> {
  const dir = mkdtempSync(join(tmpdir(), 'plexus-memory-bench-'))
  const entry = join(here, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js')
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [entry],
    env: { ...(process.env as Record<string, string>), MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
    stderr: 'ignore',
  })
  const client = new Client({ name: 'bench-agent', version: '1' })
  await client.connect(transport)
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = (await client.callTool({ name, arguments: args })) as Result
    if (r.isError) throw new Error(`${name}: ${r.content[0]?.text}`)
    return r
  }
  const toolsList = JSON.stringify(await client.listTools()).length
  const t0 = performance.now()
  for (let i = 0; i < nodes; i += 1000) {
    const n = Math.min(1000, nodes - i)
    await call('create_entities', {
      entities: Array.from({ length: n }, (_, k) => ({
        name: `task-${i + k}`,
        entityType: 'task',
        observations: [`Task ${i + k}: implement part of service ${Math.floor((i + k) / 100)}`],
      })),
    })
    await call('create_relations', {
      relations: Array.from({ length: Math.floor(n / 3) }, (_, k) => ({
        from: `task-${i + 3 * k + 1}`,
        to: `task-${i + 3 * k}`,
        relationType: 'depends_on',
      })),
    })
  }
  const build = performance.now() - t0
  const update = await timed(MEMORY_SAMPLES, (i) =>
    call('add_observations', {
      observations: [{ entityName: `task-${(i * 7919) % nodes}`, contents: [`estimate ${i}`] }],
    }),
  )
  const next = await timed(MEMORY_SAMPLES, (i) =>
    call('search_nodes', { query: `task-${(i * 31) % nodes}9` }),
  )
  const plan = await timed(MEMORY_SAMPLES, (i) =>
    call('create_entities', {
      entities: Array.from({ length: 5 }, (_, k) => ({
        name: `follow-${i}-${k}`,
        entityType: 'task',
        observations: [`Follow-up ${i}.${k}`],
      })),
    }),
  )
  // Nearest cycle: find work (search), look at it (open_nodes), record it done (add_observations).
  const s = await call('search_nodes', { query: 'task-4242' })
  const o = await call('open_nodes', { names: ['task-42'] })
  const u = await call('add_observations', {
    observations: [{ entityName: 'task-42', contents: ['done: f00ba47 implement it'] }],
  })
  const cycleJsonBytes = [s, o, u].reduce((a, r) => a + JSON.stringify(r).length, 0)
  await client.close()
  rmSync(dir, { recursive: true, force: true })
  return { nodes, update, next, plan, cycleJsonBytes, toolsList, build }
}

// ---- run ---------------------------------------------------------------------------------------

const loadBefore = loadavg()[0]!

interface Child {
  proc: ChildProcess
  url: string
  time(name: string, calls: Array<Record<string, unknown>>): Promise<number[]>
}

async function spawnServer(): Promise<Child> {
  const proc = fork(join(here, 'mcp-server.child.ts'), [], {
    execArgv: ['--import', import.meta.resolve('tsx')],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const m = /READY (\S+)/.exec(out)
      if (m) resolve(m[1]!)
    })
    proc.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)))
  })
  let seq = 0
  const time = (name: string, calls: Array<Record<string, unknown>>) =>
    new Promise<number[]>((resolve) => {
      const id = ++seq
      const onMessage = (m: unknown) => {
        const r = m as { id: number; ms: number[] }
        if (r.id !== id) return
        proc.off('message', onMessage)
        resolve(r.ms)
      }
      proc.on('message', onMessage)
      proc.send({ id, cmd: 'time', name, calls })
    })
  return { proc, url, time }
}

const server = await spawnServer()
const rows: Row[] = []
const memory: MemoryRow[] = []
let list = { http: 0, json: 0 }
const floor = { healthz: [] as number[], ping: [] as number[] }
try {
  list = await toolsListBytes(server.url)
  // Floors under the current load: a bare HTTP round trip, and an MCP ping through the whole stack.
  floor.healthz = await timed(SAMPLES, async () => (await fetch(`${server.url}/healthz`)).arrayBuffer())
  floor.ping = await timed(SAMPLES, async () => {
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    })
    await res.arrayBuffer()
  })
  console.log(`floor: GET /healthz ${stats(floor.healthz)} | MCP ping ${stats(floor.ping)} ms`)
  console.log(`tools/list: ${list.http} bytes over HTTP (${list.json} bytes of result)`)
  for (const n of SIZES) {
    const r = await plexusRun(server.url, server, n)
    rows.push(r)
    console.log(
      `plexus ${n}: update ${stats(r.update)} | in-process ${stats(r.updateInProcess)} | next in-process ${stats(r.nextInProcess)} | stateless update ${stats(r.updateStateless)} | next ${stats(r.next)} | plan ${stats(r.plan)} ms (p50/p95/p99) | cycle ${r.cycleBytes[0]} bytes`,
    )
    const m = await memoryRun(n)
    memory.push(m)
    console.log(
      `server-memory ${n}: add_observations ${stats(m.update)} | search_nodes ${stats(m.next)} | create_entities ${stats(m.plan)} ms`,
    )
  }
} finally {
  server.proc.disconnect()
}

const lines = [
  '# MCP benchmark',
  '',
  `Node ${process.version}, ${new Date().toISOString()}${QUICK ? ' (quick run)' : ''}. Loopback; the Plexus server runs in a process of its own, the SDK client in this one; "no transport" is the tool called inside the server, without HTTP or MCP framing. Load average ${fmt(loadBefore)} at the start, ${fmt(loadavg()[0]!)} at the end (other work on the machine inflates every figure). Times in ms, p50 / p95 / p99; ${SAMPLES} samples per cell (${PLAN_SAMPLES} for graph_plan, ${MEMORY_SAMPLES} for server-memory).`,
  '',
  'Targets: graph_update p50 <= 3 ms at 10k nodes over HTTP; tools/list <= 12 KB; claim-work-resolve in 3 calls and <= 2,400 bytes of responses.',
  '',
  '## Plexus over Streamable HTTP (session, JSON responses)',
  '',
  '| nodes | build (ms) | graph_update (SDK client, session) | graph_update (plain POST, no session) | graph_update, no transport | graph_next (SDK client) | graph_next, no transport | graph_plan, 5 items (SDK client) | claim-context-resolve bytes (HTTP bodies) | same, results as JSON |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.nodes} | ${fmt(r.build, 0)} | ${stats(r.update)} | ${stats(r.updateStateless)} | ${stats(r.updateInProcess)} | ${stats(r.next)} | ${stats(r.nextInProcess)} | ${stats(r.plan)} | ${quantile(r.cycleBytes, 0.5)} (max ${Math.max(...r.cycleBytes)}) | ${quantile(r.cycleJsonBytes, 0.5)} |`,
  ),
  '',
  `Floors in the same run: GET /healthz ${stats(floor.healthz)}; MCP ping without a session ${stats(floor.ping)}.`,
  '',
  `tools/list: ${list.http} bytes of HTTP response body (${list.json} bytes of result JSON), 17 tools.`,
  '',
  '## @modelcontextprotocol/server-memory over stdio, the nearest workload',
  '',
  'update = add_observations, next = search_nodes (it has no readiness or claims), plan = create_entities of 5, cycle = search_nodes + open_nodes + add_observations.',
  '',
  '| nodes | build (ms) | add_observations | search_nodes | create_entities (5) | cycle bytes (results as JSON) | tools/list bytes (result JSON) |',
  '|---|---|---|---|---|---|---|',
  ...memory.map(
    (m) =>
      `| ${m.nodes} | ${fmt(m.build, 0)} | ${stats(m.update)} | ${stats(m.next)} | ${stats(m.plan)} | ${m.cycleJsonBytes} | ${m.toolsList} |`,
  ),
  '',
]
mkdirSync(join(here, 'reports'), { recursive: true })
writeFileSync(join(here, 'reports', 'mcp.md'), lines.join('\n'))
console.log(`\nwrote ${join(here, 'reports', 'mcp.md')}`)
