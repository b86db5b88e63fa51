/**
 * WebSocket below the `ws` client: a bare TCP socket that does the upgrade by hand and then writes
 * whatever bytes it is given, so the suite can send what no WebSocket library would (reserved
 * opcodes, unmasked frames, lying lengths, half a frame). Reads the server's frames back, so a
 * rejection's close code and reason can be checked.
 */
import { connect as tcpConnect, type Socket } from 'node:net'

export interface ServerFrame {
  opcode: number
  payload: Buffer
}

export interface TcpPeer {
  readonly frames: ServerFrame[]
  /** The server's close frame, when it sent one. */
  readonly closeFrame: { code: number; reason: string } | null
  /** The TCP connection has ended. */
  readonly ended: boolean
  write(bytes: Uint8Array): void
  /** Resolves once a frame after index `from` matches, the connection ends, or `timeoutMs` passes. */
  waitFor(match: (f: ServerFrame) => boolean, timeoutMs: number, from?: number): Promise<ServerFrame | null>
  destroy(): void
}

export type Upgrade = { ok: true; peer: TcpPeer } | { ok: false; status: number; body: string }

const KEY = Buffer.from('plexus-suite-key').toString('base64')

/** Upgrades `/sync/<path>` on 127.0.0.1:`port` over a bare socket. */
export function upgradeTcp(port: number, path: string, token: string, timeoutMs = 5000): Promise<Upgrade> {
  return new Promise((resolve, reject) => {
    const socket: Socket = tcpConnect(port, '127.0.0.1')
    let head: Buffer = Buffer.alloc(0)
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`upgrade of /sync/${path.slice(0, 40)} timed out`))
    }, timeoutMs)
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk])
      const end = head.indexOf('\r\n\r\n')
      if (end < 0) return
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head.subarray(0, end).toString('latin1'))?.[1] ?? 0)
      if (status !== 101) {
        socket.off('data', onData)
        const rest = [head.subarray(end + 4)]
        socket.on('data', (c: Buffer) => rest.push(c))
        socket.once('close', () => {
          clearTimeout(timer)
          resolve({ ok: false, status, body: Buffer.concat(rest).toString('utf8') })
        })
        return
      }
      clearTimeout(timer)
      socket.off('data', onData)
      resolve({ ok: true, peer: peerOn(socket, head.subarray(end + 4)) })
    }
    socket.on('data', onData)
    socket.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    socket.write(
      `GET /sync/${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${KEY}\r\nSec-WebSocket-Version: 13\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    )
  })
}

function peerOn(socket: Socket, first: Buffer): TcpPeer {
  let buffer: Buffer = first
  const waiters = new Set<() => void>()
  const peer = {
    frames: [] as ServerFrame[],
    closeFrame: null as { code: number; reason: string } | null,
    ended: false,
    write: (bytes: Uint8Array) => {
      if (!socket.destroyed) socket.write(bytes)
    },
    waitFor: (match: (f: ServerFrame) => boolean, timeoutMs: number, from = 0) =>
      new Promise<ServerFrame | null>((resolve) => {
        let seen = from
        const timer = setTimeout(() => done(null), timeoutMs)
        const check = () => {
          for (; seen < peer.frames.length; seen++)
            if (match(peer.frames[seen]!)) return done(peer.frames[seen]!)
          if (peer.ended) done(null)
        }
        const done = (v: ServerFrame | null) => {
          clearTimeout(timer)
          waiters.delete(check)
          resolve(v)
        }
        waiters.add(check)
        check()
      }),
    destroy: () => socket.destroy(),
  }
  const parse = () => {
    for (;;) {
      const frame = readFrame(buffer)
      if (!frame) break
      buffer = buffer.subarray(frame.size)
      peer.frames.push(frame.frame)
      if (frame.frame.opcode === 8) {
        const p = frame.frame.payload
        peer.closeFrame = {
          code: p.length >= 2 ? p.readUInt16BE(0) : 1005,
          reason: p.subarray(2).toString('utf8'),
        }
      }
    }
    for (const w of [...waiters]) w()
  }
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk])
    parse()
  })
  socket.on('error', () => {})
  socket.once('close', () => {
    peer.ended = true
    for (const w of [...waiters]) w()
  })
  parse()
  return peer
}

/** One unmasked server frame from the front of `buf`, or null if it is not all there yet. */
function readFrame(buf: Buffer): { frame: ServerFrame; size: number } | null {
  if (buf.length < 2) return null
  const opcode = buf[0]! & 0x0f
  let length = buf[1]! & 0x7f
  let at = 2
  if (length === 126) {
    if (buf.length < 4) return null
    length = buf.readUInt16BE(2)
    at = 4
  } else if (length === 127) {
    if (buf.length < 10) return null
    length = Number(buf.readBigUInt64BE(2))
    at = 10
  }
  if (buf.length < at + length) return null
  return { frame: { opcode, payload: Buffer.from(buf.subarray(at, at + length)) }, size: at + length }
}

export interface FrameOptions {
  fin?: boolean
  /** RSV1-3 bits, 0-7; nothing was negotiated, so any is a protocol error. */
  rsv?: number
  /** Client frames must be masked; false sends one in the clear. */
  masked?: boolean
  /** Announce this payload length instead of the real one. */
  announce?: number | bigint
}

/** A client frame as RFC 6455 lays it out (masked, with a fixed mask: the server must not care). */
export function clientFrame(opcode: number, payload: Uint8Array, options: FrameOptions = {}): Uint8Array {
  const { fin = true, rsv = 0, masked = true } = options
  const announce = options.announce ?? payload.length
  const head: number[] = [(fin ? 0x80 : 0) | ((rsv & 7) << 4) | (opcode & 0x0f)]
  const maskBit = masked ? 0x80 : 0
  const n = BigInt(announce)
  if (n < 126n) head.push(maskBit | Number(n))
  else if (n < 65536n) head.push(maskBit | 126, Number(n >> 8n), Number(n & 0xffn))
  else {
    head.push(maskBit | 127)
    for (let i = 7; i >= 0; i--) head.push(Number((n >> BigInt(i * 8)) & 0xffn))
  }
  const mask = [0x12, 0x34, 0x56, 0x78]
  if (masked) head.push(...mask)
  const out = new Uint8Array(head.length + payload.length)
  out.set(head)
  for (let i = 0; i < payload.length; i++)
    out[head.length + i] = masked ? payload[i]! ^ mask[i % 4]! : payload[i]!
  return out
}
