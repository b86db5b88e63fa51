/**
 * Request bodies read up to a limit, and the rest of a refused body read and dropped.
 *
 * Hand-written rather than hono's `bodyLimit`: at the limit that middleware stops reading and leaves
 * the rest of the body in the socket, and the Node adapter then drains it for 500 ms and destroys
 * the socket; answering with `Connection: close` makes Node destroy it at once. Either way a client
 * still sending (any client on a busy machine) is reset and loses the refusal: it sees ECONNRESET
 * or EPIPE, not the 413 that says what to do (CI on 2026-11-28: "HTTP 0 after 4.9 MiB sent").
 * HTTP/1.1 asks a server that refuses early to go on reading what the client still sends
 * (RFC 9112, section 9.6); so here, after a refusal, up to `LINGER_BYTES` more are read and
 * dropped (never held), and the connection then serves the client's next request. Past that the
 * server stops reading, the client is held back by TCP, and Node closes the request at its
 * `requestTimeout`. The server is started with the adapter's own drain off (`autoCleanupIncoming:
 * false`); a body no route read at all is Node's to drop.
 */

/** What a refused body may still send, read and dropped, before the server stops reading it. */
export const LINGER_BYTES = 256 * 1024 * 1024

/** The body's bytes, or `over` when it is longer than `max` (declared or as it arrived). */
export async function readLimited(req: Request, max: number): Promise<Uint8Array | 'over'> {
  const declared = Number(req.headers.get('content-length') ?? 0)
  // Not read at all: Node drops the body itself once the answer is sent.
  if (declared > max) return 'over'
  if (!req.body) return new Uint8Array(0)
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      void dropRest(reader)
      return 'over'
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, size)
}

/** Reads and drops what is still coming, up to `LINGER_BYTES`; a failed read ends it quietly. */
async function dropRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let dropped = 0
  try {
    while (dropped <= LINGER_BYTES) {
      const { done, value } = await reader.read()
      if (done) return
      dropped += value.byteLength
    }
  } catch {
    // The client went away: nothing is left to read.
  }
}
