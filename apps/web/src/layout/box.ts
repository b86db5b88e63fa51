import { claimOf, shownKind, type NodeView } from '@plexus/model'
import { NODE_MAX_W, NODE_MIN_W, type Size } from '../canvas/geometry.ts'
import { givenSize, shapeOf, type Styled } from '../canvas/node-style.ts'

// The box a node without a stored position is laid out at and drawn as (layout/derived.ts,
// PlexusNode's `box`): computed from its text, kind, notes and shape alone, so every tab gets the same
// box whatever its fonts and zoom. The constants follow canvas.css (`.pnode`: 13.5px text on 19px
// lines, 12 + 14 px padding, the status icon and its gap; the root 15px); text wraps at word
// boundaries, as `overflow-wrap: anywhere` does. Measured in Chromium, a plain box, a diamond, a circle
// and a cylinder came out exactly as estimated; see SLACK for the rest.

const CHAR = 7.4
const ROOT_CHAR = 8.4
/**
 * A browser's glyphs run wider than the average on some words ("South two" wrapped in a hexagon laid
 * out for one line): a box is made this much wider than its text, and lines are counted as if the
 * glyphs were this much wider again, so a box is more often a little roomy than a line short.
 */
const SLACK = 1.12
const LINE = 19
const ROOT_LINE = 21
/** Padding, border, the status icon and its gap: what a line of text does not get of the width. */
const AROUND_X = 12 + 14 + 2 + 14 + 7
const AROUND_Y = 9 + 9 + 2
const ROOT_AROUND_Y = 12 + 12 + 2
/** The line of chips under the text (kind, notes, who holds it). */
const META = 6 + 17

/** Extra room a shape's outline takes round the text, and its least size (canvas.css `.shape-*`). */
const SHAPES: Record<string, { x: number; y: number; minW?: number; minH?: number }> = {
  diamond: { x: 92 - 26, y: 48 - 18, minW: 190, minH: 84 },
  circle: { x: 0, y: 0, minH: 64 },
  'double-circle': { x: 0, y: 0, minH: 64 },
  stadium: { x: 36 - 26, y: 0 },
  cylinder: { x: 0, y: 14 },
  hexagon: { x: 60 - 26, y: 0 },
  parallelogram: { x: 60 - 26, y: 0 },
  'parallelogram-alt': { x: 60 - 26, y: 0 },
  trapezoid: { x: 60 - 26, y: 0 },
  'trapezoid-alt': { x: 60 - 26, y: 0 },
  asymmetric: { x: 60 - 26, y: 0 },
}

/** How many lines `text` takes in `room` pixels, wrapping at spaces and inside words too long for a line. */
function lines(text: string, room: number, char: number): number {
  const perLine = Math.max(1, Math.floor(room / char))
  let count = 1
  let used = 0
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const len = word.length
    const need = used === 0 ? len : used + 1 + len
    if (need <= perLine) used = need
    else if (len <= perLine) {
      count++
      used = len
    } else {
      // A word longer than a line breaks anywhere.
      if (used > 0) count++
      count += Math.ceil(len / perLine) - 1
      used = len % perLine || perLine
    }
  }
  return count
}

export function layoutBox(v: NodeView, isRoot = false): Size {
  const given = givenSize(v as Styled)
  if (given) return given
  const shape = SHAPES[shapeOf(v as Styled) ?? ''] ?? { x: 0, y: 0 }
  const char = isRoot ? ROOT_CHAR : CHAR
  const aroundX = AROUND_X + shape.x
  const text = v.summary.trim()
  const widest = Math.max(4, text.length) * char * SLACK + aroundX
  const width = Math.round(Math.min(NODE_MAX_W, Math.max(NODE_MIN_W, shape.minW ?? 0, widest)))
  const n = lines(text, width - aroundX, char * SLACK)
  // A claim's chip is drawn while its lease holds, which depends on the clock: the line is kept for any
  // claim on open work, so every tab lays out the same whenever it looks.
  const meta = shownKind(v.kind) || v.notes || (!v.resolved && claimOf(v)) ? META : 0
  const height = (isRoot ? ROOT_AROUND_Y + n * ROOT_LINE : AROUND_Y + n * LINE) + meta + shape.y
  return { width, height: Math.round(Math.max(shape.minH ?? 0, height)) }
}
