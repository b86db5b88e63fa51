/**
 * `plexus migrate` both ways, through the CLI: a data directory's graphs into PostgreSQL and back
 * into a fresh directory, every graph whole (snapshot and log) on arrival, plus the refusals.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it, vi } from 'vitest'
import * as Y from 'yjs'
import { main } from '../cli/cli.ts'
import { PgStore } from './postgres/pg-store.ts'
import { TEST_DATABASE_URL, dropSchemas, testSchema } from '../test/test-db.ts'
import { SqliteStore } from './sqlite-store.ts'

const root = mkdtempSync(join(tmpdir(), 'plexus-migrate-'))
const schema = testSchema('migrate')
afterAll(async () => {
  rmSync(root, { recursive: true, force: true })
  await dropSchemas(schema)
})

function nodesOf(stored: { snapshot: Uint8Array | null; updates: Uint8Array[] } | null) {
  const doc = new Y.Doc()
  if (stored?.snapshot) Y.applyUpdate(doc, stored.snapshot)
  for (const u of stored?.updates ?? []) Y.applyUpdate(doc, u)
  return doc.getMap('nodes').toJSON()
}

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = []
  const err: string[] = []
  const log = vi.spyOn(console, 'log').mockImplementation((...a) => void out.push(a.join(' ')))
  const error = vi.spyOn(console, 'error').mockImplementation((...a) => void err.push(a.join(' ')))
  try {
    const code = await main(args, { ...process.env, PLEXUS_DATABASE_URL: '', PLEXUS_REDIS_URL: '' })
    return { code, out: out.join('\n'), err: err.join('\n') }
  } finally {
    log.mockRestore()
    error.mockRestore()
  }
}

it('copies every graph from a data directory into PostgreSQL and back', async () => {
  const source = join(root, 'source')
  const sqlite = new SqliteStore(join(source, 'plexus.db'))
  const a = new Y.Doc()
  a.on('update', (u: Uint8Array) => sqlite.append('alpha', u))
  a.getMap('nodes').set('x', 1)
  sqlite.compact('alpha', { snapshot: Y.encodeStateAsUpdate(a), throughSeq: 1 })
  a.getMap('nodes').set('y', 2)
  const b = new Y.Doc()
  b.on('update', (u: Uint8Array) => sqlite.append('beta', u))
  b.getMap('nodes').set('z', 3)
  sqlite.close()

  const args = ['--database-url', TEST_DATABASE_URL, '--schema', schema]
  const up = await cli(['migrate', '--to', 'postgres', '--data', source, ...args])
  expect(up.err).toBe('')
  expect(up.code).toBe(0)
  expect(up.out).toMatch(/copied 2 graph\(s\) into PostgreSQL/)
  const pg = await PgStore.open(TEST_DATABASE_URL, { schema })
  expect(nodesOf(await pg.load('alpha'))).toEqual({ x: 1, y: 2 })
  expect(nodesOf(await pg.load('beta'))).toEqual({ z: 3 })
  expect((await pg.list()).map((g) => g.summary !== null)).toEqual([true, true])
  await pg.close()

  const back = join(root, 'back')
  const down = await cli(['migrate', '--to', 'sqlite', '--data', back, ...args])
  expect(down.code).toBe(0)
  const copy = new SqliteStore(join(back, 'plexus.db'))
  expect(nodesOf(copy.load('alpha'))).toEqual({ x: 1, y: 2 })
  expect(nodesOf(copy.load('beta'))).toEqual({ z: 3 })
  copy.close()
})

it('says what is wrong with a bad migrate command', async () => {
  expect((await cli(['migrate', '--data', root])).err).toMatch(/--to postgres or --to sqlite/)
  expect((await cli(['migrate', '--to', 'postgres', '--data', root])).err).toMatch(/needs --database-url/)
  const wrong = await cli(['migrate', '--to', 'sqlite', '--database-url', 'mysql://x/y', '--data', root])
  expect(wrong.code).toBe(2)
  expect(wrong.err).toMatch(/must start with postgres:\/\/ or postgresql:\/\//)
  const empty = await cli([
    'migrate',
    '--to',
    'postgres',
    '--database-url',
    TEST_DATABASE_URL,
    '--data',
    join(root, 'none'),
  ])
  expect(empty.code).toBe(1)
  expect(empty.err).toMatch(/no SQLite store at/)
  const down = await cli([
    'migrate',
    '--to',
    'sqlite',
    '--database-url',
    'postgres://postgres@127.0.0.1:1/test',
    '--data',
    join(root, 'x'),
  ])
  expect(down.code).toBe(1)
  expect(down.err).toMatch(/cannot use PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:1\/test/)
})
