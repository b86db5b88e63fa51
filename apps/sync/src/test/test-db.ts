/**
 * PostgreSQL for tests: the database in PLEXUS_TEST_DATABASE_URL (default the local `test`
 * database, trust auth), a schema of its own per test file and run, dropped afterwards, so
 * parallel runs never see each other's tables.
 */
import pg from 'pg'

export const TEST_DATABASE_URL =
  process.env.PLEXUS_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** A schema name no other run uses: `plexus_t_<what>_<pid>_<random>`. */
export function testSchema(what: string): string {
  const random = Math.random().toString(36).slice(2, 8)
  return `plexus_t_${what.replace(/[^a-z0-9]/g, '_')}_${process.pid}_${random}`
}

/** Drops every schema whose name starts with `prefix`. */
export async function dropSchemas(prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL })
  await client.connect()
  try {
    const r = await client.query<{ nspname: string }>(
      'SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1)',
      [prefix],
    )
    for (const { nspname } of r.rows) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`)
  } finally {
    await client.end()
  }
}
