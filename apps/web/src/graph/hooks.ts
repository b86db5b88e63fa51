import { type Graph, type GraphMeta, meta, type NodeView, onMeta } from '@plexus/model'
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'

/** One node's view; re-renders only when that node changes (views are replaced, never mutated). */
export function useNodeView(g: Graph, id: string | null): NodeView | undefined {
  const subscribe = useCallback(
    (fn: () => void) =>
      g.index.onChange((nodes) => {
        if (id && nodes.has(id)) fn()
      }),
    [g, id],
  )
  return useSyncExternalStore(subscribe, () => (id ? g.index.nodes.get(id) : undefined))
}

/**
 * A counter that moves when anything in the graph changes, at most once per animation frame: for views
 * that read across the graph (the board, a node's relations and readiness).
 */
export function useGraphVersion(g: Graph): number {
  const [v, setV] = useState(g.index.version)
  const raf = useRef(0)
  useEffect(() => {
    const off = g.index.onChange(() => {
      if (raf.current) return
      raf.current = requestAnimationFrame(() => {
        raf.current = 0
        setV(g.index.version)
      })
    })
    return () => {
      off()
      cancelAnimationFrame(raf.current)
      raf.current = 0
    }
  }, [g])
  return v
}

/** The graph's meta (title, root), live. */
export function useMeta(g: Graph): GraphMeta {
  const subscribe = useCallback((fn: () => void) => onMeta(g.doc, fn), [g])
  const cache = useRef<{ json: string; meta: GraphMeta } | null>(null)
  return useSyncExternalStore(subscribe, () => {
    const m = meta(g)
    const json = JSON.stringify(m)
    if (cache.current?.json !== json) cache.current = { json, meta: m }
    return cache.current.meta
  })
}
