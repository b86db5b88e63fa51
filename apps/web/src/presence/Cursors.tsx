import { ViewportPortal } from '@xyflow/react'
import type { CSSProperties } from 'react'
import { label, usePresence } from './presence.ts'

/** Other people's pointers, drawn in flow coordinates so they stay on the thing they point at. */
export function Cursors() {
  const peers = usePresence((s) => s.peers)
  return (
    <ViewportPortal>
      {peers.map((p) =>
        p.cursor && p.user.kind === 'person' ? (
          <div
            key={p.clientId}
            className="peer-cursor"
            data-testid="peer-cursor"
            style={
              {
                transform: `translate(${p.cursor.x}px, ${p.cursor.y}px)`,
                '--c': p.user.color,
              } as CSSProperties
            }
          >
            <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden>
              <path d="M2 2l5.5 13.5 2-5.5 5.5-2z" />
            </svg>
            <span>{label(p.user)}</span>
          </div>
        ) : null,
      )}
    </ViewportPortal>
  )
}
