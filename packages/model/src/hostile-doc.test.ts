/**
 * A document is shared: any peer with write access can put values of any type anywhere, through
 * plain Yjs, without the model. Every read must still work, skipping what is not a node or an edge,
 * and the stray entries are reported as integrity problems.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import {
  connect,
  createNodes,
  exportJSON,
  initGraph,
  integrity,
  next,
  openGraph,
  query,
  search,
} from './index.ts'

function hostile() {
  const doc = new Y.Doc()
  let n = 0
  const g = openGraph(doc, { actor: 'me', now: () => 1000, newId: () => `n_${n++}` })
  const root = initGraph(g, { id: 'h', goal: 'Stay readable' })
  if (!root.ok) throw new Error(root.message)
  const made = createNodes(g, [{ summary: 'Real task', parent: root.root }, { summary: 'Other' }])
  if (!made.ok) throw new Error(made.message)
  const [a, b] = made.created.map((c) => c.id) as [string, string]
  expect(connect(g, [{ from: a, to: b, type: 'depends_on' }]).ok).toBe(true)
  return { doc, g, a, b, root: root.root }
}

const junk: Array<[string, () => unknown]> = [
  ['a string', () => 'text'],
  ['a number', () => 42],
  ['null', () => null],
  ['an array', () => [1, 2]],
  ['a Y.Array', () => Y.Array.from([1])],
  ['a Y.Text', () => new Y.Text('t')],
  [
    'a Y.Map with wrong field types',
    () =>
      new Y.Map<unknown>([
        ['summary', 5],
        ['parent', ['x']],
        ['properties', 'p'],
      ]),
  ],
]

describe('a document holding wrongly typed values', () => {
  for (const [what, make] of junk) {
    it(`reads past ${what} among nodes and edges`, () => {
      const { doc, g, a, b } = hostile()
      doc.transact(() => {
        doc.getMap('nodes').set('n_junk', make())
        doc.getMap('edges').set('e_junk', make())
        const node = doc.getMap('nodes').get(a) as Y.Map<unknown>
        node.set('evidence', make())
        node.set('links', make())
      })
      const fresh = openGraph(doc, { actor: 'other', now: () => 2000, newId: () => 'n_fresh' })
      for (const view of [g, fresh]) {
        expect(query(view, {}).ok).toBe(true)
        expect(search(view, 'task').ok).toBe(true)
        expect(next(view, {}).ok).toBe(true)
        expect(() => exportJSON(view)).not.toThrow()
        expect(view.index.live(a)).toBeDefined()
        expect(view.index.live(b)).toBeDefined()
      }
      expect(integrity(fresh).length).toBeGreaterThan(0)
    })
  }
})
