/**
 * One bad input on its own connection, and what came of it. After the input comes a probe, a sync
 * step 1: an answer means the server accepted what came before it, a close that it refused it.
 * Also: the server's presence, read as a peer reads it.
 */
import * as decoding from 'lib0/decoding'
import * as Y from 'yjs'
import type { ServerProcess } from './server.ts'
import type { GraphState } from './state.ts'
import { connectRaw, step2Payload, syncStep1 } from './wire.ts'
import type { AwarenessEntry } from './ws-frames.ts'
import type { BadInput } from './ws-inputs.ts'
import { clientFrame, upgradeTcp } from './ws-wire.ts'

export interface Credentials {
  graph: string
  /** The token bad input is sent with. */
  token: string
}

export type Outcome =
  | { type: 'rejected'; code: number; reason: string; via: 'close' | 'http' }
  | { type: 'accepted' }
  /** The client hung up mid-frame: nothing to judge but that the server cleans up. */
  | { type: 'abandoned' }
  | { type: 'no answer'; detail: string }

/** Sends one input on its own connection and tells what the server did with it. */
export async function attempt(
  server: ServerProcess,
  as: Credentials,
  input: BadInput,
  state: GraphState,
): Promise<Outcome> {
  const probe = syncStep1(Y.encodeStateVectorFromUpdate(state.update))
  if (input.wire) {
    const up = await upgradeTcp(server.port, encodeURIComponent(as.graph), as.token)
    if (!up.ok) return { type: 'no answer', detail: `the upgrade was refused: HTTP ${up.status} ${up.body}` }
    const peer = up.peer
    try {
      await peer.waitFor((f) => f.opcode === 2 && isStep1(f.payload), 5000)
      const from = peer.frames.length
      peer.write(input.wire.bytes)
      if (input.wire.hangUp) return { type: 'abandoned' }
      peer.write(clientFrame(2, probe))
      const got = await peer.waitFor(
        (f) => f.opcode === 8 || (f.opcode === 2 && step2Payload(f.payload) !== null),
        2000,
        from,
      )
      if (got?.opcode === 8 || peer.closeFrame) {
        return {
          type: 'rejected',
          code: peer.closeFrame!.code,
          reason: peer.closeFrame!.reason,
          via: 'close',
        }
      }
      if (got) return { type: 'accepted' }
      if (peer.ended) return { type: 'rejected', code: 1006, reason: '', via: 'close' }
      // A frame header that announced more bytes than followed: the server waits for the rest.
      return { type: 'abandoned' }
    } finally {
      peer.destroy()
    }
  }
  const socket = await connectRaw(server.wsUrl, input.path ?? as.graph, { token: as.token })
  try {
    if (socket.refused)
      return { type: 'rejected', code: socket.refused.status, reason: socket.refused.body, via: 'http' }
    const first = await socket.waitFrame(isStep1, 5000)
    if (!first) {
      if (socket.closed)
        return { type: 'rejected', code: socket.closed.code, reason: socket.closed.reason, via: 'close' }
      return { type: 'no answer', detail: 'no sync step 1 from the server within 5 s of connecting' }
    }
    const from = socket.received.length
    for (const frame of input.frames ?? []) {
      const binary = typeof frame.data !== 'string' && !frame.text
      socket.ws.send(frame.data, { binary, fin: !frame.more })
    }
    socket.send(probe)
    const answer = await socket.waitFrame((f) => step2Payload(f) !== null, 10_000, from)
    if (answer) return { type: 'accepted' }
    if (socket.closed)
      return { type: 'rejected', code: socket.closed.code, reason: socket.closed.reason, via: 'close' }
    return { type: 'no answer', detail: 'neither an answer to the probe nor a close within 10 s' }
  } finally {
    socket.close()
  }
}

function isStep1(frame: Uint8Array): boolean {
  return frame[0] === 0 && frame[1] === 0
}

/** Awareness states as the server holds them: the answer to a query-awareness message. */
export async function readPresence(
  wsBase: string,
  graph: string,
  token: string,
): Promise<Map<number, AwarenessEntry>> {
  const socket = await connectRaw(wsBase, graph, { token })
  try {
    // The join snapshot (sent only when there are states) or the answer: either is every state.
    socket.send(new Uint8Array([3]))
    const frame = await socket.waitFrame((f) => f[0] === 1, 5000)
    if (!frame) throw new Error(`no answer to query-awareness: ${socket.closed?.reason ?? 'timed out'}`)
    const out = new Map<number, AwarenessEntry>()
    const outer = decoding.createDecoder(frame)
    decoding.readVarUint(outer)
    const d = decoding.createDecoder(decoding.readVarUint8Array(outer))
    for (let n = decoding.readVarUint(d); n > 0; n--) {
      const clientID = decoding.readVarUint(d)
      const clock = decoding.readVarUint(d)
      const state: unknown = JSON.parse(decoding.readVarString(d))
      out.set(clientID, { clientID, clock, state })
    }
    return out
  } finally {
    socket.close()
  }
}
