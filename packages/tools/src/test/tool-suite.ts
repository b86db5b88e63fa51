/**
 * One contract suite for the tool catalogue, run over every transport (Streamable HTTP, stdio): each
 * tool on its happy path and its error paths, asserting what an agent would act on.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AGENT_START_LIMIT_MS, call, fails, ok } from './clients.ts'

export interface SuiteTarget {
  client: Client
  done(): Promise<void>
}

let counter = 0
const fresh = () => `t${Date.now().toString(36)}-${counter++}`

export function toolSuite(label: string, setup: () => Promise<SuiteTarget>): void {
  describe(`MCP tools over ${label}`, () => {
    let t: SuiteTarget
    let a: Client
    beforeAll(async () => {
      t = await setup()
      a = t.client
    }, AGENT_START_LIMIT_MS)
    afterAll(async () => t?.done())

    /** A graph with: root > Backend > [Schema, API (depends on Schema)], Docs (top level under root). */
    async function seeded() {
      const project = fresh()
      const opened = await ok(a, 'graph_open', { project, goal: 'Ship v1' })
      const plan = await ok(a, 'graph_plan', {
        project,
        nodes: [
          { ref: 'be', summary: 'Backend', kind: 'goal', context_links: ['https://example.com/adr'] },
          {
            ref: 'schema',
            summary: 'Design the schema',
            kind: 'task',
            parent_ref: 'be',
            properties: { priority: 'high' },
          },
          { ref: 'api', summary: 'Write the API', kind: 'task', parent_ref: 'be', depends_on: ['schema'] },
          { ref: 'docs', summary: 'Write the docs', kind: 'task' },
        ],
      })
      const id = Object.fromEntries(
        (plan.created as Array<{ ref: string; id: string }>).map((c) => [c.ref, c.id]),
      ) as Record<string, string>
      return { project, root: opened.root.id as string, id }
    }

    it('lists the tools with schemas and annotations', async () => {
      const { tools } = await a.listTools()
      expect(tools.map((x) => x.name)).toContain('graph_next')
      expect(tools).toHaveLength(18)
      for (const x of tools) {
        expect(x.description!.length).toBeGreaterThan(20)
        expect(x.outputSchema?.type).toBe('object')
        expect(x.annotations?.openWorldHint).toBe(false)
      }
      expect(tools.find((x) => x.name === 'graph_query')!.annotations!.readOnlyHint).toBe(true)
      expect(tools.find((x) => x.name === 'graph_restructure')!.annotations!.destructiveHint).not.toBe(false)
    })

    it('graph_open creates, reopens and lists graphs; refuses bad ids', async () => {
      const project = fresh()
      const made = await ok(a, 'graph_open', { project, goal: 'Learn Yjs' })
      expect(made).toMatchObject({
        project,
        created: true,
        root: { summary: 'Learn Yjs' },
        summary: { total: 1, actionable: 1 },
      })
      const again = await ok(a, 'graph_open', { project })
      expect(again.created).toBeUndefined()
      expect(again.root.id).toBe(made.root.id)
      const list = await ok(a, 'graph_open', {})
      expect((list.projects as Array<{ id: string }>).map((g) => g.id)).toContain(project)
      expect(await fails(a, 'graph_open', { project: 'Bad Id!' })).toMatch(/not a graph id/)
    })

    it('names the graphs there are when a project is unknown', async () => {
      const { project } = await seeded()
      const msg = await fails(a, 'graph_next', { project: project + 'x' })
      expect(msg).toContain(`did you mean ${project}?`)
      expect(msg).toContain('graph_open')
      // The graph is named before anything about the rest of the call (found by the reliability suite).
      const op = await fails(a, 'graph_restructure', {
        project: project + 'x',
        operations: [{ op: 'move', node_id: 'n_x' }],
      })
      expect(op).toContain(`graph ${project}x not found`)
    })

    it('graph_plan creates a tree atomically and rejects cycles with their path', async () => {
      const { project, id } = await seeded()
      expect(Object.keys(id)).toHaveLength(4)
      const before = (await ok(a, 'graph_open', { project })).summary.total
      const bad = await fails(a, 'graph_plan', {
        project,
        nodes: [
          { ref: 'x', summary: 'X', depends_on: ['y'] },
          { ref: 'y', summary: 'Y', depends_on: ['x'] },
        ],
      })
      expect(bad).toMatch(/cycle/)
      expect(bad).toMatch(/->/)
      const unknownParent = await fails(a, 'graph_plan', {
        project,
        nodes: [{ summary: 'ok' }, { summary: 'orphan', depends_on: [id.api + 'q'] }],
      })
      expect(unknownParent).toContain(`did you mean ${id.api}`)
      expect(unknownParent).toContain('nodes[1].depends_on[0]')
      expect((await ok(a, 'graph_open', { project })).summary.total).toBe(before)
      // Matching by label when a mode asks for it; without one, seed 000 creates what it is given (merge.test.ts).
      const reuse = await ok(a, 'graph_plan', {
        project,
        mode: 'auto',
        nodes: [{ summary: 'design the schema', parent_ref: id.be }],
      })
      expect(reuse.matched[0]).toMatchObject({ id: id.schema })
      expect(
        await fails(a, 'graph_plan', {
          project,
          mode: 'strict',
          nodes: [{ summary: 'Design the schema', parent_ref: id.be }],
        }),
      ).toMatch(/duplicates/)
      expect(await fails(a, 'graph_plan', { project, nodes: [{ summary: 'x', parentRef: 'be' }] })).toMatch(
        /unknown field 'parentRef'/,
      )
    })

    it('graph_add_facts matches by label and creates the rest, from facts, DSL and Mermaid', async () => {
      const { project, id } = await seeded()
      const r = await ok(a, 'graph_add_facts', {
        project,
        facts: [
          { from: 'Write the docs', rel: 'depends_on', to: 'Write the API' },
          { from: 'Release notes', rel: 'part_of', to: 'Write the docs' },
        ],
      })
      expect(r.matched).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'Write the docs', id: id.docs, confidence: 1 }),
        ]),
      )
      expect(r.created).toEqual([expect.objectContaining({ summary: 'Release notes' })])
      expect(r.edges).toBe(1)
      const dsl = await ok(a, 'graph_add_facts', {
        project,
        text: '# more\n"Load test":task depends_on "Write the API"',
      })
      expect(dsl.created[0].summary).toBe('Load test')
      const mm = await ok(a, 'graph_add_facts', {
        project,
        mermaid: 'flowchart TD\n  A[Monitoring] -->|depends on| B[Write the API]',
      })
      expect(mm.created.map((c: { summary: string }) => c.summary)).toEqual(['Monitoring'])
      expect(await fails(a, 'graph_add_facts', { project })).toMatch(/exactly one of/)
      expect(await fails(a, 'graph_add_facts', { project, text: 'A depends_on "B' })).toMatch(/line 1/)
    })

    it('graph_next ranks, claims and carries context; graph_update resolves and reports what opened up', async () => {
      const { project, id } = await seeded()
      const n = await ok(a, 'graph_next', { project, claim: true })
      expect(n.nodes[0]).toMatchObject({
        node: { id: id.schema, summary: 'Design the schema' },
        ancestors: [{ summary: 'Ship v1' }, { summary: 'Backend' }],
        context_links: { self: [], inherited: [{ node_id: id.be, links: ['https://example.com/adr'] }] },
      })
      expect(n.claimed).toEqual([id.schema])
      const u = await ok(a, 'graph_update', {
        project,
        updates: [{ node_id: id.schema, resolved: true, add_evidence: [{ type: 'commit', ref: 'abc123' }] }],
      })
      expect(u.updated[0]).toMatchObject({ node_id: id.schema })
      expect(u.newly_actionable).toEqual([{ id: id.api, summary: 'Write the API' }])
      const next = await ok(a, 'graph_next', { project, count: 5, kind: 'task' })
      const api = next.nodes.find((i: { node: { id: string } }) => i.node.id === id.api)
      expect(api.resolved_deps).toEqual([
        {
          id: id.schema,
          summary: 'Design the schema',
          evidence: [expect.objectContaining({ type: 'commit', ref: 'abc123' })],
        },
      ])
      const scoped = await ok(a, 'graph_next', { project, scope: id.be, count: 5 })
      expect(scoped.nodes.map((i: { node: { id: string } }) => i.node.id)).toEqual([id.api])
      expect(
        await fails(a, 'graph_update', { project, updates: [{ node_id: id.api, resolved: 'yes' }] }),
      ).toMatch(/updates\[0\]\.resolved: expected boolean/)
      expect(
        await fails(a, 'graph_update', {
          project,
          updates: [{ node_id: id.api, summary: 'x', expected_rev: 99 }],
        }),
      ).toMatch(/revision/)
      expect(await fails(a, 'graph_next', { project, count: 0 })).toMatch(/count/)
    })

    it('graph_context shows ancestors, subtree, dependencies and edges', async () => {
      const { project, id } = await seeded()
      await ok(a, 'graph_connect', {
        project,
        edges: [{ from: id.docs, to: id.api, type: 'documents', label: 'explains' }],
      })
      const c = await ok(a, 'graph_context', { project, node_id: id.be, depth: 2 })
      expect(c.node).toMatchObject({ id: id.be, kind: 'goal', context_links: ['https://example.com/adr'] })
      expect(c.children.map((s: { id: string }) => s.id).sort()).toEqual([id.api, id.schema].sort())
      const api = await ok(a, 'graph_context', { project, node_id: id.api })
      expect(api.ancestors.map((x: { summary: string }) => x.summary)).toEqual(['Ship v1', 'Backend'])
      expect(api.depends_on).toEqual([{ node: expect.objectContaining({ id: id.schema }), satisfied: false }])
      expect(api.edges.documents.in[0]).toMatchObject({ id: id.docs })
      expect(api.node.created_by).toBeTruthy()
      expect(await fails(a, 'graph_context', { project, node_id: id.api!.slice(0, -1) + '_' })).toContain(
        `did you mean ${id.api}`,
      )
    })

    it('graph_connect adds and removes edges, rejecting bad ones one by one', async () => {
      const { project, id } = await seeded()
      const r = await ok(a, 'graph_connect', {
        project,
        edges: [
          { from: id.schema, to: id.api, type: 'depends_on' },
          { from: id.docs, to: id.api, type: 'depends_on' },
          { from: id.docs, to: 'n_nope', type: 'relates_to' },
        ],
      })
      expect(r.applied).toBe(1)
      expect(r.rejected.map((x: { from: string; reason: string }) => [x.from, x.reason])).toEqual([
        [id.schema, 'cycle_detected'],
        [id.docs, 'node_not_found'],
      ])
      expect(r.rejected[0].path).toEqual([id.api, id.schema, id.api])
      const rm = await ok(a, 'graph_connect', {
        project,
        edges: [
          { from: id.docs, to: id.api, type: 'depends_on', remove: true },
          { from: id.docs, to: id.be, remove: true },
        ],
      })
      expect(rm).toMatchObject({
        applied: 1,
        rejected: [{ from: id.docs, to: id.be, reason: 'edge_not_found' }],
      })
      expect(await fails(a, 'graph_connect', { project })).toMatch(/edges is required/)
    })

    it('graph_query filters, pages with a cursor and groups by status', async () => {
      const { project, id } = await seeded()
      const q = await ok(a, 'graph_query', { project, filter: { kind: 'task' }, sort: 'summary', limit: 2 })
      expect(q.total).toBe(3)
      expect(q.nodes.map((i: { summary: string }) => i.summary)).toEqual([
        'Design the schema',
        'Write the API',
      ])
      const page2 = await ok(a, 'graph_query', {
        project,
        filter: { kind: 'task' },
        sort: 'summary',
        limit: 2,
        cursor: q.next_cursor,
      })
      expect(page2.nodes.map((i: { summary: string }) => i.summary)).toEqual(['Write the docs'])
      expect(page2.next_cursor).toBeUndefined()
      const blocked = await ok(a, 'graph_query', { project, filter: { is_blocked: true } })
      expect(blocked.nodes.map((i: { id: string }) => i.id)).toEqual([id.api])
      const inside = await ok(a, 'graph_query', { project, filter: { ancestor: id.be, text: 'schema' } })
      expect(inside.total).toBe(1)
      const b = await ok(a, 'graph_query', { project, group_by: 'status' })
      expect(b.columns.blocked.count).toBe(1)
      expect(await fails(a, 'graph_query', { project, cursor: 'bogus' })).toMatch(/cursor/)
      expect(await fails(a, 'graph_query', { project, filter: { colour: 'red' } })).toMatch(
        /unknown field 'colour'/,
      )
    })

    it('graph_search ranks within a graph and across graphs', async () => {
      const { project, id } = await seeded()
      await ok(a, 'graph_update', {
        project,
        updates: [{ node_id: id.docs, notes: 'covers the zeppelin protocol' }],
      })
      const one = await ok(a, 'graph_search', { project, query: 'zeppelin' })
      expect(one.items[0]).toMatchObject({ id: id.docs })
      const all = await ok(a, 'graph_search', { query: 'zeppelin' })
      expect(all.items).toEqual(expect.arrayContaining([expect.objectContaining({ project, id: id.docs })]))
      expect(await fails(a, 'graph_search', { query: 'x', cursor: 'c' })).toMatch(/need a project/)
    })

    it('graph_restructure moves, drops, forgets and restores, atomically', async () => {
      const { project, id } = await seeded()
      const drop = await ok(a, 'graph_restructure', {
        project,
        operations: [{ op: 'drop', node_id: id.schema, reason: 'reusing the old schema' }],
      })
      expect(drop.newly_actionable.map((n: { id: string }) => n.id)).toEqual([id.api])
      await ok(a, 'graph_restructure', {
        project,
        operations: [
          { op: 'move', node_id: id.docs, new_parent: id.be },
          { op: 'forget', node_id: id.docs },
        ],
      })
      expect((await ok(a, 'graph_query', { project, filter: { text: 'docs' } })).total).toBe(0)
      await ok(a, 'graph_restructure', { project, operations: [{ op: 'restore', node_id: id.docs }] })
      expect(
        (await ok(a, 'graph_context', { project, node_id: id.docs })).ancestors.map(
          (x: { id: string }) => x.id,
        ),
      ).toContain(id.be)
      const dup = await ok(a, 'graph_plan', {
        project,
        mode: 'force',
        nodes: [
          { summary: 'Write the API (again)', parent_ref: id.be, context_links: ['https://example.com/api'] },
        ],
      })
      const merged = await ok(a, 'graph_restructure', {
        project,
        operations: [{ op: 'merge', source: dup.created[0].id, target: id.api }],
      })
      expect(merged.applied).toBe(1)
      expect((await ok(a, 'graph_context', { project, node_id: id.api })).node.context_links).toContain(
        'https://example.com/api',
      )
      const loop = await fails(a, 'graph_restructure', {
        project,
        operations: [
          { op: 'move', node_id: id.api, new_parent: id.docs },
          { op: 'move', node_id: id.be, new_parent: id.api },
        ],
      })
      expect(loop).toMatch(/operations\[1\]/)
      expect(
        (await ok(a, 'graph_context', { project, node_id: id.api })).ancestors.map(
          (x: { id: string }) => x.id,
        ),
      ).not.toContain(id.docs)
    })

    it('graph_history gives a node trail and changes since a cursor', async () => {
      const { project, id } = await seeded()
      const trail = await ok(a, 'graph_history', { project, node_id: id.api })
      expect(trail.events.at(-1)).toMatchObject({ action: 'created' })
      const mark = await ok(a, 'graph_onboard', { project })
      await ok(a, 'graph_update', { project, updates: [{ node_id: id.api, summary: 'Write the REST API' }] })
      const own = await ok(a, 'graph_history', { project, since: mark.since, include_own: true })
      expect(own.events).toEqual([expect.objectContaining({ node_id: id.api, action: 'updated' })])
      const others = await ok(a, 'graph_history', { project, since: mark.since })
      expect(others.events ?? []).toEqual([])
      expect(await fails(a, 'graph_history', { project, since: 'nope' })).toMatch(/cursor/)
    })

    it('graph_analyze runs algorithms and answers plain questions', async () => {
      const { project, id } = await seeded()
      const path = await ok(a, 'graph_analyze', { project, op: 'path', from: 'Write the API', to: id.schema })
      expect(path).toMatchObject({ op: 'path', found: true, hops: ['depends_on'] })
      const q = await ok(a, 'graph_analyze', { project, question: 'what depends on Design the schema' })
      expect(q.text).toContain('Write the API')
      expect((await ok(a, 'graph_analyze', { project, op: 'cycles' })).cycles).toEqual([])
      expect(
        (await ok(a, 'graph_analyze', { project, op: 'subgraph', ids: [id.api] })).nodes.length,
      ).toBeGreaterThan(1)
      for (const op of ['paths', 'pagerank', 'components', 'centrality', 'hubs', 'reduction', 'orphans']) {
        const r = await ok(a, 'graph_analyze', { project, op, from: id.api, to: id.schema })
        expect(r.op).toBe(op)
      }
      expect(
        (await ok(a, 'graph_analyze', { project, op: 'paths', from: id.api, to: id.schema })).paths,
      ).toEqual([[id.api, id.schema]])
      expect(await fails(a, 'graph_analyze', { project, op: 'path', from: id.api })).toMatch(/needs to/)
      expect(await fails(a, 'graph_analyze', { project, question: 'how tall is it' })).toMatch(/ask one of/)
      expect(await fails(a, 'graph_analyze', { project })).toMatch(/give op/)
    })

    it('graph_export pages text out and graph_import reads it into a new graph', async () => {
      const { project } = await seeded()
      const dsl = await ok(a, 'graph_export', { project, format: 'dsl' })
      expect(dsl.text).toMatch(/"Write the API" depends_on "Design the schema"/)
      const copy = fresh()
      const imp = await ok(a, 'graph_import', { project: copy, format: 'dsl', text: dsl.text })
      expect(imp).toMatchObject({ project_created: true, edges: 1 })
      expect(
        (await ok(a, 'graph_query', { project: copy, filter: { is_blocked: true } })).nodes[0].summary,
      ).toBe('Write the API')
      const json = await ok(a, 'graph_export', { project, format: 'json', max_chars: 1000 })
      expect(json.text).toHaveLength(1000)
      expect(json.next_offset).toBe(1000)
      expect(
        await fails(a, 'graph_import', { project, format: 'mermaid', text: 'not a flowchart' }),
      ).toBeTruthy()
      expect((await ok(a, 'graph_export', { project, format: 'mermaid' })).text).toMatch(/^flowchart|graph/m)
      const canvas = JSON.parse(
        (await ok(a, 'graph_export', { project, format: 'canvas', max_chars: 200_000 })).text,
      )
      // Four cards: the root, which no edge touches, is the canvas itself and not a card.
      expect(canvas.nodes.length).toBe(4)
      const whole = (await ok(a, 'graph_export', { project, format: 'json', max_chars: 200_000 })).text
      const restored = fresh()
      expect(await ok(a, 'graph_import', { project: restored, format: 'json', text: whole })).toMatchObject({
        created: 5,
        project_created: true,
      })
      expect((await ok(a, 'graph_open', { project: restored })).summary.total).toBe(5)
    })

    it('graph_session keeps a working set, checkpoints and resumes it', async () => {
      const { project, id } = await seeded()
      await ok(a, 'graph_context', { project, node_id: id.api })
      const ws = await ok(a, 'graph_session', { project })
      expect(ws.hot[0]).toMatchObject({ id: id.api })
      await ok(a, 'graph_session', {
        project,
        action: 'checkpoint',
        name: 'before-lunch',
        note: 'was on the API',
      })
      expect((await ok(a, 'graph_session', { project, action: 'list' })).checkpoints[0]).toMatchObject({
        name: 'before-lunch',
      })
      const other = await ok(a, 'graph_session', {
        project,
        action: 'resume',
        name: 'before-lunch',
        session: 'handover',
      })
      expect(other.session).toBe('handover')
      expect(other.hot[0].id).toBe(id.api)
      expect(await fails(a, 'graph_session', { project, action: 'resume', name: 'nope' })).toMatch(
        /before-lunch/,
      )
    })

    it('graph_onboard orients, briefly or in full; graph_suggest finds gaps', async () => {
      const { project, id } = await seeded()
      const o = await ok(a, 'graph_onboard', { project })
      expect(o).toMatchObject({ goal: 'Ship v1', summary: { total: 5 } })
      expect(o.next[0]).toMatchObject({ id: id.schema })
      expect(o.outline.map((x: { summary: string }) => x.summary)).toContain('Backend')
      await ok(a, 'graph_update', {
        project,
        updates: [{ node_id: id.docs, add_evidence: [{ type: 'hint', ref: 'use the style guide' }] }],
      })
      expect((await ok(a, 'graph_onboard', { project })).hints[0]).toMatchObject({
        ref: 'use the style guide',
      })
      const full = await ok(a, 'graph_onboard', { project, detail: 'full' })
      expect(full.text).toContain(`#${id.api}`)
      await ok(a, 'graph_plan', { project, nodes: [{ summary: 'Who owns billing?', kind: 'question' }] })
      const s = await ok(a, 'graph_suggest', { project })
      expect(s.gaps.map((g: { summary: string }) => g.summary)).toContain('Who owns billing?')
    })

    it('serves resources for the working set, suggestions and checkpoints', async () => {
      const { project, id } = await seeded()
      await ok(a, 'graph_context', { project, node_id: id.docs })
      const { resources } = await a.listResources()
      expect(resources.map((r) => r.uri)).toContain(`plexus://graph/${project}/suggestions`)
      const ws = await a.readResource({ uri: `plexus://graph/${project}/working-set` })
      expect(JSON.parse((ws.contents[0] as { text: string }).text).hot[0].id).toBe(id.docs)
    })

    it('answers an unknown tool with the closest name', async () => {
      const r = await call(a, 'graph_nxt', { project: 'x' })
      expect(r.isError).toBe(true)
      expect(r.text).toContain('did you mean graph_next?')
    })
  })
}
