import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { openGraph } from './graph.ts'
import { changesSince, historyCursor } from './history.ts'
import { counterIds } from './ids.ts'
import {
  ARCHIVE_AFTER_MS,
  deleteMemoryEdge,
  deleteMemoryNode,
  findMemory,
  memoryId,
  putMemoryEdge,
  putMemoryNode,
  readMemory,
  readProgress,
  sweepTiers,
  tierOf,
  writeProgress,
} from './memory.ts'
import { joinGraph, makeGraph, sync } from './test/harness.ts'

function ok<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  if (!r.ok) throw new Error((r as unknown as { message: string }).message)
  return r as Extract<T, { ok: true }>
}

describe('memory nodes', () => {
  it('upserts by the agent id: gist replaced, notes and touches merged, id kept as an alias', () => {
    const { g } = makeGraph()
    const a = ok(
      putMemoryNode(g, {
        id: 'api-rate-limiting',
        gist: 'Redis-backed sliding window; 429 response includes Retry-After header',
        touches: ['src/middleware/rate_limit.py'],
        notes: ['window size configurable via env var RATE_LIMIT_WINDOW'],
      }),
    )
    expect(a.created).toBe(true)
    expect(a.node_id).not.toBe('api-rate-limiting')
    const b = ok(
      putMemoryNode(g, { id: 'api-rate-limiting', gist: 'Sliding window in Redis', notes: ['burst of 20'] }),
    )
    expect(b).toMatchObject({ created: false, node_id: a.node_id })
    const n = findMemory(g, 'api-rate-limiting')!
    expect(n.summary).toBe('Sliding window in Redis')
    expect(n.notes).toBe('window size configurable via env var RATE_LIMIT_WINDOW\nburst of 20')
    expect(n.links).toEqual(['src/middleware/rate_limit.py'])
    expect(memoryId(n)).toBe('api-rate-limiting')
  })

  it('refuses ids that are not kebab-case, saying what to use', () => {
    const { g } = makeGraph()
    const r = putMemoryNode(g, { id: 'Not An Id', gist: 'x' })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.message).toMatch(/kebab-case/)
  })

  it('edges may end at file paths and at ids with no node yet; a later put fills the node in', () => {
    const { g } = makeGraph()
    ok(
      putMemoryEdge(g, {
        from: 'auth-module',
        to: 'src/config.yaml',
        rel: 'reads-config',
        notes: ['JWT secret'],
      }),
    )
    const file = findMemory(g, 'src/config.yaml')!
    expect(file.kind).toBe('file')
    const placeholder = findMemory(g, 'auth-module')!
    expect(placeholder.summary).toBe('auth-module')
    ok(putMemoryNode(g, { id: 'auth-module', gist: 'JWT issue and refresh' }))
    expect(findMemory(g, 'auth-module')).toMatchObject({
      id: placeholder.id,
      summary: 'JWT issue and refresh',
    })
    const e = g.index.edgesOf(placeholder.id, 'out')[0]!
    expect(e).toMatchObject({ type: 'reads-config', other: file.id, properties: { notes: ['JWT secret'] } })
    expect(
      ok(deleteMemoryEdge(g, { from: 'auth-module', to: 'src/config.yaml', rel: 'reads-config' })),
    ).toEqual({
      ok: true,
      deleted: true,
    })
    expect(
      ok(deleteMemoryEdge(g, { from: 'auth-module', to: 'src/config.yaml', rel: 'reads-config' })).deleted,
    ).toBe(false)
  })

  it('deleting a node reports its edges, and the id is free again', () => {
    const { g } = makeGraph()
    ok(putMemoryEdge(g, { from: 'a-thing', to: 'b-thing', rel: 'depends-on' }))
    expect(ok(deleteMemoryNode(g, 'a-thing')).edges_removed).toBe(1)
    expect(findMemory(g, 'a-thing')).toBeUndefined()
    expect(ok(putMemoryNode(g, { id: 'a-thing', gist: 'back' })).created).toBe(true)
  })

  it('two peers that created one id while apart both resolve it to the same node', () => {
    const a = makeGraph('alice')
    const b = joinGraph(a, 'bob', 77)
    ok(putMemoryNode(a.g, { id: 'shared-idea', gist: 'from alice' }))
    ok(putMemoryNode(b.g, { id: 'shared-idea', gist: 'from bob' }))
    sync(a.doc, b.doc)
    expect(findMemory(a.g, 'shared-idea')!.id).toBe(findMemory(b.g, 'shared-idea')!.id)
  })
})

describe('tiers', () => {
  it('archives what is stale and rarely read, orphans it without edges, and a read promotes it', () => {
    const t = makeGraph()
    ok(putMemoryNode(t.g, { id: 'old-note', gist: 'stale' }))
    ok(putMemoryEdge(t.g, { from: 'linked-note', to: 'other-note', rel: 'relates-to' }))
    ok(putMemoryNode(t.g, { id: 'fresh-note', gist: 'fresh' }))
    t.clock.tick(ARCHIVE_AFTER_MS + 1)
    ok(putMemoryNode(t.g, { id: 'fresh-note', gist: 'fresh again' }))
    const r = sweepTiers(t.g)
    expect(r.archived.length).toBe(3)
    expect(tierOf(findMemory(t.g, 'old-note')!)).toBe('orphaned')
    expect(tierOf(findMemory(t.g, 'linked-note')!)).toBe('archived')
    expect(tierOf(findMemory(t.g, 'fresh-note')!)).toBe('active')
    const read = ok(readMemory(t.g, 'old-note'))
    expect(read.promoted).toBe(true)
    expect(tierOf(findMemory(t.g, 'old-note')!)).toBe('active')
    expect(findMemory(t.g, 'old-note')!.reads).toBe(1)
    expect(ok(putMemoryNode(t.g, { id: 'linked-note', gist: 'touched' })).unarchived).toBe(true)
  })
})

describe('sessions in history', () => {
  it('events carry the writing session, so one actor can ask what its other sessions did', () => {
    const doc = new Y.Doc()
    const mk = (session: string) =>
      openGraph(doc, { actor: 'claude', now: () => 1, newId: counterIds(`${session}_`), session })
    const s1 = mk('s1')
    const s2 = mk('s2')
    const base = makeGraph()
    void base
    const cursor = historyCursor(s1)
    ok(putMemoryNode(s1, { id: 'from-one', gist: 'one' }))
    ok(putMemoryNode(s2, { id: 'from-two', gist: 'two' }))
    const seen = ok(changesSince(s1, cursor, { excludeSession: 's1' }))
    expect(seen.events.map((e) => e.session)).toEqual(expect.arrayContaining(['s2']))
    expect(seen.events.some((e) => e.session === 's1')).toBe(false)
    expect(ok(changesSince(s1, cursor, { excludeActor: 'claude' })).events).toEqual([])
  })

  it('progress by task survives and says who wrote it', () => {
    const { g } = makeGraph()
    expect(ok(readProgress(g, 'scout')).progress).toBeNull()
    ok(writeProgress(g, 'scout', { last_ts: 1706000000, sessions_reviewed: ['abc123'] }))
    expect(ok(readProgress(g, 'scout')).progress).toMatchObject({
      task_id: 'scout',
      state: { last_ts: 1706000000, sessions_reviewed: ['abc123'] },
      updated_by: 'alice',
    })
    expect(readProgress(g, 'no spaces allowed').ok).toBe(false)
  })
})
