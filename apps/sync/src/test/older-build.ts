/**
 * A graph as a build of an older schema wrote it, for tests of upgrades (docs/versions.md). Such a
 * build knew nothing of this build's shared skeleton (packages/model/src/skeleton.ts: its client id and
 * root id depend on the schema version), so everything it wrote is under its own client id: the meta
 * of a new graph at its version, the root node with this build's fields, and the root's `create`
 * event. Made by taking a current `initGraph` on a scratch document and writing its content again.
 * Stripping the schema marks from a current graph instead would delete the skeleton's items, which
 * the relay refuses as it refuses any schema mark removed (issue 23).
 */
import { createNodes, initGraph, openGraph, type Env } from '@plexus/model'
import * as Y from 'yjs'
import { destroyProvider, provider, waitFor } from './server-harness.ts'

/**
 * Writes into `doc` (in one transaction, with `origin`) graph `graph` titled `title` as a build of
 * schema `version` made it: `schema` = version, and its mark `schema.<version>` from version 2 on.
 * Returns the root's id.
 */
export function writeOlderGraph(
  doc: Y.Doc,
  opts: { graph: string; title: string; version: number; env: Env; origin?: unknown },
): string {
  const scratch = new Y.Doc()
  const made = initGraph(openGraph(scratch, opts.env), { id: opts.graph, title: opts.title })
  if (!made.ok) throw new Error(`scratch graph: ${made.message}`)
  const meta = scratch.getMap<unknown>('meta').toJSON()
  const rootId = String(meta.root)
  const root = scratch.getMap<Y.Map<unknown>>('nodes').get(rootId)!
  doc.transact(() => {
    const into = doc.getMap('meta')
    for (const [key, value] of Object.entries(meta)) if (!key.startsWith('schema')) into.set(key, value)
    into.set('schema', opts.version)
    if (opts.version >= 2) into.set(`schema.${opts.version}`, true)
    const node = new Y.Map<unknown>()
    doc.getMap('nodes').set(rootId, node)
    for (const [key, value] of root.entries()) {
      if (value instanceof Y.Text) node.set(key, new Y.Text(value.toString()))
      else if (value instanceof Y.Map) node.set(key, new Y.Map(Object.entries(value.toJSON())))
      else if (value instanceof Y.Array) node.set(key, Y.Array.from(value.toJSON()))
      else node.set(key, value)
    }
    doc.getArray('history').push(scratch.getArray('history').toArray())
  }, opts.origin)
  scratch.destroy()
  return rootId
}

/**
 * An older build's client at work: the stock y-websocket client, declaring schema `version` as that
 * build does, makes graph `graph` on the server at `url` (the server's http address) titled `title`
 * with one child node `child`, and leaves once the server holds all of it.
 */
export async function olderBuildMakes(
  url: string,
  opts: { graph: string; title: string; child: string; version: number },
): Promise<void> {
  const server = { wsUrl: url.replace(/^http/, 'ws') + '/sync' }
  const p = provider(server, opts.graph, { schema: opts.version })
  try {
    await waitFor(() => p.synced, 'the older build to connect')
    let ids = 0
    const env: Env = { actor: 'older-build', now: () => Date.now(), newId: () => `n_older${++ids}` }
    const g = openGraph(p.doc, env)
    const root = writeOlderGraph(p.doc, { ...opts, env, origin: g.origin })
    const r = createNodes(g, [{ summary: opts.child, parent: root }], { mode: 'force' })
    if (!r.ok) throw new Error(`the older build's node: ${r.message}`)
    // The server holds it once a fresh client of the same build reads it there (a live reader also
    // gets it the moment the server takes it).
    const reader = provider(server, opts.graph, { schema: opts.version })
    try {
      const has = () =>
        [...reader.doc.getMap<Y.Map<unknown>>('nodes').values()].some((n) => n.get('summary') === opts.child)
      await waitFor(() => reader.synced && has(), "the server to hold the older build's graph")
    } finally {
      destroyProvider(reader)
      reader.doc.destroy()
    }
  } finally {
    destroyProvider(p)
    p.doc.destroy()
  }
}
