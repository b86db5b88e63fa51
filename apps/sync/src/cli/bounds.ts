/**
 * Bounds an operator can set at start (config.ts reads them; cli.ts lists them in `plexus serve
 * --help`). Apart from config.ts so the command line can name them without loading the server.
 */
import type { Limits } from '../access/server-limits.ts'

/**
 * The bounds an operator may need to raise (a team importing large files at once, many agents), each
 * a flag of `plexus serve` and an environment variable (the flag wins), a whole number of at least
 * 1: 0 would refuse everything, and "no bound" is not offered. `plexus serve --help` lists them from
 * here; README's configuration table names each (cli.test.ts checks both).
 */
export const BOUNDS = [
  {
    key: 'maxBuildsPerIdentity',
    flag: 'max-builds-per-identity',
    env: 'PLEXUS_MAX_BUILDS_PER_IDENTITY',
    what: 'large imports and builds one token identity may have under way (429 past it)',
  },
  {
    key: 'maxBuilds',
    flag: 'max-builds',
    env: 'PLEXUS_MAX_BUILDS',
    what: 'large imports and builds under way in all (503 past it)',
  },
  {
    key: 'maxImportBytes',
    flag: 'max-import-bytes',
    env: 'PLEXUS_MAX_IMPORT_BYTES',
    what: 'largest REST import body in bytes (413 past it)',
  },
  {
    key: 'maxMcpBodyBytes',
    flag: 'max-mcp-body-bytes',
    env: 'PLEXUS_MAX_MCP_BODY_BYTES',
    what: 'largest /mcp request body in bytes from a token that writes (413 past it)',
  },
  {
    key: 'maxMcpReadBodyBytes',
    flag: 'max-mcp-read-body-bytes',
    env: 'PLEXUS_MAX_MCP_READ_BODY_BYTES',
    what: 'largest /mcp request body in bytes from a read-only token',
  },
  {
    key: 'maxMcpSessions',
    flag: 'max-mcp-sessions',
    env: 'PLEXUS_MAX_MCP_SESSIONS',
    what: 'MCP sessions held at once (503 past it)',
  },
  {
    key: 'maxMcpSessionsPerIdentity',
    flag: 'max-mcp-sessions-per-identity',
    env: 'PLEXUS_MAX_MCP_SESSIONS_PER_IDENTITY',
    what: 'MCP sessions one token identity holds at once (its oldest closes past it)',
  },
] as const satisfies ReadonlyArray<{
  key: keyof Limits
  flag: string
  env: string
  what: string
}>
