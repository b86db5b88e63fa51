import { migrate, newerSchemaMessage, onMeta, readMeta, SCHEMA_VERSION } from '@plexus/model'
import type { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'
import { createStore, type StoreApi } from 'zustand/vanilla'

/** The server's close code for a change from a client older than the graph (apps/sync versions.ts). */
export const SCHEMA_TOO_OLD = 4426

export interface SchemaAccess {
  /** This build is older than the graph: changes stay on this device and are not sent. */
  readOnly: boolean
  /** What to tell the person: "update Plexus to edit this graph …", or null. */
  message: string | null
}

/**
 * Guards one open graph by its schema version (docs/versions.md):
 * - a graph newer than this build opens read-only, with a message saying to update Plexus; so does
 *   one the server refused a change to (close code 4426, its reason shown as it came);
 * - a graph older than this build is upgraded once, after the first sync with the server (so the
 *   upgrade builds on the newest version the server has), in one transaction made with `origin`,
 *   which undo does not track. Upgrades are deterministic: two tabs doing it at once converge.
 */
export class SchemaGuard {
  readonly store: StoreApi<SchemaAccess> = createStore<SchemaAccess>(() => ({
    readOnly: false,
    message: null,
  }))
  private synced = false
  private readonly offMeta: () => void

  constructor(
    private readonly doc: Y.Doc,
    private readonly provider: WebsocketProvider,
    private readonly origin: unknown,
  ) {
    this.offMeta = onMeta(doc, this.check)
    provider.on('sync', this.onSync)
    provider.on('connection-close', this.onClose)
    this.check()
  }

  /** Query parameters that tell the server which schema this build writes. */
  static params(): Record<string, string> {
    return { schema: String(SCHEMA_VERSION) }
  }

  private readonly onSync = (synced: boolean): void => {
    if (!synced) return
    this.synced = true
    this.check()
  }

  private readonly onClose = (event: CloseEvent | null): void => {
    if (!event || event.code !== SCHEMA_TOO_OLD) return
    this.store.setState({ readOnly: true, message: event.reason || newerSchemaMessage(0, SCHEMA_VERSION) })
  }

  private readonly check = (): void => {
    const m = readMeta(this.doc)
    if (m.schema > SCHEMA_VERSION) {
      if (!this.store.getState().readOnly)
        this.store.setState({ readOnly: true, message: newerSchemaMessage(m.schema, SCHEMA_VERSION) })
      return
    }
    // An empty document reads as schema 0: only a graph that exists is upgraded.
    if (this.synced && m.id !== '' && m.schema < SCHEMA_VERSION) migrate(this.doc, this.origin)
  }

  destroy(): void {
    this.offMeta()
    this.provider.off('sync', this.onSync)
    this.provider.off('connection-close', this.onClose)
  }
}
