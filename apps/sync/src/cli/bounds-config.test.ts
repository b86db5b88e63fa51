/**
 * The bounds an operator may raise are configuration (issue 23): each is a flag of `plexus serve` and
 * an environment variable (the flag wins), a whole number of at least 1; anything else refuses to
 * start with a message naming the setting and what it takes. The values reach the server: its
 * builds line, its REST import and `/mcp` body limits. README's configuration table names each.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { BOUNDS } from './bounds.ts'
import { main } from './cli.ts'
import { resolveConfig } from './config.ts'
import { defaultLimits } from '../access/server-limits.ts'
import { testServer } from '../test/server-harness.ts'

const dir = mkdtempSync(join(tmpdir(), 'plexus-bounds-config-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
// Fixed (issue 31): a default taken from the clock tried a new seed every run, so one run in N
// failed on a case nobody had seen. PLEXUS_SEED=N runs another.
const DEFAULT_SEED = 20261129
const seed = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)

const limitsOf = (flags: Record<string, string>, env: Record<string, string> = {}) => {
  const r = resolveConfig(flags, env, dir)
  if (!r.ok) throw new Error(r.message)
  return r.value.limits
}

describe('bounds from flags and environment', () => {
  it.each(BOUNDS.map((b) => [b.flag, b] as const))('--%s: default, environment, flag over it', (_, b) => {
    expect(limitsOf({})[b.key]).toBe(defaultLimits[b.key])
    // Within the other bounds' rules (one identity's builds never above everyone's).
    const other: Record<string, string> = b.key === 'maxBuildsPerIdentity' ? { PLEXUS_MAX_BUILDS: '100' } : {}
    expect(limitsOf({}, { ...other, [b.env]: '7' })[b.key]).toBe(7)
    expect(limitsOf({ [b.flag]: '9' }, { ...other, [b.env]: '7' })[b.key]).toBe(9)
  })

  it.each(BOUNDS.map((b) => [b.flag, b] as const))(
    '--%s: 0, negative, fractions and words refuse to start, naming the setting',
    (_, b) => {
      for (const bad of ['0', '-1', '1.5', 'ten', '1e3', '0x10', '  -4 ']) {
        for (const given of [
          { flags: { [b.flag]: bad }, env: {} },
          { flags: {}, env: { [b.env]: bad } },
        ]) {
          const r = resolveConfig(given.flags, given.env, dir)
          expect(r.ok, `${b.flag} = ${JSON.stringify(bad)}`).toBe(false)
          if (r.ok) continue
          expect(r.message).toContain(`--${b.flag} (${b.env}) must be a whole number of at least 1`)
          expect(r.message).toContain(`got "${bad}"`)
          expect(r.message).toContain(`default ${defaultLimits[b.key]}`)
        }
      }
    },
  )

  it('any text for any bound: taken exactly when it is a whole number of at least 1, else refused by name', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer({ min: -1000, max: 10_000_000 }).map(String),
      fc.double({ noNaN: false }).map(String),
      fc.constantFrom('0', '00', '1', '01', ' 3 ', '+3', '3.0', '9007199254740993'),
    )
    try {
      fc.assert(
        fc.property(fc.constantFrom(...BOUNDS), text, (b, raw) => {
          const r = resolveConfig(
            {},
            { ...(b.key === 'maxBuilds' ? {} : { PLEXUS_MAX_BUILDS: '1000' }), [b.env]: raw },
            dir,
          )
          const t = raw.trim()
          const n = Number(t)
          if (t === '') return r.ok && r.value.limits[b.key] === defaultLimits[b.key]
          const fine = /^\d+$/.test(t) && n >= 1 && Number.isSafeInteger(n)
          // The per-identity share above everyone's is refused for a reason of its own.
          if (fine && b.key === 'maxBuildsPerIdentity' && n > 1000)
            return !r.ok && /cannot exceed everyone's/.test(r.message)
          if (fine && b.key === 'maxBuilds')
            return (
              r.ok && r.value.limits.maxBuilds === n && r.value.limits.maxBuildsPerIdentity === Math.min(n, 4)
            )
          if (fine) return r.ok && r.value.limits[b.key] === n
          return !r.ok && r.message.includes(`${b.env}) must be a whole number of at least 1`)
        }),
        { seed, numRuns: 400 },
      )
    } catch (error) {
      console.error(`bounds-config property failed with seed ${seed} (PLEXUS_SEED=${seed} replays it)`)
      throw error
    }
  })

  it('the older limits set only by environment (rate, frame size, connections, document size) are bounds too: a flag each, 0 refused', () => {
    const older = [
      'PLEXUS_MAX_MESSAGE_BYTES',
      'PLEXUS_RATE',
      'PLEXUS_BURST',
      'PLEXUS_MAX_CONNECTIONS_PER_ADDRESS',
      'PLEXUS_AUTH_FAILURE_BURST',
      'PLEXUS_MAX_HTTP_CONNECTIONS',
      'PLEXUS_MAX_HTTP_CONNECTIONS_PER_ADDRESS',
      'PLEXUS_MAX_DOCUMENT_BYTES',
    ]
    const envs: string[] = BOUNDS.map((b) => b.env)
    for (const env of older) {
      expect(envs, `${env} has no flag`).toContain(env)
      // 0 messages a second, a 0-byte frame, 0 connections: a server that refuses everyone.
      expect(resolveConfig({}, { [env]: '0' }, dir).ok, `${env}=0 was taken`).toBe(false)
    }
  })

  it("refuses one identity's share of builds above everyone's; a total below the default share lowers it", () => {
    expect(limitsOf({}, { PLEXUS_MAX_BUILDS: '2' })).toMatchObject({ maxBuilds: 2, maxBuildsPerIdentity: 2 })
    const r = resolveConfig({ 'max-builds-per-identity': '20' }, { PLEXUS_MAX_BUILDS: '8' }, dir)
    expect(r).toMatchObject({
      ok: false,
      message: expect.stringMatching(/20, more than.*8.*raise --max-builds/),
    })
  })

  it('plexus serve refuses to start on a bad bound, exit 2, saying which and what it takes', async () => {
    let stderr = ''
    const err = vi
      .spyOn(console, 'error')
      .mockImplementation((...a: unknown[]) => void (stderr += a.join(' ')))
    try {
      const data = join(dir, 'never-started')
      expect(await main(['serve', '--port', '0', '--data', data, '--max-builds', '0'], {})).toBe(2)
      expect(stderr).toMatch(
        /--max-builds \(PLEXUS_MAX_BUILDS\) must be a whole number of at least 1.*got "0"/,
      )
      stderr = ''
      expect(await main(['serve', '--port', '0', '--data', data], { PLEXUS_MAX_MCP_SESSIONS: 'lots' })).toBe(
        2,
      )
      expect(stderr).toMatch(/PLEXUS_MAX_MCP_SESSIONS\) must be a whole number of at least 1.*got "lots"/)
    } finally {
      err.mockRestore()
    }
  })

  it('serve --help and the README name every bound', async () => {
    let stdout = ''
    const out = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void (stdout += a.join(' ')))
    try {
      await main(['serve', '--help'], {})
    } finally {
      out.mockRestore()
    }
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8')
    for (const b of BOUNDS) {
      expect(stdout).toContain(`--${b.flag} N`)
      expect(stdout).toContain(b.env)
      expect(readme, `README's configuration table lacks ${b.flag}`).toContain(
        `| \`--${b.flag} N\` | \`${b.env}\` |`,
      )
    }
  })

  it('the values reach the server: its builds line and its body limits', async () => {
    const limits = limitsOf({
      'max-builds': '5',
      'max-builds-per-identity': '3',
      'max-import-bytes': '100',
      'max-mcp-body-bytes': '300',
    })
    const server = await testServer({ limits })
    try {
      expect(server.offload.builds.limits).toEqual({ perIdentity: 3, total: 5 })
      const big = await fetch(`${server.url}/api/graphs/g/import?format=dsl`, {
        method: 'POST',
        body: 'a uses b\n'.repeat(12),
      })
      expect(big.status).toBe(413)
      expect(await big.text()).toMatch(/over 100 bytes/)
      const small = await fetch(`${server.url}/api/graphs/g/import?format=dsl`, {
        method: 'POST',
        body: 'a uses b\n',
      })
      expect(small.status).toBe(200)
      const rpc = (text: string) =>
        fetch(`${server.url}/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: 'graph_add_facts', arguments: { project: 'g', text } },
          }),
        })
      expect((await rpc('c uses d')).status).toBe(200)
      expect((await rpc('c uses d\n'.repeat(40))).status).toBe(413)
    } finally {
      await server.dispose()
    }
  })
})
