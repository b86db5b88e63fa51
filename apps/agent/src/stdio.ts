/**
 * `plexus mcp`: the same tools over stdio, for MCP clients that start a local process. The process
 * joins a running sync server as an ordinary Yjs peer per graph (@plexus/sync-client), keeping a
 * local copy on disk: it works while the server is away and syncs when it returns. Standard output carries only the
 * protocol; status goes to standard error.
 */
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { GRAPH_ID } from '@plexus/model'
import { runningServer } from '@plexus/sync-client/server-file'
import { GRAPH_ID_RULE, SURFACE_NAMES, agentName, createMcpServer, type Surface } from '@plexus/tools'
import { LocalGraphs } from './local.ts'
import { VERSION } from './version.ts'

export const MCP_HELP = `Usage: plexus mcp [options]

Serves the Plexus MCP tools over stdio. Joins a running sync server as a Yjs peer, keeping a local
copy of each graph so work goes on while the server is away; without a server, graphs are local.

  --server URL      sync server (env PLEXUS_URL; default: the server running on the data directory)
  --token TOKEN     token for the server (env PLEXUS_TOKEN)
  --graph ID        graph to load at start (repeatable); others load when a tool names them
  --as NAME         agent name recorded in history (env PLEXUS_ACTOR; default: the client's name)
  --tools SURFACE   which tools: work (default; the work graph), memory (kg_* tools), engine
                    (the graph engine's tools), board (typed edges and the task board) or
                    concepts (seed 001's graph tool)
  --read-only       expose only the read tools
  --data DIR        data directory (env PLEXUS_DATA, default ./data): where to find a running server
  --cache DIR       local copies (default $PLEXUS_DATA/agent-cache, else ~/.plexus/agent-cache)`

export class McpUsageError extends Error {}

export async function runMcp(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      server: { type: 'string' },
      token: { type: 'string' },
      graph: { type: 'string', multiple: true },
      as: { type: 'string' },
      'read-only': { type: 'boolean' },
      tools: { type: 'string' },
      data: { type: 'string' },
      cache: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) {
    process.stderr.write(MCP_HELP + '\n')
    return 0
  }
  const surface = (values.tools ?? 'work') as Surface
  if (!SURFACE_NAMES.includes(surface))
    throw new McpUsageError(`--tools ${values.tools}: use one of ${SURFACE_NAMES.join(', ')}`)
  for (const g of values.graph ?? [])
    if (!GRAPH_ID.test(g)) throw new McpUsageError(`invalid graph id "${g}": ${GRAPH_ID_RULE}`)
  const dataDir = resolve(values.data ?? env.PLEXUS_DATA ?? './data')
  const server = values.server ?? env.PLEXUS_URL ?? runningServer(dataDir)?.url
  const cacheDir = resolve(
    values.cache ??
      (env.PLEXUS_DATA ? join(env.PLEXUS_DATA, 'agent-cache') : join(homedir(), '.plexus', 'agent-cache')),
  )
  const log = (line: string) => process.stderr.write(line + '\n')
  const graphs = new LocalGraphs({
    server,
    token: values.token ?? env.PLEXUS_TOKEN,
    cacheDir,
    log: env.PLEXUS_MCP_DEBUG ? log : undefined,
  })
  log(`plexus mcp: ${server ? `peer of ${server}` : 'local only (no server)'}, copies in ${cacheDir}`)
  for (const g of values.graph ?? []) {
    await graphs.copy(g).catch((error: unknown) => log(`plexus mcp: ${g}: ${(error as Error).message}`))
  }

  // With tokens the server refuses history that names anyone but the token's identity: write as it.
  const token = values.token ?? env.PLEXUS_TOKEN
  const tokenActor = server && token ? await actorOf(server, token, log) : null
  const chosen = values.as ?? env.PLEXUS_ACTOR
  if (tokenActor && chosen && chosen !== tokenActor)
    log(`plexus mcp: writes are recorded as "${tokenActor}", the token's identity, not "${chosen}"`)
  const mcp = createMcpServer({
    source: graphs,
    role: values['read-only'] ? 'read' : 'write',
    name: tokenActor ?? agentName(chosen),
    surface,
    version: VERSION,
  })
  const transport = new StdioServerTransport()
  const closed = new Promise<void>((done) => {
    const previous = mcp.server.onclose
    mcp.server.onclose = () => {
      previous?.()
      done()
    }
  })
  const stop = () => void mcp.close()
  process.stdin.once('end', stop)
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  await mcp.connect(transport)
  await closed
  process.stdin.off('end', stop)
  graphs.close()
  return 0
}

/** The name the server requires in history for `token`'s writes, or null (no tokens there, or unreachable). */
async function actorOf(server: string, token: string, log: (line: string) => void): Promise<string | null> {
  try {
    const res = await fetch(new URL('/api/identity', server), {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5000),
    })
    if (!res.ok) {
      log(`plexus mcp: ${server} answered ${res.status} for the token's identity`)
      return null
    }
    const body = (await res.json()) as { actor?: unknown }
    return typeof body.actor === 'string' && body.actor ? body.actor : null
  } catch (error) {
    log(`plexus mcp: cannot ask ${server} for the token's identity (${(error as Error).message})`)
    return null
  }
}
