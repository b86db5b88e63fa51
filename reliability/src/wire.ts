/**
 * Raw WebSocket access to the sync endpoint, below the y-websocket client: for sending frames a
 * real client never would, and for reading the server's state without a Yjs client.
 */
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import { SCHEMA_VERSION } from '@plexus/model'
import { WebSocket } from 'ws'
import * as Y from 'yjs'
import { digestOfUpdate } from './suite.ts'

export interface Closed {
  code: number
  reason: string
}

export interface RawSocket {
  readonly ws: WebSocket
  /** Every binary frame the server sent, in order. */
  readonly received: Uint8Array[]
  /** Set once the server (or the network) closed the connection. */
  closed: Closed | null
  /** Set when the handshake was refused: the HTTP status and body. */
  refused: { status: number; body: string } | null
  send(frame: Uint8Array | string): void
  /** Resolves with the close (or null if still open after `timeoutMs`). */
  waitClose(timeoutMs: number): Promise<Closed | null>
  /** Resolves with the first received frame after `from` that `match` accepts, or null on close/timeout. */
  waitFrame(
    match: (frame: Uint8Array) => boolean,
    timeoutMs: number,
    from?: number,
  ): Promise<Uint8Array | null>
  close(): void
}

export interface ConnectOptions {
  token?: string
  origin?: string
  headers?: Record<string, string>
  timeoutMs?: number
}

/** Opens `/sync/<path>` raw. `path` is used as given (already encoded), so hostile ids reach the server. */
export function connectRaw(wsBase: string, path: string, options: ConnectOptions = {}): Promise<RawSocket> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.origin) headers.origin = options.origin
  // Speaks this build's schema, as the app does (a client that says nothing counts as schema 1).
  const url = `${wsBase}/${path}${path.includes('?') ? '&' : '?'}schema=${SCHEMA_VERSION}`
  const ws = new WebSocket(url, { headers, handshakeTimeout: options.timeoutMs ?? 5000 })
  ws.binaryType = 'nodebuffer'
  const waiters = new Set<() => void>()
  const wake = () => {
    for (const w of [...waiters]) w()
  }
  const socket: RawSocket = {
    ws,
    received: [],
    closed: null,
    refused: null,
    send: (frame) => ws.send(frame),
    waitClose: (timeoutMs) =>
      new Promise((resolve) => {
        if (socket.closed) return resolve(socket.closed)
        const timer = setTimeout(() => done(null), timeoutMs)
        const check = () => socket.closed && done(socket.closed)
        const done = (v: Closed | null) => {
          clearTimeout(timer)
          waiters.delete(check)
          resolve(v)
        }
        waiters.add(check)
      }),
    waitFrame: (match, timeoutMs, from = 0) =>
      new Promise((resolve) => {
        let seen = from
        const timer = setTimeout(() => done(null), timeoutMs)
        const check = () => {
          for (; seen < socket.received.length; seen++) {
            if (match(socket.received[seen]!)) return done(socket.received[seen]!)
          }
          if (socket.closed) done(null)
        }
        const done = (v: Uint8Array | null) => {
          clearTimeout(timer)
          waiters.delete(check)
          resolve(v)
        }
        waiters.add(check)
        check()
      }),
    close: () => ws.terminate(),
  }
  ws.on('message', (data: Buffer) => {
    socket.received.push(new Uint8Array(data))
    wake()
  })
  ws.on('close', (code, reason) => {
    socket.closed = { code, reason: reason.toString('utf8') }
    wake()
  })
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket))
    ws.once('unexpected-response', (_req, res) => {
      let body = ''
      res.on('data', (c: Buffer) => (body += c.toString('utf8')))
      res.on('end', () => {
        socket.refused = { status: res.statusCode ?? 0, body }
        socket.closed = { code: 1006, reason: `refused: HTTP ${res.statusCode} ${body}` }
        resolve(socket)
      })
    })
    ws.once('error', (error) => {
      if (socket.refused) return
      if (ws.readyState === WebSocket.CLOSED || ws.readyState === WebSocket.CLOSING) reject(error)
    })
  })
}

/** A sync step 1 frame asking for everything after `stateVector` (everything, by default). */
export function syncStep1(stateVector: Uint8Array = Y.encodeStateVector(new Y.Doc())): Uint8Array {
  const e = encoding.createEncoder()
  encoding.writeVarUint(e, 0)
  encoding.writeVarUint(e, 0)
  encoding.writeVarUint8Array(e, stateVector)
  return encoding.toUint8Array(e)
}

/** A sync update frame (what a client sends for a local change). */
export function syncUpdate(update: Uint8Array, step: 1 | 2 = 2): Uint8Array {
  const e = encoding.createEncoder()
  encoding.writeVarUint(e, 0)
  encoding.writeVarUint(e, step)
  encoding.writeVarUint8Array(e, update)
  return encoding.toUint8Array(e)
}

/** The update carried by a sync step 2 frame, or null if `frame` is something else. */
export function step2Payload(frame: Uint8Array): Uint8Array | null {
  try {
    const d = decoding.createDecoder(frame)
    if (decoding.readVarUint(d) !== 0 || decoding.readVarUint(d) !== 1) return null
    return decoding.readVarUint8Array(d)
  } catch {
    return null
  }
}

/**
 * The server's whole state of a graph, read over the wire: join, ask for everything with an empty
 * state vector, take the step 2 answer. Returns the update and its digest.
 */
export async function readState(
  wsBase: string,
  graph: string,
  options: ConnectOptions = {},
): Promise<{ update: Uint8Array; digest: string }> {
  const socket = await connectRaw(wsBase, encodeURIComponent(graph), options)
  if (socket.refused) throw new Error(`cannot read ${graph}: ${socket.closed?.reason}`)
  try {
    socket.send(syncStep1())
    const frame = await socket.waitFrame((f) => step2Payload(f) !== null, options.timeoutMs ?? 10_000)
    if (!frame) throw new Error(`no state for ${graph}: ${socket.closed?.reason ?? 'timed out'}`)
    const update = step2Payload(frame)!
    return { update, digest: digestOfUpdate(update) }
  } finally {
    socket.close()
  }
}
