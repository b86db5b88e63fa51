/**
 * Access (issue 6, item 4), end to end against real `plexus serve` processes. With tokens configured,
 * no token, a wrong token and a read token that writes are refused on WebSocket (raw and the stock
 * y-websocket client), on /mcp (the SDK's own client) and on every REST route, and the stored state
 * is unchanged by the attempts; a foreign Origin or Host is refused; listening beyond loopback without
 * tokens is refused. A valid token is shown to work on every surface, so each refusal check can fail.
 *
 * Then the authorization matrix (access/matrix.ts): every tool of every MCP surface × every way of
 * naming its graph × the token's role there, allowed or refused with nothing changed; and generated
 * pathological texts for every parser's regular expressions, imported while `/healthz` must keep
 * answering (access/parsers.ts).
 *
 * Four servers: `main` (loopback, tokens), `open` (loopback, no tokens: there DNS rebinding and
 * foreign pages are the whole threat), `wide` (0.0.0.0, tokens) and `matrix` (loopback, tokens scoped
 * per graph). The parts live in access/.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { bindRefusals, loginThrottle, wideServer } from './access/bind.ts'
import { boundsChecks } from './access/bounds.ts'
import {
  G,
  VICTIM,
  Tally,
  auth,
  hex,
  http,
  makeTokens,
  show,
  tokenEntries,
  tokenList,
  type Tokens,
} from './access/kit.ts'
import { matrixAccess, matrixServer } from './access/matrix.ts'
import { mcpAccess } from './access/mcp.ts'
import { guardChecks } from './access/origin.ts'
import { parserInputs } from './access/parsers.ts'
import { restAccess } from './access/rest.ts'
import { wsAccess } from './access/ws.ts'
import { ServerProcess } from './server.ts'
import { Rng, type Phase } from './suite.ts'

export const accessPhase: Phase = async (ctx) => {
  const rng = new Rng(ctx.seed)
  const tokens = makeTokens(rng)
  const tally = new Tally()
  const bounds: Record<string, number> = {}
  // The main server checks every bad credential on every route from one address: its throttle of
  // failed logins is opened wide; the wide server keeps the default and checks the throttle.
  const withTokens = {
    PLEXUS_TOKENS: tokenList(tokens),
    PLEXUS_TOKENS_FILE: '',
    PLEXUS_AUTH_FAILURE_BURST: '1000000',
  }
  const main = new ServerProcess({ dataDir: join(ctx.tmp, 'main'), env: withTokens })
  const open = new ServerProcess({
    dataDir: join(ctx.tmp, 'open'),
    env: { PLEXUS_TOKENS: '', PLEXUS_TOKENS_FILE: '' },
  })
  // The wide server reads its tokens from a file: the other way to configure them.
  const tokensFile = join(ctx.tmp, 'tokens.json')
  writeFileSync(tokensFile, JSON.stringify({ tokens: tokenEntries(tokens) }))
  const wide = new ServerProcess({
    dataDir: join(ctx.tmp, 'wide'),
    host: '0.0.0.0',
    env: { PLEXUS_TOKENS: '', PLEXUS_TOKENS_FILE: '' },
    args: ['--tokens-file', tokensFile],
  })
  // The authorization matrix's server: its own tokens, each scoped per graph.
  const matrix = matrixServer(ctx)
  const servers = [main, open, wide, matrix]
  // Only the seeded graphs hold this: no refused answer may contain it.
  const marker = `Marker${hex(rng, 4)}`
  try {
    await Promise.all(servers.map((s) => s.start()))
    // The refusals to start run beside the checks: each is a process start, the slowest part here.
    const refusals = bindRefusals(ctx, tally)
    ctx.log(
      `servers on ports ${servers.map((s) => s.port).join(', ')} (tokens, no tokens, 0.0.0.0, scoped tokens)`,
    )
    const step = async (name: string, run: () => Promise<void>) => {
      const started = Date.now()
      const failed = tally.failures.length
      await run()
      ctx.log(`${name}: ${Date.now() - started} ms, ${tally.failures.length - failed} failure(s)`)
    }
    await step('seed', () => seed(main, tokens, marker, tally))
    await step('websocket', () => wsAccess(main, rng, tokens, tally))
    await step('rest', () => restAccess(main, rng, tokens, marker, tally))
    await step('mcp', () => mcpAccess(main, rng, tokens, marker, tally))
    await step('origin and host, with tokens', () =>
      guardChecks('tokens', main, tokens.writer, marker, tally),
    )
    await step('origin and host, without tokens', async () => {
      const body = `${marker} depends_on Base\n`
      const r = await http(open.port, 'POST', `/api/graphs/${G}/import?format=dsl`, {}, body)
      tally.expect(r.status === 200, 'import without a token, loopback without tokens', 'HTTP 200', show(r))
      await guardChecks('no tokens', open, undefined, marker, tally)
    })
    await step('0.0.0.0 with tokens', () => wideServer(wide, tokens, tally))
    await step('failed logins', () => loginThrottle(wide, tokens, tally))
    await step('bounds', () => boundsChecks(main, tokens, tally, bounds))
    await step('authorization matrix', () => matrixAccess(matrix, tally, bounds))
    await step('parser inputs', () => parserInputs(ctx, main, tokens, tally, bounds))
    await step('refusals to start', () => refusals)
    for (const s of servers) {
      const leaked = Object.entries(tokens).filter(([, token]) => s.stderr.includes(token))
      tally.expect(
        leaked.length === 0,
        `the log of the server on ${s.port}`,
        'no token in it',
        `the ${leaked.map(([k]) => k).join(', ')} token`,
      )
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()))
  }
  return {
    name: 'access',
    figures: {
      'checks run': tally.checks,
      'refused as expected': tally.refused,
      'bad inputs tried': tally.bad,
      ...bounds,
    },
    failures: tally.failures,
    crashes: servers.reduce((n, s) => n + s.crashes.length, 0),
  }
}

/** The graphs the checks read, imported over REST by the writer: the first positive control. */
async function seed(server: ServerProcess, t: Tokens, marker: string, tally: Tally): Promise<void> {
  for (const id of [G, VICTIM]) {
    const r = await http(
      server.port,
      'POST',
      `/api/graphs/${id}/import?format=dsl`,
      auth(t.writer),
      `${marker} depends_on Base\n`,
    )
    tally.expect(r.status === 200, `writer imports ${id} over REST`, 'HTTP 200', show(r))
  }
  const r = await http(server.port, 'GET', `/api/graphs/${G}/export?format=dsl`, auth(t.reader))
  tally.expect(
    r.status === 200 && r.body.includes(marker),
    'reader exports the graph',
    `200 with ${marker}`,
    show(r),
  )
}
