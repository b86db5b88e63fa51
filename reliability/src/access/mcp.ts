/**
 * /mcp access with the SDK's own client: bad credentials are refused at connect with 401; a read token
 * is shown the read tools only, and every write (hidden tools called anyway, the writing forms of the
 * mixed tools, stateless calls) is a tool error saying so, with the stored state unchanged and no
 * graph created; its reads work. A session serves only the identity that opened it.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { ServerProcess } from '../server.ts'
import type { Rng } from '../suite.ts'
import {
  G,
  INITIALIZE,
  RPC_HEADERS,
  auth,
  badCreds,
  bearer,
  described,
  digest,
  http,
  httpStatusOf,
  inQuery,
  mcpConnect,
  show,
  type Reply,
  type Tally,
  type Tokens,
} from './kit.ts'

/** Tools a read token must not be shown (mcp/tools: access 'write'). */
const WRITE_TOOLS = ['graph_plan', 'graph_add_facts', 'graph_update', 'graph_connect', 'graph_import']

type Args = Record<string, unknown>

async function call(client: Client, name: string, args: Args) {
  const r = await client.callTool({ name, arguments: args })
  const content = (r.content ?? []) as Array<{ type: string; text?: string }>
  return { isError: r.isError === true, text: content.map((c) => c.text ?? '').join('\n') }
}

export async function mcpAccess(
  server: ServerProcess,
  rng: Rng,
  t: Tokens,
  marker: string,
  tally: Tally,
): Promise<void> {
  for (const cred of badCreds(rng, t)) {
    const c = await mcpConnect(server.url, cred)
    tally.refuse(
      httpStatusOf(c.error) === 401 && /token/.test(String(c.error)),
      `MCP SDK client with ${cred.label}`,
      'connect refused with HTTP 401 naming the token',
      described(c),
    )
    await c.client?.close()
  }
  for (const method of ['GET', 'DELETE']) {
    const r = await http(server.port, method, '/mcp', { accept: 'text/event-stream' })
    tally.refuse(r.status === 401, `${method} /mcp without a token`, 'HTTP 401', show(r))
  }

  const reader = await mcpConnect(server.url, bearer('', t.reader))
  const writer = await mcpConnect(server.url, bearer('', t.writer))
  const byQuery = await mcpConnect(server.url, inQuery('', `token=${t.reader}`))
  tally.expect(reader.client !== null, 'MCP SDK client with the read token', 'connects', described(reader))
  tally.expect(writer.client !== null, 'MCP SDK client with the write token', 'connects', described(writer))
  tally.expect(byQuery.client !== null, 'MCP SDK client with ?token= (read)', 'connects', described(byQuery))
  await byQuery.client?.close()
  if (!reader.client || !writer.client) return

  const readerTools = (await reader.client.listTools()).tools.map((x) => x.name)
  const writerTools = (await writer.client.listTools()).tools.map((x) => x.name)
  tally.expect(
    WRITE_TOOLS.every((n) => writerTools.includes(n) && !readerTools.includes(n)) &&
      readerTools.every((n) => writerTools.includes(n)) &&
      readerTools.includes('graph_query'),
    'tools/list for a read token',
    `the read tools only (none of ${WRITE_TOOLS.join(', ')})`,
    `reader sees ${readerTools.join(', ')}; writer sees ${writerTools.join(', ')}`,
  )

  const before = await digest(server, t)
  // The tools the reader was not shown, called anyway, then the writing forms of the mixed tools.
  const attempts: Array<[string, Args]> = [
    ...writerTools.filter((n) => !readerTools.includes(n)).map((n): [string, Args] => [n, { project: G }]),
    ['graph_open', { project: 'access-reader-new', goal: 'made by a reader' }],
    ['graph_next', { project: G, claim: true }],
    ['graph_session', { project: G, action: 'checkpoint', name: 'by-reader' }],
  ]
  const deniedText = /read-only|write role|can only read/
  for (const [name, args] of attempts) {
    const r = await call(reader.client, name, args)
    tally.refuse(
      r.isError && deniedText.test(r.text),
      `MCP ${name} ${JSON.stringify(args)} with the read token`,
      'a tool error saying the token can only read',
      `${r.isError ? 'error' : 'success'}: ${r.text}`,
    )
  }
  // Without a transport session: the stateless path serves the same roles.
  const stateless = await rpc(server, auth(t.reader), planCall('Planned by a stateless reader'))
  tally.refuse(
    stateless.status === 200 && /"isError":\s*true/.test(stateless.body) && deniedText.test(stateless.body),
    'MCP stateless tools/call graph_plan with the read token',
    'a tool error saying the token can only read',
    show(stateless),
  )
  const reads: Array<[string, Args, RegExp]> = [
    ['graph_open', {}, new RegExp(G)],
    ['graph_onboard', { project: G }, /./],
    ['graph_query', { project: G }, new RegExp(marker)],
    ['graph_export', { project: G, format: 'dsl' }, new RegExp(marker)],
    ['graph_search', { query: marker }, new RegExp(marker)],
    ['graph_next', { project: G }, /./],
    ['graph_session', { project: G }, /./],
  ]
  for (const [name, args, shows] of reads) {
    const r = await call(reader.client, name, args)
    tally.expect(!r.isError && shows.test(r.text), `MCP ${name} with the read token`, `a result`, r.text)
  }
  const ghost = await call(reader.client, 'graph_onboard', { project: 'access-ghost-mcp' })
  tally.refuse(ghost.isError, 'MCP graph_onboard of a missing graph (read token)', 'a tool error', ghost.text)
  const after = await digest(server, t)
  tally.expect(
    after === before,
    'MCP calls by the read token',
    'the stored state unchanged',
    `${before} -> ${after}`,
  )
  const list = await http(server.port, 'GET', '/api/graphs', auth(t.reader))
  tally.expect(
    !/access-reader-new|access-ghost-mcp/.test(list.body),
    'MCP calls by the read token',
    'no graph created',
    show(list),
  )

  await sessionChecks(server, t, tally)

  const planned = await call(writer.client, 'graph_plan', {
    project: G,
    nodes: [{ summary: 'By the writer' }],
  })
  const changed = await digest(server, t)
  tally.expect(
    !planned.isError && changed !== after,
    'MCP graph_plan with the write token',
    'success and a changed stored state',
    `${planned.text}; state ${changed === after ? 'unchanged' : 'changed'}`,
  )
  await Promise.all([reader.client.close(), writer.client.close()])
}

function rpc(server: ServerProcess, headers: Record<string, string>, body?: string, method = 'POST') {
  return http(server.port, method, '/mcp', { ...RPC_HEADERS, ...headers }, body)
}

function planCall(summary: string): string {
  const params = { name: 'graph_plan', arguments: { project: G, nodes: [{ summary }] } }
  return JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params })
}

const LIST = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} })
const INITIALIZED = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })

async function openSession(server: ServerProcess, token: string): Promise<string | null> {
  const init = await rpc(server, auth(token), INITIALIZE)
  const sid = init.headers['mcp-session-id']
  if (typeof sid !== 'string') return null
  await rpc(server, { ...auth(token), 'mcp-session-id': sid }, INITIALIZED)
  return sid
}

/** A session belongs to the identity that opened it: another token (or none) can neither use nor end it. */
async function sessionChecks(server: ServerProcess, t: Tokens, tally: Tally): Promise<void> {
  const sid = await openSession(server, t.writer)
  tally.expect(sid !== null, 'MCP initialize with the write token', 'a session id', 'none')
  if (!sid) return
  const before = await digest(server, t)
  const borrowers: Array<[string, Record<string, string>, number]> = [
    ['the read token', auth(t.reader), 403],
    ['no token', {}, 401],
    ['a wrong token', auth(`${t.writer}x`), 401],
  ]
  for (const [label, headers, status] of borrowers) {
    const asked: Array<[string, () => Promise<Reply>]> = [
      [
        'tools/call graph_plan',
        () => rpc(server, { ...headers, 'mcp-session-id': sid }, planCall('Borrowed')),
      ],
      ['GET (event stream)', () => rpc(server, { ...headers, 'mcp-session-id': sid }, undefined, 'GET')],
      ['DELETE (end it)', () => rpc(server, { ...headers, 'mcp-session-id': sid }, undefined, 'DELETE')],
    ]
    for (const [what, send] of asked) {
      const r = await send()
      tally.refuse(
        r.status === status,
        `MCP ${what} in the writer's session with ${label}`,
        `HTTP ${status}`,
        show(r),
      )
    }
  }
  const still = await rpc(server, { ...auth(t.writer), 'mcp-session-id': sid }, LIST)
  tally.expect(
    still.status === 200,
    "the writer's session after the attempts",
    'still serves its owner',
    show(still),
  )
  const after = await digest(server, t)
  tally.expect(
    after === before,
    'borrowed-session writes',
    'the stored state unchanged',
    `${before} -> ${after}`,
  )

  // One name, two roles: the read token of "ci" must not write through a session its write token opened.
  const ciSid = await openSession(server, t.ciWrite)
  if (!ciSid) return
  const r = await rpc(server, { ...auth(t.ciRead), 'mcp-session-id': ciSid }, planCall('Borrowed by ci read'))
  const changed = (await digest(server, t)) !== after
  tally.refuse(
    !changed && !(r.status === 200 && !/"isError":\s*true/.test(r.body)),
    'MCP tools/call graph_plan with the "ci" read token in a session opened by the "ci" write token',
    'refused, the stored state unchanged (the token can only read)',
    `${show(r)}; state ${changed ? 'changed' : 'unchanged'}`,
  )
}
