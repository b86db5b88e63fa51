import { bounds, type Rect, type XY } from '../canvas/geometry.ts'

// The extent of a picture: every node box, every edge's curve (its true extent, not its ends: a bracket
// between stacked nodes bulges out past all of them), the arrowhead at its end and every label's box.
// The export's viewBox was the nodes' box alone, so a curve and its label out there were cut off.
// Hand-written: the paths are the ones edge-geometry.ts writes (M, L, C, Q, absolute), and the extent
// of a cubic is the roots of a quadratic; no library is needed for that.

/** How far an arrowhead reaches from the end of its path: a 7-unit marker at stroke 1.6, with its tip at the end. */
export const ARROW_REACH = 12

/** The tight box of an SVG path made of absolute M, L, C and Q commands. */
export function pathBox(d: string): Rect | null {
  const tokens = d.match(/[MLCQ]|-?\d*\.?\d+(?:e[-+]?\d+)?/gi) ?? []
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  const add = (p: XY): void => {
    x0 = Math.min(x0, p.x)
    y0 = Math.min(y0, p.y)
    x1 = Math.max(x1, p.x)
    y1 = Math.max(y1, p.y)
  }
  let at: XY = { x: 0, y: 0 }
  let cmd = 'M'
  for (let i = 0; i < tokens.length;) {
    if (/^[MLCQ]$/i.test(tokens[i]!)) cmd = tokens[i++]!.toUpperCase()
    const take = (): XY => ({ x: Number(tokens[i++]), y: Number(tokens[i++]) })
    if (cmd === 'M' || cmd === 'L') {
      at = take()
      add(at)
    } else if (cmd === 'C') {
      const [c1, c2, end] = [take(), take(), take()]
      for (const p of cubicExtremes(at, c1, c2, end)) add(p)
      at = end
    } else {
      const [c, end] = [take(), take()]
      // A quadratic is the cubic with controls two thirds of the way to its control point.
      const c1 = { x: at.x + ((c.x - at.x) * 2) / 3, y: at.y + ((c.y - at.y) * 2) / 3 }
      const c2 = { x: end.x + ((c.x - end.x) * 2) / 3, y: end.y + ((c.y - end.y) * 2) / 3 }
      for (const p of cubicExtremes(at, c1, c2, end)) add(p)
      at = end
    }
  }
  return x0 === Infinity ? null : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
}

/** The ends of a cubic and its points where x or y turns. */
function cubicExtremes(p0: XY, p1: XY, p2: XY, p3: XY): XY[] {
  const out = [p0, p3]
  const at = (t: number, a: number, b: number, c: number, d: number): number =>
    (1 - t) ** 3 * a + 3 * (1 - t) ** 2 * t * b + 3 * (1 - t) * t ** 2 * c + t ** 3 * d
  for (const k of ['x', 'y'] as const) {
    // The derivative's roots: a t^2 + b t + c = 0.
    const a = -p0[k] + 3 * p1[k] - 3 * p2[k] + p3[k]
    const b = 2 * (p0[k] - 2 * p1[k] + p2[k])
    const c = p1[k] - p0[k]
    const roots: number[] = []
    if (Math.abs(a) < 1e-12) {
      if (Math.abs(b) > 1e-12) roots.push(-c / b)
    } else {
      const disc = b * b - 4 * a * c
      if (disc >= 0) roots.push((-b + Math.sqrt(disc)) / (2 * a), (-b - Math.sqrt(disc)) / (2 * a))
    }
    for (const t of roots)
      if (t > 0 && t < 1) out.push({ x: at(t, p0.x, p1.x, p2.x, p3.x), y: at(t, p0.y, p1.y, p2.y, p3.y) })
  }
  return out
}

export interface PaintedEdge {
  path: string
  /** Where the path ends, when an arrowhead is drawn there. */
  arrow?: XY
}

/** The box that holds every node box, edge (with its arrowhead) and label box given; null when given nothing. */
export function pictureBounds(
  nodes: Iterable<Rect>,
  edges: Iterable<PaintedEdge>,
  labels: Iterable<Rect>,
): Rect | null {
  const boxes: Rect[] = [...nodes, ...labels]
  for (const e of edges) {
    const b = pathBox(e.path)
    if (b) boxes.push(b)
    if (e.arrow)
      boxes.push({
        x: e.arrow.x - ARROW_REACH,
        y: e.arrow.y - ARROW_REACH,
        width: 2 * ARROW_REACH,
        height: 2 * ARROW_REACH,
      })
  }
  return bounds(boxes)
}
