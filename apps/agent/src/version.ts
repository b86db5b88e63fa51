import { readFileSync } from 'node:fs'

/** The version in apps/agent/package.json, read once: what the agent tells a client on initialize. */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version
