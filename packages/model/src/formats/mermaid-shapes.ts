// Mermaid's node shapes: bracket syntax both ways, and the `@{ shape: … }` names that mean the same.

/** Bracket pairs, longest opener first: the shape each one draws. */
export const BRACKETS: Array<{ open: string; close: string; shape: string | undefined }> = [
  { open: '(((', close: ')))', shape: 'double-circle' },
  { open: '((', close: '))', shape: 'circle' },
  { open: '([', close: '])', shape: 'stadium' },
  { open: '[[', close: ']]', shape: 'subroutine' },
  { open: '[(', close: ')]', shape: 'cylinder' },
  { open: '[/', close: '/]', shape: 'parallelogram' },
  { open: '[/', close: '\\]', shape: 'trapezoid' },
  { open: '[\\', close: '\\]', shape: 'parallelogram-alt' },
  { open: '[\\', close: '/]', shape: 'trapezoid-alt' },
  { open: '{{', close: '}}', shape: 'hexagon' },
  { open: '[', close: ']', shape: undefined },
  { open: '(', close: ')', shape: 'round' },
  { open: '{', close: '}', shape: 'diamond' },
  { open: '>', close: ']', shape: 'asymmetric' },
]

/** Mermaid's shape names and aliases for the classic shapes; other names are kept as written. */
const ALIASES: Record<string, string | undefined> = {
  rect: undefined,
  rectangle: undefined,
  proc: undefined,
  process: undefined,
  squareRect: undefined,
  square: undefined,
  rounded: 'round',
  event: 'round',
  round: 'round',
  stadium: 'stadium',
  pill: 'stadium',
  terminal: 'stadium',
  subproc: 'subroutine',
  subprocess: 'subroutine',
  subroutine: 'subroutine',
  'fr-rect': 'subroutine',
  'framed-rectangle': 'subroutine',
  cyl: 'cylinder',
  cylinder: 'cylinder',
  database: 'cylinder',
  db: 'cylinder',
  circ: 'circle',
  circle: 'circle',
  'dbl-circ': 'double-circle',
  'double-circle': 'double-circle',
  doublecircle: 'double-circle',
  diam: 'diamond',
  diamond: 'diamond',
  decision: 'diamond',
  question: 'diamond',
  hex: 'hexagon',
  hexagon: 'hexagon',
  prepare: 'hexagon',
  'lean-r': 'parallelogram',
  'lean-right': 'parallelogram',
  'in-out': 'parallelogram',
  lean_right: 'parallelogram',
  'lean-l': 'parallelogram-alt',
  'lean-left': 'parallelogram-alt',
  'out-in': 'parallelogram-alt',
  lean_left: 'parallelogram-alt',
  'trap-b': 'trapezoid',
  'trapezoid-bottom': 'trapezoid',
  priority: 'trapezoid',
  trapezoid: 'trapezoid',
  'trap-t': 'trapezoid-alt',
  'trapezoid-top': 'trapezoid-alt',
  manual: 'trapezoid-alt',
  inv_trapezoid: 'trapezoid-alt',
  'inv-trapezoid': 'trapezoid-alt',
  odd: 'asymmetric',
}

/** The stored shape for a `@{ shape: name }`: a classic name, the name as written, or none for a rectangle. */
export function shapeOfName(name: string): string | undefined {
  if (Object.hasOwn(ALIASES, name)) return ALIASES[name]
  return name.toLowerCase()
}

/** The bracket pair that writes a stored shape, or null when only `@{ shape: … }` can. */
export function bracketsOf(shape: string | undefined): { open: string; close: string } | null {
  if (!shape || shape === 'rect') return { open: '[', close: ']' }
  return BRACKETS.find((b) => b.shape === shape) ?? null
}
