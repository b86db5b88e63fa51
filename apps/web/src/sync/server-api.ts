// The few REST calls the web app makes. Everything about a graph's content goes through sync instead.

const TOKEN_KEY = 'plexus.token'

/** A token from `?token=` is remembered on this device, then removed from the address bar. */
export function token(): string | null {
  try {
    const url = new URL(location.href)
    const fromUrl = url.searchParams.get('token')
    if (fromUrl) {
      localStorage.setItem(TOKEN_KEY, fromUrl)
      url.searchParams.delete('token')
      history.replaceState(history.state, '', url.pathname + url.search + url.hash)
      return fromUrl
    }
    return localStorage.getItem(TOKEN_KEY)
  } catch {
    return null
  }
}

function headers(): HeadersInit {
  const t = token()
  return t ? { Authorization: `Bearer ${t}` } : {}
}

export interface ServerGraph {
  id: string
  title: string
  nodes: number | null
  edges: number | null
  updated_at: number
}

export async function listServerGraphs(signal?: AbortSignal): Promise<ServerGraph[]> {
  const res = await fetch('/api/graphs', { headers: headers(), signal })
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
