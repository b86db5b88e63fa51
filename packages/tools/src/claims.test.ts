/**
 * Claims that hold across transports: three `plexus mcp` (stdio) agents and three agents over `/mcp`
 * loop claim -> resolve on one graph, with seeded random delays. While the server is up no node is
 * ever held by two agents and every task is resolved once; with the server stopped for part of the
 * run the stdio agents go on offline, and after it returns every agent that resolved a task another
 * agent won is told so in `lost_claims`.
 *
 * Tool calls go through one small helper per tool, so a rename of arguments or results is a change in
 * one place.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import * as model from '@plexus/model'
import { rng } from '../../model/src/test/harness.ts'
import {
  WAIT_LIMIT_MS,
  provider,
  synced,
  testServer,
  waitFor,
  type TestServer,
} from '@plexus/sync/test-server'
import { httpAgent, ok, stdioAgent, type Agent } from './test/clients.ts'

const SEED = Number(process.env.PLEXUS_SEED ?? 20261123)
const TASKS = 60

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

// ---- one helper per tool: the only places that know argument and result names ----

async function openGraph(a: Agent, project: string, goal?: string) {
  return ok(a.client, 'graph_open', goal ? { project, goal } : { project })
}

async function planTasks(a: Agent, project: string, n: number): Promise<string[]> {
  const nodes = Array.from({ length: n }, (_, i) => ({ ref: `t${i}`, summary: `Task ${i}`, kind: 'task' }))
  const r = await ok(a.client, 'graph_plan', { project, nodes })
  return (r.created as Array<{ id: string }>).map((c) => c.id)
}

interface Taken {
  /** The node this call claimed, if any. */
  id: string | null
  lost: string[]
}

async function claimNext(a: Agent, project: string): Promise<Taken> {
  const r = await ok(a.client, 'graph_next', { project, claim: true })
  const claimed = (r.claimed as string[] | undefined) ?? []
  const lost = ((r.lost_claims as Array<{ id: string }> | undefined) ?? []).map((l) => l.id)
  return { id: claimed[0] ?? null, lost }
}

async function resolveTask(a: Agent, project: string, id: string, by: string): Promise<void> {
  await ok(a.client, 'graph_update', {
    project,
    updates: [{ node_id: id, resolved: true, add_evidence: [{ type: 'note', ref: `done by ${by}` }] }],
  })
}

async function unresolved(a: Agent, project: string): Promise<number> {
  return (await openGraph(a, project)).summary.unresolved as number
}

// ---- the run ----

const STDIO = ['s1', 's2', 's3']
const HTTP = ['h1', 'h2', 'h3']
const TOKENS = [...STDIO, ...HTTP].map((name) => ({
  name,
  role: 'write' as const,
  token: `${name}-token-secret`,
}))

interface Worker {
  name: string
  kind: 'stdio' | 'http'
  agent: Agent & { stderr?: () => string }
  random: () => number
  cache?: string
}

let server: TestServer | undefined
const workers: Worker[] = []
const dirs: string[] = []
afterEach(async () => {
  for (const w of workers.splice(0)) await w.agent.close().catch(() => {})
  await server?.dispose()
  server = undefined
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

async function startWorkers(s: TestServer, seed: number): Promise<void> {
  const random = rng(seed)
  for (const name of STDIO) {
    const cache = mkdtempSync(join(tmpdir(), `plexus-claims-${name}-`))
    dirs.push(cache)
    const agent = await stdioAgent({
      server: s.url,
      cacheDir: cache,
      token: `${name}-token-secret`,
      args: ['--as', name],
    })
    workers.push({ name, kind: 'stdio', agent, random: rng(random() * 2 ** 32), cache })
  }
  for (const name of HTTP) {
    const agent = await httpAgent(s.url, { name, token: `${name}-token-secret` })
    workers.push({ name, kind: 'http', agent, random: rng(random() * 2 ** 32) })
  }
}

interface Ledger {
  /** Who holds what right now, as the agents believe it. */
  held: Map<string, string>
  /** Every resolve an agent made, per task. */
  resolvedBy: Map<string, string[]>
  /** Two agents holding one node at once, while the server was up. */
  overlaps: string[]
  /** Per agent, every node it was told it lost. */
  told: Map<string, Set<string>>
  /**
   * HTTP agents whose call was cut off while the server stopped: a claim it may hold without
   * knowing ('*'), or a node it held whose resolve was refused. Such an agent can win a node it
   * never resolved; then everyone who resolved it lost it, and is told so.
   */
  cutOff: Map<string, Set<string>>
}

const ledger = (): Ledger => ({
  held: new Map(),
  resolvedBy: new Map(),
  overlaps: [],
  told: new Map(),
  cutOff: new Map(),
})

function cut(l: Ledger, w: Worker, id: string): void {
  let set = l.cutOff.get(w.name)
  if (!set) l.cutOff.set(w.name, (set = new Set()))
  set.add(id)
}

function tell(l: Ledger, w: Worker, lost: string[]): void {
  let set = l.told.get(w.name)
  if (!set) l.told.set(w.name, (set = new Set()))
  for (const id of lost) set.add(id)
}

/** One agent's loop: claim, hold for a random while, resolve; until nothing is left or `stop`. */
async function work(
  w: Worker,
  project: string,
  l: Ledger,
  opts: { online: () => boolean; stop: () => boolean },
): Promise<void> {
  let idle = 0
  while (!opts.stop()) {
    // Over HTTP there is nothing to talk to while the server is away: wait for it.
    if (w.kind === 'http' && !opts.online()) {
      await sleep(20)
      continue
    }
    let taken: Taken
    try {
      taken = await claimNext(w.agent, project)
    } catch (error) {
      if (w.kind === 'http' && !opts.online()) {
        cut(l, w, '*')
        continue
      }
      throw error
    }
    tell(l, w, taken.lost)
    if (!taken.id) {
      if (idle++ > 3 && (await unresolved(w.agent, project).catch(() => 1)) === 0) return
      await sleep(10 + w.random() * 30)
      continue
    }
    idle = 0
    const id = taken.id
    const other = l.held.get(id)
    if (other && opts.online()) l.overlaps.push(`${id} held by ${other} and ${w.name}`)
    l.held.set(id, w.name)
    await sleep(w.random() * 15)
    try {
      await resolveTask(w.agent, project, id, w.name)
    } catch (error) {
      if (w.kind === 'http' && !opts.online()) {
        if (l.held.get(id) === w.name) l.held.delete(id)
        cut(l, w, id)
        continue
      }
      throw error
    }
    if (l.held.get(id) === w.name) l.held.delete(id)
    l.resolvedBy.set(id, [...(l.resolvedBy.get(id) ?? []), w.name])
    await sleep(w.random() * 10)
  }
}

/** A node's claims, releases and resolves, oldest first, for a failure message. */
function eventsOf(g: model.Graph, id: string): string {
  const h = model.nodeHistory(g, id, { limit: 50 })
  if (!h.ok) return h.message
  return h.events
    .filter(
      (e) => e.action === 'claim' || e.action === 'release' || e.changes.some((c) => c.field === 'resolved'),
    )
    .reverse()
    .map((e) => `${e.ts} ${e.actor} ${e.action}`)
    .join(', ')
}

function report(l: Ledger, seed: number): string {
  const twice = [...l.resolvedBy].filter(([, by]) => by.length > 1)
  return `seed ${seed}: ${twice.length} resolved more than once (${twice
    .slice(0, 5)
    .map(([id, by]) => `${id} by ${by.join('+')}`)
    .join(', ')}), overlaps: ${l.overlaps.slice(0, 5).join('; ')}`
}

describe('claims across stdio and HTTP agents', () => {
  it('while the server is up: every task resolved once, never held by two at once', async () => {
    server = await testServer({ tokens: TOKENS })
    await startWorkers(server, SEED)
    const project = 'claims-up'
    const first = workers[0]!
    await openGraph(first.agent, project, 'Sixty tasks, six agents')
    const ids = await planTasks(first.agent, project, TASKS)

    const l = ledger()
    await Promise.all(workers.map((w) => work(w, project, l, { online: () => true, stop: () => false })))
    const why = report(l, SEED)
    expect(l.overlaps, why).toEqual([])
    for (const id of ids) expect(l.resolvedBy.get(id)?.length ?? 0, `${id}: ${why}`).toBe(1)
    expect(await unresolved(first.agent, project)).toBe(0)
    // Nobody lost anything, so nobody was told they did.
    expect([...l.told.values()].flatMap((s) => [...s])).toEqual([])
    // The loops end on an event (no task left), so this limit only ends a hang. It was 120 s: at load
    // 35 (seven helpers beside the run, session 16) the work took 128 s and failed on the machine.
  }, 600_000)

  // Runs on both stores. On PostgreSQL it once failed: a stopping server cut the connections of
  // requests whose writes it had committed (the claimer never heard it won) and could hang on a socket
  // opened while it stored; a stopping server now stops listening, then answers what it started.
  it('with the server stopped for part of the run: whoever resolved a task it lost is told', async () => {
    server = await testServer({ tokens: TOKENS })
    await startWorkers(server, SEED + 1)
    const project = 'claims-down'
    const first = workers[0]!
    await openGraph(first.agent, project, 'Sixty tasks, a restart in the middle')
    const ids = await planTasks(first.agent, project, TASKS)
    // Every stdio agent has the graph before the server goes.
    for (const w of workers) await openGraph(w.agent, project)

    const l = ledger()
    let online = true
    let stop = false
    const loops = workers.map((w) => work(w, project, l, { online: () => online, stop: () => stop }))

    await waitFor(() => l.resolvedBy.size >= 12, 'a fifth of the tasks resolved', 60_000)
    const port = server.port
    online = false
    // Counted before the stop: the agents go offline as the stop closes their connections, and a
    // slow stop (one held 14 s at load 15) can see them finish every task before it returns.
    const before = [...l.resolvedBy.values()].flat().length
    await server.stop()
    // The stdio agents go on with their local copies while the server is away.
    // Until the offline copies have collided (two agents resolved one task apart): the run tests
    // settlement only then, and under load one agent can do the first dozen alone.
    await waitFor(
      () =>
        [...l.resolvedBy.values()].flat().length >= before + 12 &&
        [...l.resolvedBy.values()].some((by) => by.length > 1),
      'stdio agents resolving offline, two of them the same task',
      60_000,
    )
    server = await server.restart({ port })
    // HTTP sessions did not survive the restart: reconnect those agents.
    for (const w of workers.filter((x) => x.kind === 'http')) {
      await w.agent.close().catch(() => {})
      w.agent = await httpAgent(server.url, { name: w.name, token: `${w.name}-token-secret` })
    }
    online = true
    // Until every loop has run out of work (the event); the bound only ends a hang. It was 90 s, and at
    // load 17 (a helper's note, session 15) the loops could still be working, stopped with tasks open,
    // and the check below then failed on the machine, not on the product.
    await Promise.race([
      Promise.all(loops),
      waitFor(() => false, 'never', 3 * WAIT_LIMIT_MS).catch(() => {
        stop = true
      }),
    ])
    stop = true
    await Promise.all(loops)

    // After everything synced, one more look from each agent: losers hear it even if their loop ended.
    const http = workers.find((w) => w.kind === 'http')!
    expect(await unresolved(http.agent, project)).toBe(0)
    // Until each stdio copy has the others' work (it reconnects with a random delay). This gave up
    // silently after 20 s, and on a slow machine the checks below could then fail far from the cause;
    // the harness's limit (one for all three) only ends a hang, and names the copy that is behind.
    const deadline = Date.now() + WAIT_LIMIT_MS
    for (const w of workers.filter((x) => x.kind === 'stdio')) {
      while ((await unresolved(w.agent, project)) !== 0) {
        if (Date.now() > deadline)
          throw new Error(`timed out waiting for ${w.name}'s copy to hold every resolve`)
        await sleep(100)
      }
    }
    for (const w of workers) tell(l, w, (await claimNext(w.agent, project)).lost)

    // The server's copy, read as a browser tab reads it, names the same winner the agents were told of.
    const tab = provider(server, project, { token: 'h1-token-secret' })
    await synced(tab)
    const settled = model.openGraph(tab.doc, { actor: 'tab', now: Date.now, newId: () => 'x' })

    const why = report(l, SEED + 1)
    let twice = 0
    for (const id of ids) {
      const by = l.resolvedBy.get(id) ?? []
      expect(by.length, `${id} never resolved: ${why}`).toBeGreaterThan(0)
      if (by.length < 2) continue
      twice++
      // Everyone who resolved it and did not win it was told; the winner was not. The winner is one
      // of them, or an HTTP agent the stop cut off, holding the node unawares (its resolve refused).
      const toldOf = new Set(by.filter((name) => l.told.get(name)?.has(id)))
      const winner = model.settleClaims(settled, id).winner?.by
      const story = () =>
        `${id} resolved by ${by.join('+')}, told: ${[...toldOf].join('+')}, winner ${winner}; ` +
        `history: ${eventsOf(settled, id)}; ${why}`
      expect([...toldOf].sort(), story()).toEqual([...new Set(by)].filter((n) => n !== winner).sort())
      const cutOff = winner !== undefined && [id, '*'].some((k) => l.cutOff.get(winner)?.has(k))
      expect(by.includes(winner!) || cutOff, story()).toBe(true)
    }
    // The run is only a test of settlement if offline work collided.
    expect(twice, why).toBeGreaterThan(0)
  }, 600_000)

  it('a stdio agent whose --as differs from its token is told, once, that its writes and claims carry the token', async () => {
    server = await testServer({ tokens: TOKENS })
    const cache = mkdtempSync(join(tmpdir(), 'plexus-claims-as-'))
    dirs.push(cache)
    const agent = await stdioAgent({
      server: server.url,
      cacheDir: cache,
      token: 's1-token-secret',
      args: ['--as', 'someone-else'],
    })
    workers.push({ name: 'someone-else', kind: 'stdio', agent, random: rng(SEED) })
    await openGraph(agent, 'names', 'Whose claim')
    await planTasks(agent, 'names', 2)
    const taken = await claimNext(agent, 'names')
    expect(taken.id).not.toBeNull()
    await claimNext(agent, 'names')
    // History and claims both name the token's identity: the server accepts no other name from it.
    const said = agent
      .stderr()
      .split('\n')
      .filter((line) => line.includes('someone-else'))
    expect(said).toEqual([
      'plexus mcp: writes are recorded as "s1", the token\'s identity, not "someone-else"',
    ])
  })
})
