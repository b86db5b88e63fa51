/**
 * A server on SQLite loads no PostgreSQL or Redis driver: pg and ioredis cost about a second of a
 * start on a busy machine (issue 29, bench/open.bench.ts), and a server that uses neither had them
 * in its static imports. They are loaded with `await import` when a database or Redis URL is
 * configured (or a store that may be PostgreSQL is given). Read with the TypeScript parser.
 */
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { reach } from '../test/module-imports.ts'

const CLI = fileURLToPath(new URL('../cli/cli.ts', import.meta.url))
const SERVER = fileURLToPath(new URL('../start-server.ts', import.meta.url))
const DRIVERS = ['pg', 'ioredis']

const drivers = (dynamic: boolean) => {
  const { packages } = reach([CLI, SERVER], () => dynamic)
  return DRIVERS.filter((name) => packages.has(name)).map(
    (name) => `${name} (imported by ${packages.get(name)})`,
  )
}

describe('the drivers a server loads at start', () => {
  it('holds neither pg nor ioredis in the static imports of `plexus serve`', () => {
    expect(drivers(false)).toEqual([])
  })

  it('reaches both once dynamic imports are followed (so the check above can fail)', () => {
    expect(drivers(true).map((d) => d.split(' ')[0])).toEqual(DRIVERS)
  })
})
