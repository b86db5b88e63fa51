import { create } from 'zustand'

// Signing in to a server that has tokens (apps/web/README.md, "Signing in").
//
// The token is kept on this device per server: localStorage under the server's origin, so a token for
// one Plexus server is never sent to another. It arrives by a link (`?token=`, taken out of the address
// bar once kept) or pasted into the sign-in prompt, which checks it with the server before keeping it.
//
// When the server refuses this browser (HTTP 401, WebSocket close 4401) the page learns it here
// (`refused()`), and the prompt opens: "needs a token" when there is none, "token not accepted" when
// the kept one is wrong. That is not "offline": the server answered.

/** The server the app talks to: the page's own origin (the sync server serves the app). */
function server(): string {
  return location.origin
}

const keyFor = (origin: string) => `plexus.token@${origin}`
/** Before tokens were kept per server, one key held the token. */
const LEGACY_KEY = 'plexus.token'

/** The token kept for this server, after taking one from `?token=` in the address. */
export function keptToken(): string | null {
  try {
    const key = keyFor(server())
    const url = new URL(location.href)
    const fromUrl = url.searchParams.get('token')
    if (fromUrl) {
      localStorage.setItem(key, fromUrl)
      url.searchParams.delete('token')
      history.replaceState(history.state, '', url.pathname + url.search + url.hash)
      return fromUrl
    }
    const legacy = localStorage.getItem(LEGACY_KEY)
    if (legacy !== null) {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, legacy)
      localStorage.removeItem(LEGACY_KEY)
    }
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

export type Refusal = 'missing' | 'rejected'

export interface SignInState {
  /** Why the server refuses this browser, or null while it has not (or has no tokens). */
  refusal: Refusal | null
  /** The prompt is showing (it opens on a refusal; "Not now" closes it). */
  prompting: boolean
  /** Who the kept token signs in as, once the server has said (null: not known, or no token). */
  name: string | null
}

export const useSignIn = create<SignInState>(() => ({ refusal: null, prompting: false, name: null }))

/** The server said 401 (or closed with 4401): open the prompt, saying whether a token is missing or wrong. */
export function refused(): void {
  const refusal: Refusal = keptToken() ? 'rejected' : 'missing'
  const s = useSignIn.getState()
  if (s.refusal === refusal) return
  useSignIn.setState({ refusal, prompting: true, name: null })
}

export function openPrompt(): void {
  useSignIn.setState({ prompting: true })
}

export function closePrompt(): void {
  useSignIn.setState({ prompting: false })
}

export type SignInResult =
  | { ok: true; name: string }
  | { ok: false; reason: 'empty' | 'rejected' | 'throttled' | 'unreachable'; message: string }

export const SIGN_IN_MESSAGES = {
  empty: 'Paste the token you were given.',
  rejected: "Token not accepted: check that it was copied whole, or ask the server's owner for a new one.",
  unreachable: 'The server cannot be reached to check the token; try again when it is back.',
} as const

/** Asks the server who `token` is; null when the server has no tokens (anyone may come in). */
async function whoIs(token: string | null, signal?: AbortSignal): Promise<SignInResult> {
  try {
    const res = await fetch('/api/identity', {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal,
    })
    if (res.status === 401) return { ok: false, reason: 'rejected', message: SIGN_IN_MESSAGES.rejected }
    if (res.status === 429) {
      const body = (await res.json().catch(() => ({}))) as { message?: string }
      return { ok: false, reason: 'throttled', message: body.message ?? 'Too many tries; wait a minute.' }
    }
    if (!res.ok) return { ok: false, reason: 'unreachable', message: SIGN_IN_MESSAGES.unreachable }
    const body = (await res.json()) as { name?: unknown }
    return { ok: true, name: typeof body.name === 'string' ? body.name : '' }
  } catch {
    return { ok: false, reason: 'unreachable', message: SIGN_IN_MESSAGES.unreachable }
  }
}

/**
 * Checks a pasted token with the server and keeps it for this server when accepted. The page then
 * reloads: every open connection and the name history records go with the token it was opened with.
 */
export async function signIn(pasted: string): Promise<SignInResult> {
  const token = pasted.trim()
  if (!token) return { ok: false, reason: 'empty', message: SIGN_IN_MESSAGES.empty }
  const r = await whoIs(token)
  if (!r.ok) return r
  try {
    localStorage.setItem(keyFor(server()), token)
  } catch {
    return { ok: false, reason: 'unreachable', message: 'This browser does not let the page keep the token.' }
  }
  location.reload()
  return r
}

/** Forgets this server's token on this device, then reloads (the server asks again). */
export function signOut(): void {
  try {
    localStorage.removeItem(keyFor(server()))
    localStorage.removeItem(LEGACY_KEY)
  } catch {
    // nothing was kept
  }
  location.reload()
}

/** Learns who the kept token signs in as, or that the server refuses it (the prompt opens). */
export async function checkSignIn(signal?: AbortSignal): Promise<void> {
  const token = keptToken()
  const r = await whoIs(token, signal)
  if (signal?.aborted) return
  if (r.ok) useSignIn.setState({ name: token ? r.name : null, refusal: null })
  else if (r.reason === 'rejected') refused()
}
