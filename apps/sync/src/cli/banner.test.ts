/**
 * The start banner is how a new user finds everything: `plexus serve` prints where to open the app and
 * each MCP endpoint's URL, and each of those URLs answers an MCP client.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { httpAgent } from '@plexus/tools/test/clients'

const BIN = fileURLToPath(new URL('../../bin/plexus.mjs', import.meta.url))

it('prints the URL of every MCP endpoint, and each one serves its tools', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'plexus-banner-'))
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PLEXUS_TOKENS: '', PLEXUS_TOKENS_FILE: '' },
  })
  try {
    let out = ''
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString()
        if (/listening on /.test(out)) resolve()
      })
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)))
    })
    const urls = [...out.matchAll(/(http:\/\/\S+\/mcp(?:\/\w+)?)\s/g)].map((m) => m[1]!)
    expect(urls.map((u) => new URL(u).pathname)).toEqual([
      '/mcp',
      '/mcp/memory',
      '/mcp/engine',
      '/mcp/board',
      '/mcp/concepts',
    ])
    const first = {
      '/mcp': 'graph_open',
      '/mcp/memory': 'kg_read',
      '/mcp/engine': 'add_facts',
      '/mcp/board': 'create_knowledge_note',
      '/mcp/concepts': 'graph',
    }
    for (const u of urls) {
      const url = new URL(u)
      const agent = await httpAgent(url.origin, { path: url.pathname })
      const { tools } = await agent.client.listTools()
      expect(tools[0]!.name).toBe(first[url.pathname as keyof typeof first])
      await agent.close()
    }
  } finally {
    child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
})
