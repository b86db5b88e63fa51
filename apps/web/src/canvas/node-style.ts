import { SHAPES, colorHex, type NodeView, type Shape } from '@plexus/model'
import type { CSSProperties } from 'react'
import { outlineOf, type Point } from './shapes.ts'

// How a node looks beyond its readiness: the colour, shape and size an import brought in (Mermaid node
// shapes, JSON Canvas card colours and sizes). The fields are optional on NodeView (`shape`, `color`,
// `width`, `height`); older documents and builds without them draw nodes as before.

export interface Styled {
  shape?: unknown
  color?: unknown
  width?: unknown
  height?: unknown
}

export function shapeOf(n: Styled): Shape | null {
  return typeof n.shape === 'string' && (SHAPES as readonly string[]).includes(n.shape)
    ? (n.shape as Shape)
    : null
}

/**
 * A node's colour as CSS (a JSON Canvas preset "1"-"6" as the model's hex for it, or its own `#rrggbb`),
 * or null. Anything else is ignored. The Mermaid export writes the same hex as the node's fill.
 */
export function colorOf(n: Styled): string | null {
  return colorHex(n.color)
}

/** A size the node was given (a canvas card's), within sane bounds, or null. */
export function givenSize(n: Styled): { width: number; height: number } | null {
  const ok = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0
  if (!ok(n.width) || !ok(n.height)) return null
  return { width: Math.min(4000, Math.max(40, n.width)), height: Math.min(4000, Math.max(24, n.height)) }
}

export interface NodeLook {
  className: string
  style: CSSProperties
  /** The colour as stored (a preset `"1"`-`"6"` or `#rrggbb`) when it is one the canvas draws. */
  color: string | null
  /** The polygon drawn for shapes a box cannot draw (shapes.ts), else null. */
  outline: readonly Point[] | null
}

/** The class names, inline style and outline PlexusNode adds for these fields. */
export function nodeLook(view: NodeView): NodeLook {
  const n = view as NodeView & Styled
  const shape = shapeOf(n)
  const color = colorOf(n)
  const size = givenSize(n)
  const style: Record<string, string | number> = {}
  if (color) style['--tint'] = color
  if (size) {
    style.width = size.width
    style.minHeight = size.height
    style.maxWidth = 'none'
  }
  const outline = outlineOf(shape)
  const className = [
    shape && shape !== 'rect' ? `shape-${shape}` : '',
    outline ? 'is-outlined' : '',
    color ? 'is-tinted' : '',
  ]
    .filter(Boolean)
    .join(' ')
  return {
    className,
    style: style as CSSProperties,
    color: color ? (n.color as string) : null,
    outline,
  }
}
