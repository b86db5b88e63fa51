/**
 * Serves the built web app (apps/web/dist) with a fallback to index.html for client-side routes.
 * When the app is not built, `/` answers with a short page saying how to build it: the server is
 * still useful (sync, API) without it.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, MiddlewareHandler } from 'hono'

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Plexus</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#222}
code{background:#f3f3f3;padding:.1em .3em;border-radius:3px}</style></head>
<body><h1>Plexus sync server is running</h1>
<p>The web app is not built yet, so there is nothing to show here. Build it and reload:</p>
<p><code>npx pnpm@10 --filter @plexus/web build</code></p>
<p>or start everything at once with <code>npx pnpm@10 start</code>.</p>
<p>The server itself works: health at <a href="/healthz">/healthz</a>, graphs at <a href="/api/graphs">/api/graphs</a>,
sync at <code>ws://…/sync/:graph</code>.</p></body></html>
`

export function webApp(dist: string): MiddlewareHandler {
  // Made on first use: the app may be built after the server started, and serveStatic complains
  // at creation about a root that does not exist.
  let handlers: { files: MiddlewareHandler; index: MiddlewareHandler } | null = null
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    if (!existsSync(join(dist, 'index.html'))) return notBuilt(c, next)
    handlers ??= {
      files: serveStatic({ root: dist }),
      index: serveStatic({ root: dist, path: 'index.html' }),
    }
    const { files, index } = handlers
    const noop = async () => {}
    const file = await files(c, noop)
    if (file) return file
    // Client-side routes (no file extension) get the app; a missing asset stays a 404.
    if (!/\.[a-z0-9]+$/i.test(c.req.path)) {
      const app = await index(c, noop)
      if (app) return app
    }
    return next()
  }
}

function notBuilt(c: Context, next: () => Promise<void>) {
  if (c.req.path === '/' || c.req.path === '/index.html') return c.html(NOT_BUILT)
  return next()
}
