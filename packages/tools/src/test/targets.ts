/**
 * The transports the contract suites (tool-suite.ts, seed-suite.ts) run over: the official SDK client
 * over Streamable HTTP on a real server, and `plexus mcp` over stdio joined to one.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { testServer } from '@plexus/sync/test-server'
import { httpAgent, stdioAgent } from './clients.ts'
import type { SuiteTarget } from './tool-suite.ts'

/** A real server and an SDK client on its `/mcp`. */
export async function httpTarget(): Promise<SuiteTarget> {
  const server = await testServer()
  const agent = await httpAgent(server.url)
  return {
    client: agent.client,
    done: async () => {
      await agent.close()
      await server.dispose()
    },
  }
}

/** A real server and `plexus mcp` joined to it, with a cache folder of its own. */
export async function stdioTarget(): Promise<SuiteTarget> {
  const server = await testServer()
  const cacheDir = mkdtempSync(join(tmpdir(), 'plexus-agent-'))
  const agent = await stdioAgent({ server: server.url, cacheDir })
  return {
    client: agent.client,
    done: async () => {
      await agent.close()
      await server.dispose()
      rmSync(cacheDir, { recursive: true, force: true })
    },
  }
}
