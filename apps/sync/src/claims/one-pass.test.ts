/**
 * A claim in one pass (issue 25): `graph_next {claim: true}` over `/mcp` opens the graph once,
 * arbitrates once, and writes the claim and the caller's working set together: one stored batch and
 * one fan-out publish, on SQLite (the in-process arbiter) and on PostgreSQL (the claims table).
 * Counted on the server's own store and fan-out (test/counted.ts), not on stand-ins.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { httpAgent } from '@plexus/tools/test/clients'
import { countedClaim, countedServer, plannedByAnother } from '../test/counted.ts'

const cleanup: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn().catch(() => {})
})

describe.each(['sqlite', 'postgres'] as const)('a claim over /mcp on %s', (backend) => {
  it('is one stored batch and one publish, the working set with it', async () => {
    const running = await countedServer(backend)
    cleanup.push(() => running.dispose())
    const planner = await plannedByAnother(running)
    cleanup.push(() => planner.close())
    const agent = await httpAgent(running.server.url, { name: 'claimer' })
    cleanup.push(() => agent.close())
    const claim = await countedClaim(running, agent.client)
    expect(claim.claimed).toHaveLength(1)
    expect(claim.counts).toEqual({ stored: 1, published: 1 })
    // The one batch held the working set too.
    expect(claim.inWorkingSet).toBe(true)
  })
})
