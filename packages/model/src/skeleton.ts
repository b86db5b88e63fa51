import * as Y from 'yjs'
import { SCHEMA_VERSION, layout, propertiesMap, setSchema } from './schema.ts'

/**
 * The structure of a new graph as one Yjs update every peer makes byte for byte the same (issue 23):
 * the same items, under one client id and the same clocks. Two peers that make one graph id apart (two
 * offline tabs, an agent and a tab, two servers, a build in the server's worker racing a graph_open)
 * each apply it, and when they meet Yjs holds it once: one root node, one `meta.root`. What differs
 * between them (title, goal, who made it and when, the root's summary and kind) each writes as its
 * own field in that shared root, where two writes meet as two renames of one node do.
 *
 * It holds only what is a function of the graph id: `meta.id`, `meta.root`, the schema marks, and the
 * root's map with every nested type a node keeps (notes, properties, links, evidence), so a later
 * write lands in the shared type and never in a competing one a peer made for itself (two peers'
 * `new Y.Map()` under one key keep one of them whole and lose the other's contents).
 *
 * Different skeletons must never share a client id, or Yjs would take one's items for the other's
 * and corrupt the document without a word. Everything the content depends on is in the client id:
 * the graph id (hashed) plus the generation (the schema version and this file's layout number), added
 * rather than hashed in, so the skeletons of one graph id in two generations differ for certain. The
 * root id depends on all of it too: peers of two generations make two roots (two tops, as before this),
 * never two maps under one key.
 */

/** Bump when what `build` writes changes, even without a new schema version. */
const LAYOUT = 1
const GENERATION = SCHEMA_VERSION * 1000 + LAYOUT

/** FNV-1a, 32 bits, over the UTF-16 code units of `s`. */
function fnv1a(s: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

/** The client id the skeleton of `graph` is written under. */
export function skeletonClient(graph: string): number {
  return (fnv1a(`plexus-skeleton:${graph}`) + GENERATION) >>> 0
}

/**
 * The root id of a graph made with the skeleton: shaped like every other id (`n_` and 12 base-36
 * characters, from two 32-bit hashes of the graph id and the generation).
 */
export function skeletonRoot(graph: string): string {
  const key = `plexus-skeleton:${GENERATION}:${graph}`
  const a = fnv1a(key).toString(36).padStart(7, '0').slice(-6)
  const b = fnv1a(key, 0x050c5d1f ^ key.length)
    .toString(36)
    .padStart(7, '0')
    .slice(-6)
  return `n_${a}${b}`
}

function build(graph: string): Uint8Array {
  const doc = new Y.Doc({ gc: false })
  doc.clientID = skeletonClient(graph)
  const y = layout(doc)
  const root = skeletonRoot(graph)
  doc.transact(() => {
    setSchema(y.meta, SCHEMA_VERSION)
    y.meta.set('id', graph)
    y.meta.set('root', root)
    const m = new Y.Map<unknown>()
    y.nodes.set(root, m)
    m.set('notes', new Y.Text())
    m.set('properties', propertiesMap(undefined))
    m.set('links', new Y.Map<boolean>())
    m.set('evidence', new Y.Array())
  })
  const update = Y.encodeStateAsUpdate(doc)
  doc.destroy()
  return update
}

/** Made once per graph id; a server holds many graphs, so only the latest few are kept. */
const cache = new Map<string, Uint8Array>()
const CACHE_SIZE = 64

/** The skeleton of `graph` as a Yjs update: the same bytes on every peer of this generation. */
export function skeleton(graph: string): Uint8Array {
  let update = cache.get(graph)
  if (update) {
    cache.delete(graph)
  } else {
    update = build(graph)
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!)
  }
  cache.set(graph, update)
  return update
}
