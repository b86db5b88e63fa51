import { useSyncExternalStore } from 'react'

// Two routes, on the History API: `/` (home) and `/g/<graph id>` (a graph). No router dependency.

export type Route = { name: 'home' } | { name: 'graph'; id: string } | { name: 'missing'; path: string }

const listeners = new Set<() => void>()

export function navigate(path: string, opts: { replace?: boolean } = {}): void {
  if (path === location.pathname) return
  if (opts.replace) history.replaceState(null, '', path)
  else history.pushState(null, '', path)
  for (const fn of listeners) fn()
}

export function graphPath(id: string): string {
  return `/g/${encodeURIComponent(id)}`
}

function subscribe(fn: () => void): () => void {
  listeners.add(fn)
  window.addEventListener('popstate', fn)
  return () => {
    listeners.delete(fn)
    window.removeEventListener('popstate', fn)
  }
}

let cached: { path: string; route: Route } | null = null

export function parse(path: string): Route {
  if (path === '/' || path === '/index.html' || path === '') return { name: 'home' }
  const m = /^\/g\/([^/]+)\/?$/.exec(path)
  if (m) {
    try {
      return { name: 'graph', id: decodeURIComponent(m[1]!) }
    } catch {
      return { name: 'missing', path }
    }
  }
  return { name: 'missing', path }
}

export function useRoute(): Route {
  return useSyncExternalStore(subscribe, () => {
    const path = location.pathname
    if (cached?.path !== path) cached = { path, route: parse(path) }
    return cached.route
  })
}
