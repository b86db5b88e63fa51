/**
 * The seed-000 contract with the official SDK client over both transports: Streamable HTTP on the
 * real server, and `plexus mcp` over stdio joined to it.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { testServer } from '../test/server-harness.ts'
import { httpAgent, stdioAgent } from './test/clients.ts'
import { seedSuite } from './test/seed-suite.ts'

seedSuite('Streamable HTTP', async () => {
  const server = await testServer()
  const agent = await httpAgent(server.url)
  return {
    client: agent.client,
    done: async () => {
      await agent.close()
      await server.dispose()
    },
  }
})

seedSuite('stdio (plexus mcp)', async () => {
  const server = await testServer()
  const cacheDir = mkdtempSync(join(tmpdir(), 'plexus-seed-'))
  const agent = await stdioAgent({ server: server.url, cacheDir })
  return {
    client: agent.client,
    done: async () => {
      await agent.close()
      await server.dispose()
      rmSync(cacheDir, { recursive: true, force: true })
    },
  }
})
