/**
 * The graphs a generated call runs against (results.test.ts, the loop benchmark's sibling tests): a
 * work graph with a hub many nodes wait on, labels that name one node, a label two nodes share and
 * near misses; a memory session with nodes at both levels. Each is made through the SDK client, as an
 * agent would make it, and comes with the tokens (`§…`) of arbitrary.ts bound to its real ids.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ok } from './clients.ts'
import type { Fixture } from './arbitrary.ts'

/** How many nodes wait on the hub: more than any result lists in full before its cap. */
export const HUB_DEPENDENTS = 30

const UNIQUE = [
  'Database',
  'Backend',
  'Auth service',
  'Write the API',
  'Write the docs',
  'Retire the importer',
]

/** The symbolic fixture: what the arbitraries draw from before the graph is made. */
export const SYMBOLIC: Fixture = {
  project: '§project',
  ids: Array.from({ length: 8 }, (_, i) => `§n${i}`),
  labels: UNIQUE,
  colliding: ['Write tests', 'Databse', 'Auth servce'],
  session: '§session',
  cwd: '§cwd',
  memIds: ['auth-flow', 'billing-notes'],
}

let made = 0

/** A fresh work graph; returns the token → value map for `bind`. */
export async function workFixture(a: Client, prefix = 'prop'): Promise<Record<string, string>> {
  const project = `${prefix}-${process.pid}-${made++}`
  await ok(a, 'graph_open', { project, goal: 'Ship the billing export' })
  const nodes = [
    { ref: 'db', summary: 'Database' },
    { ref: 'be', summary: 'Backend' },
    { ref: 'auth', summary: 'Auth service', parent_ref: 'be' },
    { ref: 'api', summary: 'Write the API', parent_ref: 'be', depends_on: ['db'] },
    { ref: 'docs', summary: 'Write the docs', depends_on: ['api'] },
    { ref: 'old', summary: 'Retire the importer', resolved: true },
    { ref: 'wt1', summary: 'Write tests' },
    { ref: 'wt2', summary: 'Write tests', parent_ref: 'be' },
    ...Array.from({ length: HUB_DEPENDENTS }, (_, k) => ({
      ref: `s${k}`,
      summary: `Migrate billing table ${k}`,
      depends_on: ['db'],
    })),
  ]
  const plan = await ok(a, 'graph_plan', { project, mode: 'force', nodes })
  const id = new Map((plan.created as Array<{ ref: string; id: string }>).map((c) => [c.ref, c.id]))
  const order = ['db', 'be', 'auth', 'api', 'docs', 'old', 'wt1', 's0']
  const real: Record<string, string> = { '§project': project }
  order.forEach((ref, i) => (real[`§n${i}`] = id.get(ref)!))
  return real
}

/** A fresh memory session on its own cwd, with a node at each level and an edge to a file. */
export async function memoryFixture(a: Client): Promise<Record<string, string>> {
  const cwd = `/work/prop-${process.pid}-${made++}`
  const read = await ok(a, 'kg_read', { cwd })
  const session = read.session_id as string
  await ok(a, 'kg_put_node', {
    session_id: session,
    level: 'project',
    id: 'auth-flow',
    gist: 'Auth flow',
    touches: ['src/auth.ts'],
  })
  await ok(a, 'kg_put_node', {
    session_id: session,
    level: 'user',
    id: 'billing-notes',
    gist: 'Billing notes',
  })
  await ok(a, 'kg_put_edge', {
    session_id: session,
    level: 'project',
    from: 'auth-flow',
    to: 'src/auth.ts',
    rel: 'touches',
  })
  return { '§session': session, '§cwd': cwd }
}
