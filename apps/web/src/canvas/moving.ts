import { useStoreApi } from '@xyflow/react'
import { useEffect } from 'react'

/** The view is still this long after its last move before it counts as resting. */
const SETTLE_MS = 150

/**
 * Marks the canvas `is-moving` while the view pans or zooms, and `is-zooming` too once a step of that
 * move has changed the zoom; canvas.css then drops what a software renderer would rasterise again at
 * every step for nothing a person reads in motion: the nodes' blurred shadows while moving, and the
 * dotted background while zooming (a zoom step redraws the whole screen of dots, the largest part of its
 * raster; a pan keeps them). Both come back when the view rests. Classes on one element, set from the
 * store's subscription: no React render per frame.
 */
export function MovingClass(): null {
  const store = useStoreApi()
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null
    const off = store.subscribe((s, prev) => {
      if (s.transform === prev.transform) return
      if (timer) clearTimeout(timer)
      else s.domNode?.classList.add('is-moving')
      if (s.transform[2] !== prev.transform[2]) s.domNode?.classList.add('is-zooming')
      timer = setTimeout(() => {
        timer = null
        store.getState().domNode?.classList.remove('is-moving', 'is-zooming')
      }, SETTLE_MS)
    })
    return () => {
      off()
      if (timer) clearTimeout(timer)
      store.getState().domNode?.classList.remove('is-moving', 'is-zooming')
    }
  }, [store])
  return null
}
