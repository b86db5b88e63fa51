import { useStoreApi } from '@xyflow/react'
import { useEffect } from 'react'

/** The view is still this long after its last move before it counts as resting. */
const SETTLE_MS = 150

/**
 * Marks the canvas `is-moving` while the view pans or zooms; canvas.css then drops the nodes' soft
 * shadows. A blurred shadow is rasterised again for every node on screen at every zoom step, which a
 * software renderer pays for in frames; nobody reads a shadow in motion, and it fades back in when the
 * view rests. A class on one element, set from the store's subscription: no React render per frame.
 */
export function MovingClass(): null {
  const store = useStoreApi()
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null
    const off = store.subscribe((s, prev) => {
      if (s.transform === prev.transform) return
      if (timer) clearTimeout(timer)
      else s.domNode?.classList.add('is-moving')
      timer = setTimeout(() => {
        timer = null
        store.getState().domNode?.classList.remove('is-moving')
      }, SETTLE_MS)
    })
    return () => {
      off()
      if (timer) clearTimeout(timer)
      store.getState().domNode?.classList.remove('is-moving')
    }
  }, [store])
  return null
}
