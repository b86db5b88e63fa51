import { updateNodes, type Shape } from '@plexus/model'
import { report } from './commands.ts'
import { colorOf, shapeOf } from './node-style.ts'
import type { Workspace } from './workspace.ts'

// Setting how nodes look: the shape and colour a person picks in the inspector, with Alt+S / Alt+C or
// from the toolbar. They are ordinary node fields (an import sets the same ones), so they sync, show in
// history and undo like any other edit.

/** The shapes offered to a person, in the order Alt+S steps through them (imports may bring others). */
export const PICKABLE_SHAPES = [
  'rect',
  'round',
  'stadium',
  'diamond',
  'hexagon',
  'circle',
  'parallelogram',
  'cylinder',
] as const satisfies readonly Shape[]

export const SHAPE_LABEL: Record<Shape, string> = {
  rect: 'Rectangle',
  round: 'Rounded',
  stadium: 'Stadium',
  subroutine: 'Subroutine',
  cylinder: 'Cylinder',
  circle: 'Circle',
  'double-circle': 'Double circle',
  diamond: 'Diamond',
  hexagon: 'Hexagon',
  parallelogram: 'Parallelogram',
  'parallelogram-alt': 'Parallelogram (other way)',
  trapezoid: 'Trapezoid',
  'trapezoid-alt': 'Trapezoid (upside down)',
  asymmetric: 'Flag',
  group: 'Group',
}

/** The JSON Canvas presets a person picks from (node-style.ts draws them), and their names. */
export const PICKABLE_COLORS = [
  ['1', 'Red'],
  ['2', 'Orange'],
  ['3', 'Yellow'],
  ['4', 'Green'],
  ['5', 'Cyan'],
  ['6', 'Purple'],
] as const

export interface Look {
  shape?: string | null
  color?: string | null
}

/** Sets the shape and/or colour of these nodes, as one undo step (null: back to the default). */
export function setLook(ws: Workspace, ids: readonly string[], look: Look): void {
  const ix = ws.session.g.index
  const targets = ids.filter((id) => ix.live(id))
  if (!targets.length) return
  ws.session.undo.stopCapturing()
  const r = updateNodes(
    ws.session.g,
    targets.map((id) => ({ id, ...look })),
  )
  ws.session.undo.stopCapturing()
  if (r.ok) ws.model.own.changed(targets)
  else report(r)
}

function next<T>(list: readonly T[], current: T | null): T {
  const i = current === null ? -1 : list.indexOf(current)
  return list[(i + 1) % list.length]!
}

/** Gives the selection the shape after the first selected node's (Alt+S). */
export function cycleShape(ws: Workspace, ids: readonly string[]): void {
  const first = ws.session.g.index.nodes.get(ids[0] ?? '')
  if (!first) return
  const shape = shapeOf(first) ?? 'rect'
  const to = next(PICKABLE_SHAPES, (PICKABLE_SHAPES as readonly Shape[]).includes(shape) ? shape : null)
  setLook(ws, ids, { shape: to === 'rect' ? null : to })
}

/** Gives the selection the colour after the first selected node's, then none again (Alt+C). */
export function cycleColor(ws: Workspace, ids: readonly string[]): void {
  const first = ws.session.g.index.nodes.get(ids[0] ?? '')
  if (!first) return
  const keys: Array<string | null> = [...PICKABLE_COLORS.map(([k]) => k), null]
  const own = typeof first.color === 'string' && colorOf(first) ? first.color : null
  setLook(ws, ids, { color: next(keys, keys.includes(own) ? own : null) })
}
