/**
 * Host and Origin (apps/sync/src/access/origin.ts) on a server with tokens and on one without, where DNS
 * rebinding matters most: a foreign Origin or Host is refused with 403 on the WebSocket upgrade, on
 * REST reads and writes and on /mcp, even with a valid token, and changes nothing; the same origin,
 * and loopback Host names work; a page on another loopback port is foreign too (issue 13, finding 8).
 */
import type { ServerProcess } from '../server.ts'
import { until } from '../suite.ts'
import { connectRaw, readState, step2Payload, syncStep1 } from '../wire.ts'
import {
  G,
  INITIALIZE,
  NONE,
  RPC_HEADERS,
  auth,
  bearer,
  described,
  http,
  httpStatusOf,
  mcpConnect,
  show,
  stockClient,
  type Tally,
} from './kit.ts'

interface Header {
  label: string
  headers: Record<string, string>
}

export async function guardChecks(
  label: string,
  server: ServerProcess,
  token: string | undefined,
  marker: string,
  tally: Tally,
): Promise<void> {
  const port = server.port
  const creds = token ? auth(token) : {}
  const on = `(server with ${label})`
  const before = (await readState(server.wsUrl, G, { token })).digest
  const origins = [
    'http://evil.example',
    `http://evil.example:${port}`,
    'null',
    `http://127.0.0.1.evil.example:${port}`,
    `http://localhost.evil.example:${port}`,
    'https://attacker.test',
    'file://',
    `http://localhost:${port + 1}`,
    'http://127.0.0.1:5173',
  ]
  const hosts = [
    'evil.example',
    `evil.example:${port}`,
    `127.0.0.1.nip.io:${port}`,
    `localhost.evil.example:${port}`,
  ]
  const foreign: Array<Header & { why: RegExp }> = [
    ...origins.map((o) => ({ label: `Origin ${o}`, headers: { origin: o }, why: /Origin/ })),
    ...hosts.map((h) => ({ label: `Host ${h}`, headers: { host: h }, why: /Host/ })),
  ]
  const requests: Array<[string, string, string | undefined]> = [
    ['POST', `/api/graphs/${G}/import?format=dsl`, 'Intruder depends_on Base\n'],
    ['DELETE', `/api/graphs/${G}`, undefined],
    ['GET', '/api/graphs', undefined],
    ['GET', `/api/graphs/${G}/export?format=dsl`, undefined],
    ['GET', '/healthz', undefined],
    ['GET', '/', undefined],
  ]
  for (const f of foreign) {
    const ws = await connectRaw(server.wsUrl, G, { headers: { ...creds, ...f.headers } })
    tally.refuse(
      ws.refused?.status === 403 && f.why.test(ws.refused.body),
      `WebSocket upgrade ${on} with ${f.label}`,
      'HTTP 403 naming the header',
      ws.refused ? `HTTP ${ws.refused.status} ${ws.refused.body}` : 'upgraded',
    )
    ws.close()
    for (const [method, path, body] of requests) {
      const r = await http(port, method, path, { ...creds, ...f.headers }, body)
      tally.refuse(
        r.status === 403 && f.why.test(r.body) && !r.body.includes(marker),
        `${method} ${path} ${on} with ${f.label}`,
        'HTTP 403 naming the header, nothing of the graph',
        show(r),
      )
    }
    const m = await http(port, 'POST', '/mcp', { ...RPC_HEADERS, ...creds, ...f.headers }, INITIALIZE)
    tally.refuse(
      m.status === 403 && f.why.test(m.body),
      `POST /mcp initialize ${on} with ${f.label}`,
      'HTTP 403 naming the header',
      show(m),
    )
  }
  // The SDK client and the stock client, as a page on a foreign site would run them.
  const evil = { origin: 'http://evil.example' }
  const sdk = await mcpConnect(server.url, token ? bearer('', token) : NONE, evil)
  tally.refuse(
    httpStatusOf(sdk.error) === 403 && /Origin/.test(String(sdk.error)),
    `MCP SDK client ${on} from Origin http://evil.example`,
    'connect refused with HTTP 403 naming the Origin',
    described(sdk),
  )
  await sdk.client?.close()
  const stock = stockClient(server, G, token, evil)
  // It cannot see the 403 (browsers hide it too) and retries; it must never get in.
  await until(() => stock.closes.length >= 2, 3000)
  tally.refuse(
    !stock.connected && !stock.provider.synced && stock.closes.length > 0,
    `stock y-websocket client ${on} from Origin http://evil.example`,
    'never connected',
    `connected ${stock.connected}, closes ${JSON.stringify(stock.closes)}`,
  )
  stock.provider.destroy()
  const after = (await readState(server.wsUrl, G, { token })).digest
  tally.expect(
    after === before,
    `foreign writes ${on}`,
    'the stored state unchanged',
    `${before} -> ${after}`,
  )

  const allowed: Header[] = [
    {
      label: `Origin http://127.0.0.1:${port} (same origin)`,
      headers: { origin: `http://127.0.0.1:${port}` },
    },
    {
      label: `Origin http://localhost:${port} (same origin by name)`,
      headers: { origin: `http://localhost:${port}`, host: `localhost:${port}` },
    },
    { label: `Host localhost:${port}`, headers: { host: `localhost:${port}` } },
    { label: `Host [::1]:${port}`, headers: { host: `[::1]:${port}` } },
  ]
  for (const a of allowed) {
    const headers = { ...creds, ...a.headers }
    const ws = await connectRaw(server.wsUrl, G, { headers })
    if (!ws.refused) ws.send(syncStep1())
    const synced = !ws.refused && (await ws.waitFrame((f) => step2Payload(f) !== null, 5000)) !== null
    ws.close()
    const r = await http(
      port,
      'POST',
      `/api/graphs/${G}/import?format=dsl`,
      headers,
      'Friend depends_on Base\n',
    )
    const m = await http(port, 'POST', '/mcp', { ...RPC_HEADERS, ...headers }, INITIALIZE)
    tally.expect(
      synced && r.status === 200 && m.status === 200,
      `${on} ${a.label}`,
      'WebSocket syncs, REST import and MCP initialize answer 200',
      `ws ${synced ? 'synced' : (ws.refused?.body ?? JSON.stringify(ws.closed))}; import ${show(r)}; mcp ${show(m)}`,
    )
  }
}
