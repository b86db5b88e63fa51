import { expect, test, type Page } from '@playwright/test'
import { Agent } from './agent.ts'
import {
  baseUrl,
  canvasHasKeyboard,
  graphState,
  mindMap,
  newPage,
  node,
  nodeId,
  recordToasts,
  selectNode,
  waitSynced,
  type GraphState,
} from './helpers.ts'

// Mind-map branch operations (issue 27): Delete, copy/paste and duplicate take the node with everything
// below it, as XMind and MindNode do; one Ctrl+Z undoes each.

/** Summaries of the live children of the node called `summary`, in the order the map draws them. */
async function childrenOf(page: Page, summary: string): Promise<string[]> {
  return page.evaluate((summary) => {
    const ws = window.__plexus!
    const ix = ws.session.g.index
    const id = [...ix.nodes.values()].find((n) => ix.live(n.id) && n.summary === summary)?.id
    const kids = [...(ix.struct().children.get(id ?? '') ?? [])]
    const key = (id: string) => ix.nodes.get(id)!.order ?? ix.nodes.get(id)!.created_at
    kids.sort((a, b) => key(a) - key(b) || (a < b ? -1 : 1))
    return kids.map((k) => ix.nodes.get(k)!.summary)
  }, summary)
}

const live = (s: GraphState, summary: string) => s.nodes.filter((n) => n.summary === summary)

/** Live relations (not the tree) between live nodes, as "from summary -> to summary". */
function relations(s: GraphState): string[] {
  const by = new Map(s.nodes.map((n) => [n.id, n.summary]))
  return s.edges
    .filter((e) => by.has(e.from) && by.has(e.to))
    .map((e) => `${by.get(e.from)} -> ${by.get(e.to)}`)
    .sort()
}

test('Delete takes a branch, Ctrl+Z brings it back, copy/paste and duplicate take it whole', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await mindMap(page, 'Branches')
  const k = page.keyboard
  const agent = await Agent.connect(baseUrl(), 'e2e-branch')
  try {
    // Relations: one inside North's branch, one from outside (South) into it.
    const [n1, n2, s1] = await Promise.all([
      nodeId(page, 'North one'),
      nodeId(page, 'North two'),
      nodeId(page, 'South one'),
    ])
    const project = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!)
    await agent.call('graph_connect', {
      project,
      edges: [
        { from: n1, to: n2, type: 'relates_to' },
        { from: s1, to: n2, type: 'relates_to' },
      ],
    })
    await expect.poll(async () => relations(await graphState(page))).toHaveLength(2)
    const before = await graphState(page)
    const toasts = await recordToasts(page)

    // Delete on North: the branch goes (four nodes), the root is selected.
    await selectNode(page, 'North')
    await k.press('Delete')
    await expect(node(page, 'North')).toHaveCount(0)
    for (const gone of ['North one', 'North two', 'North three'])
      await expect(node(page, gone)).toHaveCount(0)
    await expect(node(page, 'Branches')).toHaveClass(/is-selected/)
    const deleted = await graphState(page)
    expect(deleted.nodes).toHaveLength(before.nodes.length - 4)
    expect(relations(deleted)).toEqual([])
    await expect
      .poll(toasts)
      .toContainEqual(expect.stringMatching(/Deleted 4 nodes.*1 relation from outside.*South one/))

    // One Ctrl+Z: all of it back, in the same tree, with both relations.
    await k.press('Control+z')
    await expect(node(page, 'North three')).toBeVisible()
    const back = await graphState(page)
    const shape = (s: GraphState) =>
      s.nodes
        .map((n) => ({ id: n.id, summary: n.summary, parent: n.parent, x: n.x, y: n.y }))
        .sort((a, b) => (a.id < b.id ? -1 : 1))
    expect(shape(back)).toEqual(shape(before))
    expect(relations(back)).toEqual(relations(before))

    // Copy North, paste under South: a new subtree, same order, its inner relation re-pointed.
    await selectNode(page, 'North')
    await k.press('Control+c')
    await selectNode(page, 'South')
    await k.press('Control+v')
    await expect(node(page, 'North')).toHaveCount(2)
    await canvasHasKeyboard(page)
    expect(await childrenOf(page, 'South')).toEqual(['South one', 'South two', 'South three', 'North'])
    const pasted = await graphState(page)
    const copies = live(pasted, 'North')
    const copy = copies.find((n) => n.parent !== before.root)!
    expect(copy.parent).toBe(await nodeId(page, 'South'))
    await expect(node(page, 'North').and(page.locator('.is-selected'))).toHaveAttribute('data-id', copy.id)
    const copyKids = pasted.nodes.filter((n) => n.parent === copy.id).map((n) => n.id)
    expect(copyKids).toHaveLength(3)
    // The copied relation joins the copies, not the originals; the relation from outside is not copied.
    expect(relations(pasted).sort()).toEqual(
      ['North one -> North two', 'North one -> North two', 'South one -> North two'].sort(),
    )
    const byId = new Map(pasted.nodes.map((n) => [n.id, n]))
    const inner = pasted.edges.filter((e) => copyKids.includes(e.from))
    expect(inner).toHaveLength(1)
    expect(byId.get(inner[0]!.to)!.parent).toBe(copy.id)

    // One Ctrl+Z takes the whole paste away.
    await k.press('Control+z')
    await expect(node(page, 'North')).toHaveCount(1)
    expect((await graphState(page)).nodes).toHaveLength(before.nodes.length)

    // Ctrl+D on North: a copy of the branch under the same parent, drawn right after it.
    await selectNode(page, 'North')
    await k.press('Control+d')
    await expect(node(page, 'North')).toHaveCount(2)
    expect(await childrenOf(page, 'Branches')).toEqual(['North', 'North', 'South'])
    const dup = await graphState(page)
    expect(dup.nodes).toHaveLength(before.nodes.length + 4)
    expect(live(dup, 'North three')).toHaveLength(2)
    // The copy is selected; one Ctrl+Z takes it away.
    await expect(node(page, 'North').and(page.locator('.is-selected'))).toHaveCount(1)
    await k.press('Control+z')
    await expect(node(page, 'North')).toHaveCount(1)
    expect((await graphState(page)).nodes).toHaveLength(before.nodes.length)

    // The help lists it with its keys.
    await k.press('Escape')
    await k.press('?')
    const help = page.getByRole('dialog', { name: 'Keyboard map' })
    await expect(help).toContainText('Duplicate the selected branch')
    await expect(help).toContainText('D')
    await waitSynced(page)
  } finally {
    await agent.close()
    await context.close()
  }
})
