/**
 * A real HTTP server in front of a real test server that passes every request and WebSocket upgrade
 * through, except the routes it is told to fail: those it answers with a chosen status, as an
 * overloaded or throttling server would. For clients whose behaviour on a failing route matters (the
 * stdio agent asking for its role), where stopping the whole server would test something else.
 * Hand-written: a proxy library would be a dependency for forty lines.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http'
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'

export interface FaultyFront {
  url: string
  /** Requests answered with a failure, per path. */
  failed: Map<string, number>
  /** From now on answer `status` on `path` (null: pass it through again). */
  fail(path: string, status: number | null): void
  close(): Promise<void>
}

export async function faultyFront(target: string): Promise<FaultyFront> {
  const to = new URL(target)
  const port = Number(to.port)
  const failing = new Map<string, number>()
  const failed = new Map<string, number>()
  const tunnels = new Set<{ destroy(): void }>()
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const status = failing.get(path)
    if (status !== undefined) {
      failed.set(path, (failed.get(path) ?? 0) + 1)
      req.resume()
      res.writeHead(status, { 'content-type': 'application/json', 'retry-after': '60' })
      res.end(JSON.stringify({ error: 'unavailable', message: `front answered ${status}` }))
      return
    }
    const out = request(
      { host: to.hostname, port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    out.on('error', () => res.destroy())
    req.pipe(out)
  })
  // WebSocket upgrades: the raw bytes both ways, the request head written again first.
  server.on('upgrade', (req: IncomingMessage, socket, head) => {
    const back = connect(port, to.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`]
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`)
      back.write(`${lines.join('\r\n')}\r\n\r\n`)
      if (head.length) back.write(head)
      back.pipe(socket)
      socket.pipe(back)
    })
    tunnels.add(back).add(socket)
    back.on('close', () => socket.destroy())
    socket.on('close', () => back.destroy())
    back.on('error', () => socket.destroy())
    socket.on('error', () => back.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    failed,
    fail: (path, status) => (status === null ? failing.delete(path) : failing.set(path, status)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of tunnels) t.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
