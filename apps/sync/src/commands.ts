/**
 * What `plexus graphs|import|export` do, against either a running server (over HTTP, so its
 * connected peers see imports at once) or the data directory directly when no server runs.
 * The CLI picks the target: `--server URL`, else the server recorded in the data directory, else
 * the directory itself.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DocRegistry, defaultDocsOptions } from './docs.ts'
import { exportText, importText, summarize, type Format, type GraphSummary } from './graphs.ts'
import { Metrics } from './metrics.ts'
import { DB_FILE, runningServer } from './server-file.ts'
import { SqliteStore } from './sqlite-store.ts'

export type Target = { kind: 'server'; url: string; token: string | null } | { kind: 'data'; dataDir: string }

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string }

export interface GraphLine extends Partial<GraphSummary> {
  id: string
  updated_at: string
}

export function chooseTarget(opts: { server?: string; token?: string; dataDir: string }): Target {
  const token = opts.token ?? null
  if (opts.server) return { kind: 'server', url: opts.server.replace(/\/+$/, ''), token }
  const running = runningServer(opts.dataDir)
  if (running) return { kind: 'server', url: running.url, token }
  return { kind: 'data', dataDir: opts.dataDir }
}

export function describeTarget(target: Target): string {
  return target.kind === 'server' ? `server ${target.url}` : `data directory ${target.dataDir}`
}

export async function listGraphs(target: Target): Promise<Outcome<GraphLine[]>> {
  if (target.kind === 'server') {
    const res = await call(target, 'GET', '/api/graphs')
    if (!res.ok) return res
    return { ok: true, value: (JSON.parse(res.value) as { graphs: GraphLine[] }).graphs }
  }
  return withRegistry(target.dataDir, false, async (docs) => {
    const graphs = (await docs.list()).map((g) => {
      const s = JSON.parse(g.summary ?? '{}') as Partial<GraphSummary>
      return { ...s, id: g.id, updated_at: new Date(g.updatedAt).toISOString() }
    })
    return { ok: true, value: graphs }
  })
}

export async function exportGraph(target: Target, graph: string, format: Format): Promise<Outcome<string>> {
  if (target.kind === 'server') {
    return call(target, 'GET', `/api/graphs/${encodeURIComponent(graph)}/export?format=${format}`)
  }
  return withRegistry(target.dataDir, false, async (docs) => {
    if (!(await docs.exists(graph)))
      return { ok: false, message: `graph ${graph} does not exist in ${target.dataDir}` }
    const handle = docs.open(graph)
    try {
      const result = exportText(handle.doc, format)
      return result.ok ? { ok: true, value: result.text } : { ok: false, message: result.message }
    } finally {
      handle.release()
    }
  })
}

export async function importGraph(
  target: Target,
  graph: string,
  format: Format,
  text: string,
  actor: string,
): Promise<Outcome<Record<string, unknown>>> {
  if (target.kind === 'server') {
    const res = await call(
      target,
      'POST',
      `/api/graphs/${encodeURIComponent(graph)}/import?format=${format}`,
      text,
    )
    return res.ok ? { ok: true, value: JSON.parse(res.value) as Record<string, unknown> } : res
  }
  return withRegistry(target.dataDir, true, (docs) => {
    const handle = docs.open(graph)
    try {
      const result = importText(graph, handle.doc, format, text, actor)
      return result.ok ? { ok: true, value: { ...result } } : { ok: false, message: result.message }
    } finally {
      handle.release()
    }
  })
}

async function call(target: Target & { kind: 'server' }, method: string, path: string, body?: string) {
  const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8' }
  if (target.token) headers.authorization = `Bearer ${target.token}`
  let res: Response
  try {
    res = await fetch(target.url + path, { method, headers, body })
  } catch (error) {
    return fail(`cannot reach the server at ${target.url}: ${(error as Error).message}`)
  }
  const text = await res.text()
  if (res.ok) return { ok: true as const, value: text }
  let message = text
  try {
    message = (JSON.parse(text) as { message?: string }).message ?? text
  } catch {
    // plain text body
  }
  const hint = res.status === 401 ? ' (pass --token or set PLEXUS_TOKEN)' : ''
  return fail(`server answered ${res.status}: ${message}${hint}`)
}

function fail(message: string): { ok: false; message: string } {
  return { ok: false, message }
}

async function withRegistry<T>(
  dataDir: string,
  create: boolean,
  fn: (docs: DocRegistry) => Outcome<T> | Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  const path = join(dataDir, DB_FILE)
  // Reading a directory that was never used must not create one.
  const store = new SqliteStore(create || existsSync(path) ? path : ':memory:')
  const docs = new DocRegistry(store, new Metrics(), { ...defaultDocsOptions, idleUnloadMs: 0, summarize })
  try {
    return await fn(docs)
  } finally {
    await docs.closeAll()
    store.close()
  }
}
