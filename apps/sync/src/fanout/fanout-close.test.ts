/**
 * A server that stops while Redis is coming back leaves no promise rejected unheard. ioredis, left to
 * resubscribe on its own after a reconnect, sends SUBSCRIBE with nothing listening for its answer: a
 * close before the answer rejected it ("Connection is closed") as an unhandled rejection, which fails a
 * Vitest run with every test passed (CI, session 12 and 13: multi-delete.test's "Redis away" case) and
 * stops a Node server that runs with the default --unhandled-rejections=throw.
 *
 * Deterministic, on events: a real Redis behind a TCP proxy of the test's own that can hold Redis's
 * answers on new connections from the moment the client sends SUBSCRIBE.
 */
import { createServer, Socket, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { RedisFanout } from './fanout.ts'
import { startRedis, type RedisService } from '../test/services.ts'
import { waitFor } from '../test/server-harness.ts'

interface Proxy {
  port: number
  /** Drops every connection through it (Redis itself stays up). */
  dropAll(): void
  /** From now on, on new connections, Redis's answers stop at the first SUBSCRIBE the client sends. */
  holdAtSubscribe(): void
  /** Resolves once a held connection has seen SUBSCRIBE go out. */
  subscribeHeld: Promise<void>
  close(): Promise<void>
}

async function proxyTo(port: number): Promise<Proxy> {
  const pairs = new Set<[Socket, Socket]>()
  let hold = false
  let heard!: () => void
  const subscribeHeld = new Promise<void>((r) => (heard = r))
  const server: Server = createServer((client) => {
    const upstream = new Socket()
    const pair: [Socket, Socket] = [client, upstream]
    pairs.add(pair)
    let held = false
    const holding = hold
    upstream.connect(port, '127.0.0.1')
    client.on('data', (b) => {
      if (holding && !held && /subscribe/i.test(b.toString('latin1'))) {
        held = true
        heard()
      }
      upstream.write(b)
    })
    upstream.on('data', (b) => {
      if (!held) client.write(b)
    })
    const end = () => {
      client.destroy()
      upstream.destroy()
      pairs.delete(pair)
    }
    client.on('close', end)
    upstream.on('close', end)
    client.on('error', end)
    upstream.on('error', end)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('proxy: no port')
  return {
    port: address.port,
    dropAll: () => {
      for (const [a, b] of pairs) {
        a.destroy()
        b.destroy()
      }
    },
    holdAtSubscribe: () => {
      hold = true
    },
    subscribeHeld,
    close: () =>
      new Promise<void>((r) => {
        for (const [a, b] of pairs) {
          a.destroy()
          b.destroy()
        }
        server.close(() => r())
      }),
  }
}

let redis: RedisService | undefined
let proxy: Proxy | undefined
afterEach(async () => {
  await proxy?.close()
  await redis?.stop()
})

describe('the fan-out closing while Redis comes back', () => {
  it('leaves no rejection unhandled when it stops before a resubscription is answered', async () => {
    const unhandled: unknown[] = []
    const listen = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', listen)
    try {
      redis = await startRedis()
      proxy = await proxyTo(redis.port)
      const fanout = await RedisFanout.open(`redis://127.0.0.1:${proxy.port}`, { prefix: 'close-test:' })
      let caughtUp = 0
      fanout.subscribe('g', { apply: () => {}, catchUp: () => void caughtUp++ })
      await waitFor(() => caughtUp > 0, 'the first subscription to be answered')
      // Redis's answers to the coming resubscription will never arrive; then the connection drops.
      proxy.holdAtSubscribe()
      proxy.dropAll()
      await proxy.subscribeHeld
      // The server stops while the resubscription waits for its answer.
      await fanout.close()
      // Rejections surface on the next turns of the event loop.
      for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r))
      expect(unhandled.map(String)).toEqual([])
    } finally {
      process.off('unhandledRejection', listen)
    }
  })
})
