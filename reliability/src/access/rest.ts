/**
 * REST access (routes from apps/sync/src/http/app.ts): every bad credential gets 401 with
 * WWW-Authenticate and nothing of a graph; a role below the route's gets 403 naming both roles; the
 * refused writes and deletes change nothing; the weakest role allowed works by header and by
 * `?token=`. `/healthz` is open, as the README promises, and near-miss paths leak nothing.
 */
import type { ServerProcess } from '../server.ts'
import type { Rng } from '../suite.ts'
import {
  G,
  VICTIM,
  auth,
  badCreds,
  bearer,
  digest,
  http,
  inQuery,
  show,
  withQuery,
  type Tally,
  type Tokens,
} from './kit.ts'

type Role = 'read' | 'write' | 'admin'

interface Route {
  method: string
  path: string
  role: Role
  body?: string
}

const rank = (role: Role) => ['read', 'write', 'admin'].indexOf(role)

export async function restAccess(
  server: ServerProcess,
  rng: Rng,
  t: Tokens,
  marker: string,
  tally: Tally,
): Promise<void> {
  const body = 'Intruder depends_on Base\n'
  const routes: Route[] = [
    { method: 'GET', path: '/metrics', role: 'read' },
    { method: 'GET', path: '/api/graphs', role: 'read' },
    { method: 'HEAD', path: '/api/graphs', role: 'read' },
    { method: 'GET', path: `/api/graphs/${G}`, role: 'read' },
    { method: 'GET', path: `/api/graphs/${G}/export?format=json`, role: 'read' },
    { method: 'GET', path: `/api/graphs/${G}/export?format=mermaid&download`, role: 'read' },
    { method: 'POST', path: `/api/graphs/${G}/import?format=dsl`, role: 'write', body },
    { method: 'POST', path: '/api/graphs/access-new/import?format=dsl', role: 'write', body },
    { method: 'DELETE', path: `/api/graphs/${VICTIM}`, role: 'admin' },
  ]
  const tokenOf = (role: Role) => (role === 'read' ? t.reader : role === 'write' ? t.writer : t.admin)
  const before = await digest(server, t)
  for (const route of routes) {
    for (const cred of badCreds(rng, t)) {
      const path = withQuery(route.path, cred.query)
      const r = await http(server.port, route.method, path, cred.headers, route.body)
      const said = route.method === 'HEAD' || /token/.test(r.body)
      const challenge = /Bearer/.test(String(r.headers['www-authenticate']))
      tally.refuse(
        r.status === 401 && said && challenge && !r.body.includes(marker),
        `${route.method} ${route.path} with ${cred.label}`,
        'HTTP 401 with WWW-Authenticate and a message naming the token, nothing of the graph',
        show(r),
      )
    }
    for (const role of (['read', 'write'] as const).filter((x) => rank(x) < rank(route.role))) {
      const r = await http(server.port, route.method, route.path, auth(tokenOf(role)), route.body)
      tally.refuse(
        r.status === 403 && r.body.includes(`role ${role}; this needs ${route.role}`),
        `${route.method} ${route.path} with a ${role} token`,
        `HTTP 403 saying it needs ${route.role}`,
        show(r),
      )
    }
  }
  const after = await digest(server, t)
  tally.expect(
    after === before,
    'the refused REST writes',
    'the stored state unchanged',
    `${before} -> ${after}`,
  )
  const victim = await http(server.port, 'GET', `/api/graphs/${VICTIM}`, auth(t.reader))
  tally.expect(victim.status === 200, 'the refused deletes', `${VICTIM} still there`, show(victim))
  const created = await http(server.port, 'GET', '/api/graphs/access-new', auth(t.reader))
  tally.expect(created.status === 404, 'the refused imports into a new id', 'no graph created', show(created))

  for (const route of routes) {
    const token = tokenOf(route.role)
    const creds = [bearer('as Bearer', token), inQuery('in ?token=', `token=${token}`)]
    // The graph is gone after the first delete; one is enough.
    for (const cred of route.method === 'DELETE' ? creds.slice(0, 1) : creds) {
      const path = withQuery(route.path, cred.query)
      const r = await http(server.port, route.method, path, cred.headers, route.body)
      tally.expect(
        r.status === 200,
        `${route.method} ${route.path} with the ${route.role} token ${cred.label}`,
        'HTTP 200',
        show(r),
      )
    }
  }
  const gone = await http(server.port, 'GET', `/api/graphs/${VICTIM}`, auth(t.admin))
  tally.expect(gone.status === 404, 'DELETE by the admin', `${VICTIM} gone`, show(gone))
  const changed = await digest(server, t)
  tally.expect(changed !== after, 'POST import by the writer', 'the stored state changed', 'unchanged')

  const health = await http(server.port, 'GET', '/healthz')
  let keys: string[] = []
  try {
    keys = Object.keys(JSON.parse(health.body) as object)
  } catch {
    // keys stay empty and the check below shows the body
  }
  const promised = ['ok', 'version', 'uptime_s', 'documents_loaded', 'connections']
  tally.expect(
    health.status === 200 && promised.every((k) => keys.includes(k)) && !health.body.includes(G),
    'GET /healthz without a token',
    `HTTP 200 with ${promised.join(', ')} and no graph ids`,
    show(health),
  )
  const nearMisses = [
    '/api/graphs/',
    '/API/graphs',
    '//api/graphs',
    `/api/graphs/${G}/export/`,
    `/api/graphs/${G}%2Fexport`,
    `/api/graphs/./${G}`,
    `/api/graphs/${G}/../../metrics`,
    '/',
  ]
  for (const path of nearMisses) {
    const r = await http(server.port, 'GET', path)
    tally.refuse(
      !r.body.includes(marker) && !r.body.includes(`"${G}"`) && !r.body.includes('plexus_build_info'),
      `GET ${path} without a token`,
      'nothing of a graph or of the metrics in the answer',
      show(r),
    )
  }
}
