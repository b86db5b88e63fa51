/**
 * A kept-alive request is never reset by a busy moment (issue 23: MCP clients saw ECONNRESET). When
 * the loop stalls past the keep-alive timeout, Node's timer closes the idle socket the moment the loop
 * returns, before it reads the request already waiting on it. With the timeout well past any stall
 * the server has, and past the client's own keep-alive, the client closes first.
 *
 * The server runs the real connection bounds and limits in a worker thread; the test stalls the
 * worker's loop with Atomics.wait for longer than the old 5 s timeout, sends the next request on the
 * same socket once the worker says it is stalling, and waits for the answer.
 */
import { Agent, request } from 'node:http'
import { Worker } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultLimits } from './server-limits.ts'

/** Longer than the keep-alive timeout this server had (5 s): the stall that reset requests. */
const STALL_MS = 6_000

let worker: Worker
let port = 0
const agent = new Agent({ keepAlive: true, maxSockets: 1 })

function get(): Promise<{ body: string; socket: unknown; keepAlive: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      let body = ''
      res.on('data', (c: Buffer) => (body += c.toString()))
      res.on('end', () =>
        resolve({ body, socket: req.socket, keepAlive: res.headers['keep-alive']?.toString() }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

beforeAll(async () => {
  worker = new Worker(new URL('../test/keepalive-worker.mjs', import.meta.url))
  port = await new Promise<number>((resolve) =>
    worker.once('message', (m: { port: number }) => resolve(m.port)),
  )
})
afterAll(async () => {
  agent.destroy()
  await worker.terminate()
})

describe('keep-alive', () => {
  it('outlasts a stall, and tells clients to close first', () => {
    expect(defaultLimits.keepAliveTimeoutMs).toBeGreaterThan(STALL_MS * 5)
  })

  it('a request sent on a kept-alive socket while the server is stalled is answered', async () => {
    const first = await get()
    expect(first.body).toBe('ok')
    expect(first.keepAlive).toBe(`timeout=${Math.floor(defaultLimits.keepAliveTimeoutMs / 1000)}`)
    await new Promise<void>((resolve) => {
      worker.once('message', () => resolve())
      worker.postMessage({ stallMs: STALL_MS })
    })
    const second = await get()
    expect(second.body).toBe('ok')
    expect(second.socket).toBe(first.socket)
  })
})
