/**
 * The HTTP side as a Hono app. `createApp(deps)` has no side effects (no port, no timers): tests call
 * `app.request(...)`, server.ts mounts it on a node http server.
 *
 * Routes: GET /healthz (open), GET /metrics, GET /api/graphs, GET /api/graphs/:id,
 * GET /api/graphs/:id/export?format=, POST /api/graphs/:id/import?format=, DELETE /api/graphs/:id,
 * and the web app at /. Every request passes the Host/Origin guard; API routes need a token with
 * the right role when tokens are configured.
 */
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { allows, tokenFrom, type Auth, type Identity, type Role } from './auth.ts'
import type { DocRegistry } from './docs.ts'
import {
  FORMATS,
  FORMAT_FILES,
  GRAPH_ID_RULE,
  exportText,
  importText,
  isFormat,
  validGraphId,
  type Format,
  type GraphSummary,
} from './graphs.ts'
import type { Metrics } from './metrics.ts'
import type { Guard } from './origin.ts'
import { webApp } from './web.ts'

export interface AppDeps {
  docs: DocRegistry
  auth: Auth
  guard: Guard
  metrics: Metrics
  version: string
  /** Seconds since the server started. */
  uptime: () => number
  /** Live WebSocket connections. */
  connections: () => number
  webDist: string
  summarize: (id: string, doc: import('yjs').Doc) => GraphSummary
  maxImportBytes?: number
  /** The MCP endpoint (mcp/http.ts): authenticates on its own, after the Host/Origin guard. */
  mcp?: (req: Request) => Promise<Response>
}

type Env = { Variables: { identity: Identity } }

export function createApp(deps: AppDeps) {
  const app = new Hono<Env>()

  app.use('*', async (c, next) => {
    deps.metrics.httpRequests++
    const check = deps.guard.check(c.req.header('host') ?? new URL(c.req.url).host, c.req.header('origin'))
    if (!check.ok) {
      deps.metrics.breach('origin')
      return c.json({ error: 'forbidden', message: check.message }, 403)
    }
    return next()
  })

  const need = (role: Role) => async (c: Context<Env>, next: () => Promise<void>) => {
    const identity = deps.auth.authenticate(tokenFrom(c.req.header('authorization'), new URL(c.req.url)))
    if (!identity) {
      c.header('WWW-Authenticate', 'Bearer realm="plexus"')
      return c.json(
        { error: 'unauthorized', message: 'a token is required: Authorization: Bearer TOKEN' },
        401,
      )
    }
    if (!allows(identity, role)) {
      const message = `"${identity.name}" has role ${identity.role}; this needs ${role}`
      return c.json({ error: 'forbidden', message }, 403)
    }
    c.set('identity', identity)
    return next()
  }

  const graphId = (c: Context<Env>): string | Response => {
    const id = c.req.param('id') ?? ''
    if (validGraphId(id)) return id
    return c.json({ error: 'invalid_graph_id', message: `invalid graph id: ${GRAPH_ID_RULE}` }, 400)
  }

  const format = (c: Context<Env>): Format | Response => {
    const f = c.req.query('format') ?? 'json'
    if (isFormat(f)) return f
    return c.json({ error: 'invalid_format', message: `format must be one of ${FORMATS.join(', ')}` }, 400)
  }

  // 503 while storage refuses writes, with the reason, so a monitor sees what users cannot save.
  app.get('/healthz', (c) => {
    const failing = deps.metrics.storageError
    return c.json(
      {
        ok: failing === null,
        name: 'plexus-sync',
        version: deps.version,
        uptime_s: Math.round(deps.uptime() * 10) / 10,
        documents_loaded: deps.docs.size,
        connections: deps.connections(),
        storage: failing ? `failing since ${new Date(failing.at).toISOString()}: ${failing.message}` : 'ok',
      },
      failing ? 503 : 200,
    )
  })

  app.get('/metrics', need('read'), (c) => {
    c.header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
    return c.body(deps.metrics.render({ uptimeSeconds: deps.uptime(), version: deps.version }))
  })

  app.get('/api/graphs', need('read'), (c) => {
    const graphs = deps.docs.list().map((g) => {
      const summary = parseSummary(g.summary)
      return {
        id: g.id,
        title: summary?.title ?? g.id,
        nodes: summary?.nodes ?? null,
        edges: summary?.edges ?? null,
        updated_at: new Date(g.updatedAt).toISOString(),
        bytes: g.bytes,
        loaded: g.loaded,
      }
    })
    return c.json({ graphs })
  })

  app.get('/api/graphs/:id', need('read'), (c) => {
    const id = graphId(c)
    if (typeof id !== 'string') return id
    if (!deps.docs.exists(id)) return notFound(c, id)
    const handle = deps.docs.open(id)
    try {
      return c.json(deps.summarize(id, handle.doc))
    } finally {
      handle.release()
    }
  })

  app.get('/api/graphs/:id/export', need('read'), (c) => {
    const id = graphId(c)
    if (typeof id !== 'string') return id
    const f = format(c)
    if (typeof f !== 'string') return f
    if (!deps.docs.exists(id)) return notFound(c, id)
    const handle = deps.docs.open(id)
    let result
    try {
      result = exportText(handle.doc, f)
    } finally {
      handle.release()
    }
    if (!result.ok) return c.json({ error: result.reason, message: result.message }, 422)
    const file = FORMAT_FILES[f]
    c.header('Content-Type', file.contentType)
    if (c.req.query('download') !== undefined) {
      c.header('Content-Disposition', `attachment; filename="${id}.${file.extension}"`)
    }
    return c.body(result.text)
  })

  app.post(
    '/api/graphs/:id/import',
    need('write'),
    bodyLimit({
      maxSize: deps.maxImportBytes ?? 64 * 1024 * 1024,
      onError: (c) => c.json({ error: 'too_large', message: 'import body is too large' }, 413),
    }),
    async (c) => {
      const id = graphId(c)
      if (typeof id !== 'string') return id
      const f = format(c)
      if (typeof f !== 'string') return f
      const text = await c.req.text()
      const handle = deps.docs.open(id)
      try {
        // Writes go through the loaded doc: stored, then relayed to everyone connected.
        const result = importText(id, handle.doc, f, text, c.get('identity').name)
        if (!result.ok) return c.json({ error: result.reason, message: result.message }, 422)
        return c.json(result)
      } finally {
        handle.release()
      }
    },
  )

  app.delete('/api/graphs/:id', need('admin'), (c) => {
    const id = graphId(c)
    if (typeof id !== 'string') return id
    if (!deps.docs.remove(id)) return notFound(c, id)
    return c.json({ ok: true, deleted: id })
  })

  app.all('/mcp', (c) =>
    deps.mcp ? deps.mcp(c.req.raw) : c.json({ error: 'not_found', message: 'MCP is not enabled' }, 404),
  )
  app.all('/api/*', (c) =>
    c.json({ error: 'not_found', message: `no route ${c.req.method} ${c.req.path}` }, 404),
  )
  app.use('*', webApp(deps.webDist))
  app.notFound((c) => c.text('Not Found', 404))
  app.onError((error, c) => {
    console.error(`plexus: ${c.req.method} ${c.req.path} failed:`, error)
    return c.json({ error: 'internal', message: 'internal server error' }, 500)
  })
  return app
}

function notFound(c: Context, id: string) {
  return c.json({ error: 'not_found', message: `graph ${id} does not exist` }, 404)
}

function parseSummary(text: string | null): Partial<GraphSummary> | null {
  if (!text) return null
  try {
    return JSON.parse(text) as Partial<GraphSummary>
  } catch {
    return null
  }
}
