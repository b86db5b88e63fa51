/**
 * A chunked /mcp upload with no Content-Length, for the bounds checks (apps/sync/src/access/bounds.test.ts
 * and the reliability suite's access phase): the server must refuse it without holding what it sent.
 */
import { request } from 'node:http'
import { connect } from 'node:net'

export interface ChunkedAnswer {
  /** The HTTP status, or 0 when the connection failed before any answer. */
  status: number
  /** The answer's body, or the connection error. */
  body: string
  /** Bytes written before the answer came (or all of them). */
  sent: number
}

/**
 * POSTs `total` bytes (spaces, 64 KiB a chunk) to `${url}/mcp` with `token`, stopping once the server
 * answers; `onChunk` runs before each chunk is written.
 */
export function chunkedPost(
  url: string,
  token: string,
  total: number,
  onChunk: () => void = () => {},
): Promise<ChunkedAnswer> {
  return new Promise((resolve) => {
    const req = request(`${url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'transfer-encoding': 'chunked',
      },
    })
    const chunk = Buffer.alloc(64 * 1024, 0x20)
    let sent = 0
    let answered = false
    req.on('response', (res) => {
      answered = true
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (body += d))
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body, sent })
        req.destroy()
      })
    })
    // The server may close the connection mid-upload once it has refused: that is the point.
    req.on('error', (error) => (answered ? undefined : resolve({ status: 0, body: String(error), sent })))
    const pump = () => {
      while (sent < total && !answered) {
        onChunk()
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
      if (!answered) req.end()
    }
    pump()
  })
}

export interface Oversized {
  /** Where: `/mcp` or an import route. */
  path: string
  token: string
  /** Bytes of body sent before the client looks for an answer (and, declared, the length it declares). */
  total: number
  /** `declared`: a Content-Length sent whole before reading, as a naive client does; else chunked. */
  declared: boolean
  /** Chunked: bytes still sent after the answer arrived (a client that has not looked yet). */
  after?: number
}

export interface OversizedAnswer {
  status: number
  body: string
  /** A reset or broken pipe under the client while it sent, or null. */
  error: string | null
  /** The status of a `GET /healthz` sent on the same connection after the body, or 0. */
  next: number
}

/**
 * Sends an oversized body over a raw socket the way clients really do: a naive one writes all it
 * declared before reading; a chunked one keeps writing `after` bytes past the moment the answer
 * arrived, then ends its body. Then it asks for /healthz on the same connection. A server that
 * refuses and then resets the connection under a client still sending makes the client lose the
 * refusal (it sees ECONNRESET or EPIPE instead): that is what this reports.
 */
export function sendOversized(url: string, o: Oversized): Promise<OversizedAnswer> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname)
    const chunk = Buffer.alloc(64 * 1024, 0x20)
    let received = Buffer.alloc(0)
    let error: string | null = null
    let first: { status: number; body: string } | null = null
    let settled = false
    const finish = (next: number) => {
      if (settled) return
      settled = true
      socket.destroy()
      resolve({ status: first?.status ?? 0, body: first?.body ?? '', error, next })
    }
    // Parses the answers with a Content-Length, in order: the refusal, then /healthz's.
    const parse = () => {
      for (;;) {
        const end = received.indexOf('\r\n\r\n')
        if (end < 0) return
        const head = received.subarray(0, end).toString('latin1')
        const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0)
        if (received.length < end + 4 + length) return
        const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0)
        const body = received.subarray(end + 4, end + 4 + length).toString('utf8')
        received = received.subarray(end + 4 + length)
        if (!first) first = { status, body }
        else return finish(status)
      }
    }
    socket.on('data', (d: Buffer) => {
      received = Buffer.concat([received, d])
      parse()
    })
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error ??= e.code ?? e.message
      finish(0)
    })
    socket.on('close', () => finish(0))
    const write = (data: Buffer | string) =>
      new Promise<void>((ok) => (socket.write(data) ? ok() : socket.once('drain', ok)))
    void (async () => {
      await new Promise<void>((ok) => socket.once('connect', ok))
      await write(
        `POST ${o.path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${o.token}\r\n` +
          'Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n' +
          (o.declared ? `Content-Length: ${o.total}\r\n\r\n` : 'Transfer-Encoding: chunked\r\n\r\n'),
      )
      const frame = o.declared ? chunk : Buffer.concat([Buffer.from('10000\r\n'), chunk, Buffer.from('\r\n')])
      let sent = 0
      let afterAnswer = 0
      while (!settled) {
        if (o.declared ? sent >= o.total : first && afterAnswer >= (o.after ?? 0)) break
        if (!o.declared && !first && sent >= o.total) break
        await write(o.declared ? chunk.subarray(0, Math.min(chunk.length, o.total - sent)) : frame)
        sent += chunk.length
        if (first) afterAnswer += chunk.length
      }
      if (settled) return
      if (!o.declared) await write('0\r\n\r\n')
      await write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`)
    })()
  })
}
