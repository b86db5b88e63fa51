/**
 * Several machines, on one: three `plexus serve` processes on one PostgreSQL and one Redis, behind
 * nginx (deploy/nginx rules). Stock y-websocket clients and MCP agents connect through nginx and
 * are spread over the servers; mid-run one server is SIGKILLed and Redis is killed and restarted.
 *
 * What users would notice, checked: every client ends with the same graph; every update an
 * observer saw (so a server had stored and relayed it) and every MCP write that returned success
 * is in it, and in what a client opening the graph afterwards loads: 0 acknowledged updates lost.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'
import type { WebsocketProvider } from 'y-websocket'
import { httpAgent, type Agent } from '@plexus/tools/test/clients'
import { TEST_DATABASE_URL, dropSchemas, testSchema } from '../test/test-db.ts'
import { destroyProvider, provider, synced, waitFor } from '../test/server-harness.ts'
import { freePort, startNginx, startRedis } from '../test/services.ts'

const BIN = fileURLToPath(new URL('../../bin/plexus.mjs', import.meta.url))
const cleanup: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const fn of cleanup.splice(0).reverse()) await Promise.resolve(fn()).catch(() => {})
})

interface Node {
  child: ChildProcess
  port: number
}

function serve(port: number, env: Record<string, string>): Promise<Node> {
  const dataDir = mkdtempSync(join(tmpdir(), 'plexus-multi-'))
  const child = spawn(process.execPath, [BIN, 'serve', '--port', String(port), '--data', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PLEXUS_TOKENS: '', PLEXUS_TOKENS_FILE: '', ...env },
  })
  cleanup.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  })
  let output = ''
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (/listening on http/.test(output)) resolve({ child, port })
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)))
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
// Clients write plain values into checkpoints (any JSON is allowed there); agents write nodes.
const keys = (p: WebsocketProvider) =>
  new Set([...p.doc.getMap('nodes').keys(), ...p.doc.getMap('checkpoints').keys()])

it('three servers behind nginx: edits converge, a SIGKILLed server and a Redis restart lose no acknowledged update', async () => {
  const redis = await startRedis()
  cleanup.push(() => redis.stop())
  const schema = testSchema('multi')
  cleanup.push(() => dropSchemas(schema))
  const env = {
    PLEXUS_DATABASE_URL: TEST_DATABASE_URL,
    PLEXUS_DATABASE_SCHEMA: schema,
    PLEXUS_REDIS_URL: redis.url,
  }
  const ports = [await freePort(), await freePort(), await freePort()]
  const nodes: Node[] = []
  for (const port of ports) nodes.push(await serve(port, env))
  const nginx = await startNginx(ports)
  cleanup.push(() => nginx.stop())
  const via = { wsUrl: `ws://127.0.0.1:${nginx.port}/sync` }
  const graph = 'team'

  const writers = Array.from({ length: 6 }, () => provider(via, graph))
  const observers = Array.from({ length: 3 }, () => provider(via, graph))
  cleanup.push(() => [...writers, ...observers].forEach(destroyProvider))
  await Promise.all([...writers, ...observers].map((p) => synced(p, 'every client to sync through nginx')))

  // Acknowledged: seen by an observer, so a server stored it and relayed it.
  const acknowledged = new Set<string>()
  for (const o of observers) {
    o.doc.getMap('checkpoints').observe((event) => {
      for (const key of event.keysChanged) if (/^w\d+-/.test(key)) acknowledged.add(key)
    })
  }

  const agents: Agent[] = []
  for (let i = 0; i < 2; i++) agents.push(await httpAgent(nginx.url, { name: `agent-${i}` }))
  cleanup.push(async () => {
    for (const a of agents) await a.close()
  })
  const first = await agents[0]!.client.callTool({
    name: 'graph_open',
    arguments: { project: graph, goal: 'Ship' },
  })
  expect(first.isError).toBeFalsy()
  /** Node ids agents were answered as created. */
  const saved: string[] = []
  let refused = 0

  let running = true
  /** Client edits written so far, acknowledged or not. */
  let issued = 0
  const written = writers.map(async (w, i) => {
    let k = 0
    while (running) {
      w.doc.getMap('checkpoints').set(`w${i}-${k++}`, k)
      issued++
      await sleep(3)
    }
    return k
  })
  const agentWork = agents.map(async (a, i) => {
    let k = 0
    while (running) {
      const summary = `agent ${i} task ${k++}`
      try {
        const r = await a.client.callTool({
          name: 'graph_plan',
          // force: "agent 0 task 1" and "agent 1 task 1" are different tasks, not near-duplicates.
          arguments: { project: graph, nodes: [{ ref: 'n', summary, kind: 'task' }], mode: 'force' },
        })
        const created = (r.structuredContent as { created?: Array<{ id: string }> } | undefined)?.created
        if (r.isError || !created?.length) refused++
        else saved.push(...created.map((c) => c.id))
      } catch {
        refused++
      }
      await sleep(20)
    }
  })

  // Each fault strikes work in flight: a phase lasts until the clients and agents have done some
  // work in it (events, not a clock: a busy machine gets as much work per phase as a quiet one).
  const work = async (phase: string, { issuedOnly = false } = {}) => {
    const a = acknowledged.size
    const s = saved.length
    const w = issued
    await waitFor(
      () => issued >= w + 50 && (issuedOnly || (acknowledged.size >= a + 50 && saved.length >= s + 2)),
      `work ${phase} (issued ${issued - w}, acknowledged ${acknowledged.size - a}, agent writes saved ${saved.length - s})`,
    )
  }
  await work('before a server is killed')
  nodes[1]!.child.kill('SIGKILL')
  await work('after a server was killed')
  await redis.stop()
  // Without Redis a server relays only to its own clients: count the writes issued, not acknowledged.
  await work('while Redis is down', { issuedOnly: true })
  await redis.start()
  await work('after Redis restarted')
  running = false
  const counts = await Promise.all(written)
  await Promise.all(agentWork)

  const expected = new Set<string>()
  counts.forEach((n, i) => {
    for (let k = 0; k < n; k++) expected.add(`w${i}-${k}`)
  })
  const everyone = [...writers, ...observers]
  await waitFor(
    () => everyone.every((p) => p.synced && [...expected].every((k) => p.doc.getMap('checkpoints').has(k))),
    'every client to hold every edit',
  )
  const same = () => {
    const first = [...keys(everyone[0]!)].sort().join()
    return everyone.every((p) => [...keys(p)].sort().join() === first)
  }
  await waitFor(same, 'every client to hold the same graph (agents’ writes included)')
  const reference = [...keys(everyone[0]!)].sort()

  // What a client opening the graph now loads (from the servers still running, out of PostgreSQL).
  const late = provider(via, graph)
  cleanup.push(() => destroyProvider(late))
  await synced(late)
  await waitFor(() => keys(late).size >= reference.length, 'a new client to load the whole graph')
  const lost = [...acknowledged].filter((k) => !late.doc.getMap('checkpoints').has(k))
  const lostAgentWrites = saved.filter((id) => !late.doc.getMap('nodes').has(id))
  console.log(
    `multi-server: ${expected.size} client edits, ${acknowledged.size} acknowledged, ${saved.length} agent writes ` +
      `saved (${refused} refused or cut off), lost ${lost.length + lostAgentWrites.length}`,
  )
  const has = (k: string) => everyone.map((p) => (p.doc.getMap('checkpoints').has(k) ? 1 : 0)).join('')
  expect(lost.map((k) => `${k} (held by clients: ${has(k)})`)).toEqual([])
  expect(lostAgentWrites).toEqual([])
  expect(saved.length).toBeGreaterThan(0)
  // The bound of the waits above (each WAIT_LIMIT_MS) and the servers' start, not a clock the test
  // must beat: a quiet machine takes about 15 s.
}, 600_000)
