/**
 * Server configuration from flags and environment (flags win), and the one refusal: listening
 * beyond loopback without tokens.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseTokenFile, parseTokenList, type Parsed, type TokenEntry } from './auth.ts'
import { defaultDocsOptions } from './docs.ts'
import { defaultLimits, type Limits } from './limits.ts'
import { isLoopbackHost } from './origin.ts'

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
}

export type Env = Record<string, string | undefined>

/** Flags `plexus serve` takes, named as in `--help`. */
export interface ServeFlags {
  port?: string
  host?: string
  data?: string
  'tokens-file'?: string
  'allowed-hosts'?: string
  'allowed-origins'?: string
  'web-dist'?: string
}

export const DEFAULT_PORT = 4100
export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url))

export function resolveConfig(flags: ServeFlags, env: Env, cwd = process.cwd()): Parsed<ServerConfig> {
  const port = integer(flags.port ?? env.PORT, DEFAULT_PORT, 'port')
  if (!port.ok) return port
  if (port.value > 65535) return { ok: false, message: `port ${port.value} is out of range (0-65535)` }
  const tokens = readTokens(flags['tokens-file'] ?? env.PLEXUS_TOKENS_FILE, env.PLEXUS_TOKENS, cwd)
  if (!tokens.ok) return tokens
  const numbers = {
    maxMessageBytes: integer(
      env.PLEXUS_MAX_MESSAGE_BYTES,
      defaultLimits.maxMessageBytes,
      'PLEXUS_MAX_MESSAGE_BYTES',
    ),
    messagesPerSecond: integer(env.PLEXUS_RATE, defaultLimits.messagesPerSecond, 'PLEXUS_RATE'),
    messageBurst: integer(env.PLEXUS_BURST, defaultLimits.messageBurst, 'PLEXUS_BURST'),
    maxConnectionsPerAddress: integer(
      env.PLEXUS_MAX_CONNECTIONS_PER_ADDRESS,
      defaultLimits.maxConnectionsPerAddress,
      'PLEXUS_MAX_CONNECTIONS_PER_ADDRESS',
    ),
    maxDocumentBytes: integer(
      env.PLEXUS_MAX_DOCUMENT_BYTES,
      defaultLimits.maxDocumentBytes,
      'PLEXUS_MAX_DOCUMENT_BYTES',
    ),
    idleUnloadMs: integer(
      env.PLEXUS_IDLE_UNLOAD_MS,
      defaultDocsOptions.idleUnloadMs,
      'PLEXUS_IDLE_UNLOAD_MS',
    ),
  }
  for (const n of Object.values(numbers)) if (!n.ok) return n
  const value = (n: Parsed<number>) => (n.ok ? n.value : 0)
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
        maxMessageBytes: value(numbers.maxMessageBytes),
        messagesPerSecond: value(numbers.messagesPerSecond),
        messageBurst: value(numbers.messageBurst),
        maxConnectionsPerAddress: value(numbers.maxConnectionsPerAddress),
        maxDocumentBytes: value(numbers.maxDocumentBytes),
      },
      idleUnloadMs: value(numbers.idleUnloadMs),
      compactAfterUpdates: defaultDocsOptions.compactAfterUpdates,
      compactAfterBytes: defaultDocsOptions.compactAfterBytes,
      synchronous: env.PLEXUS_SYNC_FULL === '1' ? 'FULL' : 'NORMAL',
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

function integer(raw: string | undefined, fallback: number, name: string): Parsed<number> {
  if (raw === undefined || raw === '') return { ok: true, value: fallback }
  if (!/^\d+$/.test(raw.trim())) return { ok: false, message: `${name} must be a whole number, got "${raw}"` }
  return { ok: true, value: Number(raw.trim()) }
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}
