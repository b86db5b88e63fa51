/**
 * The Plexus server for bench/mcp.bench.ts, in its own process so the MCP client and the server do not
 * share a thread (an agent never runs inside the server). Prints `READY <url>`, then answers IPC:
 * `{ id, cmd: 'time', name, calls }` runs each call through the tool catalogue directly (no transport)
 * and returns the milliseconds each took, which separates what a tool costs from what HTTP costs.
 */
import { newId } from '@plexus/sync-client'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { startServer } from '@plexus/sync'
import { callTool } from '../packages/tools/src/catalog.ts'
import { registrySource } from '../apps/sync/src/http/mcp/http.ts'

type Request = { id: number; cmd: 'time'; name: string; calls: Array<Record<string, unknown>> }

const dataDir = mkdtempSync(join(tmpdir(), 'plexus-mcp-bench-'))
const server = await startServer({
  port: 0,
  dataDir,
  webDist: join(dataDir, 'no-web'),
  idleUnloadMs: 10 * 60_000,
})
const ctx = {
  actor: 'bench-agent',
  role: 'write' as const,
  session: 'bench',
  source: registrySource(server.docs),
  newId,
  now: Date.now,
}

process.on('message', (raw) => {
  const req = raw as Request
  void (async () => {
    const ms: number[] = []
    for (const args of req.calls) {
      const t = performance.now()
      const r = await callTool(ctx, req.name, args)
      ms.push(performance.now() - t)
      if (r.isError) throw new Error(`${req.name}: ${JSON.stringify(r.content)}`)
    }
    process.send!({ id: req.id, ms })
  })()
})
process.on('disconnect', () => {
  void server.close().then(() => {
    rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  })
})
console.log(`READY ${server.url}`)
