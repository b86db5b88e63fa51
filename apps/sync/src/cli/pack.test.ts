/**
 * Installable the way MCP servers are installed: `node scripts/pack.mjs` packs the server and the
 * agent, and each tarball runs with `npx -y <tarball> …` in an empty folder, nothing else installed
 * there, answering the official SDK client. Slow (it bundles both apps, and npx installs the server's
 * one native dependency, better-sqlite3, from the registry, and builds it from source where its
 * prebuilt binary cannot be fetched: minutes on a busy machine). It waits on events (a process's
 * exit, a line on the server's output, the client's answers); the long limits below only turn a hang
 * into a failure.
 */
import { execFile, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { SURFACES } from '@plexus/tools'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url))
const WORK = SURFACES.work.map((t) => t.name).sort()
const PACK_LIMIT_MS = 600_000
const INSTALL_LIMIT_MS = 1_800_000

let dir: string
const tarballs: Record<string, string> = {}

/** The environment of a person's shell: no PLEXUS_* from the test run. */
function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith('PLEXUS_') && !k.startsWith('npm_') && !k.startsWith('VITEST'))
      env[k] = v
  return env
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plexus-pack-'))
  const out = await new Promise<string>((done, fail) =>
    execFile(
      process.execPath,
      [join(ROOT, 'scripts/pack.mjs'), 'server', 'agent', '--out', join(dir, 'packed')],
      { cwd: ROOT, maxBuffer: 1 << 24 },
      (error, stdout, stderr) => (error ? fail(new Error(`${error.message}\n${stderr}`)) : done(stdout)),
    ),
  )
  for (const line of out.trim().split('\n'))
    tarballs[line.includes('plexus-agent') ? 'agent' : 'server'] = line
}, PACK_LIMIT_MS)

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

async function stdioClient(tarball: string, args: string[]): Promise<Client> {
  const empty = mkdtempSync(join(dir, 'empty-'))
  const transport = new StdioClientTransport({
    command: 'npx',
    args: ['-y', `file:${tarball}`, 'mcp', '--cache', join(empty, 'cache'), '--data', empty, ...args],
    cwd: empty,
    env: cleanEnv(),
    stderr: 'pipe',
  })
  let err = ''
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString()))
  const client = new Client({ name: 'pack-test', version: '1.0.0' })
  await client.connect(transport).catch((error: unknown) => {
    throw new Error(`npx -y ${tarball} mcp did not start: ${String(error)}\n${err}`)
  })
  return client
}

describe('the packed agent and server', () => {
  it('npm pack gives a tarball of each', () => {
    expect(tarballs.agent).toMatch(/plexus-agent-.*\.tgz$/)
    expect(tarballs.server).toMatch(/plexus-\d.*\.tgz$/)
  })

  it(
    'npx -y <agent tarball> mcp answers tools/list in an empty folder',
    async () => {
      const client = await stdioClient(tarballs.agent!, [])
      try {
        const { tools } = await client.listTools()
        expect(tools.map((t) => t.name).sort()).toEqual(WORK)
        const opened = await client.callTool({
          name: 'graph_open',
          arguments: { project: 'packed', goal: 'g' },
        })
        expect(opened.isError).toBeFalsy()
      } finally {
        await client.close()
      }
    },
    INSTALL_LIMIT_MS,
  )

  it(
    'npx -y <server tarball> serve listens, and … mcp joins it',
    async () => {
      const data = mkdtempSync(join(dir, 'empty-'))
      const server = spawn(
        'npx',
        ['-y', `file:${tarballs.server!}`, 'serve', '--port', '0', '--data', data],
        {
          cwd: data,
          env: cleanEnv(),
          stdio: ['ignore', 'pipe', 'pipe'],
          // Its own process group: npx, and the server it starts, stop together.
          detached: true,
        },
      )
      let err = ''
      server.stderr.on('data', (d: Buffer) => (err += d.toString()))
      try {
        const url = await new Promise<string>((done, fail) => {
          let out = ''
          server.stdout.on('data', (d: Buffer) => {
            out += d.toString()
            const m = /listening on (\S+)/.exec(out)
            if (m) done(m[1]!)
          })
          server.once('exit', (code) =>
            fail(new Error(`serve exited (${code}) before listening:\n${out}\n${err}`)),
          )
        })
        const http = new Client({ name: 'pack-test-http', version: '1.0.0' })
        await http.connect(new StreamableHTTPClientTransport(new URL('/mcp', url)))
        expect((await http.listTools()).tools.map((t) => t.name).sort()).toEqual(WORK)
        await http.callTool({ name: 'graph_open', arguments: { project: 'served', goal: 'g' } })
        await http.close()

        const agent = await stdioClient(tarballs.server!, ['--server', url])
        try {
          const listed = await agent.callTool({ name: 'graph_open', arguments: {} })
          expect(JSON.stringify(listed.structuredContent)).toContain('served')
        } finally {
          await agent.close()
        }
      } finally {
        const exited = new Promise((done) => server.once('exit', done))
        process.kill(-server.pid!, 'SIGTERM')
        await exited
      }
    },
    INSTALL_LIMIT_MS,
  )
})
