/**
 * The PostgreSQL arbiter where copies disagree: two servers on one database and no Redis, so each
 * server's copy of the graph never hears the other's writes while loaded — the most a copy can be
 * behind. The claims table still decides: a node held on one server is not handed out on the other,
 * a release frees it for the other, and a resolve keeps it from being handed out again by a copy
 * that has not seen the resolve.
 */
import pg from 'pg'
import { expect, it } from 'vitest'
import { httpAgent, ok, type Agent } from '@plexus/tools/test/clients'
import type { RunningServer } from '../start-server.ts'
import { cleanupAfterEach, ownSchema, pgServer } from '../test/cluster.ts'
import { TEST_DATABASE_URL } from '../test/test-db.ts'

const cleanup = cleanupAfterEach()

const NAMES = ['x', 'y']
const tokens = NAMES.map((name) => ({ name, role: 'write' as const, token: `${name}-token-secret` }))

const serve = (schema: string): Promise<RunningServer> => pgServer(cleanup, schema, { tokens })

async function agent(s: RunningServer, name: string): Promise<Agent> {
  const a = await httpAgent(s.url, { name, token: `${name}-token-secret` })
  cleanup.push(() => a.close())
  return a
}

const claimed = async (a: Agent, project: string): Promise<string[]> =>
  ((await ok(a.client, 'graph_next', { project, claim: true })).claimed as string[] | undefined) ?? []

it('a row decides between two servers whose copies never meet: held, released, resolved', async () => {
  const schema = ownSchema(cleanup, 'pgclaims')
  const a = await serve(schema)
  const b = await serve(schema)
  const db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` })
  await db.connect()
  cleanup.push(() => db.end())
  const row = async (node: string) =>
    (
      await db.query<{ holder: string; done: boolean }>('SELECT holder, done FROM claims WHERE node = $1', [
        node,
      ])
    ).rows[0] ?? null

  const x = await agent(a, 'x')
  await ok(x.client, 'graph_open', { project: 'p', goal: 'One task' })
  const created = (
    await ok(x.client, 'graph_plan', {
      project: 'p',
      nodes: [{ ref: 't', summary: 'The task', kind: 'task' }],
    })
  ).created as Array<{ id: string }>
  const task = created[0]!.id
  // B loads the graph now, with the task free; it hears nothing A does from here on.
  const y = await agent(b, 'y')
  expect((await ok(y.client, 'graph_open', { project: 'p' })).summary.unresolved).toBeGreaterThan(0)

  expect(await claimed(x, 'p')).toEqual([task])
  // B's copy shows the task free; the row says x holds it.
  expect(await claimed(y, 'p')).toEqual([])

  await ok(x.client, 'graph_update', { project: 'p', updates: [{ node_id: task, release: true }] })
  // The tool answers once the table has the release too: the next claimer, anywhere, can take it.
  expect(await row(task)).toBeNull()
  expect(await claimed(y, 'p')).toEqual([task])
  expect(await row(task)).toEqual({ holder: 'y', done: false })
  // The holder's own write renews its lease in the row, as in the document.
  const expires = async () =>
    Number(
      (await db.query<{ t: string }>('SELECT extract(epoch FROM expires_at) AS t FROM claims')).rows[0]!.t,
    )
  const leased = await expires()
  await new Promise((r) => setTimeout(r, 50))
  await ok(y.client, 'graph_update', { project: 'p', updates: [{ node_id: task, notes: 'halfway' }] })
  expect(await expires()).toBeGreaterThan(leased)

  await ok(y.client, 'graph_update', {
    project: 'p',
    updates: [{ node_id: task, resolved: true, add_evidence: [{ type: 'note', ref: 'done' }] }],
  })
  expect(await row(task)).toEqual({ holder: 'y', done: true })
  // A's copy never saw the resolve (nor y's claim): it offers the task, the row refuses it.
  expect(await claimed(x, 'p')).toEqual([])
})
