// JSON Canvas 1.0 as TypeScript: the fields the spec names, and nothing else.

export interface CanvasNode {
  id: string
  type: 'text' | 'file' | 'link' | 'group'
  x: number
  y: number
  width: number
  height: number
  color?: string
  text?: string
  file?: string
  subpath?: string
  url?: string
  label?: string
  background?: string
  backgroundStyle?: 'cover' | 'ratio' | 'repeat'
}

export type Side = 'top' | 'right' | 'bottom' | 'left'
export type End = 'none' | 'arrow'

export interface CanvasEdge {
  id: string
  fromNode: string
  toNode: string
  fromSide?: Side
  toSide?: Side
  fromEnd?: End
  toEnd?: End
  color?: string
  label?: string
}

export interface Canvas {
  nodes: CanvasNode[]
  edges: CanvasEdge[]
}

export const SIDES: ReadonlySet<string> = new Set(['top', 'right', 'bottom', 'left'])
export const ENDS: ReadonlySet<string> = new Set(['none', 'arrow'])
