/**
 * Load and faults: stock y-websocket clients and MCP agents write to a few graphs on one server for
 * a fixed time. The first part runs undisturbed (relay latency, memory); in the rest the server is
 * killed with SIGKILL at random moments and restarted, while everyone keeps writing (clients write
 * offline, as on a train; agents retry with backoff and jitter).
 *
 * Checked:
 * - at every kill, with the server dead, the SQLite file holds every node a witness had received
 *   through the server and every write an agent had been answered for (the server relays and
 *   answers only what it stored, so anything missing here was lost);
 * - at the end, every peer converges to the same state, which holds every write every client made
 *   and every write an agent was answered for, and the same state comes back after a restart;
 * - no unexpected error: a connection closed other than by a kill, a tool error, a crash.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as Y from 'yjs'
import { checkWritesKept, confirmedWrites, unexpectedCloses } from './checks.ts'
import { agentPlan, clientWrites, connectFleet, openGraphs } from './fleet.ts'
import { SyncClient } from './peers.ts'
import { ServerProcess } from './server.ts'
import { missingEntries, storedDoc } from './stored.ts'
import { digestOfDoc, percentile, Rng, sleep, until, type Phase } from './suite.ts'
import { readState } from './wire.ts'
import { Patience } from './patience.ts'

/** The least time the server stays up after a restart before the next kill. */
const MIN_UP_MS = 2000

export const loadPhase: Phase = async (ctx) => {
  const { profile } = ctx
  const failures: string[] = []
  const fail = (text: string) => failures.push(text)
  const rng = new Rng(ctx.seed)
  const dataDir = join(ctx.tmp, 'data')
  const server = new ServerProcess({ dataDir })
  await server.start()

  const graphs = Array.from({ length: profile.graphs }, (_, i) => `load-${i}`)
  await openGraphs(
    () => server.url,
    rng,
    graphs,
    (g) => `Load graph ${g}`,
  )

  // Witnesses only read: what reaches them has been stored by the server.
  /** When and in which fault epoch each created node was written. */
  const writtenAt = new Map<string, { at: number; epoch: number }>()
  const latencies: number[] = []
  let epoch = 0
  const seenBy = new Map<string, Set<string>>()
  const witnesses = graphs.map((g) => {
    const w = new SyncClient(`witness-${g}`, server.wsUrl, g)
    const seen = new Set<string>()
    seenBy.set(g, seen)
    w.doc.getMap('nodes').observe((event) => {
      const now = performance.now()
      for (const key of event.keysChanged) {
        if (seen.has(key)) continue
        seen.add(key)
        const written = writtenAt.get(key)
        // Relay latency in the calm part only: later, writes made offline arrive on reconnect.
        if (written && written.epoch === 0 && epoch === 0) latencies.push(now - written.at)
      }
    })
    return w
  })

  const { clients, all, agents, agentGraph } = await connectFleet({
    profile,
    wsUrl: server.wsUrl,
    url: () => server.url,
    graphs,
    witnesses,
    rng,
  })
  const agentErrors: string[] = []
  // Agents wait 30 s of the server being up (patience.ts): a restart on a busy machine is not their failure.
  const patience = new Patience()

  // Memory of the server process, sampled each second.
  const memory: Array<{ t: number; mb: number }> = []
  const started = performance.now()
  const sampler = setInterval(() => {
    const mb = rssMb(server.pid)
    if (mb !== null) memory.push({ t: (performance.now() - started) / 1000, mb })
  }, 1000)

  let running = true
  let kills = 0
  let writes = 0
  const runMs = profile.loadSeconds * 1000
  const calmMs = runMs * 0.4

  const clientLoops = clients.map((c, i) =>
    clientWrites(
      c,
      rng.fork(i),
      profile.clientRate,
      () => running,
      (entry) => {
        if (entry.key === undefined) writtenAt.set(entry.node, { at: entry.at, epoch })
        writes++
      },
    ),
  )

  const agentLoops = agents.map(async (a, i) => {
    const r = rng.fork(200 + i)
    const graph = agentGraph(i)
    let n = 0
    await sleep(r.next() * 1000)
    while (running) {
      const deadline = patience.deadline(30_000)
      const own = a.ledger.filter((e) => e.key === undefined)
      const roll = r.next()
      try {
        if (own.length > 0 && roll < 0.3) {
          const target = r.pick(own).node
          const key = `a_${a.name}`
          const value = n++
          const reply = await a.callUntilAnswered(
            'graph_update',
            { project: graph, updates: [{ node_id: target, properties: { [key]: value } }] },
            deadline,
          )
          if (reply.ok) a.ledger.push({ node: target, key, value, at: performance.now() })
          else agentErrors.push(`${a.name} graph_update: ${reply.text.slice(0, 200)}`)
        } else if (roll < 0.4) {
          const reply = await a.callUntilAnswered('graph_next', { project: graph, count: 3 }, deadline)
          if (!reply.ok) agentErrors.push(`${a.name} graph_next: ${reply.text.slice(0, 200)}`)
        } else {
          const count = 1 + r.int(3)
          const nodes = Array.from({ length: count }, () => ({ summary: `${a.name} task ${n++}` }))
          await agentPlan(a, graph, nodes, deadline, agentErrors)
        }
      } catch (error) {
        agentErrors.push(`${a.name}: no answer within 30 s of the server up: ${String(error)}`)
      }
      await sleep((1000 / profile.agentRate) * (0.5 + r.next()))
    }
  })

  // Faults: `profile.kills` SIGKILLs at random moments after the calm part.
  const killTimes = Array.from(
    { length: profile.kills },
    () => calmMs + rng.next() * (runMs - calmMs - 1500),
  ).sort((a, b) => a - b)
  let durabilityChecked = 0
  const lostAtKills = new Set<string>()
  let maxRestartMs = 0
  let upSince = performance.now()
  for (const at of killTimes) {
    // Random moments, but the server gets at least MIN_UP_MS after a restart: when restarts run
    // behind the schedule, killing it the moment it listens again would be an outage with no window
    // in which any client or agent could succeed, which shows nothing about reconnecting.
    const wait = Math.max(started + at - performance.now(), upSince + MIN_UP_MS - performance.now())
    if (wait > 0) await sleep(wait)
    epoch++
    // What the server had confirmed before the kill: relayed to a witness, or answered to an agent.
    const confirmed = confirmedWrites(graphs, seenBy, { agents, agentGraph })
    patience.down()
    await server.kill()
    kills++
    for (const g of graphs) {
      const doc = storedDoc(dataDir, g)
      const lost = missingEntries(doc, confirmed.get(g)!)
      durabilityChecked += confirmed.get(g)!.length
      for (const e of lost) lostAtKills.add(`${e.node}:${e.key ?? ''}:${e.value ?? ''}`)
      if (lost.length) {
        fail(
          `kill ${kills}: ${lost.length} confirmed writes to ${g} are not in the file (first: ${JSON.stringify(lost[0])})`,
        )
      }
      doc.destroy()
    }
    await sleep(100 + rng.next() * 1400)
    const t0 = performance.now()
    await server.start()
    patience.up()
    upSince = performance.now()
    maxRestartMs = Math.max(maxRestartMs, performance.now() - t0)
  }
  const left = started + runMs - performance.now()
  if (left > 0) await sleep(left)
  running = false
  await Promise.all([...clientLoops, ...agentLoops])
  const runSeconds = (performance.now() - started) / 1000
  clearInterval(sampler)

  // Convergence: every peer and the server hold the same state.
  const convergeStart = performance.now()
  const byGraph = (g: string) => all.filter((c) => c.graphId === g)
  const serverDigests = new Map<string, string>()
  const converged = await until(
    async () => {
      if (!all.every((c) => c.synced)) return false
      // State vectors first (cheap); the full digests (delete sets too) once those agree.
      for (const g of graphs) {
        const vectors = new Set(
          byGraph(g).map((c) => Buffer.from(Y.encodeStateVector(c.doc)).toString('base64')),
        )
        if (vectors.size !== 1) return false
      }
      for (const g of graphs) {
        const digests = new Set(byGraph(g).map((c) => digestOfDoc(c.doc)))
        if (digests.size !== 1) return false
        const state = await readState(server.wsUrl, g)
        serverDigests.set(g, state.digest)
        if (!digests.has(state.digest)) return false
      }
      return true
    },
    60_000,
    250,
  )
  const convergeSeconds = (performance.now() - convergeStart) / 1000
  if (!converged) fail(`peers did not converge within 60 s after the run (seed ${ctx.seed})`)

  // Nothing lost: each client's writes and each agent's answered writes are on the server.
  const { checked: ledgerSize, lost } = await checkWritesKept(
    server.wsUrl,
    { clients, agents, agentGraph },
    graphs,
    fail,
  )

  // An orderly restart brings back the same state.
  await server.stop()
  await server.start()
  for (const g of graphs) {
    const state = await readState(server.wsUrl, g)
    if (serverDigests.has(g) && state.digest !== serverDigests.get(g))
      fail(`after a restart, ${g} differs from the converged state`)
  }

  // Errors: closes not caused by a kill, tool errors.
  const unexpected = unexpectedCloses(all)
  if (unexpected.length && server.errorLines.length)
    fail(`the server logged: ${server.errorLines.slice(0, 3).join(' | ')}`)
  if (unexpected.length)
    fail(`${unexpected.length} unexpected connection closes, e.g. ${unexpected.slice(0, 3).join('; ')}`)
  if (agentErrors.length)
    fail(`${agentErrors.length} agent errors, e.g. ${agentErrors.slice(0, 3).join('; ')}`)

  for (const c of all) c.destroy()
  await Promise.all(agents.map((a) => a.close()))
  await server.stop()

  const mbs = memory.map((m) => m.mb)
  const steadyLatency = latencies
  return {
    name: 'load',
    figures: {
      'clients held': all.length,
      'clients writing': clients.length,
      'agents held': agents.length,
      graphs: graphs.length,
      'run length (s)': Math.round(runSeconds),
      'client writes': writes,
      'agent calls': agents.reduce((n, a) => n + a.calls, 0),
      'agent writes answered': agents.reduce((n, a) => n + a.ledger.length, 0),
      'agent reconnects': agents.reduce((n, a) => n + a.reconnects, 0),
      kills,
      'longest restart (ms)': Math.round(maxRestartMs),
      'client reconnects': all.reduce((n, c) => n + c.closes.length, 0),
      'confirmed writes checked on disk at kills': durabilityChecked,
      'writes checked at the end': ledgerSize,
      'converged after (s)': Math.round(convergeSeconds * 10) / 10,
      'relay samples (calm part)': steadyLatency.length,
      'relay p50 (ms)': round(percentile(steadyLatency, 50)),
      'relay p99 (ms)': round(percentile(steadyLatency, 99)),
      'server RSS start/peak/end (MB)': mbs.length
        ? `${Math.round(mbs[0]!)}/${Math.round(Math.max(...mbs))}/${Math.round(mbs.at(-1)!)}`
        : 'n/a',
      'server RSS over time (MB, 10 samples)': spread(mbs, 10)
        .map((mb) => Math.round(mb))
        .join(' '),
      'unexpected errors': unexpected.length + agentErrors.length,
      'confirmed writes missing from the file at a kill': lostAtKills.size,
      'updates lost': lost + lostAtKills.size,
    },
    failures,
    crashes: server.crashes.length,
  }
}

function rssMb(pid: number | undefined): number | null {
  if (!pid) return null
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1]
    return kb ? Number(kb) / 1024 : null
  } catch {
    return null
  }
}

/** `n` values spread evenly over `values`, first and last included. */
function spread(values: readonly number[], n: number): number[] {
  if (values.length <= n) return [...values]
  return Array.from({ length: n }, (_, i) => values[Math.round((i * (values.length - 1)) / (n - 1))]!)
}

const round = (n: number) => (Number.isFinite(n) ? Math.round(n * 10) / 10 : 'n/a')
