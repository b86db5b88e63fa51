/**
 * The document's rules for writes that do not come through the model's operations (rules.ts): what
 * the sync server asks for every value and delete an update over WebSocket carries. Each rule is
 * checked both ways: what the model writes passes, what it never writes is refused with a reason.
 */
import { describe, expect, it } from 'vitest'
import {
  checkDelete,
  checkNodeWrite,
  checkTotal,
  checkWrite,
  type Deleted,
  type Writer,
  type Written,
} from './rules.ts'
import { SCHEMA_VERSION } from './schema.ts'
import { LIMITS } from './validate.ts'

const writer: Writer = { actor: 'ada', schema: SCHEMA_VERSION, documentSchema: SCHEMA_VERSION }
const value = (v: unknown): Written => ({ type: 'value', value: v })
const node = (key: string, v: unknown, w: Writer = writer) => checkWrite(['nodes', 'n1'], key, value(v), w)
const gone = (d: Partial<Deleted> = {}): Deleted => ({ key: null, held: 'value', replaced: false, ...d })

describe('evidence is append-only', () => {
  it('refuses a delete of an evidence entry, and of the evidence list itself', () => {
    expect(checkDelete(['nodes', 'n1', 'evidence'], gone())?.message).toMatch(/evidence is append-only/)
    expect(checkDelete(['nodes', 'n1'], gone({ key: 'evidence', held: 'array' }))?.message).toMatch(
      /evidence is append-only/,
    )
    // Replaced by a new list: the old entries would be gone all the same.
    expect(
      checkDelete(['nodes', 'n1'], gone({ key: 'evidence', held: 'array', replaced: true }))?.message,
    ).toMatch(/evidence is append-only/)
  })

  it('lets a node be deleted whole, a stray non-list evidence value be replaced, and fields be overwritten', () => {
    expect(checkDelete(['nodes'], gone({ key: 'n1', held: 'map' }))).toBeNull()
    expect(checkDelete(['nodes', 'n1'], gone({ key: 'evidence', held: 'value', replaced: true }))).toBeNull()
    expect(checkDelete(['nodes', 'n1'], gone({ key: 'summary', replaced: true }))).toBeNull()
    expect(checkDelete(['nodes', 'n1', 'properties'], gone({ key: 'priority' }))).toBeNull()
    expect(checkDelete(['nodes', 'n1', 'notes'], gone({ held: 'chars' }))).toBeNull()
  })

  it('still refuses a delete of history', () => {
    expect(checkDelete(['history'], gone())?.message).toMatch(/history is append-only/)
  })
})

describe('totals over a whole node', () => {
  it('refuses the 257th property, and notes longer than the limit', () => {
    const props = ['nodes', 'n1', 'properties']
    expect(checkTotal(props, LIMITS.properties)).toBeNull()
    expect(checkTotal(props, LIMITS.properties + 1)?.message).toMatch(
      /nodes\.n1\.properties: would hold 257 properties; the limit is 256/,
    )
    const notes = ['nodes', 'n1', 'notes']
    expect(checkTotal(notes, LIMITS.notes)).toBeNull()
    expect(checkTotal(notes, LIMITS.notes + 1)?.message).toMatch(
      /nodes\.n1\.notes: would be 262145 characters long; the limit is 262144/,
    )
  })
})

describe('meta.schema', () => {
  const meta = (key: string, v: unknown, w: Partial<Writer> = {}) =>
    checkWrite(['meta'], key, value(v), { ...writer, ...w })

  it('takes the version the writer and this build speak, and an upgrade', () => {
    expect(meta('schema', SCHEMA_VERSION)).toBeNull()
    expect(meta('schema', SCHEMA_VERSION, { documentSchema: 1 })).toBeNull()
    expect(meta(`schema.${SCHEMA_VERSION}`, true)).toBeNull()
    expect(meta('schema', 1, { schema: 1, documentSchema: 0 })).toBeNull()
  })

  it('refuses a version above the writer’s, above this build’s, a decrease, and a non-number', () => {
    expect(meta('schema', SCHEMA_VERSION, { schema: 1, documentSchema: 1 })?.message).toMatch(
      /meta\.schema: 2 is above the schema this connection writes \(1\)/,
    )
    expect(meta('schema', SCHEMA_VERSION + 1, { schema: 99 })?.message).toMatch(
      new RegExp(`meta\\.schema: ${SCHEMA_VERSION + 1} is above the newest schema this server knows`),
    )
    expect(meta(`schema.${SCHEMA_VERSION + 1}`, true, { schema: 99 })?.message).toMatch(
      /is above the newest schema this server knows/,
    )
    expect(meta('schema', 1)?.message).toMatch(/meta\.schema: would lower the graph’s schema from 2 to 1/)
    expect(meta('schema', 1.5)?.message).toMatch(/meta\.schema: expected a whole number/)
    expect(meta(`schema.${SCHEMA_VERSION}`, 'yes')?.message).toMatch(/a schema mark is true/)
  })

  it('refuses a delete of the version that puts nothing in its place', () => {
    expect(checkDelete(['meta'], gone({ key: 'schema' }))?.message).toMatch(/meta\.schema cannot be removed/)
    expect(checkDelete(['meta'], gone({ key: 'schema.2' }))?.message).toMatch(/cannot be removed/)
    expect(checkDelete(['meta'], gone({ key: 'schema', replaced: true }))).toBeNull()
    expect(checkDelete(['meta'], gone({ key: 'title' }))).toBeNull()
  })
})

describe('node fields the model writes in one form only', () => {
  const good: Array<[string, unknown]> = [
    ['shape', 'diamond'],
    ['shape', 'hourglass'],
    ['color', '#ff8800'],
    ['color', '3'],
    ['width', 240],
    ['height', 0.5],
    ['aliases', ['mermaid:A', 'canvas:8a2f', 'kg:auth-token-refresh']],
    ['tier', 'archived'],
    ['tier', 'orphaned'],
    ['read_at', 1_700_000_000_000],
    ['reads', 3],
  ]
  for (const [key, v] of good)
    it(`takes ${key} ${JSON.stringify(v)}`, () => {
      expect(node(key, v)).toBeNull()
    })

  const bad: Array<[string, unknown, RegExp]> = [
    ['shape', '<img src=x onerror=alert(1)>', /shape .* is not a shape name/],
    ['shape', 7, /shape a number is not a shape name/],
    ['color', 'red; background: url(x)', /is not a CSS hex colour/],
    ['color', 16711680, /is not a CSS hex colour/],
    ['width', -5, /width: expected a number of canvas pixels above 0/],
    ['width', 1e12, /at most 1000000/],
    ['height', 'tall', /height: expected a number of canvas pixels/],
    ['aliases', 'mermaid:A', /aliases: expected a list of at most 16 aliases/],
    ['aliases', Array.from({ length: 17 }, (_, i) => `dsl:n${i}`), /has 17 aliases; the limit is 16/],
    ['aliases', ['ok', 3], /aliases\[1\]: expected a string/],
    ['aliases', ['two\nlines'], /aliases\[0\]: contains U\+000a/],
    ['tier', 'deleted', /tier: expected archived or orphaned/],
    ['tier', null, /tier: expected archived or orphaned/],
    ['read_at', 'yesterday', /read_at: expected a time in milliseconds/],
    ['read_at', -1, /read_at: expected a time in milliseconds/],
    ['reads', 0, /reads: expected a whole number of reads from 1/],
    ['reads', 2.5, /reads: expected a whole number of reads from 1/],
  ]
  for (const [key, v, reason] of bad)
    it(`refuses ${key} ${JSON.stringify(v)?.slice(0, 40)}`, () => {
      expect(node(key, v)?.message).toMatch(reason)
    })
})

describe('a lease written beside a claim merged from apart (mcp/claims.test: a restart in the middle)', () => {
  const writer: Writer = { actor: 'bob', schema: SCHEMA_VERSION, documentSchema: SCHEMA_VERSION }
  let claimedBy = ''
  const lease = (actions: string[], claimants: string[] = ['bob']) =>
    checkNodeWrite(
      'n_1',
      {
        fields: new Set(['properties']),
        claims: new Map<string, unknown>([
          ['_claimed_at', '2026-11-28T09:00:00.000Z'],
          ['_claimed_until', '2026-11-28T10:00:00.000Z'],
        ]),
        unclaims: new Set(),
        claimants: new Set(claimants),
      },
      // Bob's offline claim arrives after Alice's: her `_claimed_by` won, his lease keys did not lose.
      {
        actions: new Set(actions),
        holderAfter: 'alice',
        settled: () => 'alice',
        claimedBefore: (a) => a === claimedBy,
      },
      writer,
    )

  it('is taken with the writer’s own claim event (history settles who holds it)', () => {
    expect(lease(['claim'])).toBeNull()
  })

  it('is refused beside a claim event that names no claim of the writer’s (a forged lease)', () => {
    expect(lease(['claim'], [])?.message).toMatch(/renewed only by its holder/)
    expect(lease(['claim'], ['alice'])?.message).toMatch(/renewed only by its holder/)
  })

  it('is taken from a writer whose own claim on the node history holds (its resolve while it thought it held it)', () => {
    claimedBy = 'bob'
    expect(lease(['update'], [])).toBeNull()
    claimedBy = ''
  })

  it('is refused alone: a lease is renewed only by its holder', () => {
    expect(lease(['update'])?.message).toMatch(/renewed only by its holder \("alice"\)/)
  })
})

describe("an edge's version", () => {
  const edge = (key: string, v: unknown) => checkWrite(['edges', 'a>parent_of>b'], key, value(v), writer)
  it('is a time, as updateEdgeProperties writes it', () => {
    expect(edge('updated_at', 1_700_000_000_000)).toBeNull()
    // A string here would read as version 0 and let an optimistic update pass over another.
    expect(edge('updated_at', '2026-01-01')?.message).toMatch(/updated_at/)
  })
})
