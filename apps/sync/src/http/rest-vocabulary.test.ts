/**
 * Every refusal REST answers names a code of the one vocabulary (`FailureCode`, packages/model's
 * failures.ts): generated requests to every /api route (ids valid and not, formats known and not,
 * bodies good and bad, tokens of each role, none and a wrong one), through the real app and real
 * SQLite. A refusal that retrying cures (503, 429) says when, with Retry-After.
 *
 * Seeded: PLEXUS_SEED=N replays a run (the seed is printed).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isFailureCode } from '@plexus/model'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import type { TokenEntry } from '../access/auth.ts'
import { InProcessArbiter } from '../claims/arbiter.ts'
import { SqliteStore } from '../storage/sqlite-store.ts'
import { testApp } from '../test/test-app.ts'

// Fixed (issue 31): a default drawn by Math.random() tried a new seed every run, so one run in N
// failed on a case nobody had seen. PLEXUS_SEED=N runs another.
const DEFAULT_SEED = 20261129
const SEED = Number(process.env.PLEXUS_SEED ?? DEFAULT_SEED)
const RUNS = Number(process.env.PLEXUS_PROPERTY_RUNS ?? 400)
console.log(`rest-vocabulary.test: PLEXUS_SEED=${SEED} PLEXUS_PROPERTY_RUNS=${RUNS}`)

const root = mkdtempSync(join(tmpdir(), 'plexus-rest-vocab-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const TOKENS: TokenEntry[] = [
  { name: 'reader', role: 'read', token: 'reader-token-1' },
  { name: 'writer', role: 'write', token: 'writer-token-1' },
  { name: 'admin', role: 'admin', token: 'admin-token-12' },
  { name: 'scoped', role: 'write', token: 'scoped-token-1', graphs: [{ pattern: 'other' }] },
]

const { app, docs } = testApp(new SqliteStore(join(root, 'plexus.db')), {
  dir: root,
  tokens: TOKENS,
  claims: (docs) => new InProcessArbiter(docs),
})

const id = fc.constantFrom('work', 'missing', 'other', 'Bad Id!', '..', 'a'.repeat(80))
const body = fc.oneof(
  fc.constant(undefined),
  fc.constant('flowchart TD\n  A --> B\n'),
  fc.constant('{"state_vector":"AA=="}'),
  fc.constant('{"state_vector":"not base64 !"}'),
  fc.constant('{"state_vector":"AA==","count":"all"}'),
  fc.constant('{'),
  fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
)
/** Method and where: a graph's own routes after its id, or a route of its own. */
const ROUTES: ReadonlyArray<readonly [string, string]> = [
  ['GET', ''],
  ['GET', '/export'],
  ['POST', '/import'],
  ['POST', '/claims'],
  ['DELETE', ''],
  ['GET', 'list'],
  ['GET', 'identity'],
  ['GET', 'nowhere'],
]
const request = fc.record({
  route: fc.constantFrom(...ROUTES),
  id,
  format: fc.option(fc.constantFrom('json', 'mermaid', 'opml', 'xmind', 'yaml', ''), { nil: undefined }),
  token: fc.constantFrom(undefined, 'wrong-token-99', ...TOKENS.map((t) => t.token)),
  body,
})

type Req = typeof request extends fc.Arbitrary<infer T> ? T : never

function path(r: Req): string {
  const [, at] = r.route
  if (at === 'list') return '/api/graphs'
  if (at === 'identity') return `/api/identity?graph=${encodeURIComponent(r.id)}`
  if (at === 'nowhere') return `/api/nowhere/${encodeURIComponent(r.id)}`
  const q = r.format === undefined ? '' : `?format=${r.format}`
  return `/api/graphs/${encodeURIComponent(r.id)}${at}${q}`
}

describe('REST refusals speak the one vocabulary', () => {
  it(
    'generated requests to every route: each refusal a code of the union',
    { timeout: 300_000 },
    async () => {
      // One graph to find.
      const h = docs.open('work')
      h.doc.getMap('seed').set('x', 1)
      h.release()
      const seen = new Map<string, number>()
      const property = fc.asyncProperty(request, async (r) => {
        const headers: Record<string, string> = { host: 'localhost:4100' }
        if (r.token) headers.Authorization = `Bearer ${r.token}`
        if (r.body !== undefined) headers['Content-Type'] = 'application/json'
        const res = await app.request(path(r), {
          method: r.route[0],
          headers,
          ...(r.body !== undefined && r.route[0] !== 'GET' ? { body: r.body } : {}),
        })
        if (res.status < 400) return
        const text = await res.text()
        const answer = JSON.parse(text) as { error?: unknown; message?: unknown }
        const key = `${res.status} ${String(answer.error)}`
        seen.set(key, (seen.get(key) ?? 0) + 1)
        if (!isFailureCode(answer.error))
          throw new Error(
            `${r.route[0]} ${path(r)}: ${res.status} with error ${String(answer.error)}, not a code`,
          )
        expect(typeof answer.message === 'string' && answer.message.length > 0).toBe(true)
        if (res.status === 503 || res.status === 429)
          expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0)
      })
      const out = await fc.check(property, { seed: SEED, numRuns: RUNS, endOnFailure: true })
      if (out.failed) {
        const e = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance)
        expect.fail(`PLEXUS_SEED=${SEED} (path ${out.counterexamplePath}): ${e}`)
      }
      console.log(`rest-vocabulary.test: ${[...seen].map(([k, n]) => `${k} ×${n}`).join(', ')}`)
      expect(seen.size).toBeGreaterThanOrEqual(5)
    },
  )
})
