import { ViewportPortal } from '@xyflow/react'
import { useSyncExternalStore } from 'react'
import type { DragSnap } from './align-snap.ts'

/**
 * The alignment guides of a free move (align-snap.ts): a thin line along each edge or centre line the
 * moved node shares with another, across both. Drawn in canvas coordinates; re-rendered only when the
 * lines change, not on every pointer move.
 */
export function AlignGuides({ snap }: { snap: DragSnap }) {
  const guides = useSyncExternalStore(snap.subscribe, snap.guides)
  if (!guides.length) return null
  return (
    <ViewportPortal>
      {guides.map((g) => (
        <div
          key={`${g.axis}${g.at}`}
          className={`align-guide is-${g.axis}`}
          data-testid="align-guide"
          data-axis={g.axis}
          data-at={g.at}
          style={
            g.axis === 'x'
              ? { transform: `translate(${g.at}px, ${g.from}px)`, height: g.to - g.from }
              : { transform: `translate(${g.from}px, ${g.at}px)`, width: g.to - g.from }
          }
          aria-hidden
        />
      ))}
    </ViewportPortal>
  )
}
