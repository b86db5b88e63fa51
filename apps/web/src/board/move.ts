import { claim, holderOf, release } from '@plexus/model'
import { report, setResolved } from '../canvas/commands.ts'
import type { Workspace } from '../canvas/workspace.ts'
import { useUI } from '../store.ts'
import type { Column } from './columns.ts'

/**
 * What dropping a card on a column means: Done resolves; Ready reopens and releases; In progress
 * reopens and claims it for the person. Blocked and Waiting follow from dependencies and children, so a
 * drop there changes nothing and says why. One undo step.
 */
export function moveCard(ws: Workspace, id: string, to: Column): void {
  const g = ws.session.g
  const n = g.index.nodes.get(id)
  if (!n || !g.index.live(id)) return
  if (to === 'blocked' || to === 'waiting') {
    useUI.getState().toast({
      text:
        to === 'blocked'
          ? 'Blocked comes from dependencies: connect the card to what it depends on instead.'
          : 'Waiting comes from unresolved children: add or reopen a child instead.',
      tone: 'info',
    })
    return
  }
  ws.session.undo.stopCapturing()
  if (to === 'resolved') {
    if (!n.resolved) setResolved(ws, [id], true)
  } else {
    if (n.resolved) setResolved(ws, [id], false)
    const held = holderOf(g.index.nodes.get(id)!, g.env.now())
    if (to === 'claimed' && held?.by !== g.env.actor) {
      const r = claim(g, id, { force: true })
      if (!r.ok) report(r)
    } else if (to === 'actionable' && held) {
      // The holder releases; a person may also clear someone else's claim, as the inspector does.
      const r = release(g, id, { force: true })
      if (!r.ok) report(r)
    }
  }
  ws.session.undo.stopCapturing()
}
