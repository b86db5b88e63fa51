import { useEffect } from 'react'
import { useUI } from '../store.ts'
import { graphRole } from './server-api.ts'
import type { GraphSession } from './session.ts'

// Whether the open graph may be changed here, and if not why, in the UI store (`readOnly`), where the
// canvas's actions, the inspector, the board and the banner read it. Two reasons are decided here (a
// third, a past moment shown by the timeline, by timeline/usePast.ts):
// - this build is older than the graph's schema (versions.ts; the message says to update Plexus);
// - the token reads this graph but may not write it (the server drops such a client's changes).

export const TOKEN_READ_ONLY = 'Read only: your token can read this graph, not change it'

export function useAccess(session: GraphSession): void {
  useEffect(() => {
    let byToken: string | null = null
    const apply = () => {
      const schema = session.guard.store.getState()
      const ui = useUI.getState()
      ui.setReadOnly('schema', schema.readOnly ? (schema.message ?? 'Read only') : null)
      ui.setReadOnly('token', byToken)
    }
    const stop = session.guard.store.subscribe(apply)
    const ask = new AbortController()
    void graphRole(session.id, ask.signal).then((role) => {
      if (ask.signal.aborted) return
      byToken = role === 'read' ? TOKEN_READ_ONLY : null
      apply()
    })
    apply()
    return () => {
      stop()
      ask.abort()
      useUI.getState().setReadOnly('schema', null)
      useUI.getState().setReadOnly('token', null)
    }
  }, [session])
}
