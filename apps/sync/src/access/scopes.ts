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
import { PRIVATE_PREFIX, privateGraphOf, type Role } from '@plexus/tools'
import type { Identity } from './auth.ts'

// The private-graph rule lives with the tools (one rule for the server's access and memory's user level).
export { PRIVATE_PREFIX, privateGraphOf }

const ORDER: readonly Role[] = ['read', 'write', 'admin']

export interface GraphRule {
  pattern: string
  role?: Role
}

/** Graph-id characters plus `*`. */
export const PATTERN = /^[a-z0-9._*-]{1,64}$/

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
