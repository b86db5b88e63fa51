/**
 * One WebSocket frame per room, not one per reader. A relayed update or presence change goes to
 * every peer of a graph as the same bytes; `ws.send` frames them again for each socket (a header
 * buffer, a Buffer view, cork, a two-part writev: about half the server's CPU per update at 100
 * readers, bench/reports/relay.md). Here the frame (header and payload in one buffer, built by ws's
 * own `Sender.frame`) is built once, on its first send, kept while the payload lives (a WeakMap on
 * the payload the room hands every peer), and written straight to each peer's socket.
 *
 * Why reach past ws's public API: ws has no way to send one prepared frame to many sockets. The
 * bypass is taken only when it is exactly what `ws.send` would do: the connection is open, the
 * server negotiated no compression (ws.ts turns perMessageDeflate off) and ws's sender has nothing
 * queued (it queues only while compressing or reading a Blob, neither of which this server does),
 * so the bytes and their order on the wire are the same; otherwise, or if a ws upgrade renames what
 * is read here, it falls back to `ws.send` (shared-frames.test.ts fails then, so the loss is seen).
 * `bufferedAmount` still counts what is written here (ws reads the socket's own buffer), so the
 * slow-consumer bound holds.
 */
import * as wsModule from 'ws'
import { WebSocket } from 'ws'

interface SenderStatic {
  frame(
    data: Buffer,
    options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean },
  ): Buffer[]
}

/** What ws keeps inside a WebSocket that the fast path reads (ws 8: lib/websocket.js, lib/sender.js). */
interface WsInternals {
  _socket?: { write(chunk: Buffer): boolean; destroyed?: boolean } | null
  _sender?: { _state?: number; _queue?: unknown[] } | null
}

// A public export of ws (its index and its ESM wrapper) that @types/ws does not declare.
const Sender = (wsModule as unknown as { Sender?: SenderStatic }).Sender
const OPCODE_BINARY = 2
/** ws's sender state when it is not compressing or reading a Blob (lib/sender.js `DEFAULT`). */
const SENDER_IDLE = 0

const framed = new WeakMap<Uint8Array, Buffer>()
/** The payload framed last and its frame: a room sends one payload to all its peers in a row. */
let lastPayload: Uint8Array | null = null
let lastFrame: Buffer | null = null

/** The whole WebSocket frame (final, unmasked, binary) carrying `payload`, built once per payload. */
export function frameOnce(payload: Uint8Array): Buffer {
  if (payload === lastPayload) return lastFrame!
  let bytes = framed.get(payload)
  if (bytes) return remember(payload, bytes)
  if (!Sender) throw new Error('ws no longer exports Sender: shared frames need ws 8')
  const data = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength)
  const parts = Sender.frame(data, {
    fin: true,
    opcode: OPCODE_BINARY,
    mask: false,
    readOnly: false,
    rsv1: false,
  })
  bytes = Buffer.concat(parts)
  framed.set(payload, bytes)
  return remember(payload, bytes)
}

function remember(payload: Uint8Array, bytes: Buffer): Buffer {
  lastPayload = payload
  lastFrame = bytes
  return bytes
}

/**
 * A final, unmasked binary frame as RFC 6455 (section 5.2) writes it: 0x82, then the length in 7
 * bits, or 126 and 16 bits, or 127 and 64 bits, then the payload.
 */
export function rfcFrame(payload: Uint8Array): Buffer {
  const n = payload.byteLength
  const head = n < 126 ? Buffer.from([0x82, n]) : Buffer.alloc(n < 65536 ? 4 : 10)
  if (n >= 126) {
    head[0] = 0x82
    if (n < 65536) {
      head[1] = 126
      head.writeUInt16BE(n, 2)
    } else {
      head[1] = 127
      head.writeBigUInt64BE(BigInt(n), 2)
    }
  }
  return Buffer.concat([head, payload])
}

/**
 * Checked once, at start: ws's `Sender.frame` gives exactly the RFC's bytes for each of the three
 * length forms. A package installed from the registry resolves ws afresh (the lockfile pins it only
 * in this repository), so a ws whose framing changed turns the fast path off here, and every send
 * goes through `ws.send`, instead of writing frames a browser would reject.
 */
export const FRAMING_CHECKED: boolean = (() => {
  try {
    return [5, 300, 70_000].every((n) => {
      const payload = new Uint8Array(n).map((_, i) => (i * 31 + n) & 0xff)
      const framed = frameOnce(payload)
      lastPayload = lastFrame = null
      return framed.equals(rfcFrame(payload))
    })
  } catch {
    return false
  }
})()

/** Whether `ws` can take a prepared frame on its socket now, exactly as `ws.send` would write it. */
export function canWriteFramed(ws: WebSocket): boolean {
  const inner = ws as unknown as WsInternals
  const sender = inner._sender
  const socket = inner._socket
  return (
    FRAMING_CHECKED &&
    Sender !== undefined &&
    ws.readyState === WebSocket.OPEN &&
    socket != null &&
    socket.destroyed !== true &&
    sender != null &&
    sender._state === SENDER_IDLE &&
    Array.isArray(sender._queue) &&
    sender._queue.length === 0 &&
    ws.extensions === ''
  )
}

/**
 * Sends `payload` as one binary message: the frame built once for it, written to the socket, when
 * that is what ws would write (`canWriteFramed`); through `ws.send` otherwise. Returns whether the
 * prepared frame was used.
 */
export function sendShared(ws: WebSocket, payload: Uint8Array): boolean {
  if (!canWriteFramed(ws)) {
    ws.send(payload)
    return false
  }
  ;(ws as unknown as WsInternals)._socket!.write(frameOnce(payload))
  return true
}
