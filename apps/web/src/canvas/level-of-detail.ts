import { useStoreApi, type ReactFlowState } from '@xyflow/react'
import { useCallback, useRef, useSyncExternalStore } from 'react'
import type { PNode } from './flow-model.ts'

/** Below this zoom a big graph is drawn as an overview on one <canvas> instead of as DOM nodes. */
export const OVERVIEW_ZOOM = 0.3
/** Graphs up to this size stay DOM nodes at every zoom (cheap enough, and every node stays clickable). */
export const OVERVIEW_MIN_NODES = 300
/**
 * More DOM nodes than this on screen at once is the overview too, below DENSE_ZOOM: rendering several
 * hundred nodes in the frame that crosses the zoom threshold cost 150–450 ms at 10k nodes (profiled),
 * and text that small reads as well from the overview's blocks. Leaving it takes a fifth fewer nodes,
 * so it does not flap at the border.
 */
export const DOM_MAX_ON_SCREEN = 200
const DENSE_ZOOM = 0.8

export interface LodInput {
  nodes: readonly PNode[]
  /** The viewport in flow coordinates, and the zoom. */
  view: { x: number; y: number; width: number; height: number }
  zoom: number
  /** Whether the overview is shown now. */
  was: boolean
}

/** Whether the canvas should show the overview rather than DOM nodes. */
export function overviewWanted({ nodes, view, zoom, was }: LodInput): boolean {
  if (nodes.length <= OVERVIEW_MIN_NODES) return false
  if (zoom < OVERVIEW_ZOOM) return true
  if (zoom >= DENSE_ZOOM) return false
  const limit = was ? DOM_MAX_ON_SCREEN * 0.8 : DOM_MAX_ON_SCREEN
  const x1 = view.x + view.width
  const y1 = view.y + view.height
  let on = 0
  for (const n of nodes) {
    if (n.hidden) continue
    const { x, y } = n.position
    const w = n.measured?.width ?? n.initialWidth ?? 150
    const h = n.measured?.height ?? n.initialHeight ?? 40
    if (x < x1 && x + w > view.x && y < y1 && y + h > view.y && ++on > limit) return true
  }
  return false
}

function viewOf(s: ReactFlowState) {
  const [tx, ty, zoom] = s.transform
  const width = s.width || window.innerWidth
  const height = s.height || window.innerHeight
  return { view: { x: -tx / zoom, y: -ty / zoom, width: width / zoom, height: height / zoom }, zoom }
}

/** Whether the canvas shows the overview now: far out, or too many nodes on screen, on a big graph. */
export function useOverview(model: { nodes: PNode[]; subscribe(fn: () => void): () => void }): boolean {
  const store = useStoreApi()
  const last = useRef<{ transform: unknown; width: number; nodes: unknown; on: boolean } | null>(null)
  const subscribe = useCallback(
    (notify: () => void) => {
      const offView = store.subscribe((s, prev) => {
        if (s.transform !== prev.transform || s.width !== prev.width || s.height !== prev.height) notify()
      })
      const offModel = model.subscribe(notify)
      return () => {
        offView()
        offModel()
      }
    },
    [store, model],
  )
  return useSyncExternalStore(subscribe, () => {
    const s = store.getState()
    const l = last.current
    if (l && l.transform === s.transform && l.width === s.width && l.nodes === model.nodes) return l.on
    const on = overviewWanted({ nodes: model.nodes, ...viewOf(s), was: l?.on ?? false })
    last.current = { transform: s.transform, width: s.width, nodes: model.nodes, on }
    return on
  })
}
