/**
 * Jitter for the stock y-websocket client's reconnects.
 *
 * The client backs off exponentially but without jitter, so when a server restarts, every client
 * that lost it at the same moment comes back at the same moments, all at once. Passed as its
 * `WebSocketPolyfill`, `jitteredWebSocket(WebSocket)` delays each connection attempt after a
 * failure by a random time up to `baseMs * 2^failures` (capped at `maxMs`), on top of the client's
 * own backoff ("full jitter"). The first attempt, and the first after a connection that opened,
 * is not delayed.
 */

/**
 * What y-websocket uses of a WebSocket. Handlers take `never`, so both the browser's WebSocket and
 * Node's `ws` fit without a cast: the wrapper only passes their events on, it never reads them.
 */
export interface SocketLike {
  binaryType: string
  readonly readyState: number
  send(data: ArrayBufferLike | ArrayBufferView | string): void
  close(code?: number, reason?: string): void
  onopen: ((event: never) => void) | null
  onmessage: ((event: never) => void) | null
  onclose: ((event: never) => void) | null
  onerror: ((event: never) => void) | null
}

export type SocketConstructor = new (url: string, protocols?: string | string[]) => SocketLike

export interface JitterOptions {
  baseMs?: number
  maxMs?: number
  random?: () => number
  setTimer?: (fn: () => void, ms: number) => unknown
}

const CONNECTING = 0
const OPEN = 1
const CLOSED = 3

export function jitteredWebSocket(Base: SocketConstructor, options: JitterOptions = {}): SocketConstructor {
  const { baseMs = 100, maxMs = 5000, random = Math.random } = options
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms))
  // Consecutive attempts that ended without opening, shared by the sockets of one provider.
  let failures = 0

  return class JitteredSocket implements SocketLike {
    static readonly CONNECTING = CONNECTING
    static readonly OPEN = OPEN
    static readonly CLOSING = 2
    static readonly CLOSED = CLOSED
    readonly CONNECTING = CONNECTING
    readonly OPEN = OPEN
    readonly CLOSING = 2
    readonly CLOSED = CLOSED
    onopen: SocketLike['onopen'] = null
    onmessage: SocketLike['onmessage'] = null
    onclose: SocketLike['onclose'] = null
    onerror: SocketLike['onerror'] = null
    private socket: SocketLike | null = null
    private abandoned = false
    private type = 'arraybuffer'

    constructor(url: string, protocols?: string | string[]) {
      const delay = failures === 0 ? 0 : random() * Math.min(maxMs, baseMs * 2 ** failures)
      const open = () => {
        if (this.abandoned) return
        const socket = new Base(url, protocols)
        socket.binaryType = this.type
        let opened = false
        socket.onopen = (event) => {
          opened = true
          failures = 0
          this.onopen?.(event)
        }
        socket.onmessage = (event) => this.onmessage?.(event)
        socket.onerror = (event) => this.onerror?.(event)
        socket.onclose = (event) => {
          if (!opened) failures++
          this.onclose?.(event)
        }
        this.socket = socket
      }
      if (delay <= 0) open()
      else setTimer(open, delay)
    }

    get binaryType(): string {
      return this.type
    }

    set binaryType(type: string) {
      this.type = type
      if (this.socket) this.socket.binaryType = type
    }

    get readyState(): number {
      if (this.socket) return this.socket.readyState
      return this.abandoned ? CLOSED : CONNECTING
    }

    send(data: ArrayBufferLike | ArrayBufferView | string): void {
      if (!this.socket) throw new Error('WebSocket is not open yet')
      this.socket.send(data)
    }

    close(code?: number, reason?: string): void {
      this.abandoned = true
      this.socket?.close(code, reason)
    }
  }
}
