import type { Shape } from '@plexus/model'

// The outlines of the shapes a CSS box cannot draw (diamond, hexagon, parallelograms, trapezoids, the
// flag), as polygons in fractions of the node's box. The canvas draws them as an SVG behind the node's
// text (PlexusNode), and the SVG/PNG export draws the very same points (io/svg.ts): one geometry.

export type Point = readonly [number, number]

/** A slant as a fraction of the width: about a quarter of a common node's height. */
const SLANT = 0.12

const OUTLINES: Partial<Record<Shape, readonly Point[]>> = {
  diamond: [
    [0.5, 0],
    [1, 0.5],
    [0.5, 1],
    [0, 0.5],
  ],
  hexagon: [
    [SLANT, 0],
    [1 - SLANT, 0],
    [1, 0.5],
    [1 - SLANT, 1],
    [SLANT, 1],
    [0, 0.5],
  ],
  parallelogram: [
    [SLANT, 0],
    [1, 0],
    [1 - SLANT, 1],
    [0, 1],
  ],
  'parallelogram-alt': [
    [0, 0],
    [1 - SLANT, 0],
    [1, 1],
    [SLANT, 1],
  ],
  trapezoid: [
    [SLANT, 0],
    [1 - SLANT, 0],
    [1, 1],
    [0, 1],
  ],
  'trapezoid-alt': [
    [0, 0],
    [1, 0],
    [1 - SLANT, 1],
    [SLANT, 1],
  ],
  asymmetric: [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 1],
    [SLANT, 0.5],
  ],
}

/** The outline of a shape drawn as a polygon, in fractions of the box; null for box-drawn shapes. */
export function outlineOf(shape: Shape | null): readonly Point[] | null {
  return (shape && OUTLINES[shape]) ?? null
}

/** The outline's points in a box, as an SVG `points` attribute. */
export function pointsIn(outline: readonly Point[], x: number, y: number, w: number, h: number): string {
  const r = (v: number) => Math.round(v * 100) / 100
  return outline.map(([px, py]) => `${r(x + px * w)},${r(y + py * h)}`).join(' ')
}
