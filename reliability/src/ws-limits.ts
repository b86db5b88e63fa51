/**
 * Inputs at the edge's limits for the ws-input phase: messages over the size limit (whole, in
 * fragments, or exactly at it, which must pass) and floods over the rate limit (or a burst within
 * it, which must pass).
 */
import { CloseCode } from '@plexus/sync'
import * as Y from 'yjs'
import type { Rng } from './suite.ts'
import { syncUpdate } from './wire.ts'
import { awarenessFrame, bin, clientId } from './ws-frames.ts'
import type { BadInput, Frame, Generator } from './ws-inputs.ts'

/** A frame of exactly `size` bytes: an awareness state for a fresh client, padded. */
function awarenessOfSize(rng: Rng, size: number): Uint8Array {
  const entry = (n: number) => [{ clientID: clientId(rng), clock: 1, state: { pad: 'x'.repeat(n) } }]
  let n = Math.max(0, size - 40)
  for (;;) {
    const frame = awarenessFrame(entry(n))
    if (frame.length === size) return frame
    n += size - frame.length
    if (n < 0) throw new Error(`cannot build an awareness frame of ${size} bytes`)
  }
}

export const oversized: Generator = (rng, ctx) => {
  const limit = ctx.maxMessageBytes
  const roll = rng.int(6)
  if (roll === 0) {
    // Within the message limit, but one presence state may hold 16 KiB (issue 13): refused by that.
    return {
      what: `awareness frame of exactly the limit (${limit} bytes)`,
      frames: [bin(awarenessOfSize(rng, limit))],
      expect: 'reject',
      code: CloseCode.documentTooLarge,
    }
  }
  const size = rng.pick([limit + 1, limit + 1 + rng.int(limit), limit * 2 + rng.int(limit * 2)])
  if (roll === 1) {
    // Fragments each well under the limit that add up to more than it.
    const pieces = 2 + rng.int(6)
    const data = rng.bytes(size)
    const step = Math.ceil(size / pieces)
    const frames: Frame[] = []
    for (let at = 0; at < size; at += step) {
      frames.push({ data: data.subarray(at, at + step), more: at + step < size })
    }
    return {
      what: `${size} bytes in ${frames.length} fragments`,
      frames,
      expect: 'reject',
      code: CloseCode.messageTooBig,
    }
  }
  if (roll === 2) {
    const doc = new Y.Doc()
    doc.clientID = clientId(rng)
    const updates: Uint8Array[] = []
    doc.on('update', (u: Uint8Array) => updates.push(u))
    doc.getMap('reliability').set('big', 'y'.repeat(size))
    return {
      what: `a real update of ${updates[0]!.length} bytes`,
      frames: [bin(syncUpdate(updates[0]!))],
      expect: 'reject',
      code: CloseCode.messageTooBig,
    }
  }
  if (roll === 3) {
    return {
      what: `text frame of ${size} bytes`,
      frames: [{ data: 'z'.repeat(size) }],
      expect: 'reject',
      code: CloseCode.messageTooBig,
    }
  }
  return {
    what: `${size} random bytes`,
    frames: [bin(rng.bytes(size))],
    expect: 'reject',
    code: CloseCode.messageTooBig,
  }
}

export const floods: Generator = (rng, ctx) => {
  const honest = rng.int(6) === 0
  // The probe the phase sends after an input is one more message: an honest burst leaves room for it.
  const n = honest
    ? Math.max(1, ctx.burst - 2 - rng.int(Math.floor(ctx.burst / 2)))
    : 2 * ctx.burst + rng.int(2 * ctx.burst)
  const content = rng.pick(['query-awareness', 'empty update', 'own awareness', 'real updates'] as const)
  const frames: Frame[] = []
  let flood: BadInput['flood']
  if (content === 'real updates') {
    const doc = new Y.Doc()
    doc.clientID = clientId(rng)
    const updates: Uint8Array[] = []
    doc.on('update', (u: Uint8Array) => updates.push(u))
    // One key, overwritten: what the flood leaves folds into a few bytes, so the graph stays small
    // however many floods a long run sends. A checkpoint: a place the document's rules let a writer fill.
    for (let i = 0; i < n; i++) doc.getMap('checkpoints').set('flood', i)
    frames.push(...updates.map((u) => bin(syncUpdate(u))))
    flood = { client: doc.clientID, updates }
  } else {
    const id = clientId(rng)
    for (let i = 0; i < n; i++) {
      if (content === 'query-awareness') frames.push(bin(new Uint8Array([3])))
      else if (content === 'empty update') frames.push(bin(syncUpdate(new Uint8Array([0, 0]))))
      else frames.push(bin(awarenessFrame([{ clientID: id, clock: i + 1, state: { n: i } }])))
    }
  }
  return {
    what: `${n} ${content} messages at once (${honest ? 'within' : 'over'} a burst of ${ctx.burst})`,
    frames,
    expect: honest ? 'accept' : 'reject',
    code: honest ? undefined : CloseCode.rateLimited,
    flood,
  }
}
