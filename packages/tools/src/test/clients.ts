/**
 * MCP test clients: the SDK's own Client over Streamable HTTP (against a running test server) and over
 * stdio (spawning `plexus mcp` as an MCP client would), and small call helpers that fail with the
 * tool's own message.
 */
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'

export interface Agent {
  client: Client
  close(): Promise<void>
}

export async function httpAgent(
  url: string,
  opts: { name?: string; token?: string; path?: string } = {},
): Promise<Agent> {
  const client = new Client({ name: opts.name ?? 'test-agent', version: '1.0.0' })
  const headers: Record<string, string> = opts.token ? { Authorization: `Bearer ${opts.token}` } : {}
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}${opts.path ?? '/mcp'}`), { requestInit: { headers } }),
  )
  return { client, close: () => client.close() }
}

/**
 * How long a suite's set-up may take to start a server and an agent. It waits on the agent's answer
 * to `initialize` (an event), and a crashed agent fails it at once with its standard error; the limit
 * only bounds a hang. Vitest's default of 10 s was passed in a CI run at load 14: spawning node with
 * tsx and loading the tools takes 1.4-3.8 s at load 14-18 on 2 cores (bench/reports/agent-start.md)
 * and test files start servers and agents side by side, so the limit is some 30 times that.
 */
export const AGENT_START_LIMIT_MS = 120_000

// The stdio agent's own bin (apps/agent), which `plexus mcp` delegates to.
const BIN = fileURLToPath(new URL('../../../../apps/agent/bin/plexus-agent.mjs', import.meta.url))
const APP_DIR = fileURLToPath(new URL('../../../../apps/agent', import.meta.url))

export async function stdioAgent(opts: {
  server?: string
  cacheDir: string
  name?: string
  token?: string
  args?: string[]
}): Promise<Agent & { stderr: () => string }> {
  const args = [
    BIN,
    'mcp',
    '--cache',
    opts.cacheDir,
    ...(opts.server ? ['--server', opts.server] : []),
    ...(opts.args ?? []),
  ]
  if (opts.token) args.push('--token', opts.token)
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith('PLEXUS_')) env[k] = v
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    cwd: APP_DIR,
    env,
    stderr: 'pipe',
  })
  let err = ''
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString()))
  const client = new Client({ name: opts.name ?? 'stdio-agent', version: '1.0.0' })
  // The SDK's own limit on `initialize` is 60 s, half the start limit above: at load 13-15 a start has
  // run past it ("Request timed out"), so the answer is awaited as long as the suite's set-up may take.
  await client.connect(transport, { timeout: AGENT_START_LIMIT_MS }).catch((error: unknown) => {
    throw new Error(`plexus mcp did not start: ${(error as Error).message}\n${err}`)
  })
  // How the agent ended, if it did, in what its stderr tells a failing test.
  const child = (transport as unknown as { _process?: import('node:child_process').ChildProcess })._process
  child?.once('exit', (code, signal) => (err += `\n[plexus mcp exited: code ${code}, signal ${signal}]\n`))
  return { client, close: () => client.close(), stderr: () => err }
}

export interface Called {
  isError: boolean
  data: Record<string, unknown>
  text: string
  /** Bytes of the result as it travels (content and structured content). */
  bytes: number
}

export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Called> {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult
  const text = r.content.map((c) => (c.type === 'text' ? c.text : '')).join('')
  return {
    isError: r.isError === true,
    data: (r.structuredContent ?? {}) as Record<string, unknown>,
    text,
    bytes: Buffer.byteLength(JSON.stringify(r)),
  }
}

/** Calls a tool that must succeed; a tool error fails the test with the tool's message. */
// Results are loosely typed on purpose: tests read what an agent reads.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function ok(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const r = await call(client, name, args)
  if (r.isError) throw new Error(`${name} failed: ${r.text}`)
  return r.data
}

/** Calls a tool that must fail; returns its message. */
export async function fails(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<string> {
  const r = await call(client, name, args)
  if (!r.isError) throw new Error(`${name} should have failed, returned ${r.text}`)
  return r.text
}

/** Graph `project` made on the server at `url` by the holder of `token`, with two nodes: their ids. */
export async function twoNodeGraph(
  url: string,
  token: string,
  project = 'g',
): Promise<{ api: string; db: string }> {
  const a = await httpAgent(url, { token })
  try {
    await ok(a.client, 'graph_open', { project, goal: 'Ship the API' })
    const plan = await ok(a.client, 'graph_plan', {
      project,
      nodes: [{ summary: 'API' }, { summary: 'Database' }],
    })
    return { api: plan.created[0].id as string, db: plan.created[1].id as string }
  } finally {
    await a.close()
  }
}
