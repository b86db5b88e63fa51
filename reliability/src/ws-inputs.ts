/**
 * The bad inputs of the ws-input phase: one seeded generator per kind. Each input says what it is
 * (for failure messages), how it is sent (WebSocket messages, or bytes on a bare TCP socket after
 * the upgrade), and what the server should do with it: refuse it (with which close code, when the
 * kind has one right answer), accept it, or either, when only "unharmed" can be asked.
 */
import { CloseCode } from '@plexus/sync'
import * as Y from 'yjs'
import type { Rng } from './suite.ts'
import { syncStep1, syncUpdate } from './wire.ts'
import {
  awarenessFrame,
  bin,
  clientId,
  concat,
  danglingUpdate,
  framed,
  misframed,
  mutate,
  realUpdate,
  varUint,
  words,
  type AwarenessEntry,
} from './ws-frames.ts'
import { floods, oversized } from './ws-limits.ts'
import { hostileIds } from './ws-ids.ts'
import { awarenessSpoofing } from './ws-presence.ts'
import { brokenRules } from './ws-rules.ts'
import { knownIds, mutateStructs } from './ws-structs.ts'
import { clientFrame } from './ws-wire.ts'

export const WS_KINDS = [
  'random frames',
  'wire garbage',
  'truncated frames',
  'corrupt updates',
  'oversized',
  'floods',
  'unknown types',
  'text frames',
  'awareness spoofing',
  'hostile graph ids',
  'broken rules',
] as const
export type WsKind = (typeof WS_KINDS)[number]

export interface Frame {
  data: Uint8Array | string
  /** Send these bytes as a text frame (they need not be UTF-8). */
  text?: boolean
  /** More fragments of this message follow. */
  more?: boolean
}

export interface BadInput {
  what: string
  /** Path under /sync/, already encoded; the phase's graph when absent. */
  path?: string
  frames?: Frame[]
  /** Bytes written on a bare TCP socket after the upgrade; `hangUp` ends the socket after them. */
  wire?: { bytes: Uint8Array; hangUp?: boolean }
  expect: 'reject' | 'accept' | 'either'
  /** The close code (or HTTP status of a refused handshake) a rejection must carry. */
  code?: number
  /** The real updates a flood carried, in order: the server may apply only a prefix of them. */
  flood?: { client: number; updates: Uint8Array[] }
  /** The one update the input carries: tells an update the server applied from one it held back. */
  update?: Uint8Array
}

export interface GenContext {
  graph: string
  /** The server's current state of the graph. */
  state: Uint8Array
  /** The canary's awareness entry as the server shows it. */
  canary: AwarenessEntry
  maxMessageBytes: number
  burst: number
  maxAwarenessIds: number
}

export type Generator = (rng: Rng, ctx: GenContext, index: number) => BadInput

const randomFrames: Generator = (rng) => {
  const headers: Array<[string, number[]]> = [
    ['', []],
    ['sync step 1 header', [0, 0]],
    ['sync step 2 header', [0, 1]],
    ['sync update header', [0, 2]],
    ['awareness header', [1]],
  ]
  const [name, head] = rng.pick(headers)
  const size = rng.pick([rng.int(8), rng.int(128), rng.int(4096)])
  const data = concat(new Uint8Array(head), rng.bytes(size))
  return {
    what: `${size} random bytes${name ? ` behind a ${name}` : ''}`,
    frames: [bin(data)],
    expect: 'either',
  }
}

const wireGarbage: Generator = (rng, ctx) => {
  const payload = rng.bytes(rng.int(32))
  const variants: Array<() => Omit<BadInput, 'expect'>> = [
    () => ({ what: 'random bytes on the socket', wire: { bytes: rng.bytes(1 + rng.int(64)) } }),
    () => {
      const op = rng.pick([3, 4, 5, 6, 7, 0xb, 0xc, 0xd, 0xe, 0xf])
      return { what: `reserved opcode ${op}`, wire: { bytes: clientFrame(op, payload) } }
    },
    () => {
      const rsv = 1 + rng.int(7)
      return { what: `RSV bits ${rsv} set`, wire: { bytes: clientFrame(2, payload, { rsv }) } }
    },
    () => ({
      what: 'unmasked client frame',
      wire: { bytes: clientFrame(2, syncStep1(), { masked: false }) },
    }),
    () => ({ what: 'ping with a 200-byte payload', wire: { bytes: clientFrame(9, rng.bytes(200)) } }),
    () => ({ what: 'fragmented ping', wire: { bytes: clientFrame(9, payload, { fin: false }) } }),
    () => ({ what: 'continuation without a first fragment', wire: { bytes: clientFrame(0, payload) } }),
    () => ({
      what: 'new message inside a fragmented one',
      wire: { bytes: concat(clientFrame(2, payload, { fin: false }), clientFrame(2, payload)) },
    }),
    () => ({ what: 'close frame with a 1-byte body', wire: { bytes: clientFrame(8, new Uint8Array([3])) } }),
    () => {
      const code = rng.pick([0, 999, 1004, 1005, 1006, 1015, 2999, 5000, 65535])
      const body = new Uint8Array([code >> 8, code & 0xff])
      return { what: `close frame with invalid code ${code}`, wire: { bytes: clientFrame(8, body) } }
    },
    () => ({
      what: 'close frame with a reason that is not UTF-8',
      wire: { bytes: clientFrame(8, new Uint8Array([0x03, 0xe8, 0xc3, 0x28, 0xff])) },
    }),
    () => ({
      what: '64-bit length with the top bit set',
      wire: { bytes: clientFrame(2, payload, { announce: 0x8000000000000000n + BigInt(payload.length) }) },
    }),
    () => {
      const announce = ctx.maxMessageBytes + 1 + rng.int(1 << 20)
      return {
        what: `frame announcing ${announce} bytes (limit ${ctx.maxMessageBytes})`,
        wire: { bytes: clientFrame(2, payload, { announce }) },
      }
    },
    () => {
      const frame = clientFrame(2, syncUpdate(realUpdate(rng, ctx.state)))
      const cut = 1 + rng.int(frame.length - 1)
      return {
        what: `half a frame (${cut} of ${frame.length} bytes), then the client hangs up`,
        wire: { bytes: frame.subarray(0, cut), hangUp: true },
      }
    },
  ]
  const input = rng.pick(variants)()
  return { ...input, expect: input.wire?.hangUp ? 'either' : 'reject' }
}

const truncatedFrames: Generator = (rng, ctx) => {
  const sources: Array<[string, () => Uint8Array]> = [
    ['sync step 1', () => syncStep1(Y.encodeStateVectorFromUpdate(ctx.state))],
    ['update', () => syncUpdate(realUpdate(rng, ctx.state), rng.pick([1, 2] as const))],
    ['awareness', () => awarenessFrame([{ clientID: clientId(rng), clock: 1, state: { user: words(rng) } }])],
  ]
  const [name, make] = rng.pick(sources)
  const frame = make()
  const cut = rng.int(frame.length)
  return {
    what: `${name} frame cut to ${cut} of ${frame.length} bytes`,
    frames: [bin(frame.subarray(0, cut))],
    expect: 'reject',
    code: CloseCode.badRequest,
  }
}

const corruptUpdates: Generator = (rng, ctx) => {
  const step = rng.pick([1, 2] as const)
  const kind = rng.int(10)
  if (kind === 0) {
    const { update, how } = danglingUpdate(rng, ctx.state)
    return { what: `valid update, ${how}`, frames: [bin(syncUpdate(update, step))], expect: 'either' }
  }
  const update = realUpdate(rng, ctx.state)
  if (kind >= 2 && kind < 6) {
    const clients = [...Y.decodeStateVector(Y.encodeStateVectorFromUpdate(ctx.state)).keys()]
    const { bytes, how } = mutateStructs(rng, update, knownIds(ctx.state), clients)
    return {
      what: `update (step ${step}) with ${how}`,
      frames: [bin(framed(0, bytes, step))],
      expect: 'either',
    }
  }
  if (kind === 1) {
    const delta = rng.pick([-1, 1, -rng.int(update.length) - 1, rng.int(1000) + 1])
    const announced = Math.max(0, update.length + delta)
    return {
      what: `update of ${update.length} bytes framed as ${announced}`,
      frames: [bin(misframed(0, step, update, announced))],
      expect: 'reject',
      code: CloseCode.badRequest,
    }
  }
  const { bytes, how } = mutate(rng, update, realUpdate(rng, ctx.state))
  return {
    what: `update (step ${step}) with ${how}`,
    frames: [bin(framed(0, bytes, step))],
    expect: 'either',
  }
}

const unknownTypes: Generator = (rng) => {
  const payload = rng.bytes(rng.int(33))
  const roll = rng.int(4)
  if (roll === 0) {
    const sub = rng.pick([3, 4, 9, 127, 128, 300, 2 ** 21, 2 ** 32, 2 ** 53 - 1])
    return {
      what: `sync sub-type ${sub}`,
      frames: [bin(concat(varUint(0), varUint(sub), payload))],
      expect: 'reject',
      code: CloseCode.badRequest,
    }
  }
  if (roll === 1) {
    return {
      what: `query-awareness with ${payload.length + 1} trailing bytes`,
      frames: [bin(concat(new Uint8Array([3]), rng.bytes(1), payload))],
      expect: 'reject',
      code: CloseCode.badRequest,
    }
  }
  if (roll === 2) {
    const bytes = new Uint8Array(8 + rng.int(4)).fill(0xff)
    return {
      what: `message type varint of ${bytes.length} bytes (beyond 2^53)`,
      frames: [bin(concat(bytes, new Uint8Array([1]), payload))],
      expect: 'reject',
      code: CloseCode.badRequest,
    }
  }
  const type = rng.pick([2, 4, 5, 7, 8, 16, 100, 127, 128, 255, 4096, 2 ** 21, 2 ** 31, 2 ** 53 - 1])
  return {
    what: `message type ${type}`,
    frames: [bin(concat(varUint(type), payload))],
    expect: 'reject',
    code: CloseCode.badRequest,
  }
}

const textFrames: Generator = (rng, ctx) => {
  const texts: Array<() => [string, Frame]> = [
    () => ['empty text', { data: '' }],
    () => ['JSON-RPC in text', { data: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) }],
    () => ['words', { data: words(rng, 1 + rng.int(20)) }],
    () => ['unicode', { data: '日本語 ✓ 💥 \u202e' + words(rng) }],
    () => ['markup', { data: '<img src=x onerror=alert(1)>' }],
    () => ['a large text', { data: 'q'.repeat(rng.int(ctx.maxMessageBytes)) }],
    () => {
      const frame = syncStep1()
      return ['a valid sync step 1, as text', { data: Buffer.from(frame).toString('latin1') }]
    },
    () => [
      'bytes that are not UTF-8, as text',
      { data: new Uint8Array([0xc3, 0x28, 0xa0, 0xa1, 0xff]), text: true },
    ],
  ]
  const [what, frame] = rng.pick(texts)()
  return { what: `text frame: ${what}`, frames: [frame], expect: 'reject', code: CloseCode.badRequest }
}

export const GENERATORS: Record<WsKind, Generator> = {
  'random frames': randomFrames,
  'wire garbage': wireGarbage,
  'truncated frames': truncatedFrames,
  'corrupt updates': corruptUpdates,
  oversized,
  floods,
  'unknown types': unknownTypes,
  'text frames': textFrames,
  'awareness spoofing': awarenessSpoofing,
  'hostile graph ids': hostileIds,
  'broken rules': brokenRules,
}
