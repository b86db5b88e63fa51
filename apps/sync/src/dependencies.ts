/**
 * Whether an update can be integrated now, in full: every struct continues its client's history
 * without a gap, and everything it points at (origin, right origin, parent item, deleted ranges)
 * is already in the document or earlier in the same update.
 *
 * Yjs keeps an update it cannot integrate as "pending" inside the document, applies the part it
 * can, and sends the pending part on to every peer that syncs. A client of this server only ever
 * builds on what the server sent it, so an update with a missing dependency is either corrupt or
 * from a peer the server has never heard of; either way it must not get into the document, in
 * whole or in part. Checking first keeps it all-or-nothing.
 */
import * as Y from 'yjs'
import type { DecodedUpdate } from './protocol.ts'

interface Id {
  client: number
  clock: number
}

/** Null when `decoded` can be applied to `doc` in full; otherwise what is missing, as a sentence. */
export function missingDependency(doc: Y.Doc, decoded: DecodedUpdate): string | null {
  // The clock up to which each client's history is known: the document's state, extended by this
  // update's structs when they continue it without a gap.
  const known = new Map<number, number>()
  const stateOf = (client: number): number => {
    let state = known.get(client)
    if (state === undefined) {
      state = Y.getState(doc.store, client)
      known.set(client, state)
    }
    return state
  }
  for (const struct of decoded.structs) {
    if (struct instanceof Y.Skip) continue
    const { client, clock } = struct.id
    const state = stateOf(client)
    if (clock > state) return `client ${client} jumps from clock ${state} to ${clock}`
    known.set(client, Math.max(state, clock + struct.length))
  }
  const has = (id: Id | null): boolean => id === null || id.clock < stateOf(id.client)
  for (const struct of decoded.structs) {
    if (!(struct instanceof Y.Item)) continue
    if (!has(struct.origin)) return `${at(struct)} follows ${name(struct.origin!)}, which is unknown here`
    if (!has(struct.rightOrigin))
      return `${at(struct)} precedes ${name(struct.rightOrigin!)}, which is unknown here`
    const parent = struct.parent as unknown
    if (isId(parent) && !has(parent)) return `${at(struct)} is inside ${name(parent)}, which is unknown here`
  }
  for (const [client, ranges] of decoded.ds.clients) {
    const state = stateOf(client)
    for (const { clock, len } of ranges) {
      if (clock + len > state)
        return `it deletes client ${client} clock ${clock}-${clock + len - 1}, beyond ${state}`
    }
  }
  return null
}

function isId(value: unknown): value is Id {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Id).client === 'number' &&
    typeof (value as Id).clock === 'number'
  )
}

const name = (id: Id) => `client ${id.client} clock ${id.clock}`
const at = (item: Y.Item) => `client ${item.id.client} clock ${item.id.clock}`
