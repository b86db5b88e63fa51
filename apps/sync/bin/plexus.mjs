#!/usr/bin/env node
// Runs the TypeScript CLI (src/cli/cli.ts) through tsx's loader, in this process: arguments, standard
// streams, signals and the exit code are the CLI's own.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../src/cli/cli.ts')
process.exitCode = await main(process.argv.slice(2))
