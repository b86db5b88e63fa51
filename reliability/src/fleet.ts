/**
 * The peers of a load run, shared by the single-server load phase (load.ts) and the several-server one
 * (multi.ts): the graphs opened, witnesses, writing clients, readers and agents connected, and the
 * clients' write loop. The phases differ in their faults and checks, not in how the load is made.
 */
import { Agent, SyncClient, type Entry } from './peers.ts'
import { Rng, sleep, until, type Profile } from './suite.ts'
import type { Deadline } from './patience.ts'

/** Opens each graph through MCP, as an agent would, so every peer finds a root. */
export async function openGraphs(
  url: () => string,
  rng: Rng,
  graphs: string[],
  goal: (g: string) => string,
  token?: string,
) {
  const setup = new Agent('setup', url, rng.fork(999), token)
  for (const g of graphs) {
    const r = await setup.call('graph_open', { project: g, goal: goal(g) })
    if (!r.ok) throw new Error(`graph_open ${g}: ${r.text}`)
  }
  await setup.close()
}

export interface Fleet {
  clients: SyncClient[]
  readers: SyncClient[]
  /** Witnesses, clients and readers: every WebSocket peer. */
  all: SyncClient[]
  agents: Agent[]
  /** The graph agent `i` writes to. */
  agentGraph: (i: number) => string
}

/**
 * Connects `profile.clients` writers and `profile.readers` readers spread over the graphs, waits until
 * they and the witnesses have synced, and makes the agents (which connect on their first call).
 */
export async function connectFleet(opts: {
  profile: Profile
  wsUrl: string
  url: () => string
  graphs: string[]
  witnesses: SyncClient[]
  rng: Rng
  /** The token each peer connects with (by its name), when the servers require one. */
  token?: (name: string) => string
}): Promise<Fleet> {
  const { profile, wsUrl, graphs, rng } = opts
  const spread = (prefix: string, count: number) =>
    Array.from(
      { length: count },
      (_, i) =>
        new SyncClient(`${prefix}${i}`, wsUrl, graphs[i % graphs.length]!, {
          token: opts.token?.(`${prefix}${i}`),
        }),
    )
  const clients = spread('c', profile.clients)
  const readers = spread('r', profile.readers)
  const all = [...opts.witnesses, ...clients, ...readers]
  if (!(await until(() => all.every((c) => c.synced && c.root() !== null), 30_000))) {
    throw new Error(`${all.filter((c) => !c.synced).length} clients did not sync`)
  }
  const agents = Array.from(
    { length: profile.agents },
    (_, i) => new Agent(`agent-${i}`, opts.url, rng.fork(100 + i), opts.token?.(`agent-${i}`)),
  )
  return { clients, readers, all, agents, agentGraph: (i) => graphs[i % graphs.length]! }
}

/** Every write the fleet made to graph `g` that must survive: clients' writes and agents' answered ones. */
export function writesTo(fleet: Pick<Fleet, 'clients' | 'agents' | 'agentGraph'>, g: string): Entry[] {
  return [
    ...fleet.clients.filter((c) => c.graphId === g).flatMap((c) => c.ledger),
    ...fleet.agents.filter((_, i) => fleet.agentGraph(i) === g).flatMap((a) => a.ledger),
  ]
}

/** Client `c` writes at `rate` a second (jittered ±50%) while `running()`, telling `wrote` each write. */
export async function clientWrites(
  c: SyncClient,
  r: Rng,
  rate: number,
  running: () => boolean,
  wrote: (entry: Entry) => void,
): Promise<void> {
  await sleep(r.next() * 1000)
  while (running()) {
    const entry = c.write(r)
    if (entry) wrote(entry)
    await sleep((1000 / rate) * (0.5 + r.next()))
  }
}

/**
 * Agent `a` plans `nodes` in `graph` until answered or `deadline`; an answered plan's nodes go into its
 * ledger, a refusal into `errors`.
 */
export async function agentPlan(
  a: Agent,
  graph: string,
  nodes: Array<{ summary: string }>,
  deadline: Deadline,
  errors: string[],
): Promise<void> {
  const reply = await a.callUntilAnswered('graph_plan', { project: graph, nodes, mode: 'force' }, deadline)
  if (!reply.ok) {
    errors.push(`${a.name} graph_plan: ${reply.text.slice(0, 200)}`)
    return
  }
  const at = performance.now()
  for (const c of (reply.data.created as Array<{ id: string }> | undefined) ?? [])
    a.ledger.push({ node: c.id, at })
}
