import { colorHex, normalColor, presetOf } from '../appearance.ts'

// A node's colour and Mermaid's `fill`, both ways, in one place: the import reads a fill as the colour
// and the export writes the colour as a fill, so whatever the export writes reads back as the same
// colour. A preset ("1"-"6", what a person picks) is written as the hex the canvas tints with and read
// back as the preset.

// A `fill:` property at the start of a style body or after a `,` (`stroke-fill` is not one).
const FILL = /(^|[,;])(\s*)fill(\s*):(\s*)([^,;\s]+)/g

/**
 * The first `fill:` in a style body as a colour the model stores (`#rgb`, `#rrggbb`, a preset's hex as
 * the preset); null for a fill it does not store (a name, rgb()); undefined when the body has no fill.
 */
export function fillOf(style: unknown): string | null | undefined {
  if (typeof style !== 'string') return undefined
  const m = new RegExp(FILL.source).exec(style)
  if (!m) return undefined
  const hex = normalColor(m[5])
  return hex && presetOf(hex)
}

/** What Mermaid fills a node with, and the import so colours it: its own style, else its class, else default. */
export function fillColor(
  style: string | undefined,
  classDef: string | undefined,
  byDefault: string | undefined,
): string | undefined {
  const own = fillOf(style)
  const fill = own !== undefined ? own : classDef !== undefined ? fillOf(classDef) : fillOf(byDefault)
  return fill ?? undefined
}

const same = (a: string | undefined, b: string): boolean =>
  a !== undefined && a.toLowerCase() === b.toLowerCase()

/**
 * The `style` body to write for a node with this colour (undefined: no line): the node's own style with
 * every fill set to the colour's hex, its other properties as written; no fill added when the style,
 * class or default already fills it with this colour. A node with no colour keeps its style as it is.
 */
export function styleWithColor(
  color: unknown,
  style: string | undefined,
  classDef: string | undefined,
  byDefault: string | undefined,
): string | undefined {
  const hex = colorHex(color)?.toLowerCase()
  const stored = hex && presetOf(hex)
  if (!hex || !stored || same(fillColor(style, classDef, byDefault), stored)) return style || undefined
  if (style && new RegExp(FILL.source).test(style))
    return style.replace(
      FILL,
      (_, lead: string, a: string, b: string, c: string) => `${lead}${a}fill${b}:${c}${hex}`,
    )
  return style ? `fill:${hex},${style}` : `fill:${hex}`
}
