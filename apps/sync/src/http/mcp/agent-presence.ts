/**
 * Agents in presence. An agent calling tools over `/mcp` has no WebSocket and so no awareness of its
 * own; the server speaks for it in the graph's room, under a client id of its own per (graph, agent):
 * `{ user: { name, color, kind: 'agent' }, node }`, at the node the agent last touched. The entry is
 * renewed while the agent keeps calling (awareness drops states not renewed within 30 s) and withdrawn
 * `lingerMs` after its last call, so people on the canvas see who is working where, and for how long.
 */
import { applyAwarenessUpdate, type Awareness } from 'y-protocols/awareness'
import { colorOf } from '@plexus/tools'
import { encodeAwarenessEntries } from '../../relay/protocol.ts'

export interface AwarenessHost {
  /** The room's awareness of a loaded graph; undefined when the graph is not loaded. */
  awareness(graph: string): Awareness | undefined
}

export interface PresenceOptions {
  /** How long an agent stays visible after its last call. */
  lingerMs?: number
  /** How often a visible agent's entry is renewed (below awareness's 30 s timeout). */
  renewMs?: number
}

interface Entry {
  graph: string
  name: string
  clientID: number
  clock: number
  node: string | null
  lastCall: number
}

const ORIGIN = 'plexus-mcp-presence'
export class AgentPresence {
  private readonly entries = new Map<string, Entry>()
  private readonly lingerMs: number
  private readonly timer: NodeJS.Timeout

  constructor(
    private readonly host: AwarenessHost,
    options: PresenceOptions = {},
  ) {
    this.lingerMs = options.lingerMs ?? 60_000
    this.timer = setInterval(() => this.sweep(), options.renewMs ?? 15_000)
    this.timer.unref()
  }

  /** The agent `name` just worked at `node` in `graph`. */
  show(graph: string, name: string, node: string | null): void {
    const key = `${graph}\u0000${name}`
    let e = this.entries.get(key)
    if (!e) {
      e = { graph, name, clientID: freshClientId(), clock: 0, node, lastCall: Date.now() }
      this.entries.set(key, e)
    }
    e.lastCall = Date.now()
    if (node !== null) e.node = node
    this.publish(e)
  }

  /** Agents currently shown, for tests and metrics. */
  get size(): number {
    return this.entries.size
  }

  close(): void {
    clearInterval(this.timer)
    for (const e of this.entries.values()) this.withdraw(e)
    this.entries.clear()
  }

  private sweep(): void {
    const now = Date.now()
    for (const [key, e] of this.entries) {
      if (now - e.lastCall >= this.lingerMs || !this.host.awareness(e.graph)) {
        this.withdraw(e)
        this.entries.delete(key)
      } else this.publish(e)
    }
  }

  private publish(e: Entry): void {
    const awareness = this.host.awareness(e.graph)
    if (!awareness) return
    const state = { user: { name: e.name, color: colorOf(e.name), kind: 'agent' }, node: e.node }
    e.clock++
    applyAwarenessUpdate(
      awareness,
      encodeAwarenessEntries([{ clientID: e.clientID, clock: e.clock, state }]),
      ORIGIN,
    )
  }

  private withdraw(e: Entry): void {
    const awareness = this.host.awareness(e.graph)
    if (!awareness) return
    e.clock++
    applyAwarenessUpdate(
      awareness,
      encodeAwarenessEntries([{ clientID: e.clientID, clock: e.clock, state: null }]),
      ORIGIN,
    )
  }
}

/** Client ids are 32-bit; a random one collides with a browser's as rarely as two browsers collide. */
function freshClientId(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!
}
