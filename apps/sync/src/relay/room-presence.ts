/**
 * Awareness (presence) for one room, with ownership: a connection speaks only for the awareness
 * client ids it claimed first, and its states leave with it.
 *
 * Stock clients re-broadcast every awareness change they receive, so a connection routinely sends
 * other connections' entries back. Those echoes are never newer than what the room holds and are
 * dropped quietly. An entry newer than the room's for an id another identity owns is impersonation.
 *
 * Bounded and stamped: one client's state may hold `maxStateBytes` of JSON (more closes the
 * connection with 4413); a connection's own changes beyond `changesPerSecond` are dropped quietly
 * (its next change replaces them anyway). The display name in `user.name` is the client's choice
 * (cut to 64 characters); `user.identity` is set by the server to the connection's identity, and
 * `user.kind` ('agent' or 'person') to the server's verdict when it has one (tokens configured),
 * so no client can pass for another identity or for an agent.
 */
import {
  Awareness,
  applyAwarenessUpdate,
  encodeAwarenessUpdate,
  removeAwarenessStates,
} from 'y-protocols/awareness'
import { performance } from 'node:perf_hooks'
import type * as Y from 'yjs'
import { CloseCode, TokenBucket, type Breach } from '../access/server-limits.ts'
import { encodeAwarenessEntries, type AwarenessEntry } from './protocol.ts'

/** What presence needs to know about a connection. */
export interface Speaker {
  readonly identity: string
  readonly awarenessIds: Set<number>
  /** Whether the server knows the connection as an agent; absent when it cannot tell (no tokens). */
  readonly info?: { readonly agent?: boolean }
}

export type PresenceResult =
  { ok: true; applied: boolean } | { ok: false; reason: string; code?: number; breach?: Breach }

export interface PresenceLimits {
  /** JSON bytes of one client's state. */
  maxStateBytes: number
  /** A connection's own presence changes per second, and at once; more are dropped. */
  changesPerSecond: number
  changeBurst: number
  now: () => number
}

export const defaultPresenceLimits: PresenceLimits = {
  maxStateBytes: 16 * 1024,
  changesPerSecond: 60,
  changeBurst: 120,
  now: () => performance.now(),
}

const MAX_NAME = 64

export class Presence {
  readonly awareness: Awareness
  private readonly owners = new Map<number, Speaker>()
  /** Who owned an id when its connection left: only that identity may bring it back at the same clock. */
  private readonly lastOwner = new Map<number, string>()
  /** Added to a returning client's clocks (see `apply`). */
  private readonly offsets = new Map<number, number>()

  private readonly buckets = new WeakMap<Speaker, TokenBucket>()

  constructor(
    private readonly doc: Y.Doc,
    private readonly maxClientsPerSpeaker: number,
    private readonly limits: PresenceLimits = defaultPresenceLimits,
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
      const id = entry.clientID
      const owner = this.owners.get(id)
      if (owner === speaker) {
        accepted.push(this.shifted(entry))
        continue
      }
      // The rule y-protocols applies: only a higher clock changes a state; anything else is an echo.
      const current = this.awareness.meta.get(id)?.clock ?? 0
      // Except the peer coming back: a client that reconnects sends its state again with the clock
      // it had, which every peer has seen already. If it is the identity that owned the id when its
      // connection left, its clocks are moved past what peers have seen, for as long as it stays.
      const returning =
        entry.state !== null &&
        !this.awareness.states.has(id) &&
        this.shifted(entry).clock <= current &&
        this.lastOwner.get(id) === speaker.identity
      if (!returning && (entry.clock <= current || entry.state === null)) continue
      if (id === this.doc.clientID || (owner && owner.identity !== speaker.identity)) {
        return { ok: false, reason: `awareness client ${id} belongs to another connection` }
      }
      if (returning) this.offsets.set(id, current + 1 - entry.clock)
      else this.offsets.delete(id)
      claims.push(id)
      accepted.push(this.shifted(entry))
    }
    if (speaker.awarenessIds.size + claims.length > this.maxClientsPerSpeaker) {
      return { ok: false, reason: 'too many awareness client ids on one connection' }
    }
    for (const entry of accepted) {
      const bytes = entry.state === null ? 0 : Buffer.byteLength(JSON.stringify(entry.state))
      if (bytes > this.limits.maxStateBytes) {
        return {
          ok: false,
          code: CloseCode.documentTooLarge,
          breach: 'message_too_big',
          reason: `presence state of ${bytes} bytes is over ${this.limits.maxStateBytes}: send a name, colour, cursor and selection`,
        }
      }
    }
    // Over the rate a change is dropped (the next one replaces it); a client leaving never is.
    const changes = accepted.some((e) => e.state !== null)
    if (changes && !this.bucketOf(speaker).take()) return { ok: true, applied: false }
    for (let i = 0; i < accepted.length; i++) accepted[i] = this.stamped(accepted[i]!, speaker)
    for (const clientID of claims) {
      this.lastOwner.delete(clientID)
      // A reconnect of the same identity takes its id over from a connection not yet seen closing.
      this.owners.get(clientID)?.awarenessIds.delete(clientID)
      this.owners.set(clientID, speaker)
      speaker.awarenessIds.add(clientID)
    }
    if (accepted.length > 0) applyAwarenessUpdate(this.awareness, encodeAwarenessEntries(accepted), origin)
    return { ok: true, applied: accepted.length > 0 }
  }

  private bucketOf(speaker: Speaker): TokenBucket {
    let bucket = this.buckets.get(speaker)
    if (!bucket) {
      const { changesPerSecond, changeBurst, now } = this.limits
      this.buckets.set(speaker, (bucket = new TokenBucket(changesPerSecond, changeBurst, now)))
    }
    return bucket
  }

  /** The state as peers will see it: the identity and the agent badge are the server's word. */
  private stamped(entry: AwarenessEntry, speaker: Speaker): AwarenessEntry {
    const state = entry.state
    if (state === null || typeof state !== 'object' || Array.isArray(state)) return entry
    // A state without `user` shows no one (peers draw people from `user`): nothing to stamp.
    if (!Object.hasOwn(state, 'user')) return entry
    const given = (state as { user?: unknown }).user
    const user: Record<string, unknown> =
      given && typeof given === 'object' && !Array.isArray(given) ? { ...(given as object) } : {}
    user.name =
      typeof user.name === 'string' && user.name !== '' ? user.name.slice(0, MAX_NAME) : speaker.identity
    user.identity = speaker.identity
    const agent = speaker.info?.agent
    if (agent !== undefined) user.kind = agent ? 'agent' : 'person'
    return { ...entry, state: { ...state, user } }
  }

  private shifted(entry: AwarenessEntry): AwarenessEntry {
    const offset = this.offsets.get(entry.clientID) ?? 0
    return offset === 0 ? entry : { ...entry, clock: entry.clock + offset }
  }

  /** Withdraws everything a speaker owned; listeners of `awareness` tell the others. */
  leave(speaker: Speaker): void {
    const ids = [...speaker.awarenessIds]
    for (const id of ids) {
      if (this.owners.get(id) !== speaker) continue
      this.owners.delete(id)
      this.lastOwner.set(id, speaker.identity)
    }
    removeAwarenessStates(this.awareness, ids, null)
  }

  destroy(): void {
    this.owners.clear()
    this.lastOwner.clear()
    this.offsets.clear()
    this.awareness.destroy()
  }
}
