/**
 * Updates a stock client can encode that break the document's rules, sent with a write token
 * (mallory's): history forged under another name, deleted or rewritten; evidence deleted or its list
 * replaced; fields past the model's limits or of the wrong type; a node past 256 properties;
 * meta.schema raised past this build, lowered or removed; shapes, colours, sizes, aliases, tiers and
 * read counts the model never writes; values that are not JSON (BigInt, binary, undefined, a
 * `__proto__` key inside a value); shared types where values go and names outside the schema; a
 * node changed with no history event, an authorship stamp naming another, a claim set as a property
 * (issue 23). Each
 * is made on a copy of the server's state, so everything it builds on is there: the server must
 * refuse it whole for breaking a rule (4422), not for a missing dependency. Not here: notes past
 * their total length (this phase's server takes frames of at most 64 KiB, and 256 Ki characters
 * close with 1009 before any rule is asked; writes.test.ts covers it).
 */
import { SCHEMA_VERSION, readMeta } from '@plexus/model'
import { CloseCode } from '@plexus/sync'
import * as Y from 'yjs'
import { syncUpdate } from './wire.ts'
import { bin, docFrom, words } from './ws-frames.ts'
import type { Generator } from './ws-inputs.ts'

type Edit = (doc: Y.Doc, node: Y.Map<unknown>, id: string) => void

/**
 * A node's properties map or evidence list, made anew when it is missing or of another type (earlier
 * accepted inputs may leave a node so): what is then put into it still breaks a rule.
 */
function props(node: Y.Map<unknown>): Y.Map<unknown> {
  const have = node.get('properties')
  if (have instanceof Y.Map) return have as Y.Map<unknown>
  const made = new Y.Map<unknown>()
  node.set('properties', made)
  return made
}
function evidence(node: Y.Map<unknown>): Y.Array<unknown> {
  const have = node.get('evidence')
  if (have instanceof Y.Array) return have as Y.Array<unknown>
  const made = new Y.Array<unknown>()
  node.set('evidence', made)
  return made
}
const history = (doc: Y.Doc) => doc.getArray<unknown>('history')
const event = (actor: string, node: string, n: number) => ({
  id: `h_forged_${n}`,
  ts: 1_700_000_000_000,
  actor,
  node,
  action: 'update',
  changes: [{ field: 'summary', before: 'a', after: 'b' }],
})

export const brokenRules: Generator = (rng, ctx) => {
  const { doc } = docFrom(rng, ctx.state, 'mallory')
  const nodes = doc.getMap<Y.Map<unknown>>('nodes')
  const ids = [...nodes.keys()].filter((k) => nodes.get(k) instanceof Y.Map)
  const id = ids.length ? rng.pick(ids) : null
  const edits: Array<[string, Edit]> = [
    [
      'history event under another name',
      (d, _n, i) => history(d).push([event(rng.pick(['canary', 'a', 'admin', '']), i, rng.int(1e9))]),
    ],
    [
      'delete of history',
      (d, _n, i) => {
        if (history(d).length === 0) history(d).push([event('canary', i, rng.int(1e9))])
        else history(d).delete(rng.int(history(d).length), 1)
      },
    ],
    [
      'rewrite of a history event',
      (d, _n, i) => {
        if (history(d).length === 0) return history(d).push([event('a', i, rng.int(1e9))])
        const at = rng.int(history(d).length)
        history(d).delete(at, 1)
        history(d).insert(at, [event('mallory', i, rng.int(1e9))])
      },
    ],
    ['summary over the limit', (_d, n) => n.set('summary', 'x'.repeat(2001 + rng.int(30_000)))],
    ['multi-line summary', (_d, n) => n.set('summary', `${words(rng, 2)}\n${words(rng, 2)}`)],
    ['kind with spaces and HTML', (_d, n) => n.set('kind', `<b>${words(rng, 2)}</b>`)],
    ['resolved that is not a boolean', (_d, n) => n.set('resolved', rng.pick(['yes', 1, null]))],
    ['BigInt property', (_d, n) => props(n).set(words(rng, 1), BigInt(rng.int(1e9)))],
    ['binary property', (_d, n) => props(n).set(words(rng, 1), rng.bytes(1 + rng.int(16)))],
    ['undefined property', (_d, n) => props(n).set(words(rng, 1), undefined)],
    [
      '__proto__ inside a property value',
      (_d, n) => props(n).set('p', JSON.parse('{"__proto__":{"_claimed_by":"x"}}')),
    ],
    ['shared text as a property', (_d, n) => props(n).set('t', new Y.Text(words(rng, 2)))],
    ['evidence that is not an object', (_d, n) => evidence(n).push([rng.int(100)])],
    ['node that is not a map', (d) => d.getMap('nodes').set(`n_${rng.int(1e9)}`, words(rng, 2))],
    // Evidence is append-only; a node's totals and the graph's schema are bounded (round two).
    [
      'delete of evidence',
      (_d, n) => {
        const ev = n.get('evidence')
        if (ev instanceof Y.Array && ev.length > 0) ev.delete(rng.int(ev.length), 1)
        else n.set('tier', 'deleted')
      },
    ],
    [
      'evidence list replaced',
      (_d, n) =>
        n.get('evidence') instanceof Y.Array ? n.set('evidence', new Y.Array()) : n.set('tier', 'gone'),
    ],
    [
      '257 properties',
      (_d, n) => {
        const p = props(n)
        for (let i = 0; i <= 256; i++) p.set(`bulk_${rng.int(1e9)}_${i}`, i)
      },
    ],
    [
      'meta.schema above this build',
      (d) => d.getMap('meta').set(rng.pick(['schema', `schema.${SCHEMA_VERSION + 1}`]), SCHEMA_VERSION + 1),
    ],
    [
      'meta.schema lowered or removed',
      (d) => {
        const meta = d.getMap('meta')
        const at = readMeta(d).schema
        if (at > 0 && meta.has('schema') && rng.int(2) === 0) meta.delete('schema')
        else if (at > 0) meta.set('schema', at - 1)
        else meta.set('schema', SCHEMA_VERSION + 1 + rng.int(100))
      },
    ],
    ['unknown shape', (_d, n) => n.set('shape', rng.pick(['<b>box</b>', 'Rect Angle', 7, '']))],
    ['colour that is not hex', (_d, n) => n.set('color', rng.pick(['red', 'url(x)', '#12', 0xff0000]))],
    ['size out of range', (_d, n) => n.set(rng.pick(['width', 'height']), rng.pick([-1, 0, 1e12, '200']))],
    [
      'endless alias list',
      (_d, n) =>
        n.set(
          'aliases',
          Array.from({ length: 17 + rng.int(500) }, (_, i) => `a${i}`),
        ),
    ],
    ['tier the model has not', (_d, n) => n.set('tier', rng.pick(['deleted', 'active', 1, null]))],
    [
      'read count or time that is not one',
      (_d, n) =>
        rng.int(2) === 0
          ? n.set('reads', rng.pick([-1, 'now', 0.5, 0]))
          : n.set('read_at', rng.pick([-1, 'now', null])),
    ],
    ['top-level name outside the schema', (d) => d.getMap(`x${rng.int(100)}`).set('k', rng.int(100))],
    // Authorship (issue 23): a node change without its record, a stamp or a claim naming another.
    ['node change with no history event', (_d, n) => n.set('summary', words(rng, 3))],
    [
      'authorship stamp naming another',
      (d, n, i) => {
        n.set(rng.pick(['created_by', 'updated_by', 'deleted_by']), rng.pick(['canary', 'agent1', 'root']))
        history(d).push([{ ...event('mallory', i, rng.int(1e9)), action: 'update' }])
      },
    ],
    [
      'claim set as a property',
      (d, n, i) => {
        props(n).set('_claimed_by', rng.pick(['canary', 'agent1', 'mallory']))
        props(n).set('_claimed_until', 9e15)
        history(d).push([{ ...event('mallory', i, rng.int(1e9)), action: 'update' }])
      },
    ],
  ]
  const [what, edit] = rng.pick(edits)
  // One transaction, so one update, sent as Yjs encoded it. Merging several (Y.mergeUpdates) decodes
  // and encodes the values again: a `__proto__` key becomes the value's prototype on the way and is
  // gone from what is sent, which then breaks no rule.
  let update: Uint8Array | null = null
  doc.on('update', (u: Uint8Array) => (update = u))
  doc.transact(() => {
    if (id) edit(doc, nodes.get(id)!, id)
    else doc.getMap(`x${rng.int(100)}`).set('k', 1)
  })
  doc.destroy()
  if (!update) throw new Error(`the "${what}" edit changed nothing`)
  return {
    what: id ? what : 'top-level name outside the schema (no node to break)',
    frames: [bin(syncUpdate(update))],
    update,
    expect: 'reject',
    code: CloseCode.brokenRule,
  }
}
