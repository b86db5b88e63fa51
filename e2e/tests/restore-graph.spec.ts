import { expect, test, type Page } from '@playwright/test'
import { Agent } from './agent.ts'
import {
  baseUrl,
  canvasHasKeyboard,
  createGraph,
  graphState,
  newPage,
  node,
  openGraph,
  recordToasts,
  waitSynced,
} from './helpers.ts'

// Restore the whole graph from the canvas (issue 30): the timeline shows a named moment, a person
// restores the graph to it (asked first, with what it would bring back, forget and change), the map
// and a second page show the past live, and one Ctrl+Z takes the whole restore back (redo puts it
// back again), each step seen by the second page.

/** What a restore puts back and the map shows: which nodes are there, their summary, parent, resolution. */
async function picture(page: Page) {
  const s = await graphState(page)
  return {
    nodes: s.nodes
      .map((n) => ({ id: n.id, summary: n.summary, parent: n.parent, resolved: n.resolved }))
      .sort((a, b) => (a.id < b.id ? -1 : 1)),
    edges: s.edges.map((e) => `${e.from} ${e.type} ${e.to}`).sort(),
  }
}

test('the whole graph restored to a checkpoint from the timeline, seen live by a peer; Ctrl+Z and redo each one step', async ({
  browser,
}) => {
  const a = await newPage(browser)
  const b = await newPage(browser)
  const page = a.page
  const id = await createGraph(page, 'Offsite')
  await openGraph(b.page, id)
  await waitSynced(b.page)
  const agent = await Agent.connect(baseUrl(), 'e2e-planner')
  try {
    const ref = await agent.plan(id, [
      { ref: 'venue', summary: 'Venue' },
      { ref: 'hall', parent_ref: 'venue', summary: 'Book the hall' },
      { ref: 'food', summary: 'Catering' },
      { ref: 'menu', parent_ref: 'food', summary: 'Menu' },
    ])
    await agent.call('graph_session', { project: id, action: 'checkpoint', name: 'stand-up' })
    await expect(node(page, 'Menu')).toBeVisible()
    const past = await picture(page)

    // Then the graph changes: a node added, one renamed, one resolved and moved, one deleted.
    await agent.call('graph_plan', { project: id, nodes: [{ summary: 'Posters' }] })
    await agent.call('graph_update', {
      project: id,
      updates: [{ node_id: ref('food'), summary: 'Food truck' }],
    })
    await agent.call('graph_update', {
      project: id,
      updates: [{ node_id: ref('hall'), resolved: true, add_evidence: [{ type: 'note', ref: 'booked' }] }],
    })
    await agent.call('graph_restructure', {
      project: id,
      operations: [{ op: 'move', node_id: ref('hall'), new_parent: ref('food') }],
    })
    await agent.call('graph_restructure', {
      project: id,
      operations: [{ op: 'forget', node_id: ref('menu') }],
    })
    await expect(node(page, 'Menu')).toHaveCount(0)
    await expect(node(page, 'Posters')).toBeVisible()
    await expect(node(b.page, 'Food truck')).toBeVisible()
    await expect.poll(() => picture(page)).not.toEqual(past)
    const present = await picture(page)
    await expect.poll(() => picture(b.page)).toEqual(present)

    // The timeline at the checkpoint: the map as it was, and the control to restore it.
    const toasts = await recordToasts(page)
    await page.getByTestId('timeline-toggle').click()
    const restore = page.getByTestId('timeline-restore')
    // At now there is nothing to restore to.
    await expect(restore).toHaveCount(0)
    await page.getByTestId('timeline-checkpoint').click()
    await expect(page.getByTestId('timeline-label')).toContainText('checkpoint “stand-up”')
    await expect(node(page, 'Menu')).toBeVisible()
    await expect(restore).toBeEnabled()
    await expect(restore).toHaveText('Restore the graph to this moment')
    await page.screenshot({ path: 'test-results/timeline-restore.png' })

    // Asked first, with what it would do, computed before anything is written.
    await restore.click()
    const ask = page.getByTestId('timeline-restore-confirm')
    await expect(ask).toContainText('brings back 1 node')
    await expect(ask).toContainText('removes 1 node made since')
    await expect(ask).toContainText('changes 2 nodes')
    expect(await picture(b.page)).toEqual(present)
    await page.screenshot({ path: 'test-results/timeline-restore-ask.png' })
    await page.getByTestId('timeline-restore-yes').click()

    // The timeline closes, the map is the past, live, here and on the peer; a toast says what it did.
    await expect(page.getByTestId('timeline')).toHaveCount(0)
    await expect(page.getByTestId('past-banner')).toHaveCount(0)
    await expect(node(page, 'Catering')).toBeVisible()
    await expect(node(page, 'Menu')).toBeVisible()
    await expect(node(page, 'Food truck')).toHaveCount(0)
    await expect(node(page, 'Posters')).toHaveCount(0)
    await expect.poll(() => picture(page)).toEqual(past)
    await expect.poll(() => picture(b.page)).toEqual(past)
    await expect
      .poll(toasts)
      .toContainEqual(
        expect.stringMatching(
          /Restored the graph to .*: 2 nodes put back, 1 node made since removed, 1 node brought back/,
        ),
      )
    // History says a person restored it: a forward change, the past untouched.
    const h = await agent.call<{ events: Array<{ action: string }> }>('graph_history', {
      project: id,
      node_id: ref('food'),
    })
    expect(h.events.map((e) => e.action)).toContain('restored')

    // One Ctrl+Z takes the whole restore back; redo (both keys) puts it back; the peer sees each step.
    await canvasHasKeyboard(page)
    await page.keyboard.press('Control+z')
    await expect.poll(() => picture(page)).toEqual(present)
    await expect.poll(() => picture(b.page)).toEqual(present)
    await page.keyboard.press('Control+Shift+z')
    await expect.poll(() => picture(page)).toEqual(past)
    await expect.poll(() => picture(b.page)).toEqual(past)
    await page.keyboard.press('Control+z')
    await expect.poll(() => picture(page)).toEqual(present)
    await page.keyboard.press('Control+y')
    await expect.poll(() => picture(page)).toEqual(past)
    await expect.poll(() => picture(b.page)).toEqual(past)
  } finally {
    await agent.close()
    await a.context.close()
    await b.context.close()
  }
})

// The keyboard path: Alt+R on the timeline asks, Enter confirms.
test('Alt+R on the timeline asks to restore the graph to the moment shown; Escape cancels, nothing written', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  const id = await createGraph(page, 'Offsite')
  const agent = await Agent.connect(baseUrl(), 'e2e-planner')
  try {
    await agent.call('graph_plan', { project: id, nodes: [{ summary: 'Venue' }] })
    await agent.call('graph_session', { project: id, action: 'checkpoint', name: 'before' })
    await agent.call('graph_plan', { project: id, nodes: [{ summary: 'Posters' }] })
    await expect(node(page, 'Posters')).toBeVisible()
    const present = await picture(page)

    await page.keyboard.press('Alt+t')
    await page.getByTestId('timeline-checkpoint').click()
    await expect(node(page, 'Posters')).toHaveCount(0)
    await page.getByTestId('timeline-slider').focus()
    await page.keyboard.press('Alt+r')
    const ask = page.getByTestId('timeline-restore-confirm')
    await expect(ask).toContainText('removes 1 node made since')
    await expect(page.getByTestId('timeline-restore-yes')).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(ask).toHaveCount(0)
    await expect(page.getByTestId('timeline')).toBeVisible()
    expect(await picture(page)).toEqual(present)

    await page.keyboard.press('Alt+r')
    await expect(page.getByTestId('timeline-restore-yes')).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('timeline')).toHaveCount(0)
    await expect(node(page, 'Posters')).toHaveCount(0)
    await expect(node(page, 'Venue')).toBeVisible()
  } finally {
    await agent.close()
    await context.close()
  }
})
