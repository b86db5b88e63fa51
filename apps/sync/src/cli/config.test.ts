import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { Auth, allows, parseTokenFile, parseTokenList, tokenFrom } from '../access/auth.ts'
import { checkExposure, resolveConfig } from './config.ts'
import { Guard, defaultAllowedHosts } from '../access/origin.ts'
import { StartError, startServer } from '../start-server.ts'

const dir = mkdtempSync(join(tmpdir(), 'plexus-config-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function config(flags: Record<string, string>, env: Record<string, string> = {}) {
  const result = resolveConfig(flags, env, dir)
  if (!result.ok) throw new Error(result.message)
  return result.value
}

describe('configuration', () => {
  it('defaults to 127.0.0.1:4100 and ./data', () => {
    const c = config({})
    expect(c).toMatchObject({ port: 4100, host: '127.0.0.1', dataDir: resolve(dir, 'data'), tokens: [] })
  })

  it('reads the environment, and flags win over it', () => {
    const env = { PORT: '5000', HOST: '0.0.0.0', PLEXUS_DATA: '/srv/plexus' }
    expect(config({}, env)).toMatchObject({ port: 5000, host: '0.0.0.0', dataDir: '/srv/plexus' })
    expect(config({ port: '6000', data: 'here' }, env)).toMatchObject({
      port: 6000,
      dataDir: resolve(dir, 'here'),
    })
  })

  it('takes the claim lease from --claim-ttl-minutes or PLEXUS_CLAIM_TTL_MINUTES, 60 by default', () => {
    expect(config({}).claimTtlMinutes).toBe(60)
    expect(config({}, { PLEXUS_CLAIM_TTL_MINUTES: '15' }).claimTtlMinutes).toBe(15)
    expect(config({ 'claim-ttl-minutes': '5' }, { PLEXUS_CLAIM_TTL_MINUTES: '15' }).claimTtlMinutes).toBe(5)
    expect(resolveConfig({ 'claim-ttl-minutes': 'an hour' }, {}, dir)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/--claim-ttl-minutes must be a whole number/),
    })
    expect(resolveConfig({}, { PLEXUS_CLAIM_TTL_MINUTES: '0' }, dir)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/1 to 10080 minutes.*PLEXUS_CLAIM_TTL_MINUTES/),
    })
  })

  it("takes seed 002's stale-task timeout from --stale-task-minutes or PLEXUS_STALE_TASK_MINUTES, off (0) by default", () => {
    expect(config({}).staleTaskMinutes).toBe(0)
    expect(config({}, { PLEXUS_STALE_TASK_MINUTES: '0' }).staleTaskMinutes).toBe(0)
    expect(config({}, { PLEXUS_STALE_TASK_MINUTES: '15' }).staleTaskMinutes).toBe(15)
    expect(config({ 'stale-task-minutes': '5' }, { PLEXUS_STALE_TASK_MINUTES: '15' }).staleTaskMinutes).toBe(
      5,
    )
    expect(resolveConfig({ 'stale-task-minutes': 'an hour' }, {}, dir)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/--stale-task-minutes must be a whole number/),
    })
    expect(resolveConfig({}, { PLEXUS_STALE_TASK_MINUTES: '525601' }, dir)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/0 \(off\) or 1 to 525600 minutes.*PLEXUS_STALE_TASK_MINUTES/),
    })
  })

  it('takes the reconciliation interval from PLEXUS_RECONCILE_MS, 5 s by default, 0 for never', () => {
    expect(config({}).reconcileMs).toBe(5000)
    expect(config({}, { PLEXUS_RECONCILE_MS: '0' }).reconcileMs).toBe(0)
    expect(resolveConfig({}, { PLEXUS_RECONCILE_MS: '5s' }, dir)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/PLEXUS_RECONCILE_MS must be a whole number, got "5s"/),
    })
  })

  it('reports bad numbers and bad tokens by name', () => {
    expect(resolveConfig({ port: 'eighty' }, {}, dir)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/port/),
    })
    const bad = resolveConfig({}, { PLEXUS_TOKENS: 'ada:superuser:abcdefgh' }, dir)
    expect(bad).toMatchObject({ ok: false, message: expect.stringMatching(/PLEXUS_TOKENS.*role/) })
    const short = resolveConfig({}, { PLEXUS_TOKENS: 'ada:write:abc' }, dir)
    expect(short).toMatchObject({ ok: false, message: expect.stringMatching(/at least 8/) })
  })

  it('reads tokens from the environment and from a file', () => {
    const file = join(dir, 'tokens.json')
    writeFileSync(file, JSON.stringify({ tokens: [{ name: 'ci', role: 'read', token: 'ci-token-1234' }] }))
    const c = config({ 'tokens-file': file }, { PLEXUS_TOKENS: 'ada:write:ada:token:with:colons' })
    expect(c.tokens).toEqual([
      { name: 'ci', role: 'read', token: 'ci-token-1234' },
      { name: 'ada', role: 'write', token: 'ada:token:with:colons' },
    ])
    const dup = resolveConfig({ 'tokens-file': file }, { PLEXUS_TOKENS: 'x:admin:ci-token-1234' }, dir)
    expect(dup).toMatchObject({ ok: false, message: expect.stringMatching(/twice/) })
  })

  it('refuses to listen beyond loopback without tokens, and says what to do', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) {
      expect(checkExposure({ host, tokens: [] }).ok, host).toBe(true)
    }
    const refused = checkExposure({ host: '0.0.0.0', tokens: [] })
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/Refusing.*PLEXUS_TOKENS/s) })
    expect(checkExposure({ host: '192.168.1.5', tokens: [] }).ok).toBe(false)
    expect(
      checkExposure({ host: '0.0.0.0', tokens: [{ name: 'a', role: 'read', token: 'x'.repeat(8) }] }).ok,
    ).toBe(true)
  })

  it('startServer refuses the same before listening', async () => {
    await expect(startServer({ host: '0.0.0.0', port: 0, dataDir: join(dir, 'refused') })).rejects.toThrow(
      StartError,
    )
  })
})

describe('tokens', () => {
  it('authenticates by token and orders roles read < write < admin', () => {
    const parsed = parseTokenList('ada:write:ada-secret-1, rita:read:rita-secret-1')
    if (!parsed.ok) throw new Error(parsed.message)
    const auth = new Auth(parsed.value)
    expect(auth.required).toBe(true)
    expect(auth.authenticate('ada-secret-1')).toEqual({
      name: 'ada',
      role: 'write',
      anonymous: false,
      agent: false,
    })
    expect(auth.authenticate('ada-secret-2')).toBeNull()
    expect(auth.authenticate(undefined)).toBeNull()
    const rita = auth.authenticate('rita-secret-1')!
    expect([allows(rita, 'read'), allows(rita, 'write')]).toEqual([true, false])
  })

  it('treats everyone as the local admin when no tokens are configured', () => {
    expect(new Auth([]).authenticate(null)).toEqual({
      name: 'local',
      role: 'admin',
      anonymous: true,
      agent: false,
    })
  })

  it('takes the token from a Bearer header, else from ?token=', () => {
    const url = new URL('http://x/sync/g?token=from-query')
    expect(tokenFrom('Bearer from-header', url)).toBe('from-header')
    expect(tokenFrom(undefined, url)).toBe('from-query')
    expect(tokenFrom('Basic abc', new URL('http://x/'))).toBeNull()
  })
})

describe('token scopes', () => {
  it('reads graph patterns with roles from a tokens file, and names a bad pattern', () => {
    const file = JSON.stringify([
      {
        name: 'ci',
        role: 'read',
        token: 'ci-secret-1',
        graphs: ['launch-*', { pattern: 'docs', role: 'write' }],
      },
    ])
    const parsed = parseTokenFile(file, 'tokens.json')
    expect(parsed).toEqual({
      ok: true,
      value: [
        {
          name: 'ci',
          role: 'read',
          token: 'ci-secret-1',
          graphs: [{ pattern: 'launch-*' }, { pattern: 'docs', role: 'write' }],
        },
      ],
    })
    const bad = parseTokenFile(
      JSON.stringify([{ name: 'ci', role: 'read', token: 'ci-secret-1', graphs: ['Launch/*'] }]),
      't.json',
    )
    expect(bad).toMatchObject({
      ok: false,
      message: expect.stringMatching(/0\.graphs\.0\.pattern: a graph pattern is 1-64 characters/),
    })
  })
})

describe('Host and Origin guard', () => {
  const guard = new Guard({ allowedHosts: defaultAllowedHosts('127.0.0.1', []), allowedOrigins: [] })

  it('accepts loopback hosts and programs without an Origin', () => {
    expect(guard.check('127.0.0.1:4100', undefined).ok).toBe(true)
    expect(guard.check('localhost:4100', undefined).ok).toBe(true)
    expect(guard.check('[::1]:4100', undefined).ok).toBe(true)
  })

  it('refuses a rebound name and foreign origins', () => {
    expect(guard.check('attacker.example:4100', undefined).ok).toBe(false)
    expect(guard.check(undefined, undefined).ok).toBe(false)
    expect(guard.check('127.0.0.1:4100', 'http://attacker.example').ok).toBe(false)
    expect(guard.check('127.0.0.1:4100', 'null').ok).toBe(false)
  })

  it('accepts same-origin pages and configured origins, not pages on other loopback ports', () => {
    expect(guard.check('localhost:4100', 'http://localhost:4100').ok).toBe(true)
    expect(guard.check('127.0.0.1:4100', 'http://127.0.0.1:4100').ok).toBe(true)
    // Any local program can serve a page on another port (issue 13, finding 8).
    const other = guard.check('127.0.0.1:4100', 'http://localhost:4509')
    expect(other).toMatchObject({ ok: false, message: expect.stringMatching(/PLEXUS_ALLOWED_ORIGINS/) })
    expect(guard.check('localhost:4100', 'http://localhost:5173').ok).toBe(false)
    const dev = new Guard({
      allowedHosts: defaultAllowedHosts('127.0.0.1', []),
      allowedOrigins: ['http://localhost:5173'],
    })
    expect(dev.check('localhost:4100', 'http://localhost:5173').ok).toBe(true)
    const open = new Guard({
      allowedHosts: defaultAllowedHosts('0.0.0.0', ['plexus.lan']),
      allowedOrigins: ['https://app.example'],
    })
    expect(open.check('plexus.lan:4100', 'https://app.example').ok).toBe(true)
    expect(open.check('plexus.lan:4100', 'http://plexus.lan:4100').ok).toBe(true)
    expect(open.check('plexus.lan:4100', 'https://other.example').ok).toBe(false)
  })

  it("checks Host on a wildcard bind too: the machine's names and addresses, not any name", () => {
    const wide = new Guard({ allowedHosts: defaultAllowedHosts('0.0.0.0', []), allowedOrigins: [] })
    expect(wide.check(`${hostname()}:4100`, undefined).ok).toBe(true)
    expect(wide.check('127.0.0.1:4100', undefined).ok).toBe(true)
    expect(wide.check('evil.example:4100', undefined)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/DNS rebinding/),
    })
    const any = new Guard({ allowedHosts: defaultAllowedHosts('0.0.0.0', ['*']), allowedOrigins: [] })
    expect(any.check('evil.example:4100', undefined).ok).toBe(true)
  })
})
