import { fail } from './graph.ts'
import type { Check } from './validate.ts'
import { LIMITS, checkString, typeName } from './validate.ts'

// How a node looks, as the formats carry it: a shape, a colour and a size. Stored on the node, read in
// NodeView, drawn by the canvas; Mermaid and JSON Canvas read and write them.

/** Mermaid's classic shape names, and `group` for a JSON Canvas group card. */
export const SHAPES = [
  'rect',
  'round',
  'stadium',
  'subroutine',
  'cylinder',
  'circle',
  'double-circle',
  'diamond',
  'hexagon',
  'parallelogram',
  'parallelogram-alt',
  'trapezoid',
  'trapezoid-alt',
  'asymmetric',
  'group',
] as const
export type Shape = (typeof SHAPES)[number]

/** Layout directions a graph may record in meta (Mermaid's; TD is TB). */
export const DIRECTIONS = ['TB', 'TD', 'BT', 'LR', 'RL'] as const
export type Direction = (typeof DIRECTIONS)[number]

// Mermaid's newer `@{ shape: … }` names (docs, bolt, hourglass, …) are kept as written so an export
// gives them back; a canvas that does not know one draws a rectangle.
const OTHER_SHAPE = /^[a-z][a-z0-9-]{0,39}$/
const COLOR = /^(?:#[0-9a-fA-F]{6}|[1-6])$/

/**
 * The six colours a person picks (JSON Canvas 1.0's presets "1"-"6": red, orange, yellow, green, cyan,
 * purple) as the hex the canvas tints a node with; the same in both themes. Formats without presets
 * (Mermaid) write this hex, and read it back as the preset.
 */
export const PRESET_COLORS = {
  '1': '#e5484d',
  '2': '#f76b15',
  '3': '#e2a336',
  '4': '#30a46c',
  '5': '#05a2c2',
  '6': '#8e4ec6',
} as const satisfies Record<string, string>
export type PresetColor = keyof typeof PRESET_COLORS

/** A stored colour as `#rrggbb` (a preset as its hex, a hex as stored), or null when it is not one. */
export function colorHex(v: unknown): string | null {
  if (typeof v !== 'string') return null
  if (Object.hasOwn(PRESET_COLORS, v)) return PRESET_COLORS[v as PresetColor]
  return /^#[0-9a-fA-F]{6}$/.test(v) ? v : null
}

/** A `#rrggbb` as stored: the preset it is the hex of, else itself. */
export function presetOf(hex: string): string {
  const key = (Object.keys(PRESET_COLORS) as PresetColor[]).find((k) => PRESET_COLORS[k] === hex)
  return key ?? hex
}
/** Larger than any canvas a person scrolls, small enough that arithmetic on it stays exact. */
export const MAX_SIZE = 1_000_000
/** Aliases a node keeps (the ids it had in imported files, its memory id): the newest this many. */
export const MAX_ALIASES = 16

/** One alias: a one-line name (an import whose ids are not is stored without them). */
export function checkAlias(v: unknown, path: string): Check {
  return checkString(v, path, 2 * LIMITS.link, { line: true })
}

export function checkShape(v: unknown, path: string): Check {
  if (typeof v === 'string' && OTHER_SHAPE.test(v)) return null
  return fail(
    'invalid_argument',
    `${path}: shape ${typeof v === 'string' ? JSON.stringify(v) : typeName(v)} is not a shape name; use one of ${SHAPES.join(', ')}`,
  )
}

export function checkColor(v: unknown, path: string): Check {
  if (typeof v === 'string' && COLOR.test(v)) return null
  return fail(
    'invalid_argument',
    `${path}: colour ${typeof v === 'string' ? JSON.stringify(v) : typeName(v)} is not a CSS hex colour like #ff8800 or a JSON Canvas preset "1" to "6"`,
  )
}

export function checkSize(v: unknown, path: string): Check {
  if (typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= MAX_SIZE) return null
  return fail(
    'invalid_argument',
    `${path}: expected a number of canvas pixels above 0 and at most ${MAX_SIZE}`,
  )
}

export function checkDirection(v: unknown, path: string): Check {
  if (typeof v === 'string' && (DIRECTIONS as readonly string[]).includes(v)) return null
  return fail(
    'invalid_argument',
    `${path}: direction ${JSON.stringify(v)} is not one of ${DIRECTIONS.join(', ')}`,
  )
}

/** A colour as stored: #rgb widened to #rrggbb, presets as they are; null when it is neither. */
export function normalColor(v: unknown): string | null {
  if (typeof v !== 'string') return null
  const s = v.trim()
  const short = /^#([0-9a-fA-F])([0-9a-fA-F])([0-9a-fA-F])$/.exec(s)
  const full = short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : s
  return COLOR.test(full) ? full.toLowerCase() : null
}

/** The appearance fields of one item, checked in order; the first failure wins. */
export function checkAppearance(it: Record<string, unknown>, at: string, clearable: boolean): Check {
  const opt = (k: string, check: (v: unknown, p: string) => Check): Check =>
    it[k] === undefined || (clearable && it[k] === null) ? null : check(it[k], `${at}.${k}`)
  return (
    opt('shape', checkShape) ??
    opt('color', checkColor) ??
    opt('width', checkSize) ??
    opt('height', checkSize)
  )
}
