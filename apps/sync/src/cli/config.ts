/**
 * Server configuration from flags and environment (flags win), and the one refusal: listening
 * beyond loopback without tokens.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseTokenFile, parseTokenList, type Parsed, type TokenEntry } from '../access/auth.ts'
import { defaultDocsOptions } from '../graphs/registry.ts'
import { BOUNDS } from './bounds.ts'
import { defaultLimits, type Limits } from '../access/server-limits.ts'
import { isLoopbackHost } from '../access/origin.ts'

export interface ServerConfig {
  port: number
  host: string
  dataDir: string
  tokens: TokenEntry[]
  /** Host names besides loopback and the bind address that requests may be addressed to. */
  allowedHosts: string[]
  allowedOrigins: string[]
  /** The built web app; when missing, `/` explains how to build it. */
  webDist: string
  limits: Limits
  idleUnloadMs: number
  compactAfterUpdates: number
  compactAfterBytes: number
  synchronous: 'NORMAL' | 'FULL'
  /** The lease of a claim whose claimer names none (seed 000: an hour). */
  claimTtlMinutes: number
  /**
   * Seed 002's stale tasks: a task `doing` for longer than this (since its `started_at`) is put back
   * to `todo` by the server (packages/tools board/stale.ts, graphs/stale-sweep.ts). 0, the default:
   * never on its own (a card a person moved to Doing is a `doing` task too); the operator turns it on,
   * as seed 002's cron job is.
   */
  staleTaskMinutes: number
  /** PostgreSQL instead of the SQLite file in the data directory (several servers share it). */
  databaseUrl: string | null
  /** Schema for Plexus's tables in that database (default `public`). */
  databaseSchema: string
  /** Redis for fan-out between servers sharing one PostgreSQL; null serves alone. */
  redisUrl: string | null
  /**
   * Several servers: how often each checks PostgreSQL for stored updates of its loaded graphs that
   * fan-out never brought (a server killed between commit and publish); 0 turns the check off.
   */
  reconcileMs: number
}

export type Env = Record<string, string | undefined>

interface FixedServeFlags {
  port?: string
  host?: string
  data?: string
  'tokens-file'?: string
  'allowed-hosts'?: string
  'allowed-origins'?: string
  'web-dist'?: string
  'claim-ttl-minutes'?: string
  'stale-task-minutes'?: string
  'database-url'?: string
  'redis-url'?: string
}

/** Flags `plexus serve` takes, named as in `--help`: the fixed ones and a bound's each (bounds.ts). */
export type ServeFlags = FixedServeFlags & { [F in (typeof BOUNDS)[number]['flag']]?: string }

export const DEFAULT_PORT = 4100
export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_CLAIM_TTL_MINUTES = 60
export const DEFAULT_RECONCILE_MS = 5000
/** The longest stale-task timeout: a year (reset_stale_tasks' own bound). */
export const MAX_STALE_TASK_MINUTES = 525_600
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url))

export function resolveConfig(flags: ServeFlags, env: Env, cwd = process.cwd()): Parsed<ServerConfig> {
  const port = integer(flags.port ?? env.PORT, DEFAULT_PORT, 'port')
  if (!port.ok) return port
  if (port.value > 65535) return { ok: false, message: `port ${port.value} is out of range (0-65535)` }
  const tokens = readTokens(flags['tokens-file'] ?? env.PLEXUS_TOKENS_FILE, env.PLEXUS_TOKENS, cwd)
  if (!tokens.ok) return tokens
  const numbers = {
    claimTtlMinutes: integer(
      flags['claim-ttl-minutes'] ?? env.PLEXUS_CLAIM_TTL_MINUTES,
      DEFAULT_CLAIM_TTL_MINUTES,
      flags['claim-ttl-minutes'] !== undefined ? '--claim-ttl-minutes' : 'PLEXUS_CLAIM_TTL_MINUTES',
    ),
    staleTaskMinutes: integer(
      flags['stale-task-minutes'] ?? env.PLEXUS_STALE_TASK_MINUTES,
      0,
      flags['stale-task-minutes'] !== undefined ? '--stale-task-minutes' : 'PLEXUS_STALE_TASK_MINUTES',
    ),
    reconcileMs: integer(env.PLEXUS_RECONCILE_MS, DEFAULT_RECONCILE_MS, 'PLEXUS_RECONCILE_MS'),
    idleUnloadMs: integer(
      env.PLEXUS_IDLE_UNLOAD_MS,
      defaultDocsOptions.idleUnloadMs,
      'PLEXUS_IDLE_UNLOAD_MS',
    ),
  }
  for (const n of Object.values(numbers)) if (!n.ok) return n
  const databaseUrl = serviceUrl(
    flags['database-url'] ?? env.PLEXUS_DATABASE_URL,
    ['postgres:', 'postgresql:'],
    'PLEXUS_DATABASE_URL (--database-url)',
    'postgres://user:password@host:5432/database',
  )
  if (!databaseUrl.ok) return databaseUrl
  const redisUrl = serviceUrl(
    flags['redis-url'] ?? env.PLEXUS_REDIS_URL,
    ['redis:', 'rediss:'],
    'PLEXUS_REDIS_URL (--redis-url)',
    'redis://host:6379',
  )
  if (!redisUrl.ok) return redisUrl
  if (redisUrl.value && !databaseUrl.value) {
    return {
      ok: false,
      message:
        'PLEXUS_REDIS_URL is set without PLEXUS_DATABASE_URL: servers share graphs through PostgreSQL and ' +
        'tell each other through Redis, so set both (or neither, for one server on SQLite)',
    }
  }
  const databaseSchema = env.PLEXUS_DATABASE_SCHEMA ?? 'public'
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(databaseSchema)) {
    return {
      ok: false,
      message: `PLEXUS_DATABASE_SCHEMA must be a lower-case SQL name (a-z, 0-9, _), got "${databaseSchema}"`,
    }
  }
  const bounds: Partial<Limits> = {}
  const given = new Set<string>()
  for (const b of BOUNDS) {
    const raw = flags[b.flag] ?? env[b.env]
    if (raw !== undefined && raw.trim() !== '') given.add(b.key)
    const n = atLeastOne(raw, defaultLimits[b.key], `--${b.flag} (${b.env})`, b.what)
    if (!n.ok) return n
    bounds[b.key] = n.value
  }
  const total = bounds.maxBuilds ?? defaultLimits.maxBuilds
  // A total set below the default share makes the share the total; a share set above it is refused.
  if (!given.has('maxBuildsPerIdentity') && total < defaultLimits.maxBuildsPerIdentity)
    bounds.maxBuildsPerIdentity = total
  const perIdentity = bounds.maxBuildsPerIdentity ?? defaultLimits.maxBuildsPerIdentity
  if (perIdentity > total)
    return {
      ok: false,
      message:
        `--max-builds-per-identity (PLEXUS_MAX_BUILDS_PER_IDENTITY) is ${perIdentity}, more than ` +
        `--max-builds (PLEXUS_MAX_BUILDS) ${total}: one identity's share cannot exceed everyone's; raise --max-builds too`,
    }
  const value = (n: Parsed<number>) => (n.ok ? n.value : 0)
  const ttl = value(numbers.claimTtlMinutes)
  if (ttl < 1 || ttl > 10080)
    return {
      ok: false,
      message: `the claim TTL must be 1 to 10080 minutes (a week), got ${ttl}; set --claim-ttl-minutes or PLEXUS_CLAIM_TTL_MINUTES`,
    }
  const stale = value(numbers.staleTaskMinutes)
  if (stale < 0 || stale > MAX_STALE_TASK_MINUTES)
    return {
      ok: false,
      message: `the stale-task timeout must be 0 (off) or 1 to ${MAX_STALE_TASK_MINUTES} minutes (a year), got ${stale}; set --stale-task-minutes or PLEXUS_STALE_TASK_MINUTES`,
    }
  return {
    ok: true,
    value: {
      port: port.value,
      host: flags.host ?? env.HOST ?? DEFAULT_HOST,
      dataDir: resolve(cwd, flags.data ?? env.PLEXUS_DATA ?? './data'),
      tokens: tokens.value,
      allowedHosts: list(flags['allowed-hosts'] ?? env.PLEXUS_ALLOWED_HOSTS),
      allowedOrigins: list(flags['allowed-origins'] ?? env.PLEXUS_ALLOWED_ORIGINS),
      webDist: resolve(cwd, flags['web-dist'] ?? env.PLEXUS_WEB_DIST ?? DEFAULT_WEB_DIST),
      limits: {
        ...defaultLimits,
        ...bounds,
      },
      idleUnloadMs: value(numbers.idleUnloadMs),
      compactAfterUpdates: defaultDocsOptions.compactAfterUpdates,
      compactAfterBytes: defaultDocsOptions.compactAfterBytes,
      synchronous: env.PLEXUS_SYNC_FULL === '1' ? 'FULL' : 'NORMAL',
      claimTtlMinutes: ttl,
      staleTaskMinutes: stale,
      databaseUrl: databaseUrl.value,
      databaseSchema,
      redisUrl: redisUrl.value,
      reconcileMs: value(numbers.reconcileMs),
    },
  }
}

/** Listening beyond loopback without tokens would hand every graph to the network: refuse. */
export function checkExposure(config: Pick<ServerConfig, 'host' | 'tokens'>): Parsed<void> {
  if (config.tokens.length > 0 || isLoopbackHost(config.host)) return { ok: true, value: undefined }
  return {
    ok: false,
    message:
      `Refusing to listen on ${config.host} without tokens: anyone who can reach this address could ` +
      'read and change every graph. Configure tokens (PLEXUS_TOKENS="name:role:token" or --tokens-file ' +
      'FILE), or listen on loopback only (--host 127.0.0.1).',
  }
}

function readTokens(file: string | undefined, inline: string | undefined, cwd: string): Parsed<TokenEntry[]> {
  const all: TokenEntry[] = []
  if (file) {
    const path = resolve(cwd, file)
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch (error) {
      return { ok: false, message: `cannot read tokens file ${path}: ${(error as Error).message}` }
    }
    const parsed = parseTokenFile(text, path)
    if (!parsed.ok) return parsed
    all.push(...parsed.value)
  }
  if (inline) {
    const parsed = parseTokenList(inline)
    if (!parsed.ok) return parsed
    all.push(...parsed.value)
  }
  const seen = new Set<string>()
  for (const t of all) {
    if (seen.has(t.token)) return { ok: false, message: `the token of "${t.name}" is configured twice` }
    seen.add(t.token)
  }
  return { ok: true, value: all }
}

function serviceUrl(
  raw: string | undefined,
  schemes: string[],
  name: string,
  example: string,
): Parsed<string | null> {
  if (raw === undefined || raw.trim() === '') return { ok: true, value: null }
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return { ok: false, message: `${name} is not a URL: expected e.g. ${example}` }
  }
  if (!schemes.includes(url.protocol)) {
    return {
      ok: false,
      message: `${name} must start with ${schemes.map((s) => s + '//').join(' or ')} (e.g. ${example}), got ${url.protocol}//…`,
    }
  }
  return { ok: true, value: raw.trim() }
}

/** A service URL for logs and errors: the password replaced by ***. */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw)
    if (url.password) url.password = '***'
    return url.toString()
  } catch {
    return '(unparseable URL)'
  }
}

function integer(raw: string | undefined, fallback: number, name: string): Parsed<number> {
  if (raw === undefined || raw === '') return { ok: true, value: fallback }
  if (!/^\d+$/.test(raw.trim())) return { ok: false, message: `${name} must be a whole number, got "${raw}"` }
  return { ok: true, value: Number(raw.trim()) }
}

/** A bound: a whole number of at least 1, or the message naming the setting and what it takes. */
function atLeastOne(raw: string | undefined, fallback: number, name: string, what: string): Parsed<number> {
  if (raw === undefined || raw.trim() === '') return { ok: true, value: fallback }
  const text = raw.trim()
  if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text)))
    return {
      ok: false,
      message: `${name} must be a whole number of at least 1 (${what}; default ${fallback}), got "${raw}"`,
    }
  return { ok: true, value: Number(text) }
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}
