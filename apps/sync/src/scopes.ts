/**
 * Which graphs a token may use, and with which role: the one rule REST, WebSocket and MCP ask.
 *
 * - Without tokens everyone is the local admin of every graph (loopback only).
 * - `user.<name>` is the private graph of the identity `<name>` (lower-cased): only tokens of that
 *   identity reach it, with their role; for every other token it does not exist.
 * - A token without `graphs` has its role on every other graph. A token with `graphs` (a list of
 *   patterns, `*` matching any run of characters, each with an optional role of its own) reaches
 *   only the graphs a pattern matches, with the first matching pattern's role, else the token's.
 */
import { slugId } from './slug.ts'
import { GRAPH_ID } from '@plexus/model'
import type { Identity, Role } from './auth.ts'

const ORDER: readonly Role[] = ['read', 'write', 'admin']

export interface GraphRule {
  pattern: string
  role?: Role
}

/** Graph-id characters plus `*`. */
export const PATTERN = /^[a-z0-9._*-]{1,64}$/
export const PRIVATE_PREFIX = 'user.'

export function roleOn(identity: Identity, graph: string): Role | null {
  if (identity.anonymous) return identity.role
  if (graph.startsWith(PRIVATE_PREFIX)) {
    return graph === privateGraphOf(identity.name) ? identity.role : null
  }
  if (!identity.graphs) return identity.role
  for (const rule of identity.graphs) if (matches(rule.pattern, graph)) return rule.role ?? identity.role
  return null
}

export function canRead(identity: Identity, graph: string): boolean {
  return roleOn(identity, graph) !== null
}

export function atLeast(role: Role | null, needed: Role): boolean {
  return role !== null && ORDER.indexOf(role) >= ORDER.indexOf(needed)
}

/**
 * The id of an identity's own graph: `user.<name>` for a name that is a graph id by itself, and for
 * any other (spaces, capitals, other characters) its letters and digits joined by '-' with a hash of
 * the exact name (`Claude Code` → `user.claude-code-5d41a2`). Agent memory's user level (mcp/memory)
 * is this graph.
 *
 * The two kinds never meet: a made id always ends in '-' and six hex digits, so a name that ends so
 * is hashed too (`bob-cd9fb1` → `user.bob-cd9fb1-…`) instead of taking the id `Bob` was given (issue
 * 23: it read Bob's graph). Two made ids meet only when two names slug alike and share the 24-bit
 * hash; Auth refuses to start with two such names. Ids given before this rule are unchanged except
 * for names shaped like a made id, whose graph was the other identity's to begin with.
 */
export function privateGraphOf(name: string): string {
  const lower = name.toLowerCase()
  const id = PRIVATE_PREFIX + lower
  if (lower === name && GRAPH_ID.test(id) && !MADE.test(lower)) return id
  return PRIVATE_PREFIX + slugId(lower, name, 'anonymous', 6)
}

/** How every id `slugId` makes with a six-digit hash ends. */
const MADE = /-[0-9a-f]{6}$/

function matches(pattern: string, graph: string): boolean {
  if (!pattern.includes('*')) return pattern === graph
  const parts = pattern.split('*').map((p) => p.replace(/[.]/g, '\\.'))
  return new RegExp(`^${parts.join('.*')}$`).test(graph)
}

/** The highest role a token has anywhere: what its MCP tool list offers (each call is then checked). */
export function highestRole(identity: Identity): Role {
  let best = identity.role
  for (const rule of identity.graphs ?? []) if (rule.role && atLeast(rule.role, best)) best = rule.role
  return best
}
