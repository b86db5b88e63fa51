/**
 * The HTTP app through `app.request()`: no port, no sockets.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as model from '@plexus/model'
import { afterAll, describe, expect, it } from 'vitest'
import type { TokenEntry } from '../access/auth.ts'
import { summarize } from '../graphs/model-calls.ts'
import { SqliteStore } from '../storage/sqlite-store.ts'
import { testApp } from '../test/test-app.ts'

const root = mkdtempSync(join(tmpdir(), 'plexus-app-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let n = 0

function setup(options: { tokens?: TokenEntry[]; webDist?: string } = {}) {
  const store = new SqliteStore(join(root, `db-${n++}`, 'plexus.db'))
  return testApp(store, { dir: root, ...options, uptime: () => 12.5, connections: () => 3 })
}

describe('HTTP app', () => {
  it('reports health with version and uptime', async () => {
    const { request } = setup()
    const res = await request('/healthz')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ ok: true, version: '9.9.9', uptime_s: 12.5, connections: 3 })
  })

  it('exposes Prometheus metrics including persistence latency', async () => {
    const { request, docs } = setup()
    const h = docs.open('g')
    h.doc.getMap('nodes').set('a', 1)
    h.release()
    const res = await request('/metrics')
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0.0.4/)
    const text = await res.text()
    expect(text).toMatch(/^plexus_connections \d+$/m)
    expect(text).toMatch(/^plexus_documents_loaded 0$/m)
    expect(text).toMatch(/^plexus_persist_seconds_count 1$/m)
    expect(text).toMatch(/^plexus_persist_seconds_bucket\{le="\+Inf"\} 1$/m)
    expect(text).toMatch(/^plexus_updates_in_total 0$/m)
  })

  it('lists graphs with title, counts and update time', async () => {
    const { request, docs } = setup()
    const h = docs.open('alpha')
    const g = model.openGraph(h.doc, {
      actor: 'test',
      now: () => 1_700_000_000_000,
      newId: model.counterIds('n'),
    })
    model.initGraph(g, { id: 'alpha', title: 'Alpha plan' })
    h.release()
    const res = await request('/api/graphs')
    const body = (await res.json()) as { graphs: Array<Record<string, unknown>> }
    expect(body.graphs).toHaveLength(1)
    expect(body.graphs[0]).toMatchObject({
      id: 'alpha',
      title: 'Alpha plan',
      nodes: 1,
      edges: 0,
      loaded: false,
    })
    expect(Date.parse(String(body.graphs[0]!.updated_at))).toBeGreaterThan(0)
    const one = await request('/api/graphs/alpha')
    expect(await one.json()).toMatchObject({ id: 'alpha', title: 'Alpha plan', nodes: 1 })
  })

  it('answers bad ids with 400, unknown graphs with 404, bad formats with 400', async () => {
    const { request } = setup()
    expect((await request('/api/graphs/..%2Fetc')).status).toBe(400)
    expect((await request('/api/graphs/NOPE/export')).status).toBe(400)
    expect((await request('/api/graphs/missing/export')).status).toBe(404)
    expect((await request('/api/graphs/missing')).status).toBe(404)
    expect((await request('/api/graphs/missing/export?format=pdf')).status).toBe(400)
    expect((await request('/api/nothing-here')).status).toBe(404)
  })

  it('refuses requests addressed to a foreign host (DNS rebinding)', async () => {
    const { request, metrics } = setup()
    const res = await request('/api/graphs', { headers: { host: 'rebound.attacker.example' } })
    expect(res.status).toBe(403)
    expect(((await res.json()) as { message: string }).message).toMatch(/DNS rebinding/)
    expect(metrics.closes.get('origin')).toBe(1)
  })

  it('deletes a graph for an admin only', async () => {
    const tokens: TokenEntry[] = [
      { name: 'w', role: 'write', token: 'write-token-1' },
      { name: 'a', role: 'admin', token: 'admin-token-1' },
    ]
    const { request, docs, store } = setup({ tokens })
    const h = docs.open('doomed')
    h.doc.getMap('nodes').set('x', 1)
    h.release()
    const del = (token: string) =>
      request('/api/graphs/doomed', { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })
    expect((await del('write-token-1')).status).toBe(403)
    expect((await del('admin-token-1')).status).toBe(200)
    expect(store.has('doomed')).toBe(false)
    expect((await del('admin-token-1')).status).toBe(404)
  })
})

describe('web app', () => {
  it('says how to build the web app when it is not built', async () => {
    const { request } = setup()
    const res = await request('/')
    expect(res.status).toBe(200)
    expect(await res.text()).toMatch(/not built.*--filter @plexus\/web build/s)
  })

  it('serves the built app, with index.html for client routes and 404 for missing assets', async () => {
    const dist = join(root, 'dist')
    mkdirSync(join(dist, 'assets'), { recursive: true })
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Plexus app</title>')
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)')
    const { request } = setup({ webDist: dist })
    expect(await (await request('/')).text()).toContain('Plexus app')
    expect(await (await request('/g/my-graph')).text()).toContain('Plexus app')
    const js = await request('/assets/app.js')
    expect(js.headers.get('content-type')).toMatch(/javascript/)
    expect((await request('/assets/missing.js')).status).toBe(404)
  })
})

describe('export and import', () => {
  it('round-trips a graph through every format and relays imports to the live document', async () => {
    const { request, docs } = setup()
    const dsl = '# a plan\nShip:goal depends_on Build\nBuild depends_on Design\n'
    const imported = await request('/api/graphs/plan/import?format=dsl', { method: 'POST', body: dsl })
    expect(imported.status).toBe(200)
    expect(await imported.json()).toMatchObject({ ok: true, created: 3 })
    const listed = (await (await request('/api/graphs')).json()) as {
      graphs: Array<{ id: string; nodes: number }>
    }
    expect(listed.graphs).toMatchObject([{ id: 'plan', nodes: 4 }])
    for (const format of ['json', 'mermaid', 'dsl', 'canvas']) {
      const res = await request(`/api/graphs/plan/export?format=${format}`)
      expect(res.status, format).toBe(200)
      expect(await res.text(), format).toContain('Build')
    }
    const json = await (await request('/api/graphs/plan/export?format=json')).text()
    const copy = await request('/api/graphs/copy/import?format=json', { method: 'POST', body: json })
    expect(copy.status).toBe(200)
    const h = docs.open('copy')
    expect(summarize('copy', h.doc).nodes).toBe(4)
    h.release()
    const bad = await request('/api/graphs/plan/import?format=json', { method: 'POST', body: '{not json' })
    expect(bad.status).toBe(422)
  })

  it('imports and exports the map formats, XMind as raw bytes, each answering what it could not keep', async () => {
    const { request } = setup()
    const mm =
      '<map version="1.0.1"><node TEXT="Trip" ID="a"><node TEXT="Book" ID="b"><font SIZE="12"/>' +
      '<arrowlink DESTINATION="c" MIDDLE_LABEL="before"/></node><node TEXT="Pack" ID="c"/></node></map>'
    const first = await request('/api/graphs/plans/import?format=freemind', { method: 'POST', body: mm })
    expect(first.status).toBe(200)
    const body = (await first.json()) as {
      created: number
      edges: number
      lost: Array<{ kind: string; count: number }>
    }
    expect([body.created, body.edges]).toEqual([3, 1])
    expect(body.lost).toContainEqual(expect.objectContaining({ kind: 'freemind-font', count: 1 }))
    const again = (await (
      await request('/api/graphs/plans/import?format=freemind', { method: 'POST', body: mm })
    ).json()) as { created: number; edges: number }
    expect([again.created, again.edges]).toEqual([0, 0])

    const opml = await request('/api/graphs/plans/export?format=opml')
    expect(opml.status).toBe(200)
    // OPML holds only the tree: the arrowlink is counted as left out.
    expect(JSON.parse(opml.headers.get('Plexus-Lost')!)).toContainEqual(
      expect.objectContaining({ kind: 'relations', count: 1 }),
    )
    const xmind = await request('/api/graphs/plans/export?format=xmind')
    expect(xmind.headers.get('Content-Type')).toContain('xmind')
    const bytes = new Uint8Array(await xmind.arrayBuffer())
    expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b])
    const copy = await request('/api/graphs/copy/import?format=xmind', { method: 'POST', body: bytes })
    expect(copy.status).toBe(200)
    expect((await copy.json()) as { created: number; edges: number }).toMatchObject({ created: 4, edges: 1 })
    const wrong = await request('/api/graphs/plans/import?format=opml', { method: 'POST', body: mm })
    expect(wrong.status).toBe(422)
    expect(((await wrong.json()) as { message: string }).message).toMatch(
      /expected an OPML outline.*FreeMind/,
    )
  })

  it('leaves no graph behind when an import into a new graph is refused', async () => {
    const { request, store } = setup()
    const res = await request('/api/graphs/fresh/import?format=json', {
      method: 'POST',
      body: '{"format":"x"}',
    })
    expect(res.status).toBe(422)
    expect(store.has('fresh')).toBe(false)
  })
})
