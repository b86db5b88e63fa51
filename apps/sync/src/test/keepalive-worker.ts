// A server with the real connection bounds and limits, in a worker thread, so a test can stall its
// event loop (as whole-document work does) while a client's next request is already on its way.
import { createServer } from 'node:http'
import { parentPort } from 'node:worker_threads'
import { boundConnections } from '../access/connections.ts'
import { defaultLimits } from '../access/server-limits.ts'

const server = createServer((_req, res) => res.end('ok'))
boundConnections(server, defaultLimits)
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  parentPort!.postMessage({ port: typeof address === 'object' && address ? address.port : 0 })
})
parentPort!.on('message', (m: { stallMs: number }) => {
  parentPort!.postMessage({ stalling: true })
  // The loop stops here as it does in a long import: no timer and no socket is served meanwhile.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, m.stallMs)
})
