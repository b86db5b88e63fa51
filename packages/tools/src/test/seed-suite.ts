/**
 * The seed-000 contract ("Graph — MCP Tool Surface v2", shared/seeds/000): every tool it defines,
 * called with exactly its example argument shapes, answering with its result shapes field for field.
 * Prompts written for that server must work here unchanged; Plexus additions are extra fields.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AGENT_START_LIMIT_MS, call, fails, ok } from './clients.ts'
import type { SuiteTarget } from './tool-suite.ts'

let counter = 0
const fresh = () => `s${Date.now().toString(36)}-${counter++}`

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/

/** A Node as the seed's data model defines it. */
function expectNode(n: unknown, id?: string): void {
  expect(n).toMatchObject({
    id: id ?? expect.any(String),
    rev: expect.any(Number),
    summary: expect.any(String),
    resolved: expect.any(Boolean),
    properties: expect.any(Object),
    context_links: expect.any(Array),
    evidence: expect.any(Array),
    created_at: expect.stringMatching(ISO),
    updated_at: expect.stringMatching(ISO),
    created_by: expect.any(String),
  })
  for (const e of (n as { evidence: unknown[] }).evidence)
    expect(e).toMatchObject({
      type: expect.any(String),
      ref: expect.any(String),
      agent: expect.any(String),
      timestamp: expect.stringMatching(ISO),
    })
}

// Results are read loosely, as an agent reads them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const byId = (list: Array<{ id: string }>, id: string | undefined): any => list.find((x) => x.id === id)

export function seedSuite(label: string, setup: () => Promise<SuiteTarget>): void {
  describe(`seed-000 tool contract over ${label}`, () => {
    let t: SuiteTarget
    let a: Client
    beforeAll(async () => {
      t = await setup()
      a = t.client
    }, AGENT_START_LIMIT_MS)
    afterAll(async () => t?.done())

    /** root > API (links) > [DB (priority 2), Tests (depends on DB)]; Docs, Old (> Old child), Dup under root. */
    async function planned() {
      const project = fresh()
      const opened = await ok(a, 'graph_open', { project, goal: 'Ship the billing service' })
      const root = opened.root.id as string
      // Exactly the seed's shape: no project; parent_ref an existing node id names the graph.
      const plan = await ok(a, 'graph_plan', {
        nodes: [
          { ref: 'api', parent_ref: root, summary: 'Build the API', context_links: ['src/api.ts'] },
          { ref: 'db', parent_ref: 'api', summary: 'Design the schema', properties: { priority: 2 } },
          { ref: 'tests', parent_ref: 'api', summary: 'Write API tests', depends_on: ['db'] },
          { ref: 'docs', parent_ref: root, summary: 'Write the docs' },
          { ref: 'old', parent_ref: root, summary: 'Legacy export' },
          { ref: 'oldkid', parent_ref: 'old', summary: 'CSV export' },
          { ref: 'dup', parent_ref: root, summary: 'Document the API' },
        ],
      })
      expect(plan.created).toHaveLength(7)
      for (const c of plan.created) expect(c).toEqual({ ref: expect.any(String), id: expect.any(String) })
      const id = Object.fromEntries(
        (plan.created as Array<{ ref: string; id: string }>).map((c) => [c.ref, c.id]),
      ) as Record<string, string>
      return { project, root, id }
    }

    it('graph_open: with a project, the root node and summary counts; without, the projects', async () => {
      const project = fresh()
      const opened = await ok(a, 'graph_open', { project, goal: 'Learn the seed' })
      expectNode(opened.root)
      expect(opened.root.resolved).toBe(false)
      expect(opened.summary).toEqual({ total: 1, resolved: 0, unresolved: 1, blocked: 0, actionable: 1 })
      const again = await ok(a, 'graph_open', { project })
      expect(again.root.id).toBe(opened.root.id)
      const list = await ok(a, 'graph_open', {})
      const mine = byId(list.projects, project)
      expect(mine).toEqual({
        id: project,
        summary: 'Learn the seed',
        total: 1,
        resolved: 0,
        unresolved: 1,
        updated_at: expect.stringMatching(ISO),
      })
    })

    it('graph_plan: refs and existing ids in parent_ref and depends_on, atomic, cycles rejected', async () => {
      const { project, root, id } = await planned()
      const more = await ok(a, 'graph_plan', {
        nodes: [
          { ref: 'perf', parent_ref: id.api, summary: 'Load test', depends_on: [id.db, 'x'] },
          { ref: 'x', summary: 'Pick a load tool', parent_ref: id.api },
        ],
      })
      expect(more.created.map((c: { ref: string }) => c.ref).sort()).toEqual(['perf', 'x'])
      const ctx = await ok(a, 'graph_context', {
        node_id: more.created.find((c: { ref: string }) => c.ref === 'perf').id,
      })
      expect(ctx.ancestors.map((x: { id: string }) => x.id)).toEqual([root, id.api])
      expect(ctx.depends_on.map((d: { node: { id: string } }) => d.node.id).sort()).toHaveLength(2)
      const before = (await ok(a, 'graph_open', { project })).summary.total
      const cycle = await fails(a, 'graph_plan', {
        project,
        nodes: [
          { ref: 'p', summary: 'P', depends_on: ['q'] },
          { ref: 'q', summary: 'Q', depends_on: ['p'] },
        ],
      })
      expect(cycle).toMatch(/cycle/)
      expect((await ok(a, 'graph_open', { project })).summary.total).toBe(before)
    })

    it('graph_next: the ranked node with ancestors, context links by source, resolved deps; claim', async () => {
      const { project, root, id } = await planned()
      const r = await ok(a, 'graph_next', { project, claim: true })
      expect(r.nodes).toHaveLength(1)
      const item = r.nodes[0]
      expectNode(item.node, id.db)
      expect(item.ancestors).toEqual([
        { id: root, summary: expect.any(String) },
        { id: id.api, summary: 'Build the API' },
      ])
      expect(item.context_links).toEqual({
        self: [],
        inherited: [{ node_id: id.api, links: ['src/api.ts'] }],
      })
      expect(item.resolved_deps).toEqual([])
      const scoped = await ok(a, 'graph_next', { project, scope: id.old, count: 3 })
      expect(scoped.nodes.map((n: { node: { id: string } }) => n.node.id)).toEqual([id.oldkid])
      const filtered = await ok(a, 'graph_next', { project, filter: { priority: 2 }, count: 5 })
      expect(filtered.nodes.map((n: { node: { id: string } }) => n.node.id)).toEqual([id.db])
      expect((await ok(a, 'graph_next', { project, filter: { priority: 9 } })).nodes).toEqual([])
      await ok(a, 'graph_update', {
        updates: [{ node_id: id.db, resolved: true, add_evidence: [{ type: 'git', ref: 'a1b2c3d' }] }],
      })
      const after = await ok(a, 'graph_next', { project, scope: id.api })
      expect(after.nodes[0].node.id).toBe(id.tests)
      expect(after.nodes[0].resolved_deps).toEqual([
        {
          id: id.db,
          summary: 'Design the schema',
          evidence: [expect.objectContaining({ type: 'git', ref: 'a1b2c3d', agent: expect.any(String) })],
        },
      ])
    })

    it('graph_context: node_id alone, depth 2 by default, a children tree, deps with satisfied', async () => {
      const { root, id } = await planned()
      const c = await ok(a, 'graph_context', { node_id: root })
      expectNode(c.node, root)
      expect(c.ancestors).toEqual([])
      const api = byId(c.children, id.api)!
      expect(api).toMatchObject({ id: id.api, summary: 'Build the API', resolved: false })
      // Depth 2: the API's children are listed, theirs are not (leaves have no child_count).
      expect(api.children.map((x: { id: string }) => x.id).sort()).toEqual([id.db, id.tests].sort())
      const old = byId(c.children, id.old)!
      expect(old.children).toEqual([{ id: id.oldkid, summary: 'CSV export', resolved: false }])
      const shallow = await ok(a, 'graph_context', { node_id: root, depth: 1 })
      const cut = byId(shallow.children, id.api)!
      expect(cut.children).toBeUndefined()
      expect(cut.child_count).toBe(2)
      const flat = await ok(a, 'graph_context', { node_id: id.api, depth: 0 })
      expect(flat).toMatchObject({ children: [], child_count: 2 })
      const tests = await ok(a, 'graph_context', { node_id: id.tests })
      expect(tests.ancestors).toEqual([
        { id: root, summary: expect.any(String), resolved: false },
        { id: id.api, summary: 'Build the API', resolved: false },
      ])
      expect(tests.depends_on).toHaveLength(1)
      expectNode(tests.depends_on[0].node, id.db)
      expect(tests.depends_on[0].satisfied).toBe(false)
      const db = await ok(a, 'graph_context', { node_id: id.db })
      expect(db.depended_by).toHaveLength(1)
      expectNode(db.depended_by[0].node, id.tests)
      expect(db.depended_by[0].satisfied).toBe(false)
    })

    it('graph_update: updates[] by node_id, merged properties, links, evidence, newly_actionable', async () => {
      const { id } = await planned()
      const r = await ok(a, 'graph_update', {
        updates: [
          {
            node_id: id.db,
            resolved: true,
            state: { phase: 'done' },
            summary: 'Design the billing schema',
            properties: { priority: null, owner: 'ana' },
            add_context_links: ['db/schema.sql'],
            add_evidence: [{ type: 'git', ref: 'a1b2c3d' }],
          },
          { node_id: id.api, remove_context_links: ['src/api.ts'] },
        ],
      })
      expect(r.updated).toEqual([
        { node_id: id.db, rev: expect.any(Number) },
        { node_id: id.api, rev: expect.any(Number) },
      ])
      expect(r.newly_actionable).toEqual([{ id: id.tests, summary: 'Write API tests' }])
      const db = (await ok(a, 'graph_context', { node_id: id.db })).node
      expect(db).toMatchObject({
        summary: 'Design the billing schema',
        resolved: true,
        state: { phase: 'done' },
        properties: { owner: 'ana' },
        context_links: ['db/schema.sql'],
      })
      expect(db.properties).not.toHaveProperty('priority')
      expect(db.evidence).toEqual([
        { type: 'git', ref: 'a1b2c3d', agent: db.created_by, timestamp: expect.stringMatching(ISO) },
      ])
      expect((await ok(a, 'graph_context', { node_id: id.api })).node.context_links).toEqual([])
    })

    it('graph_connect: edges[] with remove; applied and rejected with reasons', async () => {
      const { id } = await planned()
      const r = await ok(a, 'graph_connect', {
        edges: [
          { from: id.docs, to: id.api, type: 'depends_on' },
          { from: id.db, to: id.tests, type: 'depends_on' },
          { from: id.docs, to: 'n_doesnotexist', type: 'relates_to' },
        ],
      })
      expect(r.applied).toBe(1)
      expect(r.rejected).toEqual([
        expect.objectContaining({ from: id.db, to: id.tests, reason: 'cycle_detected' }),
        expect.objectContaining({ from: id.docs, to: 'n_doesnotexist', reason: 'node_not_found' }),
      ])
      const removed = await ok(a, 'graph_connect', {
        edges: [{ from: id.docs, to: id.api, type: 'depends_on', remove: true }],
      })
      expect(removed).toEqual({ applied: 1 })
      const docs = await ok(a, 'graph_context', { node_id: id.docs })
      expect(docs.depends_on).toEqual([])
    })

    it('graph_query: the seed filters, sorts, limit and next_cursor', async () => {
      const { project, root, id } = await planned()
      await ok(a, 'graph_update', {
        updates: [{ node_id: id.docs, add_evidence: [{ type: 'note', ref: 'outline' }] }],
      })
      await ok(a, 'graph_next', { project, scope: id.old, claim: true })
      const q = async (filter: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
        const r = await ok(a, 'graph_query', { project, filter, ...extra })
        return r
      }
      const leaves = await q(
        { is_leaf: true, is_actionable: true, claimed_by: null },
        { sort: 'readiness', limit: 2 },
      )
      expect(leaves.total).toBe(3) // db, docs, dup (oldkid is claimed, tests blocked)
      expect(leaves.nodes).toHaveLength(2)
      expect(leaves.nodes[0]).toEqual({
        id: id.db,
        summary: 'Design the schema',
        resolved: false,
        parent: id.api,
        depth: 2,
        properties: { priority: 2 },
      })
      expect(typeof leaves.next_cursor).toBe('string')
      const rest = await q(
        { is_leaf: true, is_actionable: true, claimed_by: null },
        { sort: 'readiness', limit: 2, cursor: leaves.next_cursor },
      )
      expect(rest.nodes).toHaveLength(1)
      expect(rest.next_cursor).toBeUndefined()
      expect((await q({ is_blocked: true })).nodes.map((n: { id: string }) => n.id)).toEqual([id.tests])
      expect((await q({ has_evidence_type: 'note' })).nodes.map((n: { id: string }) => n.id)).toEqual([
        id.docs,
      ])
      expect((await q({ ancestor: id.api })).total).toBe(2)
      expect((await q({ text: 'schema' })).nodes[0].id).toBe(id.db)
      expect((await q({ properties: { priority: 2 } })).total).toBe(1)
      expect((await q({ resolved: false })).total).toBe(8)
      expect((await q({ claimed_by: 'nobody-at-all' })).total).toBe(0)
      for (const sort of ['readiness', 'depth', 'recent', 'created'])
        expect((await q({}, { sort })).total).toBe(8)
      const deep = await q({}, { sort: 'depth', limit: 1 })
      expect(deep.nodes[0].depth).toBe(2)
      const created = await q({}, { sort: 'created', limit: 1 })
      expect(created.nodes[0].id).toBe(root)
      expect(await fails(a, 'graph_query', { project, limit: 101 })).toMatch(/limit/)
    })

    it('graph_restructure: operations[] move, merge, drop; applied, details, newly_actionable', async () => {
      const { root, id } = await planned()
      await ok(a, 'graph_connect', { edges: [{ from: id.docs, to: id.oldkid, type: 'depends_on' }] })
      const r = await ok(a, 'graph_restructure', {
        operations: [
          { op: 'move', node_id: id.tests, new_parent: root },
          { op: 'merge', source: id.dup, target: id.docs },
          { op: 'drop', node_id: id.old, reason: 'out of scope' },
        ],
      })
      expect(r.applied).toBe(3)
      expect(r.details).toEqual([
        { op: 'move', node_id: id.tests, result: expect.any(String) },
        { op: 'merge', node_id: id.dup, result: expect.any(String) },
        { op: 'drop', node_id: id.old, result: expect.any(String) },
      ])
      expect(r.newly_actionable).toEqual([{ id: id.docs, summary: 'Write the docs' }])
      const old = await ok(a, 'graph_context', { node_id: id.old })
      expect(old.node.resolved).toBe(true)
      expect(old.node.evidence).toEqual([expect.objectContaining({ type: 'dropped', ref: 'out of scope' })])
      expect(old.children).toEqual([{ id: id.oldkid, summary: 'CSV export', resolved: true }])
      expect((await ok(a, 'graph_context', { node_id: id.tests })).ancestors).toHaveLength(1)
      const bad = await call(a, 'graph_restructure', {
        operations: [{ op: 'move', node_id: id.api, new_parent: id.db }],
      })
      expect(bad.isError).toBe(true)
      expect(bad.text).toMatch(/cycle|inside|descendant/i)
    })

    it('graph_history: node_id alone; events with timestamp, agent, action, changes; next_cursor', async () => {
      const { root, id } = await planned()
      await ok(a, 'graph_update', { updates: [{ node_id: id.db, summary: 'Schema v2' }] })
      await ok(a, 'graph_update', { updates: [{ node_id: id.db, resolved: true }] })
      await ok(a, 'graph_restructure', {
        operations: [
          { op: 'move', node_id: id.db, new_parent: root },
          { op: 'drop', node_id: id.old, reason: 'out of scope' },
        ],
      })
      const h = await ok(a, 'graph_history', { node_id: id.db })
      const actions = h.events.map((e: { action: string }) => e.action)
      expect(actions).toEqual(expect.arrayContaining(['created', 'updated', 'resolved', 'moved']))
      for (const e of h.events)
        expect(e).toEqual({
          timestamp: expect.stringMatching(ISO),
          agent: expect.any(String),
          action: expect.any(String),
          changes: expect.any(Array),
        })
      const renamed = h.events.find((e: { action: string }) => e.action === 'updated')
      expect(renamed.changes).toContainEqual({
        field: 'summary',
        before: 'Design the schema',
        after: 'Schema v2',
      })
      expect(h.next_cursor).toBeUndefined()
      const page = await ok(a, 'graph_history', { node_id: id.db, limit: 2 })
      expect(page.events).toEqual(h.events.slice(0, 2))
      const page2 = await ok(a, 'graph_history', { node_id: id.db, limit: 2, cursor: page.next_cursor })
      expect(page2.events).toEqual(h.events.slice(2, 4))
      const dropped = await ok(a, 'graph_history', { node_id: id.old })
      expect(dropped.events.map((e: { action: string }) => e.action)).toContain('dropped')
    })

    it('node ids name their graph: two graphs, no project given, each call lands in the right one', async () => {
      const one = await planned()
      const two = await planned()
      expect(one.id.db).not.toBe(two.id.db)
      await ok(a, 'graph_update', { updates: [{ node_id: two.id.db, resolved: true }] })
      expect((await ok(a, 'graph_open', { project: two.project })).summary.resolved).toBe(1)
      expect((await ok(a, 'graph_open', { project: one.project })).summary.resolved).toBe(0)
      const mixed = await fails(a, 'graph_update', {
        updates: [
          { node_id: one.id.db, resolved: true },
          { node_id: two.id.docs, resolved: true },
        ],
      })
      expect(mixed).toMatch(/graph/)
      expect(await fails(a, 'graph_context', { node_id: 'n_nowhere0000' })).toMatch(/not found/)
      // A bad id among good ones is named by where the caller put it, and nothing is written.
      const bad = await fails(a, 'graph_update', {
        updates: [
          { node_id: one.id.docs, resolved: true },
          { node_id: 'n_nowhere0000', resolved: true },
        ],
      })
      expect(bad).toMatch(/updates\[1\]\.node_id/)
      expect((await ok(a, 'graph_open', { project: one.project })).summary.resolved).toBe(0)
    })
  })
}
