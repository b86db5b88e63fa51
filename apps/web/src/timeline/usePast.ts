import { useEffect, useMemo, useState } from 'react'
import type { Workspace } from '../canvas/workspace.ts'
import { useUI } from '../store.ts'
import { stamp } from '../ui/time.ts'
import { openPast, type PastView } from './past.ts'

/** What the canvas says, and refuses edits with, while it shows a past moment. */
export const pastReason = (at: number): string => `Viewing ${stamp(at)} — read-only. Esc returns to now`

/**
 * The workspace the page draws: `live`, or while the timeline shows a moment (`pastAt` in the UI store)
 * the same workspace with the canvas's model over the graph as it was (past.ts). The session stays the
 * live one (sync, presence, the board); the graph is read-only here meanwhile, with the timeline's
 * reason, so nothing anyone does on the page writes. The past is rebuilt once per moment chosen, when
 * chosen (the bar commits a moment on release, or when its slider rests: Timeline.tsx), never per frame.
 */
export function usePast(live: Workspace): Workspace {
  const at = useUI((s) => s.pastAt)
  const view = useUI((s) => s.view)
  const [past, setPast] = useState<PastView | null>(null)

  useEffect(() => {
    if (at === null) return
    const ui = useUI.getState()
    ui.setReadOnly('past', pastReason(at))
    const p = openPast(live.session.g, at)
    // The nodes selected now stay selected where they existed then (the inspector shows them as they were).
    p.model.select(live.model.selection())
    setPast(p)
    return () => {
      p.close()
      setPast(null)
      useUI.getState().setReadOnly('past', null)
      // Back to now: the live canvas's selection is the page's again.
      live.model.select(live.model.selection())
    }
  }, [live, at])

  // The board shows the graph as it is: leaving the canvas leaves the past.
  useEffect(() => {
    if (view !== 'canvas') useUI.getState().setTimelineOpen(false)
  }, [view])
  useEffect(() => () => useUI.getState().setTimelineOpen(false), [live])

  return useMemo<Workspace>(
    () =>
      past
        ? {
            session: live.session,
            model: past.model,
            // One React Flow instance for both: the canvas stays mounted, set once by its onInit.
            get rf() {
              return live.rf
            },
            set rf(rf) {
              live.rf = rf
            },
          }
        : live,
    [live, past],
  )
}
