/**
 * PostgreSQL cut off from a running server (a TCP proxy between them, cut and restored): an edit
 * is refused with a close reason that says storage refused it, never relayed unstored; once the
 * database is reachable again the client's reconnect stores it and everyone gets it.
 */
import { expect, it } from 'vitest'
import { cleanupAfterEach, ownSchema, pgServer } from '../../test/cluster.ts'
import { destroyProvider, nextClose, provider, synced, waitFor } from '../../test/server-harness.ts'
import { tcpProxy } from '../../test/services.ts'
import { TEST_DATABASE_URL } from '../../test/test-db.ts'

const cleanup = cleanupAfterEach()

it('refuses writes with a clear close reason while PostgreSQL is unreachable, and stores them once it is back', async () => {
  const target = new URL(TEST_DATABASE_URL)
  const proxy = await tcpProxy(Number(target.port || 5432))
  cleanup.push(() => proxy.close())
  const viaProxy = new URL(TEST_DATABASE_URL)
  viaProxy.hostname = '127.0.0.1'
  viaProxy.port = String(proxy.port)
  const schema = ownSchema(cleanup, 'unreachable')
  const server = await pgServer(cleanup, schema, { databaseUrl: viaProxy.toString() })
  const at = { wsUrl: server.url.replace(/^http/, 'ws') + '/sync' }
  const writer = provider(at, 'g')
  const reader = provider(at, 'g')
  cleanup.push(async () => {
    destroyProvider(writer)
    destroyProvider(reader)
  })
  await Promise.all([synced(writer), synced(reader)])
  writer.doc.getMap('checkpoints').set('before', 1)
  await waitFor(
    () => reader.doc.getMap('checkpoints').get('before') === 1,
    'the reader to get the first edit',
  )

  await proxy.cut()
  const closed = nextClose(writer)
  writer.doc.getMap('checkpoints').set('while-down', 2)
  const { code, reason } = await closed
  expect(code).toBe(1011)
  expect(reason).toMatch(/storage refused the update/)
  // Never relayed without being stored.
  expect(reader.doc.getMap('checkpoints').get('while-down')).toBeUndefined()
  const health = (await (await fetch(`${server.url}/healthz`)).json()) as { ok: boolean; storage: string }
  expect(health.ok).toBe(false)
  expect(health.storage).toMatch(/failing since/)

  await proxy.restore()
  await waitFor(
    () => reader.doc.getMap('checkpoints').get('while-down') === 2,
    'the edit to be stored and relayed once PostgreSQL is back',
    20_000,
  )
})
