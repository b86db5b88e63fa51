/**
 * The peers of the load and fault runs, each keeping a ledger of what it wrote:
 *
 * - `SyncClient`: a `@plexus/sync-client` connection (as a browser tab uses it) writing through the model.
 *   Its ledger is every node it created and the last value of its own counter property on each node
 *   it touched; the client keeps these in its own document and resends them on reconnect, so after
 *   the run every entry must be on the server.
 * - `Agent`: the official MCP SDK client over Streamable HTTP. Its ledger holds only writes the
 *   server answered as done; a call that failed (server down) is retried later with a new node.
 *   It reconnects with exponential backoff and full jitter, as an agent runtime should.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { SCHEMA_VERSION, createNodes, openGraph, updateNodes, type Graph } from '@plexus/model'
import { connect, type CloseReason, type SyncConnection } from '@plexus/sync-client'
import { WebSocket } from 'ws'
import * as Y from 'yjs'
import { passed, type Deadline } from './patience.ts'
import { sleep, type Rng } from './suite.ts'

let idCounter = 0
/** Node ids unique across this run's peers (the model's own id form is random; this one is readable). */
export const runId = (who: string) => `n_${who}_${(idCounter++).toString(36)}`

/** A write that must survive: a node that must exist, or a property that must hold at least `value`. */
export interface Entry {
  node: string
  /** Counter property and the value written; absent for a create. */
  key?: string
  value?: number
  /** performance.now() when written, for relay latency. */
  at: number
}

export class SyncClient {
  readonly doc = new Y.Doc()
  readonly connection: SyncConnection
  private model: Graph | null = null
  readonly ledger: Entry[] = []
  /** Every close the server announced, transient or final. */
  readonly closes: CloseReason[] = []
  private counter = 0

  constructor(
    readonly name: string,
    wsBase: string,
    readonly graphId: string,
    options: { token?: string; maxBackoffMs?: number } = {},
  ) {
    // As the web app and `plexus mcp` connect: one sync-client connection with jittered reconnects.
    this.connection = connect(this.doc, {
      url: wsBase,
      graph: graphId,
      token: options.token ?? null,
      schema: SCHEMA_VERSION,
      WebSocket,
      maxBackoffMs: options.maxBackoffMs ?? 2500,
    })
    this.connection.on('close', (close) => this.closes.push(close))
  }

  /** The model on this client's document, made on first use: a client that only reads stays plain Yjs. */
  get graph(): Graph {
    let n = 0
    this.model ??= openGraph(this.doc, {
      actor: this.name,
      now: Date.now,
      newId: () => runId(`${this.name}x${n++}`),
    })
    return this.model
  }

  get synced(): boolean {
    return this.connection.synced
  }

  /** The graph's root, once synced and set up. */
  root(): string | null {
    const meta = this.doc.getMap('meta')
    const root = meta.get('root')
    return typeof root === 'string' && this.doc.getMap('nodes').has(root) ? root : null
  }

  /** One random write: a new node (half the time) or a counter bump on a node this client made. */
  write(rng: Rng): Entry | null {
    const root = this.root()
    if (!root) return null
    const own = this.ledger.filter((e) => e.key === undefined)
    if (own.length === 0 || rng.next() < 0.5) {
      const r = createNodes(this.graph, [{ summary: `${this.name} note ${this.counter++}`, parent: root }], {
        mode: 'force',
      })
      if (!r.ok) throw new Error(`${this.name}: create failed: ${r.message}`)
      const entry = { node: r.created[0]!.id, at: performance.now() }
      this.ledger.push(entry)
      return entry
    }
    const target = rng.pick(own).node
    const key = `w_${this.name}`
    const value = this.counter++
    const r = updateNodes(this.graph, [{ id: target, properties: { [key]: value } }])
    if (!r.ok) throw new Error(`${this.name}: update failed: ${r.message}`)
    const entry = { node: target, key, value, at: performance.now() }
    this.ledger.push(entry)
    return entry
  }

  destroy(): void {
    this.connection.destroy()
    this.doc.destroy()
  }
}

export interface ToolReply {
  ok: boolean
  data: Record<string, unknown>
  text: string
}

export class Agent {
  readonly ledger: Entry[] = []
  calls = 0
  failures = 0
  reconnects = 0
  private client: Client | null = null
  private attempt = 0

  constructor(
    readonly name: string,
    private readonly url: () => string,
    private readonly rng: Rng,
    private readonly token?: string,
  ) {}

  /** Calls a tool, connecting first if needed. Throws on transport failure (server down). */
  async call(tool: string, args: Record<string, unknown>): Promise<ToolReply> {
    const client = await this.connect()
    this.calls++
    try {
      const result = await client.callTool({ name: tool, arguments: args })
      const text = (result.content as Array<{ text?: string }>)[0]?.text ?? ''
      const data = (result.structuredContent ?? {}) as Record<string, unknown>
      return { ok: result.isError !== true, data, text }
    } catch (error) {
      this.failures++
      await this.drop()
      throw error
    }
  }

  /**
   * Calls until the server answers (a tool error is an answer), with exponential backoff and full
   * jitter between attempts, up to `deadline` (performance.now()).
   */
  async callUntilAnswered(
    tool: string,
    args: Record<string, unknown>,
    deadline: Deadline,
  ): Promise<ToolReply> {
    for (;;) {
      try {
        const reply = await this.call(tool, args)
        this.attempt = 0
        return reply
      } catch (error) {
        if (passed(deadline)) throw error
        const cap = Math.min(2000, 50 * 2 ** this.attempt++)
        await sleep(this.rng.next() * cap)
      }
    }
  }

  async close(): Promise<void> {
    await this.drop()
  }

  private async connect(): Promise<Client> {
    if (this.client) return this.client
    const client = new Client({ name: this.name, version: '1.0.0' })
    const transport = new StreamableHTTPClientTransport(new URL(`${this.url()}/mcp`), {
      requestInit: this.token ? { headers: { authorization: `Bearer ${this.token}` } } : {},
      reconnectionOptions: {
        initialReconnectionDelay: 100,
        maxReconnectionDelay: 1000,
        reconnectionDelayGrowFactor: 2,
        maxRetries: 0,
      },
    })
    try {
      await client.connect(transport)
    } catch (error) {
      this.failures++
      await client.close().catch(() => {})
      throw error
    }
    if (this.calls > 0) this.reconnects++
    this.client = client
    return client
  }

  private async drop(): Promise<void> {
    const client = this.client
    this.client = null
    if (client) await client.close().catch(() => {})
  }
}
