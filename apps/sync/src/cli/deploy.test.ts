/**
 * deploy/ is never run here (no Docker, no registry), so this test reads it against the code: the
 * compose file's services, the environment it gives the servers (every name one config.ts reads, and
 * a configuration the server accepts), nginx's upstream (the compose services on the port the image
 * listens on) and the nginx rule files it mounts (the ones the multi-server tests run nginx with).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { BOUNDS } from './bounds.ts'
import { resolveConfig } from './config.ts'
import { NGINX_RULES, NGINX_RULE_FILES, NGINX_UPSTREAM } from '../test/services.ts'

const DEPLOY = fileURLToPath(new URL('../../../../deploy/', import.meta.url))
const read = (path: string) => readFileSync(join(DEPLOY, path), 'utf8')

const service = z.object({
  image: z.string().optional(),
  build: z.object({ context: z.string(), dockerfile: z.string() }).optional(),
  environment: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  volumes: z.array(z.string()).optional(),
  depends_on: z.union([z.array(z.string()), z.record(z.string(), z.unknown())]).optional(),
})
const compose = z.object({ services: z.record(z.string(), service) }).parse(load(read('compose.yaml')))
const services = compose.services
const plexus = Object.keys(services).filter((n) => services[n]!.build?.dockerfile === 'deploy/Dockerfile')
const byImage = (name: string) =>
  Object.keys(services).filter((n) => services[n]!.image?.startsWith(`${name}:`))

/** The environment names config.ts reads (`env.NAME`). */
const configSource = readFileSync(new URL('./config.ts', import.meta.url), 'utf8')
// What config.ts reads by name, and the bounds it reads through their table (bounds.ts).
const readByConfig = new Set([
  ...[...configSource.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!),
  ...BOUNDS.map((b) => b.env),
])

/** `${NAME:?message}` and `${NAME:-default}` as compose substitutes them, with `given` set. */
function substitute(value: string | number, given: Record<string, string>): string {
  return String(value).replace(
    /\$\{(\w+)(?::([?-])([^}]*))?\}/g,
    (_, name: string, op?: string, rest?: string) => {
      const v = given[name]
      if (v !== undefined && v !== '') return v
      if (op === '?') throw new Error(`compose requires ${name}: ${rest}`)
      return op === '-' ? (rest ?? '') : ''
    },
  )
}

describe('deploy/ is coherent with the code', () => {
  it('runs three Plexus servers, PostgreSQL, Redis and nginx, and depends only on services it has', () => {
    expect(plexus).toHaveLength(3)
    expect(byImage('postgres')).toEqual(['postgres'])
    expect(byImage('redis')).toEqual(['redis'])
    expect(byImage('nginx')).toEqual(['nginx'])
    expect(existsSync(join(DEPLOY, 'Dockerfile'))).toBe(true)
    for (const [name, s] of Object.entries(services)) {
      const deps = Array.isArray(s.depends_on) ? s.depends_on : Object.keys(s.depends_on ?? {})
      for (const d of deps) expect(Object.keys(services), `${name} depends on ${d}`).toContain(d)
    }
  })

  it('sets only environment the server reads, and the server accepts it as several servers', () => {
    const dockerEnv = [...read('Dockerfile').matchAll(/^ENV (.+)$/gm)].flatMap((m) =>
      m[1]!.split(/\s+/).map((kv) => kv.split('=') as [string, string]),
    )
    for (const name of plexus) {
      const env = services[name]!.environment ?? {}
      for (const key of [...Object.keys(env), ...dockerEnv.map(([k]) => k)])
        expect([...readByConfig], `${name} sets ${key}, which config.ts does not read`).toContain(key)
      const given = { PLEXUS_TOKENS: 'alice:admin:a-long-random-token-for-the-test' }
      const resolved: Record<string, string> = Object.fromEntries(dockerEnv)
      for (const [k, v] of Object.entries(env)) resolved[k] = substitute(v, given)
      const config = resolveConfig({}, resolved, '/')
      if (!config.ok) throw new Error(`${name}: the server refuses compose's environment: ${config.message}`)
      expect(config.value.databaseUrl).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//)
      expect(config.value.redisUrl).toBe('redis://redis:6379')
      expect(config.value.tokens.map((t) => t.name)).toEqual(['alice'])
      expect(config.value.limits.maxConnectionsPerAddress).toBe(
        Number(env.PLEXUS_MAX_CONNECTIONS_PER_ADDRESS),
      )
      expect(config.value.host).toBe('0.0.0.0')
      expect(config.value.dataDir).toBe(resolve('/data'))
    }
  })

  it("nginx's upstream is the compose servers on the port the image listens on", () => {
    const conf = read('nginx/nginx.conf')
    const upstream = new RegExp(`upstream\\s+${NGINX_UPSTREAM}\\s*\\{([^}]*)\\}`).exec(conf)?.[1]
    expect(upstream, `nginx.conf has no "upstream ${NGINX_UPSTREAM}"`).toBeDefined()
    const servers = [...upstream!.matchAll(/server\s+([\w.-]+):(\d+)/g)].map((m) => ({
      host: m[1],
      port: m[2],
    }))
    expect(servers.map((s) => s.host)).toEqual(plexus)
    const port = /^ENV .*\bPORT=(\d+)/m.exec(read('Dockerfile'))?.[1]
    for (const s of servers) expect(s.port).toBe(port)
    expect(read(`nginx/${NGINX_RULE_FILES.locations}`)).toContain(`proxy_pass http://${NGINX_UPSTREAM};`)
  })

  it('mounts into nginx the rule files the tests run nginx with, where nginx.conf includes them', () => {
    expect(resolve(NGINX_RULES)).toBe(resolve(DEPLOY, 'nginx'))
    const mounts = new Map(
      (services.nginx!.volumes ?? []).map((v) => {
        const [from, to] = v.split(':') as [string, string]
        return [resolve(DEPLOY, from), to]
      }),
    )
    const conf = read('nginx/nginx.conf')
    expect(mounts.get(resolve(DEPLOY, 'nginx/nginx.conf'))).toBe('/etc/nginx/nginx.conf')
    for (const file of Object.values(NGINX_RULE_FILES)) {
      const target = mounts.get(resolve(NGINX_RULES, file))
      expect(target, `compose does not mount deploy/nginx/${file}`).toBeDefined()
      expect(conf).toContain(`include ${target};`)
    }
    for (const from of mounts.keys()) expect(existsSync(from), `${from} is mounted but missing`).toBe(true)
  })
})
