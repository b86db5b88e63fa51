/**
 * The well-behaved agent of the mcp-input phase that keeps working while the attack runs.
 */
import type { Agent } from './peers.ts'
import { sleep } from './suite.ts'

/** The graph the background agent works on, away from the attacked one. */
export const AGENT_GRAPH = 'mcp-agent'
/** Nodes it creates before it turns to updating them. */
const MAX_NODES = 200

/**
 * A second agent working on its own graph while the attack runs: a write, then a read of it, in a
 * loop. Every call must succeed; its latencies show whether bad input stalls the server for others.
 */
export class Background {
  readonly latencies: number[] = []
  readonly errors: string[] = []
  readonly written: string[] = []
  private running: Promise<void> | null = null
  private stopping = false

  constructor(private readonly agent: Agent) {}

  async start(): Promise<void> {
    const open = await this.agent.call('graph_open', { project: AGENT_GRAPH, goal: 'Keep working' })
    if (!open.ok) throw new Error(`graph_open ${AGENT_GRAPH}: ${open.text}`)
    this.running = this.loop()
  }

  async stop(): Promise<void> {
    this.stopping = true
    await this.running
    this.running = null
    await this.agent.close()
  }

  private async loop(): Promise<void> {
    for (let n = 0; !this.stopping; n++) {
      // New nodes up to a bound, then new notes on them: the graph stays the same size, so its
      // latencies measure the attack, not a growing graph.
      if (this.written.length < MAX_NODES) await this.create(`background ${n}`)
      else await this.renote(this.written[n % MAX_NODES]!, `note ${n}`)
      await sleep(20)
    }
  }

  private async create(summary: string): Promise<void> {
    const args = { project: AGENT_GRAPH, nodes: [{ summary }], mode: 'force' }
    const id = await this.timed('graph_plan', args, (data) => {
      const made = (data.created as Array<{ id?: string }> | undefined)?.[0]?.id
      if (made) this.written.push(made)
      return made
    })
    if (id) {
      await this.timed('graph_context', { project: AGENT_GRAPH, node_id: id }, (data) =>
        (data.node as { summary?: string } | undefined)?.summary === summary ? id : undefined,
      )
    }
  }

  private async renote(id: string, notes: string): Promise<void> {
    const done = await this.timed(
      'graph_update',
      { project: AGENT_GRAPH, updates: [{ node_id: id, notes }] },
      () => id,
    )
    if (done) {
      await this.timed('graph_context', { project: AGENT_GRAPH, node_id: id }, (data) =>
        (data.node as { notes?: string } | undefined)?.notes === notes ? id : undefined,
      )
    }
  }

  private async timed(
    tool: string,
    args: Record<string, unknown>,
    check: (data: Record<string, unknown>) => string | undefined,
  ): Promise<string | undefined> {
    const t0 = performance.now()
    try {
      const reply = await this.agent.call(tool, args)
      this.latencies.push(performance.now() - t0)
      const out = reply.ok ? check(reply.data) : undefined
      if (!out) this.errors.push(`${tool} ${JSON.stringify(args).slice(0, 100)}: ${reply.text.slice(0, 200)}`)
      return out
    } catch (error) {
      this.errors.push(`${tool}: ${String(error)}`)
      return undefined
    }
  }
}
