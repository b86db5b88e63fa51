// Plexus service worker: keeps the app shell (index.html and the hashed assets of the current build) so
// a graph opened once opens again with no network, page reload included. Graph data is not cached here:
// it lives in IndexedDB and syncs over WebSocket.
//
// - install: cache every file listed in /asset-manifest.json (written by the build), plus '/'.
// - navigation: network first (a fresh index.html when online), else the cached shell for any route.
// - /assets/*: cache first (names are content hashes, so a cached file is never stale).
// - /api, /sync, /mcp: never touched.

const CACHE = 'plexus-shell-v1'
const SHELL = '/'

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE)
      let files = [SHELL, '/favicon.svg']
      try {
        const res = await fetch('/asset-manifest.json', { cache: 'no-store' })
        if (res.ok) files = await res.json()
      } catch {
        // offline during install: cache what we can below
      }
      await Promise.all(
        [...new Set(files)].map(async (f) => {
          try {
            const res = await fetch(f, { cache: 'no-store' })
            if (res.ok) await cache.put(f, res)
          } catch {
            // one missing file must not fail the whole install
          }
        }),
      )
      await self.skipWaiting()
    })(),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key)
      // Drop assets of older builds.
      try {
        const cache = await caches.open(CACHE)
        const res = await fetch('/asset-manifest.json', { cache: 'no-store' })
        if (res.ok) {
          const keep = new Set((await res.json()).map((f) => new URL(f, self.location.origin).href))
          for (const req of await cache.keys()) {
            if (new URL(req.url).pathname.startsWith('/assets/') && !keep.has(req.url))
              await cache.delete(req)
          }
        }
      } catch {
        // offline: prune next time
      }
      await self.clients.claim()
    })(),
  )
})

self.addEventListener('fetch', (event) => {
  const req = event.request
  if (req.method !== 'GET') return
  const url = new URL(req.url)
  if (url.origin !== self.location.origin) return
  if (/^\/(api|sync|mcp|healthz|metrics)(\/|$)/.test(url.pathname)) return

  if (req.mode === 'navigate') {
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE)
        try {
          const res = await fetch(req)
          if (res.ok && (res.headers.get('content-type') || '').includes('text/html'))
            await cache.put(SHELL, res.clone())
          return res
        } catch {
          return (
            (await cache.match(SHELL)) ||
            new Response('Plexus is offline and this page was never opened here.', {
              status: 503,
              headers: { 'content-type': 'text/plain' },
            })
          )
        }
      })(),
    )
    return
  }

  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE)
      const hit = await cache.match(req)
      if (hit) return hit
      const res = await fetch(req)
      if (res.ok && (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg'))
        await cache.put(req, res.clone())
      return res
    })(),
  )
})
