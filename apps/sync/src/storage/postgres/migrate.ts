/**
 * Schema migrations for the PostgreSQL store: numbered SQL files in ./migrations
 * (`001_init.sql`, `002_….sql`), each applied once, in order, in its own transaction, and recorded
 * in `plexus_migrations`. Several servers starting at once take turns on an advisory lock, so each
 * file runs exactly once. A database migrated by a newer Plexus (a version this build does not
 * know) is refused rather than written with an older idea of the schema.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Pool } from 'pg'

const FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'migrations')
/** Advisory lock key (any fixed bigint) held while migrating. */
const LOCK = 7_243_001

export interface Migration {
  version: number
  name: string
  sql: string
}

export function migrations(folder = FOLDER): Migration[] {
  return readdirSync(folder)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .map((f) => ({ version: Number(f.split('_')[0]), name: f, sql: readFileSync(join(folder, f), 'utf8') }))
    .sort((a, b) => a.version - b.version)
}

export type MigrateResult =
  { ok: true; applied: string[]; version: number } | { ok: false; reason: 'newer_schema'; message: string }

/**
 * Brings the schema the pool points at up to the newest migration, creating the schema first
 * when it is not `public` (under the same lock: concurrent CREATE SCHEMA IF NOT EXISTS can fail).
 */
export async function migrate(pool: Pool, schema = 'public', folder = FOLDER): Promise<MigrateResult> {
  const all = migrations(folder)
  const newest = all.at(-1)?.version ?? 0
  const client = await pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK])
    if (schema !== 'public') await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`)
    await client.query(`CREATE TABLE IF NOT EXISTS plexus_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`)
    const done = await client.query<{ version: number }>('SELECT version FROM plexus_migrations')
    const have = new Set(done.rows.map((r) => r.version))
    const beyond = [...have].filter((v) => v > newest)
    if (beyond.length > 0) {
      return {
        ok: false,
        reason: 'newer_schema',
        message:
          `the database was migrated by a newer Plexus (schema version ${Math.max(...beyond)}; this ` +
          `build knows up to ${newest}): update Plexus on this server`,
      }
    }
    const applied: string[] = []
    for (const m of all) {
      if (have.has(m.version)) continue
      await client.query('BEGIN')
      try {
        await client.query(m.sql)
        await client.query('INSERT INTO plexus_migrations (version, name) VALUES ($1, $2)', [
          m.version,
          m.name,
        ])
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK')
        throw new Error(`migration ${m.name} failed: ${(error as Error).message}`, { cause: error })
      }
      applied.push(m.name)
    }
    return { ok: true, applied, version: newest }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK]).catch(() => {})
    client.release()
  }
}
