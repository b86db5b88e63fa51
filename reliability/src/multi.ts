/**
 * Several servers (`--profile multi`): three `plexus serve` processes on one PostgreSQL and one
 * Redis behind nginx (deploy/nginx rules), stock y-websocket clients and MCP agents connecting
 * through nginx, so they are spread over the servers. After a calm part, servers are SIGKILLed at
 * random moments (and restarted on their port) and Redis is killed and restarted, while everyone
 * keeps writing.
 *
 * Checked:
 * - at every kill, PostgreSQL holds every node a witness had received and every write an agent had
 *   been answered for (servers relay and answer only what PostgreSQL committed);
 * - at the end every peer converges to one state, which holds every write every client made and
 *   every write an agent was answered for, whichever server they went through;
 * - no unexpected error: a close other than by a kill, a tool error, a crash;
 * - claims raced by agents on different servers meanwhile (claim-race.ts): never two holders, and
 *   every server and PostgreSQL agree on the holders at the end.
 */
import { PgStore } from '@plexus/sync'
import * as Y from 'yjs'
import { startNginx, startRedis } from '../../apps/sync/src/test/services.ts'
import { ClaimRace } from './claim-race.ts'
import { confirmedWrites, unexpectedCloses } from './checks.ts'
import { agentPlan, clientWrites, connectFleet, openGraphs, writesTo } from './fleet.ts'
import { SyncClient } from './peers.ts'
import { ServerProcess } from './server.ts'
import { missingEntries } from './stored.ts'
import { digestOfDoc, Rng, sleep, until, type Phase, type Profile } from './suite.ts'
import { readState } from './wire.ts'
import { Patience } from './patience.ts'

const DATABASE_URL = process.env.PLEXUS_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const SERVERS = 3
/** Agents racing for claims (claim-race.ts), two a server, and the few tasks they race for. */
const CLAIMERS = 6
const CLAIM_TASKS = 4

const FLEET_TOKEN = 'fleet-token-for-the-multi-phase'
/** A write token per writing client and agent: a client's history names it, and the server checks that. */
const tokenOf = (name: string) => `${name}-token-for-the-multi-phase`
const fleetNames = (p: Profile) => [
  ...Array.from({ length: p.clients }, (_, i) => `c${i}`),
  ...Array.from({ length: p.agents }, (_, i) => `agent-${i}`),
]
const claimerTokens = Array.from({ length: CLAIMERS }, (_, i) => ({
  name: `claimer-${i}`,
  token: `claimer-${i}-token-for-the-multi-phase`,
}))

export const multiPhase: Phase = async (ctx) => {
  const { profile } = ctx
  const failures: string[] = []
  const fail = (text: string) => failures.push(text)
  const rng = new Rng(ctx.seed)
  const schema = `plexus_rel_${process.pid}_${ctx.seed >>> 0}`
  const store = await PgStore.open(DATABASE_URL, { schema })
  const redis = await startRedis()
  const env = {
    PLEXUS_DATABASE_URL: DATABASE_URL,
    PLEXUS_DATABASE_SCHEMA: schema,
    PLEXUS_REDIS_URL: redis.url,
    // Behind several servers MCP is stateless: only a token names an agent from one call to the next,
    // and the claim race needs each claimer to be someone (the rest of the fleet shares one name).
    PLEXUS_TOKENS: [
      `fleet:admin:${FLEET_TOKEN}`,
      ...fleetNames(profile).map((n) => `${n}:write:${tokenOf(n)}`),
      ...claimerTokens.map((c) => `${c.name}:write:${c.token}`),
    ].join(','),
  }
  const servers = Array.from(
    { length: SERVERS },
    (_, i) => new ServerProcess({ dataDir: `${ctx.tmp}/server-${i}`, env }),
  )
  let nginx: Awaited<ReturnType<typeof startNginx>> | null = null
  try {
    for (const s of servers) await s.start()
    nginx = await startNginx(servers.map((s) => s.port))
    const wsUrl = `ws://127.0.0.1:${nginx.port}/sync`
    const via = nginx
    const graphs = Array.from({ length: profile.graphs }, (_, i) => `multi-${i}`)
    await openGraphs(
      () => via.url,
      rng,
      graphs,
      (g) => `Graph ${g} on several servers`,
      FLEET_TOKEN,
    )

    const seenBy = new Map<string, Set<string>>()
    const witnesses = graphs.map((g) => {
      const w = new SyncClient(`witness-${g}`, wsUrl, g, { token: FLEET_TOKEN })
      const seen = new Set<string>()
      seenBy.set(g, seen)
      w.doc.getMap('nodes').observe((event) => {
        for (const key of event.keysChanged) seen.add(key)
      })
      return w
    })
    const { clients, all, agents, agentGraph } = await connectFleet({
      profile,
      wsUrl,
      url: () => via.url,
      graphs,
      witnesses,
      rng,
      token: (name) => (name.startsWith('c') || name.startsWith('agent-') ? tokenOf(name) : FLEET_TOKEN),
    })
    const agentErrors: string[] = []
    // Agents wait 30 s of every server being up (patience.ts): a restart on a busy machine is not their failure.
    const patience = new Patience()
    // Its own generator: the race does not shift the rest of the phase's seeded choices.
    const race = new ClaimRace({
      urls: servers.map((s) => s.url),
      rng: new Rng(ctx.seed ^ 0x5ca1ab1e),
      pool: store.pool,
      claimers: claimerTokens,
      tasks: CLAIM_TASKS,
    })
    await race.setup()

    let running = true
    let writes = 0
    const runMs = profile.loadSeconds * 1000
    const calmMs = runMs * 0.3
    const started = performance.now()
    const clientLoops = clients.map((c, i) =>
      clientWrites(
        c,
        rng.fork(i),
        profile.clientRate,
        () => running,
        () => writes++,
      ),
    )
    const raceLoop = race.run(() => running)
    const agentLoops = agents.map(async (a, i) => {
      const r = rng.fork(200 + i)
      const graph = agentGraph(i)
      let n = 0
      await sleep(r.next() * 1000)
      while (running) {
        try {
          const nodes = [{ summary: `${a.name} task ${n++}` }]
          await agentPlan(a, graph, nodes, patience.deadline(30_000), agentErrors)
        } catch (error) {
          agentErrors.push(`${a.name}: no answer within 30 s of the servers up: ${String(error)}`)
        }
        await sleep((1000 / profile.agentRate) * (0.5 + r.next()))
      }
    })

    // Faults after the calm part: server kills (restarted 0.1-1.5 s later) and two Redis restarts.
    type Fault = { at: number; kind: 'kill' | 'redis' }
    const faults: Fault[] = [
      ...Array.from({ length: profile.kills }, () => ({ at: 0, kind: 'kill' as const })),
      { at: 0, kind: 'redis' as const },
      { at: 0, kind: 'redis' as const },
    ]
    for (const f of faults) f.at = calmMs + rng.next() * (runMs - calmMs - 2000)
    faults.sort((a, b) => a.at - b.at)
    let kills = 0
    let redisRestarts = 0
    let checkedAtKills = 0
    const lostAtKills = new Set<string>()
    for (const fault of faults) {
      const wait = started + fault.at - performance.now()
      if (wait > 0) await sleep(wait)
      if (fault.kind === 'redis') {
        await redis.stop()
        await sleep(200 + rng.next() * 1300)
        await redis.start()
        redisRestarts++
        continue
      }
      const confirmed = confirmedWrites(graphs, seenBy, { agents, agentGraph })
      const victim = servers[rng.int(servers.length)]!
      race.killing(servers.indexOf(victim))
      patience.down()
      await victim.kill()
      kills++
      for (const g of graphs) {
        const doc = await storedDoc(store, g)
        const lost = missingEntries(doc, confirmed.get(g)!)
        checkedAtKills += confirmed.get(g)!.length
        for (const e of lost) lostAtKills.add(`${e.node}:${e.key ?? ''}`)
        if (lost.length) fail(`kill ${kills}: ${lost.length} confirmed writes to ${g} are not in PostgreSQL`)
        doc.destroy()
      }
      await sleep(100 + rng.next() * 1400)
      await victim.start()
      patience.up()
    }
    const left = started + runMs - performance.now()
    if (left > 0) await sleep(left)
    running = false
    await Promise.all([...clientLoops, ...agentLoops, raceLoop])

    const convergeStart = performance.now()
    const byGraph = (g: string) => all.filter((c) => c.graphId === g)
    const converged = await until(
      () => {
        if (!all.every((c) => c.synced)) return false
        return graphs.every((g) => new Set(byGraph(g).map((c) => digestOfDoc(c.doc))).size === 1)
      },
      60_000,
      250,
    )
    const convergeSeconds = (performance.now() - convergeStart) / 1000
    if (!converged) fail(`peers did not converge within 60 s after the run (seed ${ctx.seed})`)

    try {
      await race.finalCheck()
    } finally {
      await race.close()
    }
    for (const f of race.failures) fail(`claims (seed ${ctx.seed}): ${f}`)

    let lost = 0
    let checkedAtEnd = 0
    for (const g of graphs) {
      const state = await readState(wsUrl, g, { token: FLEET_TOKEN })
      const doc = new Y.Doc()
      Y.applyUpdate(doc, state.update)
      const expected = writesTo({ clients, agents, agentGraph }, g)
      checkedAtEnd += expected.length
      const missing = missingEntries(doc, expected)
      lost += missing.length
      if (missing.length) fail(`${missing.length} writes to ${g} are missing after convergence`)
      doc.destroy()
    }

    const unexpected = unexpectedCloses(all)
    if (unexpected.length)
      fail(`${unexpected.length} unexpected connection closes, e.g. ${unexpected.slice(0, 3).join('; ')}`)
    if (agentErrors.length)
      fail(`${agentErrors.length} agent errors, e.g. ${agentErrors.slice(0, 3).join('; ')}`)
    for (const c of all) c.destroy()
    await Promise.all(agents.map((a) => a.close()))

    return {
      name: 'multi',
      figures: {
        servers: SERVERS,
        'clients held': all.length,
        'agents held': agents.length,
        graphs: graphs.length,
        'run length (s)': profile.loadSeconds,
        'client writes': writes,
        'agent writes answered': agents.reduce((n, a) => n + a.ledger.length, 0),
        kills,
        'redis restarts': redisRestarts,
        'client reconnects': all.reduce((n, c) => n + c.closes.length, 0),
        'confirmed writes checked in PostgreSQL at kills': checkedAtKills,
        'writes checked at the end': checkedAtEnd,
        'converged after (s)': Math.round(convergeSeconds * 10) / 10,
        ...race.figures(),
        'unexpected errors': unexpected.length + agentErrors.length,
        'updates lost': lost + lostAtKills.size,
      },
      failures,
      crashes: servers.reduce((n, s) => n + s.crashes.length, 0),
    }
  } finally {
    for (const s of servers) await s.stop().catch(() => {})
    await nginx?.stop()
    await redis.stop()
    await store.pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {})
    await store.close()
  }
}

async function storedDoc(store: PgStore, graph: string): Promise<Y.Doc> {
  const doc = new Y.Doc()
  const stored = await store.load(graph)
  if (stored) {
    doc.transact(() => {
      if (stored.snapshot) Y.applyUpdate(doc, stored.snapshot)
      for (const update of stored.updates) Y.applyUpdate(doc, update)
    })
  }
  return doc
}
