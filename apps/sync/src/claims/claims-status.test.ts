/**
 * The claims route answers an arbiter's refusal with the code's own status (`edgeOf`, the one mapping
 * every edge uses), not one status for every reason: a lost race is a conflict, storage refusing is
 * 503 with a Retry-After, a graph that is gone is a 404 or 410. The list of codes is the union's own
 * (`FAILURE_CODES`), so a code added without an answer at the edges fails here.
 *
 * The route and the app are real (Hono's `app.request`, real SQLite); the arbiter is the route's
 * input, so one that answers a chosen refusal drives every code through it. Two refusals come from
 * real parts too: SQLite refusing the claim's write, and a peer the server has not caught up with.
 */
import { Buffer } from 'node:buffer'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  FAILURE_CODES,
  createNodes,
  edgeOf,
  initGraph,
  isFailureCode,
  openGraph,
  type FailureCode,
} from '@plexus/model'
import { FullDisk } from '../test/full-disk.ts'
import { afterAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { InProcessArbiter, type ClaimArbiter, type ClaimOutcome } from './arbiter.ts'
import type { DocRegistry } from '../graphs/registry.ts'
import { testApp } from '../test/test-app.ts'

const root = mkdtempSync(join(tmpdir(), 'plexus-claims-status-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let n = 0

/** Answers every claim with one refusal: the route's input, for each code of the union. */
class Refusing implements ClaimArbiter {
  readonly ttlMs = 60_000
  reason: FailureCode = 'internal'
  claimNext(): Promise<ClaimOutcome> {
    return Promise.resolve({ ok: false, reason: this.reason, message: `refused: ${this.reason}` })
  }
}

function setup(arbiter: (docs: DocRegistry) => ClaimArbiter) {
  const store = new FullDisk(join(root, `db-${n++}`, 'plexus.db'))
  const { docs, app } = testApp(store, { dir: root, claims: arbiter })
  // A graph of two tasks, stored.
  const h = docs.open('work')
  let id = 0
  const g = openGraph(h.doc, { actor: 'ada', now: Date.now, newId: () => `n_${id++}` })
  initGraph(g, { id: 'work', goal: 'Two tasks' })
  createNodes(g, [
    { summary: 'One', kind: 'task' },
    { summary: 'Two', kind: 'task' },
  ])
  h.release()
  const claim = (body: Record<string, unknown> = {}) =>
    app.request('/api/graphs/work/claims', {
      method: 'POST',
      headers: { host: 'localhost:4100', 'Content-Type': 'application/json' },
      body: JSON.stringify({ state_vector: emptyVector, actor: 'ada', ...body }),
    })
  return { store, docs, claim }
}

const emptyVector = Buffer.from(Y.encodeStateVector(new Y.Doc())).toString('base64')

async function expectAnswer(res: Response, code: FailureCode): Promise<void> {
  const body = (await res.json()) as { error: string; message: string }
  expect({ code, error: body.error, status: res.status }).toEqual({
    code,
    error: code,
    status: edgeOf(code).status,
  })
  expect(isFailureCode(body.error)).toBe(true)
  expect(body.message.length).toBeGreaterThan(0)
  // Retrying helps with a busy or failed store: the answer says when.
  if (res.status === 503 || res.status === 429)
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0)
}

describe('POST /api/graphs/:id/claims answers each refusal with its own status', () => {
  it('every code of the union, as an arbiter refuses with it', async () => {
    const refusing = new Refusing()
    const { claim } = setup(() => refusing)
    for (const code of FAILURE_CODES) {
      refusing.reason = code
      await expectAnswer(await claim(), code)
    }
  })

  it('SQLite refusing the claim’s write is storage_unavailable: 503 with Retry-After', async () => {
    const { store, claim } = setup((docs) => new InProcessArbiter(docs))
    store.full = true
    const res = await claim()
    expect(res.status).toBe(503)
    await expectAnswer(res, 'storage_unavailable')
  })

  it('a peer whose own writes have not reached the server is told it is behind', async () => {
    const { claim } = setup((docs) => new InProcessArbiter(docs))
    // A state vector with a client the server has never seen: the peer's writes are still on the way.
    const ahead = new Y.Doc()
    ahead.getMap('x').set('y', 1)
    const res = await claim({ state_vector: Buffer.from(Y.encodeStateVector(ahead)).toString('base64') })
    await expectAnswer(res, 'behind')
  })
})
