/**
 * The services a server runs on besides its own process, chosen by configuration: PostgreSQL for
 * storage (PLEXUS_DATABASE_URL) and Redis for fan-out (PLEXUS_REDIS_URL). Without them the server
 * uses the SQLite file in its data directory (start-server.ts) and serves alone.
 */
import { mkdirSync } from 'node:fs'
import { redactUrl, type ServerConfig } from './config.ts'
import { RedisFanout } from '../fanout/fanout.ts'
import { PgStore } from '../storage/postgres/pg-store.ts'

export class BackendError extends Error {
  override name = 'BackendError'
}

/** Connects and migrates; a database that cannot be reached stops the start with the reason. */
export async function openPostgres(config: ServerConfig, log: (line: string) => void): Promise<PgStore> {
  const url = config.databaseUrl!
  // The data directory still holds server.json (which server runs here), so make sure it exists.
  mkdirSync(config.dataDir, { recursive: true })
  try {
    const store = await PgStore.open(url, { schema: config.databaseSchema })
    await store.checkWritable()
    log(`store: PostgreSQL ${redactUrl(url)} (schema ${config.databaseSchema})`)
    return store
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    throw new BackendError(
      `cannot use PostgreSQL at ${redactUrl(url)} (${why}). Plexus refuses to start rather than accept ` +
        'edits it cannot store: check that the database runs and the URL (PLEXUS_DATABASE_URL or ' +
        '--database-url), or unset it to use SQLite in the data directory.',
    )
  }
}

/** Redis may be away at start: the server then starts degraded and catches up when it is back. */
export function openFanout(
  config: ServerConfig,
  log: (line: string) => void,
  prefix?: string,
): Promise<RedisFanout> {
  return RedisFanout.open(config.redisUrl!, { log, prefix })
}
