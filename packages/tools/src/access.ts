/**
 * The roles a host's door hands out and the private-graph rule, which the tools and the server both
 * ask: a token's role on a graph is the host's answer (the server's scopes, the stdio agent's
 * server); what `user.<name>` names is decided here once.
 */
import { GRAPH_ID } from '@plexus/model'
import { slugId } from './slug.ts'

export const ROLES = ['read', 'write', 'admin'] as const
export type Role = (typeof ROLES)[number]

export const PRIVATE_PREFIX = 'user.'

/**
 * The id of an identity's own graph: `user.<name>` for a name that is a graph id by itself, and for
 * any other (spaces, capitals, other characters) its letters and digits joined by '-' with a hash of
 * the exact name (`Claude Code` → `user.claude-code-5d41a2`). Agent memory's user level (packages/tools/src/memory)
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
