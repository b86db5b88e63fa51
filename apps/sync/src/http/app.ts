/**
 * The HTTP side as a Hono app. `createApp(deps)` has no side effects (no port, no timers): tests call
 * `app.request(...)`, start-server.ts mounts it on a node http server.
 *
 * Routes: GET /healthz (open), GET /metrics, GET /api/graphs, GET /api/graphs/:id,
 * GET /api/graphs/:id/export?format=, POST /api/graphs/:id/import?format=,
 * POST /api/graphs/:id/claims (claims/arbiter.ts: a stdio peer claims through the server), DELETE /api/graphs/:id,
 * and the web app at /. Every request passes the Host/Origin guard; API routes need a token with
 * the right role when tokens are configured.
 */
import { readLimited } from './body.ts'
import { defaultLimits } from '../access/server-limits.ts'
import { refusal } from './rest-failures.ts'
import { Hono, type Context } from 'hono'
import { allows, tokenFrom, type Auth, type Identity, type Role } from '../access/auth.ts'
import type { DocRegistry } from '../graphs/registry.ts'
import {
  FORMATS,
  FORMAT_FILES,
  GRAPH_ID_RULE,
  exportText,
  isFormat,
  validGraphId,
  type Format,
  type GraphSummary,
} from '../graphs/model-calls.ts'
import type { ClaimArbiter } from '../claims/arbiter.ts'
import { claimsRoute } from './claims-route.ts'
import { importGraphText } from '../graphs/imports.ts'
import type { Offload } from '../graphs/offload.ts'
import type { Metrics } from '../graphs/metrics.ts'
import type { Guard } from '../access/origin.ts'
import { securityHeaders } from '../access/headers.ts'
import { atLeast, canRead, roleOn } from '../access/scopes.ts'
import { normalizeAddress } from '../access/throttle.ts'
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
  /** Large imports are built in this worker and applied in slices (imports.ts); without, inline. */
  offload?: Offload
  /** Claim arbitration for stdio peers (`POST /api/graphs/:id/claims`, claims/arbiter.ts). */
  claims?: ClaimArbiter
  /** Null while fan-out between servers works, else why it is degraded (fanout.ts). */
  fanoutStatus?: () => string | null
  /** The MCP endpoint (mcp/http.ts): authenticates on its own, after the Host/Origin guard. */
  mcp?: (req: Request, address: string) => Promise<Response>
}

type Env = { Variables: { identity: Identity } }

export function createApp(deps: AppDeps) {
  const app = new Hono<Env>()
  app.use('*', securityHeaders())
  app.use('*', guardRequests(deps))
  const need = (role: Role) => needRole(deps, role)
  app.get('/healthz', (c) => health(c, deps))
  app.get('/metrics', need('read'), (c) => {
    c.header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
    return c.body(deps.metrics.render({ uptimeSeconds: deps.uptime(), version: deps.version }))
  })

  // Who a token speaks as. `actor` is the name the server requires in history for this token's
  // writes over WebSocket (null without tokens: a writer then names itself); clients write with it.
  // With `?graph=<id>`, also the token's role on that graph (scopes.ts; null: no access), so a page
  // opens a graph it may only read read-only instead of letting a person edit what is never saved.
  app.get('/api/identity', need('read'), (c) => {
    const identity = c.get('identity')
    const graph = c.req.query('graph')
    if (graph !== undefined && !validGraphId(graph))
      return c.json({ error: 'invalid_graph_id', message: `invalid graph id: ${GRAPH_ID_RULE}` }, 400)
    return c.json({
      name: identity.name,
      role: identity.role,
      actor: identity.anonymous ? null : identity.name,
      ...(graph === undefined ? {} : { graph_role: roleOn(identity, graph) }),
    })
  })

  graphRoutes(app, deps, need)

  // The work graph at /mcp, memory at /mcp/memory, the graph engine at /mcp/engine, the board at
  // /mcp/board, seed 001's graph tool at /mcp/concepts (mcp/surfaces.ts).
  const mcp = (c: Context<Env>) =>
    deps.mcp
      ? deps.mcp(c.req.raw, addressOf(c))
      : c.json({ error: 'not_found', message: 'MCP is not enabled' }, 404)
  app.all('/mcp', mcp)
  app.all('/mcp/memory', mcp)
  app.all('/mcp/engine', mcp)
  app.all('/mcp/board', mcp)
  app.all('/mcp/concepts', mcp)
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

/** Counts every request and refuses one whose Host or Origin the guard does not accept. */
function guardRequests(deps: AppDeps) {
  return async (c: Context<Env>, next: () => Promise<void>) => {
    deps.metrics.httpRequests++
    const check = deps.guard.check(c.req.header('host') ?? new URL(c.req.url).host, c.req.header('origin'))
    if (!check.ok) {
      deps.metrics.breach('origin')
      return c.json({ error: 'forbidden', message: check.message }, 403)
    }
    return next()
  }
}

/** Middleware: a token with at least `role`, on the graph the route names when it names one. */
function needRole(deps: AppDeps, role: Role) {
  return async (c: Context<Env>, next: () => Promise<void>) => {
    const token = tokenFrom(c.req.header('authorization'), new URL(c.req.url))
    const check = deps.auth.check(token, addressOf(c), `${c.req.method} ${c.req.path}`)
    if (!check.ok && check.reason === 'throttled') {
      return refusal('throttled', check.message, check.retryAfterS)
    }
    const identity = check.ok ? check.identity : null
    if (!identity) {
      c.header('WWW-Authenticate', 'Bearer realm="plexus"')
      return c.json(
        { error: 'unauthorized', message: 'a token is required: Authorization: Bearer TOKEN' },
        401,
      )
    }
    const graph = c.req.param('id')
    if (graph !== undefined && validGraphId(graph)) {
      // Roles are per graph (scopes.ts); a graph the token does not reach looks the same whether
      // it exists or not.
      const on = roleOn(identity, graph)
      if (on === null) {
        const message = `"${identity.name}" has no access to graph ${graph}`
        return c.json({ error: 'forbidden', message }, 403)
      }
      if (!atLeast(on, role)) {
        const message = `"${identity.name}" has role ${on}; this needs ${role} on graph ${graph}`
        return c.json({ error: 'forbidden', message }, 403)
      }
    } else if (!allows(identity, role)) {
      const message = `"${identity.name}" has role ${identity.role}; this needs ${role}`
      return c.json({ error: 'forbidden', message }, 403)
    }
    c.set('identity', identity)
    return next()
  }
}

function graphId(c: Context<Env>): string | Response {
  const id = c.req.param('id') ?? ''
  if (validGraphId(id)) return id
  return c.json({ error: 'invalid_graph_id', message: `invalid graph id: ${GRAPH_ID_RULE}` }, 400)
}

function format(c: Context<Env>): Format | Response {
  const f = c.req.query('format') ?? 'json'
  if (isFormat(f)) return f
  // A query the route cannot read: bad_request, the vocabulary's 400.
  return refusal('bad_request', `format must be one of ${FORMATS.join(', ')}`)
}

// 503 while storage refuses writes, with the reason, so a monitor sees what users cannot save.
// Degraded (200) while fan-out is away: this server still serves its own peers.
function health(c: Context<Env>, deps: AppDeps) {
  const failing = deps.metrics.storageError
  const fanout = deps.fanoutStatus?.() ?? null
  return c.json(
    {
      ok: failing === null,
      status: failing ? 'failing' : fanout ? 'degraded' : 'ok',
      ...(deps.fanoutStatus ? { fanout: fanout ?? 'ok' } : {}),
      name: 'plexus-sync',
      version: deps.version,
      uptime_s: Math.round(deps.uptime() * 10) / 10,
      documents_loaded: deps.docs.size,
      connections: deps.connections(),
      storage: failing ? `failing since ${new Date(failing.at).toISOString()}: ${failing.message}` : 'ok',
    },
    failing ? 503 : 200,
  )
}

/** The graphs: list, summary, export, import, claims (claims/arbiter.ts), delete. */
function graphRoutes(app: Hono<Env>, deps: AppDeps, need: (role: Role) => ReturnType<typeof needRole>) {
  app.get('/api/graphs', need('read'), async (c) => {
    const identity = c.get('identity')
    const readable = (await deps.docs.list()).filter((g) => canRead(identity, g.id))
    const graphs = readable.map((g) => {
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

  app.get('/api/graphs/:id', need('read'), async (c) => {
    const id = graphId(c)
    if (typeof id !== 'string') return id
    if (!(await deps.docs.exists(id))) return notFound(c, id)
    const handle = await deps.docs.openAsync(id)
    try {
      return c.json(deps.summarize(id, handle.doc))
    } finally {
      handle.release()
    }
  })

  app.get('/api/graphs/:id/export', need('read'), async (c) => {
    const id = graphId(c)
    if (typeof id !== 'string') return id
    const f = format(c)
    if (typeof f !== 'string') return f
    if (!(await deps.docs.exists(id))) return notFound(c, id)
    const handle = await deps.docs.openAsync(id)
    let result
    try {
      result = exportText(handle.doc, f)
    } finally {
      handle.release()
    }
    if (!result.ok) return refusal(result.reason, result.message)
    const file = FORMAT_FILES[f]
    c.header('Content-Type', file.contentType)
    // What the format could not keep, per kind (JSON, non-ASCII escaped: a header is ASCII).
    c.header(
      'Plexus-Lost',
      JSON.stringify(result.lost).replace(
        /[^\x20-\x7e]/g,
        (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
      ),
    )
    if (c.req.query('download') !== undefined) {
      c.header('Content-Disposition', `attachment; filename="${id}.${file.extension}"`)
    }
    return typeof result.text === 'string' ? c.body(result.text) : c.body(result.text.slice().buffer)
  })

  const maxImport = deps.maxImportBytes ?? defaultLimits.maxImportBytes
  app.post('/api/graphs/:id/import', need('write'), async (c) => {
    const id = graphId(c)
    if (typeof id !== 'string') return id
    const f = format(c)
    if (typeof f !== 'string') return f
    const bytes = await readLimited(c.req.raw, maxImport)
    if (bytes === 'over')
      return c.json(
        {
          error: 'too_large',
          message: `import body is over ${maxImport} bytes: split the file and import the parts one after another`,
        },
        413,
      )
    // A binary format (XMind) is read as the bytes sent; text formats as UTF-8 text.
    const text = FORMAT_FILES[f].binary ? bytes : new TextDecoder().decode(bytes)
    const result = await importGraphText(deps, id, f, text, c.get('identity').name)
    // Refused at the door (too many large imports under way) it says when to try again.
    if (!result.ok)
      return refusal(result.reason, result.message, 'retryAfterS' in result ? result.retryAfterS : undefined)
    return c.json(result)
  })

  app.post('/api/graphs/:id/claims', need('write'), async (c) => {
    const id = graphId(c)
    if (typeof id !== 'string') return id
    if (!deps.claims) return c.json({ error: 'not_found', message: 'claims are not served here' }, 404)
    return claimsRoute(c, { docs: deps.docs, arbiter: deps.claims }, id, c.get('identity'))
  })

  app.delete('/api/graphs/:id', need('admin'), async (c) => {
    const id = graphId(c)
    if (typeof id !== 'string') return id
    if (!(await deps.docs.remove(id))) return notFound(c, id)
    return c.json({ ok: true, deleted: id })
  })
}

/** The remote address on the node server; 'unknown' where there is none (`app.request` in tests). */
function addressOf(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return normalizeAddress(env?.incoming?.socket?.remoteAddress)
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
