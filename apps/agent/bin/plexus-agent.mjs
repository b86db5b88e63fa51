#!/usr/bin/env node
// Runs the TypeScript agent (src/main.ts) through tsx's loader, in this process: arguments, standard
// streams, signals and the exit code are the agent's own.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../src/main.ts')
process.exitCode = await main(process.argv.slice(2))
