import { describe, expect, it } from 'vitest'
import { jitteredWebSocket, type SocketLike } from './jitter.ts'

type Handler = ((event: unknown) => void) | null

class FakeSocket implements SocketLike {
  static made: FakeSocket[] = []
  binaryType = 'blob'
  readyState = 0
  sent: unknown[] = []
  // The wrapper passes events on untouched; the fake fires plain objects.
  onopen: Handler = null
  onmessage: Handler = null
  onclose: Handler = null
  onerror: Handler = null
  constructor(readonly url: string) {
    FakeSocket.made.push(this)
  }
  send(data: unknown) {
    this.sent.push(data)
  }
  close() {
    this.readyState = 3
  }
  open() {
    this.readyState = 1
    this.onopen?.({})
  }
  fail() {
    this.readyState = 3
    this.onclose?.({ code: 1006 })
  }
}

function setup(random: () => number) {
  FakeSocket.made = []
  const timers: Array<{ fn: () => void; ms: number }> = []
  const Jittered = jitteredWebSocket(FakeSocket, {
    baseMs: 100,
    maxMs: 1000,
    random,
    setTimer: (fn, ms) => timers.push({ fn, ms }),
  })
  return { Jittered, timers }
}

describe('jitteredWebSocket', () => {
  it('connects at once first, then waits a random share of a doubling window after each failure', () => {
    const { Jittered, timers } = setup(() => 0.5)
    const first = new Jittered('ws://x/sync/g')
    expect(FakeSocket.made).toHaveLength(1)
    FakeSocket.made[0]!.fail()
    new Jittered('ws://x/sync/g')
    expect(FakeSocket.made).toHaveLength(1)
    expect(timers.map((t) => t.ms)).toEqual([100]) // 0.5 * 100 * 2^1
    timers[0]!.fn()
    FakeSocket.made[1]!.fail()
    new Jittered('ws://x/sync/g')
    FakeSocket.made.length = 2
    expect(timers.map((t) => t.ms)).toEqual([100, 200])
    for (let i = 0; i < 6; i++) {
      timers.at(-1)!.fn()
      FakeSocket.made.at(-1)!.fail()
      new Jittered('ws://x/sync/g')
    }
    expect(timers.at(-1)!.ms).toBe(500) // capped at maxMs, times 0.5
    expect(first.readyState).toBe(3)
  })

  it('forwards events, binary type and sends, and resets after a connection opens', () => {
    const { Jittered, timers } = setup(() => 0.9)
    const socket = new Jittered('ws://x/sync/g')
    socket.binaryType = 'arraybuffer'
    const got: string[] = []
    socket.onopen = () => got.push('open')
    socket.onmessage = () => got.push('message')
    socket.onclose = () => got.push('close')
    const real = FakeSocket.made[0]!
    real.open()
    real.onmessage?.({ data: new Uint8Array([1]) })
    socket.send(new Uint8Array([2]))
    real.fail()
    expect(got).toEqual(['open', 'message', 'close'])
    expect(real.binaryType).toBe('arraybuffer')
    expect(real.sent).toHaveLength(1)
    // Closed after having been open: the next attempt goes at once.
    new Jittered('ws://x/sync/g')
    expect(FakeSocket.made).toHaveLength(2)
    expect(timers).toHaveLength(0)
  })

  it('never opens a socket that was closed while waiting', () => {
    const { Jittered, timers } = setup(() => 0.5)
    new Jittered('ws://x/sync/g')
    FakeSocket.made[0]!.fail()
    const waiting = new Jittered('ws://x/sync/g')
    waiting.close()
    timers[0]!.fn()
    expect(FakeSocket.made).toHaveLength(1)
    expect(waiting.readyState).toBe(3)
  })
})
