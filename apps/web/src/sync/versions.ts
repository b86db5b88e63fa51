import { SCHEMA_VERSION, migrate, newerSchemaMessage, onMeta, readMeta } from '@plexus/model'
import type { CloseReason, ConnectionStatus, SyncConnection } from '@plexus/sync-client'
import type * as Y from 'yjs'
import { createStore, type StoreApi } from 'zustand/vanilla'

export interface SchemaAccess {
  /** This build is older than the graph: changes stay on this device and are not sent. */
  readOnly: boolean
  /** What to tell the person: "update Plexus to edit this graph …", or null. */
  message: string | null
}

/**
 * Guards one open graph by its schema version (docs/versions.md):
 * - a graph newer than this build opens read-only, with a message saying to update Plexus; so does
 *   one the server refused a change to (close `schema-too-old`, 4426, its reason shown as it came);
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
    private readonly connection: SyncConnection,
    private readonly origin: unknown,
  ) {
    this.offMeta = onMeta(doc, this.check)
    connection.on('status', this.onStatus)
    connection.on('close', this.onClose)
    this.check()
  }

  private readonly onStatus = (status: ConnectionStatus): void => {
    if (status !== 'synced') return
    this.synced = true
    this.check()
  }

  private readonly onClose = (close: CloseReason): void => {
    if (close.kind !== 'schema-too-old') return
    this.store.setState({ readOnly: true, message: close.reason || newerSchemaMessage(0, SCHEMA_VERSION) })
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
    this.connection.off('status', this.onStatus)
    this.connection.off('close', this.onClose)
  }
}
