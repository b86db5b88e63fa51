import { meta } from '@plexus/model'
import type { ReactFlowInstance, Viewport } from '@xyflow/react'
import { useCallback, useEffect, type RefObject } from 'react'
import type { PEdge, PNode } from './flow-model.ts'
import { fitPadding } from './overlays.ts'
import type { Workspace } from './workspace.ts'

/**
 * Where the canvas looks: the view this tab last had on the graph (kept per tab in sessionStorage), else
 * the whole graph fitted, or on a big graph its root. Focuses the canvas when it opens. Returns React
 * Flow's `onInit` and `onMoveEnd`.
 */
export function useView(ws: Workspace, wrap: RefObject<HTMLDivElement | null>) {
  const { model, session } = ws
  const key = `plexus.view.${session.id}`
  const onInit = useCallback(
    (rf: ReactFlowInstance<PNode, PEdge>) => {
      ws.rf = rf
      const saved = sessionStorage.getItem(key)
      if (saved) {
        try {
          void rf.setViewport(JSON.parse(saved) as { x: number; y: number; zoom: number })
          return
        } catch {
          // fall through to a fresh view
        }
      }
      if (model.nodes.length <= 300)
        void rf.fitView({ maxZoom: 1, padding: fitPadding(), includeHiddenNodes: true })
      else {
        // Fitting thousands of nodes would render them all at once; start at the root instead.
        const root = meta(session.g).root
        const p = root ? model.positionOf(root) : null
        const box = wrap.current?.getBoundingClientRect()
        if (p && box) void rf.setViewport({ x: box.width / 3 - p.x, y: box.height / 2 - p.y, zoom: 1 })
      }
      requestAnimationFrame(() => requestAnimationFrame(() => performance.mark('plexus:first-render')))
    },
    [ws, model, session, wrap, key],
  )

  useEffect(() => {
    wrap.current?.focus({ preventScroll: true })
    return () => {
      const rf = ws.rf
      if (rf) sessionStorage.setItem(key, JSON.stringify(rf.getViewport()))
    }
  }, [ws, wrap, key])

  const onMoveEnd = (_: unknown, v: Viewport) => sessionStorage.setItem(key, JSON.stringify(v))
  return { onInit, onMoveEnd }
}
