/**
 * What `plexus graphs|import|export|create|connect` do, against either a running server (over HTTP, so its
 * connected peers see imports at once) or the data directory directly when no server runs.
 * The CLI picks the target: `--server URL`, else the server recorded in the data directory, else
 * the directory itself.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DocRegistry, defaultDocsOptions } from '../graphs/registry.ts'
import {
  FORMAT_FILES,
  exportText,
  importText,
  summarize,
  type Format,
  type GraphSummary,
} from '../graphs/model-calls.ts'
import { Metrics } from '../graphs/metrics.ts'
import { DB_FILE, runningServer } from '@plexus/sync-client/server-file'
import { SqliteStore } from '../storage/sqlite-store.ts'
import { VERSION } from '../sync-version.ts'

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

/** The export as text, or bytes for a binary format (XMind). */
export async function exportGraph(
  target: Target,
  graph: string,
  format: Format,
): Promise<Outcome<string | Uint8Array>> {
  if (target.kind === 'server') {
    const path = `/api/graphs/${encodeURIComponent(graph)}/export?format=${format}`
    return FORMAT_FILES[format].binary
      ? call(target, 'GET', path, undefined, true)
      : call(target, 'GET', path)
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
  text: string | Uint8Array,
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

/**
 * Seed 001's `graph` tool called once for `plexus create` / `plexus connect`: a thin adapter, so a
 * label is resolved, a matching mode applied and the working set kept exactly as an agent's call on
 * /mcp/concepts would (the CLI's actor is its agent identity). Through a running server it is that
 * endpoint; on a data directory, the same tool served in this process over the directory's graphs.
 */
export async function graphTool(
  target: Target,
  graph: string,
  args: Record<string, unknown>,
  actor: string,
): Promise<Outcome<Record<string, unknown>>> {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js')
  const client = new Client({ name: actor, version: VERSION })
  const ask = async (): Promise<Outcome<Record<string, unknown>>> => {
    const r = await client.callTool({ name: 'graph', arguments: { ...args, graph } })
    const text = (r.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? '').join('\n')
    if (r.isError) return fail(text)
    return { ok: true, value: (r.structuredContent as Record<string, unknown>) ?? JSON.parse(text) }
  }
  if (target.kind === 'server') {
    const { StreamableHTTPClientTransport } =
      await import('@modelcontextprotocol/sdk/client/streamableHttp.js')
    const { SURFACE_PATH } = await import('@plexus/tools')
    const headers: Record<string, string> = target.token ? { authorization: `Bearer ${target.token}` } : {}
    const transport = new StreamableHTTPClientTransport(new URL(target.url + SURFACE_PATH.concepts), {
      requestInit: { headers },
    })
    try {
      await client.connect(transport)
    } catch (error) {
      const hint = /401/.test((error as Error).message) ? ' (pass --token or set PLEXUS_TOKEN)' : ''
      return fail(`cannot reach the server at ${target.url}: ${(error as Error).message}${hint}`)
    }
    try {
      return await ask()
    } finally {
      await client.close()
    }
  }
  const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js')
  const { createMcpServer } = await import('@plexus/tools')
  const { registrySource } = await import('../http/mcp/http.ts')
  return withRegistry(target.dataDir, true, async (docs) => {
    const mcp = createMcpServer({
      source: registrySource(docs),
      role: 'write',
      name: actor,
      surface: 'concepts',
      version: VERSION,
    })
    const [near, far] = InMemoryTransport.createLinkedPair()
    await mcp.connect(far)
    await client.connect(near)
    try {
      return await ask()
    } finally {
      await client.close()
      await mcp.close()
    }
  })
}

function call(
  target: Target & { kind: 'server' },
  method: string,
  path: string,
  body?: string | Uint8Array,
): Promise<Outcome<string>>
function call(
  target: Target & { kind: 'server' },
  method: string,
  path: string,
  body: string | Uint8Array | undefined,
  binary: true,
): Promise<Outcome<Uint8Array>>
async function call(
  target: Target & { kind: 'server' },
  method: string,
  path: string,
  body?: string | Uint8Array,
  binary?: true,
): Promise<Outcome<string | Uint8Array>> {
  const headers: Record<string, string> = {
    'content-type':
      typeof body === 'string' || body === undefined
        ? 'text/plain; charset=utf-8'
        : 'application/octet-stream',
  }
  if (target.token) headers.authorization = `Bearer ${target.token}`
  let res: Response
  try {
    res = await fetch(target.url + path, {
      method,
      headers,
      body: typeof body === 'string' || body === undefined ? body : new Blob([body.slice().buffer]),
    })
  } catch (error) {
    return fail(`cannot reach the server at ${target.url}: ${(error as Error).message}`)
  }
  if (res.ok && binary) return { ok: true as const, value: new Uint8Array(await res.arrayBuffer()) }
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
