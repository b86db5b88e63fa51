// XML in and out for OPML, FreeMind, XMind 8 and GraphML. Reading uses fast-xml-parser: pure
// JavaScript with no DOM (so the same code runs in the server, the CLI and the browser), about 30 kB
// minified, and among the fastest JavaScript XML parsers; it validates well-formedness first and
// decodes character and HTML entities. Writing is the small writer below rather than its XMLBuilder,
// because attribute values here carry line breaks (notes), which must be written as `&#10;` to survive
// an XML parser's attribute normalisation, and the builder would escape the `&` of such a reference.
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import type { Failure } from '@plexus/model'
import { fail } from './fail.ts'

export type XmlNode = Record<string, unknown>

/** Elements nested deeper are refused: fast-xml-parser's own limit is 100 (a deep FreeMind map has more). */
export const MAX_XML_DEPTH = 1000

/** Parses XML whose elements named in `arrays` always come as arrays; `raw` elements keep their inner XML as text. */
export function readXml(
  text: string,
  what: string,
  arrays: ReadonlySet<string>,
  raw: readonly string[] = [],
): { ok: true; doc: XmlNode } | Failure {
  const body = text.replace(/^\uFEFF/, '')
  const valid = XMLValidator.validate(body)
  if (valid !== true)
    return fail(
      'invalid_argument',
      `${what}: not well-formed XML at line ${valid.err.line}: ${valid.err.msg}`,
    )
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    htmlEntities: true,
    trimValues: false,
    isArray: (name) => arrays.has(name),
    stopNodes: raw.map((r) => `*.${r}`),
    maxNestedTags: MAX_XML_DEPTH,
  })
  try {
    return { ok: true, doc: parser.parse(body) as XmlNode }
  } catch (e) {
    if (e instanceof Error && /nested/i.test(e.message))
      return fail(
        'invalid_argument',
        `${what}: elements nested deeper than ${MAX_XML_DEPTH} levels; Plexus reads up to that. Move the deepest branches up or split the file.`,
      )
    throw e
  }
}

/** The first element a document has besides its `<?xml?>` declaration, with its name. */
export function rootElement(doc: XmlNode): { name: string; node: XmlNode } | null {
  for (const [name, node] of Object.entries(doc)) {
    if (name.startsWith('?') || name.startsWith('#')) continue
    return { name, node: (typeof node === 'object' && node !== null ? node : {}) as XmlNode }
  }
  return null
}

export const attr = (n: XmlNode, name: string): string | undefined => {
  const v = n[`@_${name}`]
  return typeof v === 'string' ? v : undefined
}

export const list = (v: unknown): XmlNode[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((x) =>
    typeof x === 'object' && x !== null ? (x as XmlNode) : { '#text': String(x) },
  )

/** An element's text (its own text nodes, joined). */
export function textOf(v: unknown): string {
  if (v === undefined || v === null) return ''
  if (typeof v !== 'object') return String(v)
  if (Array.isArray(v)) return v.map(textOf).join('')
  const t = (v as XmlNode)['#text']
  return t === undefined ? '' : String(t)
}

const ESC: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
}
export const escAttr = (s: string): string => s.replace(/[&<>"\n\r\t]/g, (c) => ESC[c]!)
export const escText = (s: string): string => s.replace(/[&<>]/g, (c) => ESC[c]!)

/** `<name a="…" b="…"` with the attributes that have a value. */
export function open(name: string, attrs: Record<string, string | undefined>): string {
  let s = `<${name}`
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) s += ` ${k}="${escAttr(v)}"`
  return s
}

/** What the file is when it is not what was asked for, for a refusal that says what to do. */
export function wrongXml(expected: string, got: string): Failure {
  const known: Record<string, string> = {
    opml: 'an OPML outline: import it as opml',
    map: 'a FreeMind/Freeplane map: import it as freemind',
    graphml: 'a GraphML graph: import it as graphml',
    'xmap-content': 'an XMind 8 sheet: import the .xmind file as xmind',
    svg: 'an SVG picture, not a map',
    html: 'an HTML page, not a map',
  }
  const what = Object.hasOwn(known, got) ? known[got] : `an XML document whose root is <${got}>`
  return fail('invalid_argument', `expected ${expected}, but this is ${what}`)
}

const BLOCK = new Set(['p', 'div', 'li', 'br', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'blockquote'])

/**
 * The text an HTML fragment shows (FreeMind's rich text and notes are XHTML): spaces collapsed as a
 * browser collapses them, a line per paragraph, list item or `<br>`; `<head>` and `<style>` left out.
 */
export function htmlText(html: string): string {
  const parser = new XMLParser({
    ignoreAttributes: true,
    preserveOrder: true,
    htmlEntities: true,
    trimValues: false,
  })
  let tree: unknown
  try {
    tree = parser.parse(html)
  } catch {
    return (
      html
        // `[^<>]`: an unclosed `<` is not scanned to the end from every `<` after it (quadratic).
        .replace(/<[^<>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    )
  }
  let out = ''
  const walkHtml = (items: unknown): void => {
    if (!Array.isArray(items)) return
    for (const item of items as Array<Record<string, unknown>>) {
      for (const [tag, v] of Object.entries(item)) {
        if (tag === '#text') out += String(v).replace(/[ \t\r\n]+/g, ' ')
        else if (tag === 'head' || tag === 'style' || tag === 'script' || tag.startsWith('?')) continue
        else if (tag === ':@') continue
        else {
          const t = tag.toLowerCase()
          if (t === 'pre') out += textOfPre(v)
          else walkHtml(v)
          if (BLOCK.has(t)) out += '\n'
        }
      }
    }
  }
  const textOfPre = (v: unknown): string => {
    const flat = (x: unknown): string =>
      Array.isArray(x)
        ? x
            .map((i: Record<string, unknown>) =>
              Object.entries(i)
                .map(([k, y]) => (k === '#text' ? String(y) : k === ':@' ? '' : flat(y)))
                .join(''),
            )
            .join('')
        : ''
    return flat(v)
  }
  walkHtml(tree)
  // Trimmed by hand: `[ \t]+$` and `\n+$` are retried from each blank of a run that does not end the
  // text, which is quadratic in a <pre> of many blanks.
  return trimChars(
    out
      .split('\n')
      .map((l) => trimChars(l, ' \t'))
      .join('\n'),
    '\n',
  ).replace(/\u00a0/g, ' ')
}

/** `s` without the characters of `chars` at either end. */
function trimChars(s: string, chars: string): string {
  let a = 0
  let b = s.length
  while (a < b && chars.includes(s[a]!)) a++
  while (b > a && chars.includes(s[b - 1]!)) b--
  return s.slice(a, b)
}
