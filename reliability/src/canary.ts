/**
 * A sync-client connection (the stock y-websocket client inside) that stays connected while a phase attacks the server, writes through
 * the model now and then, and remembers every disconnect: if bad input from others harms honest
 * peers, this is where it shows.
 */
import { SCHEMA_VERSION, createNodes, openGraph, type Graph } from '@plexus/model'
import { connect, type SyncConnection } from '@plexus/sync-client'
import { WebSocket } from 'ws'
import * as Y from 'yjs'
import { strictDigest } from './state.ts'
import { until } from './suite.ts'

export interface Disconnect {
  at: string
  code: number
  reason: string
}

/**
 * A client as the web app runs it: jittered reconnects, and no BroadcastChannel (the server must
 * carry everything).
 */
export function stockClient(wsUrl: string, graph: string, token: string, doc = new Y.Doc()): SyncConnection {
  return connect(doc, {
    url: wsUrl,
    graph,
    token,
    schema: SCHEMA_VERSION,
    WebSocket,
    maxBackoffMs: 500,
    jitter: { maxMs: 500 },
  })
}

export async function synced(p: { readonly synced: boolean }, timeoutMs = 10_000): Promise<boolean> {
  return until(() => p.synced, timeoutMs, 10)
}

export class Canary {
  readonly connection: SyncConnection
  readonly g: Graph
  /** Ids of the nodes it wrote, in order. */
  readonly written: string[] = []
  /** Disconnects nobody announced; `phase` says what was going on. */
  readonly disconnects: Disconnect[] = []
  phase = 'start'
  private expectClose = false
  private n = 0

  constructor(wsUrl: string, graph: string, token: string, name: string) {
    this.connection = stockClient(wsUrl, graph, token)
    this.g = openGraph(this.doc, {
      actor: name,
      now: Date.now,
      newId: () => `n_canary${String(this.n++).padStart(5, '0')}`,
    })
    this.connection.on('close', (close) => {
      if (this.expectClose) return
      this.disconnects.push({ at: this.phase, code: close.code, reason: close.reason })
    })
    this.connection.awareness.setLocalStateField('user', { name, color: '#2a7' })
  }

  get doc(): Y.Doc {
    return this.connection.doc
  }

  get clientID(): number {
    return this.doc.clientID
  }

  get digest(): string {
    return strictDigest(Y.encodeStateAsUpdate(this.doc))
  }

  /** Writes one node through the model; returns its id. */
  write(summary: string): string {
    const r = createNodes(this.g, [{ summary, parent: null, kind: 'task' }], { mode: 'force' })
    if (!r.ok) throw new Error(`canary could not write: ${r.message}`)
    const id = r.created[0]!.id
    this.written.push(id)
    return id
  }

  /** Errors Yjs caught in the canary's observers (its model index), newest last. */
  readonly observerErrors: string[] = []

  /**
   * Yjs catches an observer's error and logs it: catch those logs as the canary's own failures
   * (reported by the phase, once, instead of a stack trace per update). Returns the undo.
   */
  catchObserverErrors(): () => void {
    const original = console.error
    console.error = (...args: unknown[]) => {
      if (args[0] === 'Caught error while handling a Yjs update') this.observerErrors.push(String(args[1]))
      else original(...args)
    }
    return () => {
      console.error = original
    }
  }

  disconnect(): void {
    this.expectClose = true
    this.connection.disconnect()
  }

  reconnect(): void {
    this.expectClose = false
    this.connection.connect()
  }

  destroy(): void {
    this.expectClose = true
    this.connection.destroy()
  }
}
