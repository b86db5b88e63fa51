import { afterAll } from 'vitest'
import type { StorageAdapter } from '../adapter.ts'
import { runStoreContract } from '@plexus/store-contract/contract'
import { PgStore } from './pg-store.ts'
import { TEST_DATABASE_URL, dropSchemas, testSchema } from '../../test/test-db.ts'

const schema = testSchema('contract')
const open: PgStore[] = []
afterAll(async () => {
  await Promise.all(open.map((s) => s.close().catch(() => {})))
  await dropSchemas(schema)
})

let n = 0
async function fresh(): Promise<PgStore> {
  const s = await PgStore.open(TEST_DATABASE_URL, { schema: `${schema}_${n++}` })
  open.push(s)
  return s
}

runStoreContract('postgres', {
  create: fresh,
  reopen: async (store: StorageAdapter) => {
    const schemaOf = (store as PgStore).schema
    await store.close()
    const s = await PgStore.open(TEST_DATABASE_URL, { schema: schemaOf })
    open.push(s)
    return s
  },
  second: async (store: StorageAdapter) => {
    const s = await PgStore.open(TEST_DATABASE_URL, { schema: (store as PgStore).schema })
    open.push(s)
    return s
  },
})
