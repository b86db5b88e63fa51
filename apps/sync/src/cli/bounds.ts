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
  {
    key: 'maxMessageBytes',
    flag: 'max-message-bytes',
    env: 'PLEXUS_MAX_MESSAGE_BYTES',
    what: 'largest WebSocket frame in bytes (the connection closes with 1009 past it)',
  },
  {
    key: 'messagesPerSecond',
    flag: 'rate',
    env: 'PLEXUS_RATE',
    what: 'WebSocket messages per second one connection may send, sustained',
  },
  {
    key: 'messageBurst',
    flag: 'burst',
    env: 'PLEXUS_BURST',
    what: 'WebSocket messages one connection may send at once before the rate applies',
  },
  {
    key: 'maxConnectionsPerAddress',
    flag: 'max-connections-per-address',
    env: 'PLEXUS_MAX_CONNECTIONS_PER_ADDRESS',
    what: 'WebSocket connections from one remote address (loopback aside)',
  },
  {
    key: 'maxHttpConnections',
    flag: 'max-http-connections',
    env: 'PLEXUS_MAX_HTTP_CONNECTIONS',
    what: 'HTTP connections open at once',
  },
  {
    key: 'maxHttpConnectionsPerAddress',
    flag: 'max-http-connections-per-address',
    env: 'PLEXUS_MAX_HTTP_CONNECTIONS_PER_ADDRESS',
    what: 'HTTP connections open at once from one address',
  },
  {
    key: 'authFailureBurst',
    flag: 'auth-failure-burst',
    env: 'PLEXUS_AUTH_FAILURE_BURST',
    what: 'failed authentications one address may make at once (then one a second)',
  },
  {
    key: 'maxDocumentBytes',
    flag: 'max-document-bytes',
    env: 'PLEXUS_MAX_DOCUMENT_BYTES',
    what: 'stored size of one graph in bytes (writes past it are refused)',
  },
] as const satisfies ReadonlyArray<{
  key: keyof Limits
  flag: string
  env: string
  what: string
}>
