/**
 * Tokens with roles. A token names an identity (the name history shows for its writes) and one role:
 * `read` sees graphs, `write` also changes them, `admin` also deletes them. With no tokens configured
 * every request is the anonymous local admin, which config.ts only allows on loopback.
 *
 * Sources: `PLEXUS_TOKENS="alice:write:s3cret,ci:read:t0ken"` and/or a JSON file
 * (`PLEXUS_TOKENS_FILE`, `--tokens-file`) holding `[{ "name", "role", "token" }]` or `{ "tokens": [...] }`.
 */
import { createHash } from 'node:crypto'
import { z } from 'zod'
import { PATTERN, privateGraphOf, type GraphRule } from './scopes.ts'
import type { LoginThrottle } from './throttle.ts'
import { ROLES, type Role } from '@plexus/tools'

const PATTERN_RULE = "a graph pattern is 1-64 characters from a-z, 0-9, '.', '_', '-' and '*'"

// The roles are the tools' door's (packages/tools/src/access.ts); the server hands them out.
export { ROLES, type Role }

export interface Identity {
  name: string
  role: Role
  /** True when no tokens are configured (loopback only). */
  anonymous: boolean
  /** The token is an agent's (`"kind": "agent"` in the tokens file): its presence shows the badge. */
  agent: boolean
  /** The graphs the token reaches, first match wins (scopes.ts); absent: every graph. */
  graphs?: GraphRule[]
}

export interface TokenEntry {
  name: string
  role: Role
  token: string
  /** Who uses the token: a person (default) or an agent. */
  kind?: 'person' | 'agent'
  /** Graph patterns the token is scoped to, each optionally with its own role (scopes.ts). */
  graphs?: GraphRule[]
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string }

const MIN_TOKEN_LENGTH = 8

const entrySchema = z.object({
  name: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[^:,\s]+$/, 'a name has no spaces, colons or commas'),
  role: z.enum(ROLES),
  token: z.string().min(MIN_TOKEN_LENGTH, `a token has at least ${MIN_TOKEN_LENGTH} characters`),
  kind: z.enum(['person', 'agent']).optional(),
  graphs: z
    .array(
      // "pattern" is short for { pattern } (the token's role).
      z.preprocess(
        (item) => (typeof item === 'string' ? { pattern: item } : item),
        z
          .object({ pattern: z.string().regex(PATTERN, PATTERN_RULE), role: z.enum(ROLES).optional() })
          .strict(),
      ),
    )
    .optional(),
})
const fileSchema = z.union([z.array(entrySchema), z.object({ tokens: z.array(entrySchema) })])

/** Parses `name:role:token` entries separated by commas (a token may itself contain colons). */
export function parseTokenList(text: string): Parsed<TokenEntry[]> {
  const entries: TokenEntry[] = []
  for (const raw of text.split(',')) {
    const item = raw.trim()
    if (item === '') continue
    const [name, role, ...rest] = item.split(':')
    const parsed = entrySchema.safeParse({ name, role, token: rest.join(':') })
    if (!parsed.success) {
      const shown = `${name ?? ''}:${role ?? ''}:…`
      return { ok: false, message: `PLEXUS_TOKENS entry "${shown}": ${issues(parsed.error)}` }
    }
    entries.push(parsed.data)
  }
  return { ok: true, value: entries }
}

export function parseTokenFile(text: string, path: string): Parsed<TokenEntry[]> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { ok: false, message: `tokens file ${path} is not JSON: ${(error as Error).message}` }
  }
  // The two shapes parsed apart, so a mistake is reported by its path rather than as "Invalid input".
  const parsed = Array.isArray(json) ? z.array(entrySchema).safeParse(json) : fileSchema.safeParse(json)
  if (!parsed.success) return { ok: false, message: `tokens file ${path}: ${issues(parsed.error)}` }
  return { ok: true, value: Array.isArray(parsed.data) ? parsed.data : parsed.data.tokens }
}

function issues(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ')
}

const ANONYMOUS: Identity = { name: 'local', role: 'admin', anonymous: true, agent: false }

/** What a request may do about its credential: go on as an identity, or be refused and why. */
export type AuthCheck =
  | { ok: true; identity: Identity }
  | { ok: false; reason: 'unauthorized' }
  | { ok: false; reason: 'throttled'; retryAfterS: number; message: string }

export class Auth {
  private readonly byHash = new Map<string, Identity>()

  constructor(
    tokens: readonly TokenEntry[],
    private readonly throttle?: LoginThrottle,
    privateId: (name: string) => string = privateGraphOf,
  ) {
    // Each identity's private graph is its own: two names given one id would share it (scopes.ts).
    const owners = new Map<string, string>()
    for (const t of tokens) {
      const id = privateId(t.name)
      const other = owners.get(id)
      if (other !== undefined && other !== t.name)
        throw new Error(
          `token names "${other}" and "${t.name}" would share the private graph ${id}: rename one`,
        )
      owners.set(id, t.name)
    }
    for (const t of tokens) {
      const hash = digest(t.token)
      if (this.byHash.has(hash)) throw new Error(`token for "${t.name}" is used twice`)
      const identity: Identity = { name: t.name, role: t.role, anonymous: false, agent: t.kind === 'agent' }
      if (t.graphs) identity.graphs = t.graphs
      this.byHash.set(hash, identity)
    }
  }

  /** Whether requests must carry a token. */
  get required(): boolean {
    return this.byHash.size > 0
  }

  /** The identity a request speaks as, or null when a token is required and missing or unknown. */
  authenticate(token: string | null | undefined): Identity | null {
    if (!this.required) return ANONYMOUS
    if (!token) return null
    // Looked up by digest: a map lookup on the raw token could leak its prefix through timing.
    return this.byHash.get(digest(token)) ?? null
  }

  /**
   * `authenticate` for a request from `address`: an address that failed too often is refused until
   * its throttle refills, whatever it sends; each failure is counted and logged (without the token).
   */
  check(token: string | null | undefined, address: string, where: string): AuthCheck {
    if (!this.required) return { ok: true, identity: ANONYMOUS }
    const admission = this.throttle?.admit(address) ?? { ok: true }
    if (!admission.ok) {
      const s = admission.retryAfterS
      const message = `too many failed authentications from your address: wait ${s} s, then send a valid token`
      return { ok: false, reason: 'throttled', retryAfterS: s, message }
    }
    const identity = this.authenticate(token)
    if (identity) return { ok: true, identity }
    this.throttle?.failed(address, where)
    return { ok: false, reason: 'unauthorized' }
  }
}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function allows(identity: Identity, needed: Role): boolean {
  return ROLES.indexOf(identity.role) >= ROLES.indexOf(needed)
}

/** The token from `Authorization: Bearer …`, else from the `token` query parameter. */
export function tokenFrom(authorization: string | null | undefined, url: URL): string | null {
  const match = authorization ? /^Bearer\s+(.+)$/i.exec(authorization.trim()) : null
  return match?.[1] ?? url.searchParams.get('token')
}
