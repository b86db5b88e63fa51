/**
 * Frames built once per room (shared-frames.ts) are the bytes `ws.send` would have written, arrive
 * in order with what goes through `ws.send`, and the fast path is really taken with the ws this
 * build installs (a ws upgrade that renames its internals fails here instead of silently costing
 * the relay its fan-out).
 */
import { connect, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import { canWriteFramed, FRAMING_CHECKED, frameOnce, rfcFrame, sendShared } from './shared-frames.ts'

// Fixed (issue 31): a default taken from the clock tried a new seed every run, so one run in N
// failed on a case nobody had seen. PLEXUS_SEED=N runs another.
const DEFAULT_SEED = 20261129
const seed = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)

let wss: WebSocketServer
let port: number
const accepted: WebSocket[] = []
const waiting: Array<(ws: WebSocket) => void> = []

beforeAll(async () => {
  wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false })
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()))
  port = (wss.address() as AddressInfo).port
  wss.on('connection', (ws) => {
    const next = waiting.shift()
    if (next) next(ws)
    else accepted.push(ws)
  })
})
afterAll(async () => {
  for (const ws of wss.clients) ws.terminate()
  await new Promise<void>((resolve) => wss.close(() => resolve()))
})

const serverSide = () =>
  new Promise<WebSocket>((resolve) => {
    const ws = accepted.shift()
    if (ws) resolve(ws)
    else waiting.push(resolve)
  })

/** A ws client and the server's end of its connection. */
async function pair(): Promise<{ client: WebSocket; server: WebSocket }> {
  const server = serverSide()
  const client = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false })
  await new Promise<void>((resolve, reject) => {
    client.once('open', () => resolve())
    client.once('error', reject)
  })
  return { client, server: await server }
}

/** A raw TCP client that does the WebSocket handshake and then keeps every byte the server sends. */
async function rawPair(): Promise<{ raw: Socket; bytes: () => Buffer; server: WebSocket }> {
  const server = serverSide()
  const raw = connect(port, '127.0.0.1')
  const key = Buffer.from('plexus-raw-check').toString('base64')
  raw.write(
    `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  )
  let buffer = Buffer.alloc(0)
  raw.on('data', (chunk: Buffer) => (buffer = Buffer.concat([buffer, chunk])))
  const ws = await server
  await until(() => buffer.includes('\r\n\r\n'))
  const head = buffer.subarray(0, buffer.indexOf('\r\n\r\n') + 4).toString()
  expect(head).toMatch(/^HTTP\/1.1 101 /)
  const start = head.length
  return { raw, bytes: () => buffer.subarray(start), server: ws }
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve))
}

/** Payload sizes on each side of ws's three header lengths (7-bit, 16-bit, 64-bit). */
const size = fc.oneof(
  fc.integer({ min: 0, max: 130 }),
  fc.constantFrom(125, 126, 127, 65_535, 65_536, 70_000),
  fc.integer({ min: 131, max: 3000 }),
)

describe('shared frames', () => {
  it('takes the fast path with the installed ws (open, no compression, nothing queued)', async () => {
    const { client, server } = await pair()
    expect(canWriteFramed(server)).toBe(true)
    expect(sendShared(server, new Uint8Array([1, 2, 3]))).toBe(true)
    client.close()
  })

  it('writes the very bytes ws.send writes, for every header length', async () => {
    const { raw, bytes, server } = await rawPair()
    const payloads = [0, 1, 125, 126, 127, 65_535, 65_536, 70_000].map((n) =>
      Uint8Array.from({ length: n }, (_, i) => (i * 31 + n) & 255),
    )
    let expected = 0
    for (const p of payloads) {
      server.send(p)
      expected += frameOnce(p).length
    }
    await until(() => bytes().length >= expected)
    const viaSend = Buffer.from(bytes())
    for (const p of payloads) expect(sendShared(server, p)).toBe(true)
    await until(() => bytes().length >= 2 * expected)
    expect(Buffer.compare(bytes().subarray(expected), viaSend)).toBe(0)
    raw.destroy()
  })

  it('checks at start that ws frames as RFC 6455 does, and the check tells a wrong frame (seeded)', () => {
    expect(FRAMING_CHECKED).toBe(true)
    console.log(`rfc frame seed ${seed}`)
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 0, max: 140 }),
          fc.integer({ min: 65_530, max: 65_540 }),
          fc.integer({ min: 0, max: 200_000 }),
        ),
        (n) => {
          const payload = new Uint8Array(n).map((_, i) => (i * 7) & 0xff)
          expect(frameOnce(payload).equals(rfcFrame(payload))).toBe(true)
          // The reference is not a copy of what it checks: a frame off by one length byte differs.
          const wrong = Buffer.from(rfcFrame(payload))
          wrong[1] = wrong[1]! ^ 1
          expect(frameOnce(payload).equals(wrong)).toBe(false)
        },
      ),
      { seed, numRuns: 200 },
    )
  })

  it('frames a payload once: the same buffer for every send of it', () => {
    const p = new Uint8Array([0, 2, 1, 9])
    expect(frameOnce(p)).toBe(frameOnce(p))
    // A view into a larger buffer frames only its own bytes.
    const big = Uint8Array.from({ length: 300 }, (_, i) => i & 255)
    const view = big.subarray(100, 230)
    const frame = frameOnce(view)
    expect(frame.length).toBe(4 + 130)
    expect(Buffer.compare(frame.subarray(4), Buffer.from(view))).toBe(0)
  })

  it('keeps order and bytes over generated interleavings of shared and plain sends (seeded)', async () => {
    const { client, server } = await pair()
    const received: Buffer[] = []
    client.on('message', (data: Buffer) => received.push(data))
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(size, fc.boolean(), fc.nat(255)), { minLength: 1, maxLength: 40 }),
          async (plan) => {
            received.length = 0
            const sent = plan.map(([n, , fill]) => Uint8Array.from({ length: n }, (_, i) => (fill + i) & 255))
            // The same frame to this peer more than once, as a room sends one frame to many.
            plan.forEach(([, shared], i) => (shared ? sendShared(server, sent[i]!) : server.send(sent[i]!)))
            await until(() => received.length >= sent.length)
            expect(received.length).toBe(sent.length)
            received.forEach((got, i) => expect(Buffer.compare(got, Buffer.from(sent[i]!))).toBe(0))
          },
        ),
        { seed, numRuns: 40, verbose: 1 },
      )
    } catch (error) {
      console.error(`shared frames property failed with seed ${seed} (PLEXUS_SEED=${seed} replays it)`)
      throw error
    } finally {
      client.close()
    }
  })

  it('falls back to ws.send once the connection is closing', async () => {
    const { client, server } = await pair()
    server.close()
    expect(canWriteFramed(server)).toBe(false)
    // ws.send on a closing socket reports through its callback; nothing is written raw.
    expect(sendShared(server, new Uint8Array([7]))).toBe(false)
    client.terminate()
  })
})
