/**
 * `plexus serve | graphs | import | export | create | connect | mcp | migrate`, each with `--help`. Exit codes: 0 done, 1 failed,
 * 2 bad usage or configuration.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { userInfo } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import { FILES, sniffFormat, unsupportedFile } from '@plexus/formats'
import { BOUNDS } from './bounds.ts'
import { defaultLimits } from '../access/server-limits.ts'
import type { Target } from './graph-commands.ts'
import type { ServeFlags } from './config.ts'
import {
  FORMATS,
  isFormat,
  summarize,
  validGraphId,
  GRAPH_ID_RULE,
  type Format,
} from '../graphs/model-calls.ts'
import { VERSION } from '../sync-version.ts'
import { McpUsageError, runMcp } from '@plexus/agent'

// Each command loads its own code when it runs (the `await import(...)`s below): `plexus mcp` is a
// client of the server and must not load the server, its stores and their drivers (pg, ioredis,
// better-sqlite3, hono) to start. agent-imports.test.ts checks it.

/** Seed 001's modes, its `graph` tool's `mode`. */
const MATCHING_MODES = ['strict', 'auto', 'force', 'enrich', 'explore'] as const

const TARGET_HELP = `
  --data DIR        data directory (env PLEXUS_DATA, default ./data)
  --server URL      go through this server (env PLEXUS_URL); by default the server running on
                    the data directory is used if there is one, else the directory directly
  --token TOKEN     token for the server (env PLEXUS_TOKEN)`

/** A bound's default as `--help` shows it: bytes in MiB where they are whole MiB. */
const defaultOf = (key: (typeof BOUNDS)[number]['key']): string => {
  const n = defaultLimits[key]
  return key.endsWith('Bytes') && n % (1024 * 1024) === 0 ? `${n} (${n / 1024 / 1024} MiB)` : String(n)
}

const HELP: Record<string, string> = {
  main: `plexus ${VERSION} - local-first graph workstation

Usage: plexus <command> [options]

Commands:
  serve                          start the sync server and web app
  graphs                         list graphs
  import FILE --graph ID         import a file into a graph (${FORMATS.join(', ')})
  export --graph ID --format F   print a graph as ${FORMATS.join(', ')}
  create LABEL --graph ID        add a concept (--matching-mode, --from-label to connect it)
  connect --graph ID             connect two concepts (--from-label, --to-label)
  mcp                            serve the MCP tools over stdio (joins a running server)
  migrate --to postgres|sqlite   copy every graph between a data directory and PostgreSQL

Run "plexus <command> --help" for a command's options.`,
  serve: `Usage: plexus serve [options]

Starts the sync server: WebSocket sync at /sync/:graph, the API at /api, the web app at /.

  --port N               port (env PORT, default 4100; 0 picks a free one)
  --host H               address to listen on (env HOST, default 127.0.0.1)
  --data DIR             data directory (env PLEXUS_DATA, default ./data)
  --tokens-file FILE     JSON tokens [{name, role, token}] (env PLEXUS_TOKENS_FILE)
  --allowed-hosts LIST   extra host names to answer to (env PLEXUS_ALLOWED_HOSTS)
  --allowed-origins LIST extra browser origins allowed (env PLEXUS_ALLOWED_ORIGINS)
  --web-dist DIR         built web app (env PLEXUS_WEB_DIST, default apps/web/dist)
  --claim-ttl-minutes N  lease of a claim when the claimer names none (env PLEXUS_CLAIM_TTL_MINUTES,
                         default 60)
  --stale-task-minutes N a task doing for longer than this since its started_at goes back to todo,
                         reset by the server, a person's card too (seed 002; env
                         PLEXUS_STALE_TASK_MINUTES; default 0: off)
  --database-url URL     store graphs in PostgreSQL, postgres://... (env PLEXUS_DATABASE_URL);
                         default: SQLite in the data directory
  --redis-url URL        share updates with other servers on the same PostgreSQL, redis://...
                         (env PLEXUS_REDIS_URL)

Bounds, each a whole number of at least 1 (flag, environment variable, default):
${BOUNDS.map((b) => `  --${b.flag} N  (env ${b.env}, default ${defaultOf(b.key)})\n      ${b.what}`).join('\n')}

Tokens also come from PLEXUS_TOKENS="name:role:token,..." with role read, write or admin.
Without tokens the server only listens on loopback.`,
  graphs: `Usage: plexus graphs [options]

Lists graphs: id, title, nodes, edges, last change.
  --json            print JSON${TARGET_HELP}`,
  import: `Usage: plexus import FILE --graph ID [options]

Imports FILE into graph ID (created if missing). Use - to read standard input.
  --graph ID        graph to import into
  --format F        ${FORMATS.join(', ')} (default: from the file name)
  --as NAME         identity recorded in history when writing the directory directly${TARGET_HELP}`,
  export: `Usage: plexus export --graph ID --format F [options]

Prints graph ID in format F to standard output.
  --graph ID        graph to export
  --format F        ${FORMATS.join(', ')} (default json)
  --out FILE        write to FILE instead of standard output${TARGET_HELP}`,
  create: `Usage: plexus create LABEL --graph ID [options]

Adds the concept LABEL to graph ID (created if missing), as seed 001's graph tool does, and prints
what it answers (the concept, the working set, potential duplicates) as JSON.
  --graph ID             graph to add to
  --matching-mode M      ${MATCHING_MODES.join(', ')} (default auto): auto and enrich reuse the concept a
                         label names, strict refuses one, force and explore always create
  --from-label LABEL     also connect the concept LABEL names to the new one (or --from-id ID)
  --relationship R       the edge's type (default relates_to)
  --notes TEXT           the concept's notes
  --as NAME              identity recorded in history and whose working set this is
A label that names a concept below 90 % or names two equally is refused with the candidates:
give the exact label, the id, or --matching-mode force.${TARGET_HELP}`,
  connect: `Usage: plexus connect --graph ID --from-label A --to-label B [options]

Connects two concepts of graph ID, named by label (or --from-id / --to-id), and prints the edge.
  --graph ID             graph to write
  --from-label LABEL     the edge's source (or --from-id ID)
  --to-label LABEL       the edge's target (or --to-id ID)
  --relationship R       the edge's type (default relates_to)
  --as NAME              identity recorded in history
A label that names a concept below 90 % or names two equally is refused with the candidates.${TARGET_HELP}`,
  migrate: `Usage: plexus migrate --to postgres|sqlite --database-url URL [--data DIR]

Copies every graph from the SQLite store in the data directory into PostgreSQL (--to postgres),
or from PostgreSQL into the data directory (--to sqlite). The source is only read; a graph the
target already has is merged with the copy, never overwritten. Stop the servers on the target
first (a running server on the data directory is refused).
  --to postgres|sqlite   direction
  --database-url URL     postgres://... (env PLEXUS_DATABASE_URL)
  --schema NAME          schema of Plexus's tables (env PLEXUS_DATABASE_SCHEMA, default public)
  --data DIR             data directory (env PLEXUS_DATA, default ./data)`,
}

const targetOptions = {
  data: { type: 'string' },
  server: { type: 'string' },
  token: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} satisfies ParseArgsConfig['options']

class UsageError extends Error {}

export async function main(argv: string[], env = process.env): Promise<number> {
  const [command, ...rest] = argv
  try {
    switch (command) {
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        console.log(HELP.main)
        return 0
      case '--version':
      case '-v':
        console.log(VERSION)
        return 0
      case 'serve':
        return await serve(rest, env)
      case 'graphs':
        return await graphs(rest, env)
      case 'import':
        return await runImport(rest, env)
      case 'export':
        return await runExport(rest, env)
      case 'create':
      case 'connect':
        return await runGraph(command, rest, env)
      case 'mcp':
        return await runMcp(rest, env)
      case 'migrate':
        return await runMigrate(rest, env)
      default:
        throw new UsageError(`unknown command "${command}"\n\n${HELP.main}`)
    }
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof McpUsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      console.error(`plexus: ${(error as Error).message}`)
      return 2
    }
    throw error
  }
}

/**
 * A net under the parsers' own guarantee (every pattern linear, formats/linear.test.ts): a regular
 * expression that still backtracks past V8's limit is finished by V8's linear engine instead of
 * stalling every client. scripts/start, `pnpm dev` and the Docker image pass the flag on the command
 * line too; set here, it holds however the server is launched (bin/plexus.mjs, tsx, an embedder).
 */
const REGEXP_NET = '--enable-experimental-regexp-engine-on-excessive-backtracks'

async function serve(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  setFlagsFromString(REGEXP_NET)
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      'tokens-file': { type: 'string' },
      'allowed-hosts': { type: 'string' },
      'allowed-origins': { type: 'string' },
      'web-dist': { type: 'string' },
      'claim-ttl-minutes': { type: 'string' },
      'stale-task-minutes': { type: 'string' },
      'database-url': { type: 'string' },
      'redis-url': { type: 'string' },
      ...Object.fromEntries(BOUNDS.map((b) => [b.flag, { type: 'string' as const }])),
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) return help('serve')
  const { redactUrl, resolveConfig } = await import('./config.ts')
  const { StartError, startServer } = await import('../start-server.ts')
  const { DB_FILE } = await import('@plexus/sync-client/server-file')
  const { SURFACE_PATH } = await import('@plexus/tools')
  const config = resolveConfig(values as ServeFlags, env)
  if (!config.ok) throw new UsageError(config.message)
  const server = await startServer({ ...config.value, log: (line) => console.error(line) }).catch(
    (error: unknown) => {
      throw error instanceof StartError ? new UsageError(error.message) : error
    },
  )
  const c = server.config
  const webBuilt = existsSync(join(c.webDist, 'index.html'))
  const auth = c.tokens.length
    ? `${c.tokens.length} token(s): ${c.tokens.map((t) => `${t.name} (${t.role})`).join(', ')}`
    : 'no tokens: loopback only (set PLEXUS_TOKENS to listen beyond it)'
  console.log(
    [
      `Plexus ${VERSION}`,
      `  Open     ${server.url}/`,
      `  Sync     ${server.url.replace(/^http/, 'ws')}/sync/:graph`,
      `  MCP      ${server.url}${SURFACE_PATH.work}          work graph (seed 000 tools)`,
      `           ${server.url}${SURFACE_PATH.memory}   agent memory (kg_* tools)`,
      `           ${server.url}${SURFACE_PATH.engine}   graph engine (add_facts, ask_graph, ...)`,
      `           ${server.url}${SURFACE_PATH.board}    board (create_edge, traverse, get_project_tasks, ...)`,
      `           ${server.url}${SURFACE_PATH.concepts} concepts (seed 001's graph tool)`,
      `  Data     ${c.databaseUrl ? `PostgreSQL ${redactUrl(c.databaseUrl)}` : join(c.dataDir, DB_FILE)}`,
      ...(c.redisUrl ? [`  Fan-out  Redis ${redactUrl(c.redisUrl)}`] : []),
      `  Auth     ${auth}`,
      `  Web app  ${webBuilt ? c.webDist : 'not built (npx pnpm@10 --filter @plexus/web build)'}`,
      `listening on ${server.url}`,
    ].join('\n'),
  )
  await new Promise<void>((done) => {
    const stop = (signal: string) => {
      console.error(`plexus: ${signal}, saving and stopping`)
      void server.close().then(done)
    }
    process.once('SIGINT', () => stop('SIGINT'))
    process.once('SIGTERM', () => stop('SIGTERM'))
  })
  return 0
}

async function targetFrom(
  values: { data?: string; server?: string; token?: string },
  env: NodeJS.ProcessEnv,
): Promise<Target> {
  const { chooseTarget } = await import('./graph-commands.ts')
  return chooseTarget({
    dataDir: resolve(values.data ?? env.PLEXUS_DATA ?? './data'),
    server: values.server ?? env.PLEXUS_URL,
    token: values.token ?? env.PLEXUS_TOKEN,
  })
}

async function graphs(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { ...targetOptions, json: { type: 'boolean' } } })
  if (values.help) return help('graphs')
  const { describeTarget, listGraphs } = await import('./graph-commands.ts')
  const target = await targetFrom(values, env)
  const result = await listGraphs(target)
  if (!result.ok) return failed(result.message)
  if (values.json) {
    console.log(JSON.stringify(result.value, null, 2))
    return 0
  }
  if (result.value.length === 0) {
    console.log(`no graphs in ${describeTarget(target)}`)
    return 0
  }
  const rows = result.value.map((g) => [
    g.id,
    g.title ?? '',
    String(g.nodes ?? ''),
    String(g.edges ?? ''),
    g.updated_at,
  ])
  printTable([['ID', 'TITLE', 'NODES', 'EDGES', 'UPDATED'], ...rows])
  return 0
}

async function runImport(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      ...targetOptions,
      graph: { type: 'string' },
      format: { type: 'string' },
      as: { type: 'string' },
    },
  })
  if (values.help) return help('import')
  const [file, extra] = positionals
  if (!file || extra !== undefined) throw new UsageError(`import takes one FILE\n\n${HELP.import}`)
  const graph = requireGraph(values.graph, 'import')
  const bytes = readFileSync(file === '-' ? 0 : file)
  // The extension, and for .mmd and .xml the first words: a `.mmd` mindmap is a mindmap.
  const format = values.format ?? sniffFormat(file, bytes.subarray(0, 4096).toString('utf8'))
  if (!format) throw new UsageError(`${unsupportedFile(file)} Or pass --format (${FORMATS.join(', ')}).`)
  if (!isFormat(format))
    throw new UsageError(`--format ${format}: not a supported format; use one of ${FORMATS.join(', ')}`)
  const text = FILES[format].binary ? new Uint8Array(bytes) : bytes.toString('utf8')
  const { describeTarget, importGraph } = await import('./graph-commands.ts')
  const target = await targetFrom(values, env)
  const actor = values.as ?? env.PLEXUS_ACTOR ?? safeUser()
  const result = await importGraph(target, graph, format, text, actor)
  if (!result.ok) return failed(result.message)
  console.log(JSON.stringify({ graph, format, via: describeTarget(target), ...result.value }))
  return 0
}

async function runExport(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...targetOptions,
      graph: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
    },
  })
  if (values.help) return help('export')
  const graph = requireGraph(values.graph, 'export')
  const format: Format | string = values.format ?? 'json'
  if (!isFormat(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`)
  const { exportGraph } = await import('./graph-commands.ts')
  const result = await exportGraph(await targetFrom(values, env), graph, format)
  if (!result.ok) return failed(result.message)
  if (values.out) writeFileSync(values.out, result.value)
  else if (typeof result.value !== 'string') process.stdout.write(result.value)
  else process.stdout.write(result.value.endsWith('\n') ? result.value : result.value + '\n')
  return 0
}

/** `plexus create` and `plexus connect`: one call of seed 001's graph tool, labels resolved surely. */
async function runGraph(
  command: 'create' | 'connect',
  argv: string[],
  env: NodeJS.ProcessEnv,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: command === 'create',
    options: {
      ...targetOptions,
      graph: { type: 'string' },
      'matching-mode': { type: 'string' },
      'from-label': { type: 'string' },
      'from-id': { type: 'string' },
      'to-label': { type: 'string' },
      'to-id': { type: 'string' },
      relationship: { type: 'string' },
      notes: { type: 'string' },
      as: { type: 'string' },
    },
  })
  if (values.help) return help(command)
  const graph = requireGraph(values.graph, command)
  const mode = values['matching-mode']
  if (mode !== undefined && !(MATCHING_MODES as readonly string[]).includes(mode))
    throw new UsageError(`--matching-mode ${mode}: use one of ${MATCHING_MODES.join(', ')}`)
  const end = (side: 'from' | 'to') => {
    const label = values[`${side}-label`]
    const id = values[`${side}-id`]
    if (label !== undefined && id !== undefined)
      throw new UsageError(`give --${side}-label or --${side}-id, not both`)
    return {
      ...(label !== undefined ? { [`${side}_label`]: label } : {}),
      ...(id !== undefined ? { [`${side}_id`]: id } : {}),
    }
  }
  const from = end('from')
  const to = end('to')
  let args: Record<string, unknown>
  if (command === 'create') {
    const [label, extra] = positionals
    if (!label || extra !== undefined) throw new UsageError(`create takes one LABEL\n\n${HELP.create}`)
    if (Object.keys(to).length)
      throw new UsageError('create connects from a concept: use --from-label, not --to-label')
    args = { action: 'create', entity: 'concept', label, ...from, ...(mode ? { mode } : {}) }
  } else {
    if (!Object.keys(from).length || !Object.keys(to).length)
      throw new UsageError(
        `connect needs --from-label (or --from-id) and --to-label (or --to-id)\n\n${HELP.connect}`,
      )
    if (mode !== undefined)
      throw new UsageError('--matching-mode is for create: connect only joins concepts that exist')
    args = { action: 'connect', ...from, ...to }
  }
  if (values.relationship !== undefined) args.relationship = values.relationship
  if (values.notes !== undefined) args.notes = values.notes
  // Nobody reads an "uncertain" flag before a script goes on: an unsure label is refused instead.
  args.sure = true
  const { graphTool } = await import('./graph-commands.ts')
  const result = await graphTool(
    await targetFrom(values, env),
    graph,
    args,
    values.as ?? env.PLEXUS_ACTOR ?? safeUser(),
  )
  if (!result.ok) return failed(result.message)
  console.log(JSON.stringify(result.value))
  return 0
}

async function runMigrate(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      to: { type: 'string' },
      'database-url': { type: 'string' },
      schema: { type: 'string' },
      data: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) return help('migrate')
  const { redactUrl, resolveConfig } = await import('./config.ts')
  const { DB_FILE, runningServer } = await import('@plexus/sync-client/server-file')
  const { SqliteStore } = await import('../storage/sqlite-store.ts')
  const { openPostgres } = await import('./backends.ts')
  const { copyGraphs } = await import('../storage/copy.ts')
  if (values.to !== 'postgres' && values.to !== 'sqlite') {
    throw new UsageError(`migrate needs --to postgres or --to sqlite\n\n${HELP.migrate}`)
  }
  const config = resolveConfig(
    { data: values.data, 'database-url': values['database-url'] },
    { ...env, PLEXUS_REDIS_URL: '', ...(values.schema ? { PLEXUS_DATABASE_SCHEMA: values.schema } : {}) },
  )
  if (!config.ok) throw new UsageError(config.message)
  const c = config.value
  if (!c.databaseUrl)
    throw new UsageError(`migrate needs --database-url postgres://... (or PLEXUS_DATABASE_URL)`)
  const dbFile = join(c.dataDir, DB_FILE)
  if (values.to === 'postgres' && !existsSync(dbFile))
    return failed(`no SQLite store at ${dbFile} to copy from`)
  const other = runningServer(c.dataDir)
  if (other) {
    return failed(
      `a Plexus server (pid ${other.pid}) is using ${c.dataDir}: stop it first, so nothing it writes is left behind`,
    )
  }
  const sqlite = new SqliteStore(dbFile)
  let pg: Awaited<ReturnType<typeof openPostgres>>
  try {
    pg = await openPostgres(c, () => {})
  } catch (error) {
    sqlite.close()
    return failed((error as Error).message)
  }
  try {
    const [from, to] = values.to === 'postgres' ? [sqlite, pg] : [pg, sqlite]
    const report = await copyGraphs(from, to, summarize)
    const where = values.to === 'postgres' ? `PostgreSQL ${redactUrl(c.databaseUrl)}` : dbFile
    console.log(`copied ${report.graphs.length} graph(s) into ${where}`)
    for (const g of report.graphs) console.log(`  ${g.id}  ${g.bytes} bytes`)
    return 0
  } finally {
    sqlite.close()
    await pg.close()
  }
}

function requireGraph(graph: string | undefined, command: string): string {
  if (!graph) throw new UsageError(`${command} needs --graph ID\n\n${HELP[command]}`)
  if (!validGraphId(graph)) throw new UsageError(`invalid graph id "${graph}": ${GRAPH_ID_RULE}`)
  return graph
}

function help(command: string): number {
  console.log(HELP[command])
  return 0
}

function failed(message: string): number {
  console.error(`plexus: ${message}`)
  return 1
}

function safeUser(): string {
  try {
    return userInfo().username || 'cli'
  } catch {
    return 'cli'
  }
}

function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)))
  for (const row of rows)
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === new URL(import.meta.url).pathname
if (isMain || process.env.PLEXUS_CLI_MAIN === '1') {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error('plexus: unexpected error:', error)
      process.exitCode = 1
    },
  )
}
