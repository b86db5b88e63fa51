// The stdio agent's public surface: `plexus mcp` (apps/sync/src/cli/cli.ts) delegates to runMcp.
export { MCP_HELP, McpUsageError, runMcp } from './stdio.ts'
export { main } from './main.ts'
