/**
 * A claim in one pass from `plexus mcp` (issue 25): the agent asks the server to claim (its claims
 * route) and the server writes the claim and the agent's working set together, so the claim costs the
 * server one stored batch and one fan-out publish, and the agent sends nothing after it. Counted on the
 * server's own store and fan-out (`countedServer`), with a real agent process.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { countedClaim, countedServer, plannedByAnother } from '@plexus/sync/test-counted'
import { AGENT_START_LIMIT_MS, ok, stdioAgent } from '@plexus/tools/test/clients'

const cleanup: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn().catch(() => {})
})

describe.each(['sqlite', 'postgres'] as const)('a claim from plexus mcp on %s', (backend) => {
  it(
    'is one stored batch and one publish on the server, the working set with it',
    async () => {
      const running = await countedServer(backend)
      cleanup.push(() => running.dispose())
      const planner = await plannedByAnother(running)
      cleanup.push(() => planner.close())
      const cacheDir = mkdtempSync(join(tmpdir(), 'plexus-claim-pass-'))
      cleanup.push(async () => rmSync(cacheDir, { recursive: true, force: true }))
      const agent = await stdioAgent({ server: running.server.url, cacheDir, name: 'claimer' })
      cleanup.push(() => agent.close())
      // The agent's copy is loaded and synced before anything is counted.
      await ok(agent.client, 'graph_query', { project: 'pass' })
      const claim = await countedClaim(running, agent.client)
      expect(claim.claimed).toHaveLength(1)
      expect(claim.counts).toEqual({ stored: 1, published: 1 })
      expect(claim.inWorkingSet).toBe(true)
    },
    AGENT_START_LIMIT_MS,
  )
})
