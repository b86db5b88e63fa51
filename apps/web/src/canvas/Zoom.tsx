import { Background, BackgroundVariant, useStore, useStoreApi } from '@xyflow/react'
import { useEffect } from 'react'
import { fitInsets } from './overlays.ts'
import { fitZoom, graphBox } from './commands.ts'
import { useWorkspace } from './workspace.ts'

/** The canvas's usual minimum zoom; a graph too tall or wide to fit at it lowers it (below). */
export const MIN_ZOOM = 0.05

/**
 * Keeps the whole graph reachable by zooming out: at open, and whenever fit needs it, the minimum zoom
 * goes down to what shows everything (a one-sided tree of a thousand nodes is ~100,000 px tall). It
 * never goes up again while the graph is open: a zoom a person reached stays reachable.
 */
export function ZoomFloor() {
  const ws = useWorkspace()
  const api = useStoreApi()
  useEffect(() => {
    const lower = (zoom: number) => {
      const s = api.getState()
      if (zoom < s.minZoom) s.setMinZoom(zoom)
    }
    ws.zoomFloor = lower
    const box = graphBox(ws)
    const el = document.querySelector('.react-flow')?.getBoundingClientRect()
    if (box && el) lower(Math.min(MIN_ZOOM, fitZoom(box, el, fitInsets()) * 0.8))
    return () => {
      if (ws.zoomFloor === lower) delete ws.zoomFloor
    }
  }, [ws, api])
  return null
}

/** Marks the canvas as zoomed far out, where CSS drops node details nobody could read anyway. */
export function ZoomClass() {
  const far = useStore((s) => s.transform[2] < 0.45)
  useEffect(() => {
    document.querySelector('.react-flow')?.classList.toggle('zoomed-out', far)
  }, [far])
  return null
}

/**
 * The dotted background, left out below the usual minimum zoom: there its pattern tile would be a
 * fraction of a pixel, and drawing millions of them hangs the page.
 */
export function Dots() {
  const far = useStore((s) => s.transform[2] < MIN_ZOOM)
  if (far) return null
  return <Background variant={BackgroundVariant.Dots} gap={22} size={1.2} className="canvas-bg" />
}
