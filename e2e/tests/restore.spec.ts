import { expect, test } from '@playwright/test'
import { Agent } from './agent.ts'
import { baseUrl, createGraph, newPage, node, recordToasts } from './helpers.ts'

// Restore from the canvas (issue 30): a person puts back a branch an agent changed, from the node's
// history in the inspector, as one new change: the agent reads it back, history says who restored it,
// and one Ctrl+Z takes the restore back.
test('a branch an agent changed is restored from its history; the agent sees it; Ctrl+Z undoes the restore', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser)
  const id = await createGraph(page, 'Offsite')
  const agent = await Agent.connect(baseUrl(), 'e2e-planner')
  try {
    const ref = await agent.plan(id, [
      { ref: 'venue', summary: 'Venue' },
      { ref: 'hall', parent_ref: 'venue', summary: 'Book the hall' },
    ])
    const venue = ref('venue')
    await expect(node(page, 'Book the hall')).toBeVisible()
    // The agent changes its mind: renames the branch and adds to it.
    await agent.call('graph_update', {
      project: id,
      updates: [{ node_id: venue, summary: 'Venue (cancelled)' }],
    })
    await agent.call('graph_plan', {
      project: id,
      nodes: [{ parent_ref: venue, summary: 'Refund the deposit' }],
    })
    await expect(node(page, 'Refund the deposit')).toBeVisible()
    await expect(node(page, 'Venue (cancelled)')).toBeVisible()

    const toasts = await recordToasts(page)
    await node(page, 'Venue (cancelled)').click()
    const history = page.getByTestId('history')
    await expect(history.locator('> li')).toHaveCount(2)
    // The oldest change is the agent's creation of the node: restore to right after it.
    const first = history.locator('> li').last()
    await first.hover()
    await first.getByTestId('history-restore').click()

    await expect(node(page, 'Venue')).toBeVisible()
    await expect(node(page, 'Venue (cancelled)')).toHaveCount(0)
    await expect(node(page, 'Refund the deposit')).toHaveCount(0)
    await expect(node(page, 'Book the hall')).toBeVisible()
    await expect
      .poll(toasts)
      .toContainEqual(expect.stringMatching(/Restored to .*1 node put back, 1 node made since removed/))

    // The agent reads the restore from the server, and history says a person restored it.
    await expect
      .poll(
        async () =>
          (await agent.call<{ node: { summary: string } }>('graph_context', { project: id, node_id: venue }))
            .node.summary,
      )
      .toBe('Venue')
    const h = await agent.call<{ events: Array<{ action: string; actor: string }> }>('graph_history', {
      project: id,
      node_id: venue,
    })
    expect(h.events.map((e) => e.action)).toContain('restored')

    // One Ctrl+Z takes the whole restore back (the canvas holds the keyboard after the click).
    await node(page, 'Venue').click()
    await page.keyboard.press('Control+z')
    await expect(node(page, 'Venue (cancelled)')).toBeVisible()
    await expect(node(page, 'Refund the deposit')).toBeVisible()
  } finally {
    await agent.close()
    await context.close()
  }
})
