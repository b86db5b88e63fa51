/**
 * Claims raced across servers, inside the several-servers phase (multi.ts) while its servers are
 * SIGKILLed and Redis restarted: MCP agents, each starting on its own server (and moving to the next
 * when a call finds its server down), race `graph_next {claim: true}` for a handful of tasks, hold
 * what they win a seeded while and release it; some take a short lease and walk away.
 *
 * Checked, as each claim is answered and at the end:
 * - never two holders: the span in which an agent surely held a task (its claim answered, until it
 *   sent the release or its lease could first lapse) never overlaps another agent's;
 * - a release answered after the holder's server died (sent to another server) frees the claim's
 *   PostgreSQL row, and one that is refused is a failure;
 * - after convergence, every server's MCP reads show each task held by the agent last answered for
 *   it, and nobody else, and PostgreSQL's claims rows agree.
 */
import type { PgStore } from '@plexus/sync'
import { holds, liveRows, must, readHolders } from './claim-reads.ts'
import { Agent, type ToolReply } from './peers.ts'
import { sleep, until, type Rng } from './suite.ts'

/** A lease short enough to lapse within the run (3 s), for claims an agent walks away from. */
const SHORT_LEASE_MINUTES = 0.05

interface Hold {
  task: string
  agent: string
  sent: number
  answered: number
  /** ms; where the lease could first lapse is `sent + leaseMs` (it started at the commit, after `sent`). */
  leaseMs: number
  server: number
  releaseSent?: number
}

export interface ClaimRaceOptions {
  /** Each server's base URL (the same index each time: a restarted server keeps its port). */
  urls: string[]
  rng: Rng
  pool: PgStore['pool']
  /** Each claimer's name and token (its name is who holds what it claims). */
  claimers: Array<{ name: string; token: string }>
  tasks: number
}

export class ClaimRace {
  readonly graph = 'claims-race'
  readonly failures: string[] = []
  private readonly holds: Hold[] = []
  private tasks: string[] = []
  /** Each claimer, and the same agent (its token) through the next server, as a round robin sends it. */
  private readonly claimers: Array<{
    agent: Agent
    at: () => number
    elsewhere: Agent
    atElsewhere: () => number
  }> = []
  private readonly counts = {
    races: 0,
    wins: 0,
    refusals: 0,
    walkedAway: 0,
    lostAnswers: 0,
    adopted: 0,
    lostAfterWin: 0,
  }
  private releasedElsewhere = 0
  private heldThroughKills = 0
  /** When each agent last lost a claim call's answer. */
  private readonly lostAt = new Map<string, number>()

  constructor(private readonly o: ClaimRaceOptions) {
    for (const [i, c] of o.claimers.entries()) {
      let agent: Agent | null = null
      // Its own server first; after a failed call, the next one (the agent reconnects elsewhere).
      const at = () => (i + (agent?.failures ?? 0)) % o.urls.length
      agent = new Agent(c.name, () => o.urls[at()]!, o.rng.fork(500 + i), c.token)
      let elsewhere: Agent | null = null
      const atElsewhere = () => (i + 1 + (elsewhere?.failures ?? 0)) % o.urls.length
      elsewhere = new Agent(c.name, () => o.urls[atElsewhere()]!, o.rng.fork(800 + i), c.token)
      this.claimers.push({ agent, at, elsewhere, atElsewhere })
    }
  }

  /** Opens the graph and its tasks, and waits until every server's copy has them. */
  async setup(): Promise<void> {
    const first = this.claimers[0]!.agent
    const deadline = performance.now() + 30_000
    await must(first.callUntilAnswered('graph_open', { project: this.graph, goal: 'Claims raced' }, deadline))
    const nodes = Array.from({ length: this.o.tasks }, (_, i) => ({ ref: `t${i}`, summary: `Task ${i}` }))
    const plan = await must(first.callUntilAnswered('graph_plan', { project: this.graph, nodes }, deadline))
    this.tasks = (plan.data.created as Array<{ id: string }>).map((c) => c.id)
    for (const { agent } of this.claimers) {
      const seen = await until(
        async () => (await readHolders(agent, this.graph)).size === this.o.tasks,
        30_000,
        100,
      )
      if (!seen) throw new Error(`${agent.name}'s server does not show the ${this.o.tasks} tasks`)
    }
  }

  /** Every agent races until `running()` turns false, then releases what it holds. */
  run(running: () => boolean): Promise<void> {
    return Promise.all(this.claimers.map((c, i) => this.loop(c, this.o.rng.fork(600 + i), running))).then(
      () => {},
    )
  }

  /** A server is about to be SIGKILLed: the long claims its agents hold must outlive it. */
  killing(server: number): void {
    for (const h of this.open()) if (h.server === server && h.leaseMs > 60_000) this.heldThroughKills++
  }

  private open(): Hold[] {
    return this.holds.filter((h) => h.releaseSent === undefined)
  }

  private async loop(c: ClaimRace['claimers'][number], r: Rng, running: () => boolean): Promise<void> {
    const { agent: a, at } = c
    while (running()) {
      await sleep(r.next() * 60)
      const short = r.next() < 0.15
      const sent = Date.now()
      const server = at()
      let reply: ToolReply
      try {
        reply = await a.call('graph_next', {
          project: this.graph,
          claim: true,
          ...(short ? { ttl_minutes: SHORT_LEASE_MINUTES } : {}),
        })
      } catch {
        // The server died with the call: it may have claimed for us. Ask the next server.
        this.counts.lostAnswers++
        this.lostAt.set(a.name, sent)
        await this.adopt(a, at, sent)
        continue
      }
      this.counts.races++
      if (!reply.ok) {
        this.failures.push(`${a.name} graph_next claim: ${reply.text.slice(0, 200)}`)
        continue
      }
      this.lost(a.name, sent, reply)
      const task = ((reply.data.claimed as string[] | undefined) ?? [])[0]
      if (!task) {
        this.counts.refusals++
        continue
      }
      this.counts.wins++
      const hold = this.record({ task, agent: a.name, sent, answered: Date.now(), server, leaseMs: 0 }, short)
      if (short) {
        this.counts.walkedAway++
        continue
      }
      await sleep(20 + r.next() * 300)
      // A third of releases go through the next server, whose copy may not have the claim yet.
      if (r.next() < 0.33) await this.release(c.elsewhere, c.atElsewhere, hold)
      else await this.release(a, at, hold)
    }
    for (const h of this.open().filter((h) => h.agent === a.name && h.leaseMs > 60_000))
      await this.release(a, at, h)
  }

  /** A claim the server says `agent` lost: it held it until then, no longer; one still leased is a failure. */
  private lost(agent: string, sent: number, reply: ToolReply): void {
    const ids = (reply.data.lost_claims as Array<{ id: string; held_by?: string | null }> | undefined) ?? []
    for (const l of ids) {
      for (const h of this.open().filter((h) => h.agent === agent && h.task === l.id)) {
        h.releaseSent = sent
        this.counts.lostAfterWin++
        if (sent < h.sent + h.leaseMs)
          this.failures.push(
            `${agent} was told it lost ${l.id} (to ${l.held_by ?? 'nobody'}) ${sent - h.answered} ms after winning it, its lease (${h.leaseMs} ms) not lapsed`,
          )
      }
    }
  }

  private record(h: Hold, short: boolean): Hold {
    h.leaseMs = short ? SHORT_LEASE_MINUTES * 60_000 : 60 * 60_000
    for (const o of this.holds) {
      if (o.task !== h.task || o.agent === h.agent) continue
      const oEnd = Math.min(o.releaseSent ?? Infinity, o.sent + o.leaseMs)
      const hEnd = Math.min(h.releaseSent ?? Infinity, h.sent + h.leaseMs)
      if (o.answered < hEnd && h.answered < oEnd)
        this.failures.push(
          `${h.task} held by ${o.agent} (claimed on server ${o.server}, sent ${o.sent - h.answered} ms, ` +
            `answered ${o.answered - h.answered} ms, lease ${o.leaseMs} ms, release sent ${o.releaseSent === undefined ? 'never' : o.releaseSent - h.answered} ms) ` +
            `and ${h.agent} (server ${h.server}, answered at 0) at once`,
        )
    }
    this.holds.push(h)
    return h
  }

  /** Releases `h` through whichever server answers; one sent elsewhere must free the claim's row. */
  private async release(a: Agent, at: () => number, h: Hold): Promise<void> {
    // A release ends every claim the agent holds on the task (it may have re-claimed one it walked from).
    const now = Date.now()
    for (const o of this.open()) if (o.agent === h.agent && o.task === h.task) o.releaseSent = now
    const update = { project: this.graph, updates: [{ node_id: h.task, release: true }] }
    let reply: ToolReply
    try {
      reply = await a.callUntilAnswered('graph_update', update, performance.now() + 30_000)
    } catch (error) {
      this.failures.push(`${a.name} could not release ${h.task} within 30 s: ${String(error)}`)
      return
    }
    if (!reply.ok) {
      this.failures.push(
        `${a.name}'s release of ${h.task} (claimed on server ${h.server}) refused: ${reply.text}`,
      )
      return
    }
    if (at() === h.server) return
    this.releasedElsewhere++
    const freed = await until(
      async () => !(await holds(this.o.pool, this.graph, h.task, a.name)),
      10_000,
      100,
    )
    if (!freed)
      this.failures.push(
        `${a.name} released ${h.task} through server ${at()} (claimed on ${h.server}), but PostgreSQL still holds the claim`,
      )
  }

  /** After a lost answer: what PostgreSQL says this agent holds and it does not know of is its own to release. */
  private async adopt(a: Agent, at: () => number, sent: number): Promise<void> {
    const live = await liveRows(this.o.pool, this.graph).catch(() => new Map<string, string>())
    const known = new Set(
      this.open()
        .filter((h) => h.agent === a.name)
        .map((h) => h.task),
    )
    for (const [node, holder] of live) {
      if (holder !== a.name || known.has(node)) continue
      this.counts.adopted++
      const h = this.record(
        { task: node, agent: a.name, sent, answered: Date.now(), server: -1, leaseMs: 0 },
        false,
      )
      await this.release(a, at, h)
    }
  }

  /**
   * After the run (every agent released its long claims, servers converged): each agent claims once
   * more, short leases lapse, and every server must show each task's last answered holder.
   */
  async finalCheck(): Promise<void> {
    // A claim whose answer a kill lost may show only now that the servers converged: its agent's.
    for (const { agent, at } of this.claimers) {
      const lost = this.lostAt.get(agent.name)
      if (lost !== undefined) await this.adopt(agent, at, lost)
    }
    for (const { agent, at } of this.claimers) {
      const sent = Date.now()
      const server = at()
      const reply = await must(
        agent.callUntilAnswered(
          'graph_next',
          { project: this.graph, claim: true },
          performance.now() + 30_000,
        ),
      )
      const task = ((reply.data.claimed as string[] | undefined) ?? [])[0]
      if (task)
        this.record({ task, agent: agent.name, sent, answered: Date.now(), server, leaseMs: 0 }, false)
    }
    const lapse = Math.max(
      0,
      ...this.holds.map((h) => h.sent + h.leaseMs).filter((t) => t < Date.now() + 60_000),
    )
    await sleep(Math.max(0, lapse + 1000 - Date.now()))
    const expected = new Map<string, string | null>(this.tasks.map((t) => [t, null]))
    for (const h of this.open()) if (h.leaseMs > 60_000) expected.set(h.task, h.agent)
    for (const [i, url] of this.o.urls.entries()) {
      const agent = new Agent(
        `claims-reader-${i}`,
        () => url,
        this.o.rng.fork(700 + i),
        this.o.claimers[0]!.token,
      )
      let diff: string[] = []
      await until(
        async () => {
          const shown = await readHolders(agent, this.graph).catch(() => new Map<string, string | null>())
          diff = [...expected]
            .filter(([t, by]) => shown.get(t) !== by)
            .map(([t, by]) => `${t}: expected ${by}, shows ${shown.get(t)}`)
          return diff.length === 0
        },
        30_000,
        250,
      )
      await agent.close()
      if (diff.length) this.failures.push(`server ${i} after convergence: ${diff.slice(0, 3).join('; ')}`)
    }
    const live = await liveRows(this.o.pool, this.graph)
    for (const [t, by] of expected)
      if ((live.get(t) ?? null) !== by)
        this.failures.push(`PostgreSQL's claim on ${t}: expected ${by}, holds ${live.get(t) ?? null}`)
  }

  figures(): Record<string, number> {
    return {
      'claim races': this.counts.races,
      'claims won': this.counts.wins,
      'claims refused (held by others)': this.counts.refusals,
      'claims walked away from (3 s lease)': this.counts.walkedAway,
      'claim answers lost to a kill': this.counts.lostAnswers,
      'claims found held after a lost answer': this.counts.adopted,
      'claims held across their server’s kill': this.heldThroughKills,
      'releases through another server': this.releasedElsewhere,
      'claims lost after being won': this.counts.lostAfterWin,
      'double holders': this.failures.filter((f) => f.includes(' at once')).length,
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.claimers.flatMap((c) => [c.agent.close(), c.elsewhere.close()]))
  }
}
