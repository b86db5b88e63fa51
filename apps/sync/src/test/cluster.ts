/**
 * Servers in this process on one PostgreSQL schema of the test's own (and, for a cluster, one Redis),
 * for the PostgreSQL server tests: fanout, multi-claims, claims/pg-arbiter, storage/postgres/unreachable. Each
 * server's closing and the schema's dropping go on the test file's cleanup list.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { TEST_DATABASE_URL, dropSchemas, testSchema } from './test-db.ts'
import { startServer, type RunningServer, type StartOptions } from '../start-server.ts'
import type { RedisService } from './services.ts'

/** What to close after the running test, last first. */
export type Cleanup = Array<() => Promise<void>>

/** A cleanup list run after each test of the file that calls this (failures there are ignored). */
export function cleanupAfterEach(): Cleanup {
  const cleanup: Cleanup = []
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn().catch(() => {})
  })
  return cleanup
}

/** A schema no other run uses, dropped after the test. */
export function ownSchema(cleanup: Cleanup, what: string): string {
  const schema = testSchema(what)
  cleanup.push(() => dropSchemas(schema))
  return schema
}

/** A server on PostgreSQL schema `schema`, with a data folder of its own removed after the test. */
export async function pgServer(
  cleanup: Cleanup,
  schema: string,
  options: Partial<StartOptions> = {},
): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'plexus-pg-server-'))
  const s = await startServer({
    port: 0,
    dataDir: dir,
    webDist: join(dir, 'no-web'),
    databaseUrl: TEST_DATABASE_URL,
    databaseSchema: schema,
    ...options,
  })
  cleanup.push(async () => {
    await s.close()
    rmSync(dir, { recursive: true, force: true })
  })
  return s
}

/** `n` servers on one new schema (named after `what`) and `redis`. */
export async function cluster(
  cleanup: Cleanup,
  what: string,
  n: number,
  redis: RedisService,
  options: Partial<StartOptions> = {},
): Promise<{ servers: RunningServer[]; schema: string }> {
  const schema = ownSchema(cleanup, what)
  const servers: RunningServer[] = []
  for (let i = 0; i < n; i++)
    servers.push(await pgServer(cleanup, schema, { redisUrl: redis.url, ...options }))
  return { servers, schema }
}
