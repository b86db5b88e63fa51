/**
 * The y-websocket wire format, parsed in full before anything is applied.
 *
 * A frame is `[messageType: varUint, payload]`. Types 0 (sync) and 1 (awareness) come from the stock
 * client; 3 (query awareness) is accepted too. Everything else, trailing bytes, truncated varints,
 * an update that does not decode and an awareness entry that is not JSON are malformed: the caller
 * closes that one connection and nothing reaches the document.
 */
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import * as Y from 'yjs'

export const MESSAGE_SYNC = 0
export const MESSAGE_AWARENESS = 1
export const MESSAGE_AUTH = 2
export const MESSAGE_QUERY_AWARENESS = 3

export const SYNC_STEP1 = 0
export const SYNC_STEP2 = 1
export const SYNC_UPDATE = 2

export interface AwarenessEntry {
  clientID: number
  clock: number
  /** `null` means the client left. */
  state: unknown
}

export type Message =
  | { type: 'sync-step1'; stateVector: Uint8Array }
  | { type: 'sync-step2' | 'update'; update: Uint8Array; empty: boolean; decoded: DecodedUpdate }
  | { type: 'awareness'; update: Uint8Array; entries: AwarenessEntry[] }
  | { type: 'query-awareness' }

/** An update's structs and delete set, as Yjs decodes them (nothing integrated). */
export type DecodedUpdate = ReturnType<typeof Y.decodeUpdate>

export type ParseResult = { ok: true; message: Message } | { ok: false; reason: string }

/** Parses one frame. Never throws: every failure is a reason fit for a close frame (short). */
export function parseMessage(frame: Uint8Array): ParseResult {
  // An exact copy: the frame may be a view on a pooled buffer, and decoders must not see past it.
  const bytes = new Uint8Array(frame)
  try {
    const decoder = decoding.createDecoder(bytes)
    const message = readMessage(decoder)
    if (typeof message === 'string') return { ok: false, reason: message }
    if (decoding.hasContent(decoder)) return { ok: false, reason: 'trailing bytes after message' }
    return { ok: true, message }
  } catch (error) {
    return { ok: false, reason: `malformed message: ${errorText(error)}` }
  }
}

function readMessage(decoder: decoding.Decoder): Message | string {
  const type = decoding.readVarUint(decoder)
  switch (type) {
    case MESSAGE_SYNC:
      return readSync(decoder)
    case MESSAGE_AWARENESS: {
      const update = readBytes(decoder)
      return { type: 'awareness', update, entries: readAwarenessEntries(update) }
    }
    case MESSAGE_QUERY_AWARENESS:
      return { type: 'query-awareness' }
    default:
      return `unknown message type ${type}`
  }
}

function readSync(decoder: decoding.Decoder): Message | string {
  const step = decoding.readVarUint(decoder)
  switch (step) {
    case SYNC_STEP1: {
      const stateVector = readBytes(decoder)
      Y.decodeStateVector(stateVector)
      return { type: 'sync-step1', stateVector }
    }
    case SYNC_STEP2:
    case SYNC_UPDATE: {
      const update = readBytes(decoder)
      // Decoding every struct and the delete set catches truncated and garbled updates before
      // Yjs integrates anything: Yjs has no rollback, so a half-applied update would stay.
      const decoded = Y.decodeUpdate(update)
      const empty = decoded.structs.length === 0 && decoded.ds.clients.size === 0
      return { type: step === SYNC_STEP2 ? 'sync-step2' : 'update', update, empty, decoded }
    }
    default:
      return `unknown sync message type ${step}`
  }
}

function readBytes(decoder: decoding.Decoder): Uint8Array {
  const length = decoding.readVarUint(decoder)
  if (length > decoder.arr.length - decoder.pos) throw new Error('length beyond end of message')
  return decoding.readUint8Array(decoder, length)
}

function readAwarenessEntries(update: Uint8Array): AwarenessEntry[] {
  const decoder = decoding.createDecoder(update)
  const count = decoding.readVarUint(decoder)
  if (count > update.length) throw new Error('awareness entry count beyond end of message')
  const entries: AwarenessEntry[] = []
  for (let i = 0; i < count; i++) {
    const clientID = decoding.readVarUint(decoder)
    const clock = decoding.readVarUint(decoder)
    const state: unknown = JSON.parse(decoding.readVarString(decoder))
    if (clientID > 0xffffffff) throw new Error('awareness client id out of range')
    entries.push({ clientID, clock, state })
  }
  if (decoding.hasContent(decoder)) throw new Error('trailing bytes after awareness update')
  return entries
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export function encodeSyncStep1(doc: Y.Doc): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MESSAGE_SYNC)
  encoding.writeVarUint(encoder, SYNC_STEP1)
  encoding.writeVarUint8Array(encoder, Y.encodeStateVector(doc))
  return encoding.toUint8Array(encoder)
}

export function encodeSyncStep2(doc: Y.Doc, stateVector?: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MESSAGE_SYNC)
  encoding.writeVarUint(encoder, SYNC_STEP2)
  encoding.writeVarUint8Array(encoder, Y.encodeStateAsUpdate(doc, stateVector))
  return encoding.toUint8Array(encoder)
}

/**
 * A sync step 2 whose update holds no structs and no deletions: the answer to a probe from a peer
 * that holds everything already (relay.ts says when that is known).
 */
export function encodeEmptySyncStep2(): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MESSAGE_SYNC)
  encoding.writeVarUint(encoder, SYNC_STEP2)
  // An update (v1): no clients with structs, no clients with deletions.
  encoding.writeVarUint8Array(encoder, EMPTY_UPDATE)
  return encoding.toUint8Array(encoder)
}

const EMPTY_UPDATE = new Uint8Array([0, 0])

/** Whether a state vector holds every struct `doc` holds (its clock for each of the document's clients). */
export function coversDocument(stateVector: Uint8Array, doc: Y.Doc): boolean {
  const theirs = Y.decodeStateVector(stateVector)
  for (const client of doc.store.clients.keys()) {
    if ((theirs.get(client) ?? 0) < Y.getState(doc.store, client)) return false
  }
  return true
}

export function encodeUpdate(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MESSAGE_SYNC)
  encoding.writeVarUint(encoder, SYNC_UPDATE)
  encoding.writeVarUint8Array(encoder, update)
  return encoding.toUint8Array(encoder)
}

export function encodeAwareness(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MESSAGE_AWARENESS)
  encoding.writeVarUint8Array(encoder, update)
  return encoding.toUint8Array(encoder)
}

/** An awareness update (the payload of an awareness message) holding exactly `entries`. */
export function encodeAwarenessEntries(entries: readonly AwarenessEntry[]): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, entries.length)
  for (const e of entries) {
    encoding.writeVarUint(encoder, e.clientID)
    encoding.writeVarUint(encoder, e.clock)
    encoding.writeVarString(encoder, JSON.stringify(e.state))
  }
  return encoding.toUint8Array(encoder)
}

/** y-protocols' auth message: the stock client logs the reason ("Permission denied to access ..."). */
export function encodePermissionDenied(reason: string): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MESSAGE_AUTH)
  encoding.writeVarUint(encoder, 0)
  encoding.writeVarString(encoder, reason)
  return encoding.toUint8Array(encoder)
}
