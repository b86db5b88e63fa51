// The few REST calls the web app makes. Everything about a graph's content goes through sync instead.
// A 401 means this browser must sign in (sign-in.ts), not that the server is away.

import { keptToken, refused } from './sign-in.ts'

/** The token kept for this server (sign-in.ts), after taking one from `?token=`. */
export const token = keptToken

function headers(): HeadersInit {
  const t = token()
  return t ? { Authorization: `Bearer ${t}` } : {}
}

const ACTOR_KEY = 'plexus.actor'

/**
 * The name history must show for this browser's writes: the token's identity when the server has
 * tokens (it refuses history naming anyone else), else null (the person's `person:<name>` goes). The
 * last answer is kept on the device, so a graph opens offline without asking; a fresh answer is
 * fetched when there is a token and none is kept yet, or `refresh` is set.
 */
export async function serverActor(
  options: { refresh?: boolean; signal?: AbortSignal } = {},
): Promise<string | null> {
  const t = token()
  if (!t) return null
  const kept = keptActor(t)
  if (kept !== undefined && !options.refresh) return kept
  try {
    const res = await fetch('/api/identity', { headers: headers(), signal: options.signal })
    if (res.status === 401) refused()
    if (!res.ok) return kept ?? null
    const body = (await res.json()) as { actor?: unknown }
    const actor = typeof body.actor === 'string' && body.actor ? body.actor : null
    localStorage.setItem(ACTOR_KEY, JSON.stringify({ token: digest(t), actor }))
    return actor
  } catch {
    return kept ?? null
  }
}

/**
 * The token's role on one graph ('read', 'write', 'admin'; null: no access), or undefined when there
 * is no token (the local default: everyone may write) or the server cannot be asked (offline: the
 * server still refuses what the token may not do, and the page learns it once online).
 */
export async function graphRole(graph: string, signal?: AbortSignal): Promise<string | null | undefined> {
  if (!token()) return undefined
  try {
    const res = await fetch(`/api/identity?graph=${encodeURIComponent(graph)}`, {
      headers: headers(),
      signal,
    })
    if (res.status === 401) refused()
    if (!res.ok) return undefined
    const body = (await res.json()) as { graph_role?: unknown }
    return typeof body.graph_role === 'string' ? body.graph_role : body.graph_role === null ? null : undefined
  } catch {
    return undefined
  }
}

function keptActor(t: string): string | null | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(ACTOR_KEY) ?? 'null') as {
      token?: string
      actor?: string | null
    } | null
    // Kept for the token it was asked with: a new token may speak as someone else.
    return kept && kept.token === digest(t) ? (kept.actor ?? null) : undefined
  } catch {
    return undefined
  }
}

// The token itself is not stored twice; a short non-cryptographic digest tells tokens apart.
function digest(t: string): string {
  let h = 2166136261
  for (let i = 0; i < t.length; i++) h = Math.imul(h ^ t.charCodeAt(i), 16777619)
  return (h >>> 0).toString(36)
}

export interface ServerGraph {
  id: string
  title: string
  nodes: number | null
  edges: number | null
  updated_at: number
}

/** The server answered, and wants a token first: not the same as the server being away. */
export class SignInNeeded extends Error {
  constructor() {
    super('the server needs a token')
  }
}

export async function listServerGraphs(signal?: AbortSignal): Promise<ServerGraph[]> {
  const res = await fetch('/api/graphs', { headers: headers(), signal })
  if (res.status === 401) {
    refused()
    throw new SignInNeeded()
  }
  if (!res.ok) throw new Error(`the server answered ${res.status}`)
  const body = (await res.json()) as { graphs?: Array<Record<string, unknown>> }
  return (body.graphs ?? []).map((g) => ({
    id: String(g.id),
    title: typeof g.title === 'string' ? g.title : String(g.id),
    nodes: typeof g.nodes === 'number' ? g.nodes : null,
    edges: typeof g.edges === 'number' ? g.edges : null,
    updated_at:
      typeof g.updated_at === 'string'
        ? Date.parse(g.updated_at)
        : typeof g.updated_at === 'number'
          ? g.updated_at
          : 0,
  }))
}

export async function deleteServerGraph(id: string): Promise<{ ok: boolean; message?: string }> {
  try {
    const res = await fetch(`/api/graphs/${encodeURIComponent(id)}`, { method: 'DELETE', headers: headers() })
    if (res.ok || res.status === 404) return { ok: true }
    const body = (await res.json().catch(() => ({}))) as { message?: string }
    return { ok: false, message: body.message ?? `the server answered ${res.status}` }
  } catch {
    return { ok: false, message: 'the server cannot be reached' }
  }
}

export function syncUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/sync`
}
