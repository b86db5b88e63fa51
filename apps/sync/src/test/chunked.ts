/**
 * A chunked /mcp upload with no Content-Length, for the bounds checks (apps/sync/src/bounds.test.ts
 * and the reliability suite's access phase): the server must refuse it without holding what it sent.
 */
import { request } from 'node:http'

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
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sent }))
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
