/**
 * Listening beyond loopback: without (valid) tokens `plexus serve` exits 2 saying why and what to do;
 * started with `--host 0.0.0.0` and tokens it serves, reached on loopback and on this machine's
 * network address, and still asks every request for a token.
 */
import { writeFileSync } from 'node:fs'
import { networkInterfaces } from 'node:os'
import { join } from 'node:path'
import { runToExit, type ServerProcess } from '../server.ts'
import { until, type PhaseContext } from '../suite.ts'
import { connectRaw } from '../wire.ts'
import {
  G,
  INITIALIZE,
  RPC_HEADERS,
  UNAUTHORIZED,
  auth,
  clip,
  http,
  show,
  type Reply,
  type Tally,
  type Tokens,
} from './kit.ts'

export function lanAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address
  }
  return undefined
}

export async function bindRefusals(ctx: PhaseContext, tally: Tally): Promise<void> {
  const lan = lanAddress()
  const exposure = /Refusing to listen on .* without tokens[\s\S]*PLEXUS_TOKENS[\s\S]*--host 127\.0\.0\.1/
  const wide = ['--host', '0.0.0.0']
  const emptyFile = join(ctx.tmp, 'no-tokens.json')
  writeFileSync(emptyFile, '{ "tokens": [] }\n')
  const cases: Array<{
    label: string
    args: string[]
    env: Record<string, string>
    says: RegExp
    /** A token the message must not repeat. */
    secret?: string
  }> = [
    { label: '--host 0.0.0.0', args: wide, env: {}, says: exposure },
    { label: '--host ::', args: ['--host', '::'], env: {}, says: exposure },
    { label: 'HOST=0.0.0.0', args: [], env: { HOST: '0.0.0.0' }, says: exposure },
    ...(lan ? [{ label: `--host ${lan}`, args: ['--host', lan], env: {}, says: exposure }] : []),
    { label: '--host 0.0.0.0, empty token list', args: wide, env: { PLEXUS_TOKENS: ',' }, says: exposure },
    {
      label: '--host 0.0.0.0, a 5-character token',
      args: wide,
      env: { PLEXUS_TOKENS: 'bob:write:short' },
      says: /at least 8 characters/,
    },
    {
      label: '--host 0.0.0.0, an unknown role',
      args: wide,
      env: { PLEXUS_TOKENS: 'bob:owner:long-enough-token' },
      says: /role/,
      secret: 'long-enough-token',
    },
    {
      label: '--host 0.0.0.0, an empty tokens file',
      args: [...wide, '--tokens-file', emptyFile],
      env: {},
      says: exposure,
    },
    {
      label: '--host 0.0.0.0, a missing tokens file',
      args: [...wide, '--tokens-file', join(ctx.tmp, 'missing.json')],
      env: {},
      says: /cannot read tokens file/,
    },
  ]
  // Two at a time: each is a full server start, and a loaded machine starts many slowly.
  const queue = [...cases.entries()]
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [i, c] = next
      const args = ['serve', '--port', '0', '--data', join(ctx.tmp, `refuse-${i}`), ...c.args]
      const env = { PLEXUS_TOKENS: '', PLEXUS_TOKENS_FILE: '', ...c.env }
      let got: string
      let ok = false
      try {
        const r = await runToExit(args, env, 60_000)
        ok =
          r.code === 2 &&
          c.says.test(r.stderr) &&
          !/listening on/.test(r.stdout) &&
          !(c.secret && r.stderr.includes(c.secret))
        got = `exit ${r.code}: ${r.stderr.trim()}`
      } catch (error) {
        got = (error as Error).message
      }
      const secret = c.secret ? ' that does not repeat the token' : ''
      tally.refuse(ok, `plexus serve ${c.label}`, `exit 2 with a message matching ${c.says}${secret}`, got)
    }
  }
  await Promise.all([worker(), worker()])
}

export async function wideServer(server: ServerProcess, t: Tokens, tally: Tally): Promise<void> {
  const lan = lanAddress()
  for (const address of ['127.0.0.1', ...(lan ? [lan] : [])]) {
    const at = `at ${address} (--host 0.0.0.0)`
    const health = await http(server.port, 'GET', '/healthz', {}, undefined, address)
    const ok = await http(server.port, 'GET', '/api/graphs', auth(t.reader), undefined, address)
    tally.expect(
      health.status === 200 && ok.status === 200,
      `server ${at} with tokens`,
      'answers /healthz and a reader',
      `${show(health)}; ${show(ok)}`,
    )
    const none = await http(server.port, 'GET', '/api/graphs', {}, undefined, address)
    tally.refuse(none.status === 401, `GET /api/graphs ${at} without a token`, 'HTTP 401', show(none))
    const mcp = await http(server.port, 'POST', '/mcp', RPC_HEADERS, INITIALIZE, address)
    tally.refuse(mcp.status === 401, `POST /mcp ${at} without a token`, 'HTTP 401', show(mcp))
    const ws = await connectRaw(`ws://${address}:${server.port}/sync`, G)
    const closed = await ws.waitClose(5000)
    tally.refuse(
      closed?.code === UNAUTHORIZED,
      `WebSocket ${at} without a token`,
      `close ${UNAUTHORIZED}`,
      JSON.stringify(closed),
    )
    ws.close()
  }
  const evil = { ...auth(t.writer), origin: 'http://evil.example' }
  const r = await http(server.port, 'POST', `/api/graphs/${G}/import?format=dsl`, evil, 'A depends_on B\n')
  tally.refuse(
    r.status === 403,
    'POST import (--host 0.0.0.0) from Origin http://evil.example',
    'HTTP 403',
    show(r),
  )
  // A wildcard bind still checks Host: a rebound name is refused even with a token (issue 13, finding 9).
  const rebound = { ...auth(t.reader), host: `evil.example:${server.port}` }
  const g = await http(server.port, 'GET', `/api/graphs/${G}/export?format=dsl`, rebound)
  tally.refuse(
    g.status === 403 && /Host/.test(g.body),
    'GET export (--host 0.0.0.0, reader token) with Host evil.example',
    'HTTP 403 naming the Host',
    show(g),
  )
}

/**
 * Failed logins are throttled per address and logged without the token (issue 13, finding 9):
 * 60 wrong tokens in a row from one address, most refused with 429 and Retry-After, none repeated
 * in the server's log.
 */
export async function loginThrottle(server: ServerProcess, t: Tokens, tally: Tally): Promise<void> {
  const guesses = Array.from({ length: 60 }, (_, i) => `${t.reader.slice(0, 12)}guess${i}`)
  const statuses: number[] = []
  let last: Reply | null = null
  for (const guess of guesses) {
    last = await http(server.port, 'GET', '/api/graphs', auth(guess))
    statuses.push(last.status)
  }
  const throttled = statuses.filter((s) => s === 429).length
  tally.refuse(
    throttled >= 30 && statuses.every((s) => s === 401 || s === 429),
    'GET /api/graphs with 60 wrong tokens in a row from one address',
    'at least 30 refused with 429',
    `${throttled} refused with 429, statuses ${[...new Set(statuses)].join(', ')}`,
  )
  tally.expect(
    last?.status === 429 && Number(last.headers['retry-after']) > 0 && /wait \d+ s/.test(last.body),
    'the answer to a throttled address',
    'HTTP 429 with Retry-After and a message saying how long to wait',
    last ? show(last) : 'nothing',
  )
  await until(() => /auth: failed authentication from/.test(server.stderr), 5000)
  const leaked = guesses.filter((g) => server.stderr.includes(g))
  tally.expect(
    /auth: failed authentication from/.test(server.stderr) && leaked.length === 0,
    'the server log of failed logins',
    'a line naming the address, and no token',
    leaked.length ? `the log repeats ${leaked.length} token(s)` : clip(server.stderr.slice(-300)),
  )
}
