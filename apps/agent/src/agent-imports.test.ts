/**
 * The stdio agent (`plexus mcp`) is a client of the server, like the web app: it loads no server,
 * store or driver code. It once imported server.ts to read one JSON file and so loaded pg, ioredis,
 * better-sqlite3 and hono, and started slowly enough to fail the stdio suite's set-up on a busy
 * machine. This test reads the imports with the TypeScript parser, as packages/model's purity test
 * does. What `plexus mcp` loads: cli.ts's static imports (each other command loads its own code
 * with `await import` when it runs, and `mcp` is the agent app's) and everything the agent's own
 * entry, apps/agent/src/main.ts (its bin's), reaches.
 */
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { reach } from '@plexus/sync/test-imports'

const CLI = fileURLToPath(new URL('../../sync/src/cli/cli.ts', import.meta.url))
const AGENT = fileURLToPath(new URL('./main.ts', import.meta.url))
const SERVER = fileURLToPath(new URL('../../sync/src/start-server.ts', import.meta.url))

/** Server-side packages: the PostgreSQL and Redis drivers, SQLite, and the HTTP framework. */
const SERVER_ONLY = ['pg', 'ioredis', 'better-sqlite3', 'hono', '@hono/node-server']

function serverPackages(entries: string[], dynamic: (file: string) => boolean): string[] {
  const { packages } = reach(entries, dynamic)
  return SERVER_ONLY.filter((name) => packages.has(name)).map(
    (name) => `${name} (imported by ${packages.get(name)})`,
  )
}

describe('the stdio agent loads no server code', () => {
  it('reaches none of pg, ioredis, better-sqlite3 and hono from `plexus mcp`', () => {
    const fromCli = serverPackages([CLI], (file) => file !== CLI)
    const fromAgent = serverPackages([AGENT], () => true)
    expect([...fromCli, ...fromAgent]).toEqual([])
    expect(reach([AGENT]).files).toContain('apps/agent/src/local.ts')
  })

  it('finds them from the server (so the check above can fail)', () => {
    expect(serverPackages([SERVER], () => true).map((s) => s.split(' ')[0])).toEqual(SERVER_ONLY)
  })
})
