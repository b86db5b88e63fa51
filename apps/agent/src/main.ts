/**
 * `plexus-agent [mcp] [options]`: the stdio agent on its own, what `plexus mcp` runs. The leading
 * `mcp` is optional, so a client configuration written for `plexus mcp` works with either bin.
 * Exit codes: 0 done, 1 failed, 2 bad usage.
 */
import { McpUsageError, runMcp } from './stdio.ts'

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const args = argv[0] === 'mcp' ? argv.slice(1) : argv
  try {
    return await runMcp(args, env)
  } catch (error) {
    if (error instanceof McpUsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`plexus-agent: ${(error as Error).message}\n`)
      return 2
    }
    process.stderr.write(`plexus-agent: ${(error as Error).stack ?? String(error)}\n`)
    return 1
  }
}
