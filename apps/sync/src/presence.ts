/**
 * Awareness (presence) for one room, with ownership: a connection speaks only for the awareness
 * client ids it claimed first, and its states leave with it.
 *
 * Stock clients re-broadcast every awareness change they receive, so a connection routinely sends
 * other connections' entries back. Those echoes are never newer than what the room holds and are
 * dropped quietly. An entry newer than the room's for an id another identity owns is impersonation.
 */
import {
  Awareness,
  applyAwarenessUpdate,
  encodeAwarenessUpdate,
  removeAwarenessStates,
} from 'y-protocols/awareness'
import type * as Y from 'yjs'
import { encodeAwarenessEntries, type AwarenessEntry } from './protocol.ts'

/** What presence needs to know about a connection. */
export interface Speaker {
  readonly identity: string
  readonly awarenessIds: Set<number>
}

export type PresenceResult = { ok: true; applied: boolean } | { ok: false; reason: string }

export class Presence {
  readonly awareness: Awareness
  private readonly owners = new Map<number, Speaker>()

  constructor(
    private readonly doc: Y.Doc,
    private readonly maxClientsPerSpeaker: number,
  ) {
    this.awareness = new Awareness(doc)
    this.awareness.setLocalState(null)
  }

  /** Every current state, encoded as one awareness update (for a peer that just joined). */
  snapshot(): Uint8Array | null {
    const clients = [...this.awareness.getStates().keys()]
    return clients.length > 0 ? encodeAwarenessUpdate(this.awareness, clients) : null
  }

  encode(clients: number[]): Uint8Array {
    return encodeAwarenessUpdate(this.awareness, clients)
  }

  apply(speaker: Speaker, entries: AwarenessEntry[], origin: unknown): PresenceResult {
    const accepted: AwarenessEntry[] = []
    const claims: number[] = []
    for (const entry of entries) {
      const owner = this.owners.get(entry.clientID)
      if (owner === speaker) {
        accepted.push(entry)
        continue
      }
      // The rule y-protocols applies: only a higher clock changes a state; anything else is an echo.
      const current = this.awareness.meta.get(entry.clientID)?.clock ?? 0
      if (entry.clock <= current || entry.state === null) continue
      if (entry.clientID === this.doc.clientID || (owner && owner.identity !== speaker.identity)) {
        return { ok: false, reason: `awareness client ${entry.clientID} belongs to another connection` }
      }
      claims.push(entry.clientID)
      accepted.push(entry)
    }
    if (speaker.awarenessIds.size + claims.length > this.maxClientsPerSpeaker) {
      return { ok: false, reason: 'too many awareness client ids on one connection' }
    }
    for (const clientID of claims) {
      // A reconnect of the same identity takes its id over from a connection not yet seen closing.
      this.owners.get(clientID)?.awarenessIds.delete(clientID)
      this.owners.set(clientID, speaker)
      speaker.awarenessIds.add(clientID)
    }
    if (accepted.length > 0) applyAwarenessUpdate(this.awareness, encodeAwarenessEntries(accepted), origin)
    return { ok: true, applied: accepted.length > 0 }
  }

  /** Withdraws everything a speaker owned; listeners of `awareness` tell the others. */
  leave(speaker: Speaker): void {
    const ids = [...speaker.awarenessIds]
    for (const id of ids) if (this.owners.get(id) === speaker) this.owners.delete(id)
    removeAwarenessStates(this.awareness, ids, null)
  }

  destroy(): void {
    this.owners.clear()
    this.awareness.destroy()
  }
}
