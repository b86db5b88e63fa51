// FreeMind and Freeplane `.mm` maps: the `<node>` tree with TEXT (or rich text), ID, LINK, colours,
// icons, notes (`richcontent TYPE="NOTE"`), attributes, and `<arrowlink>`s as relations (their label
// as the relation's words). Read with fast-xml-parser (see xml.ts for why). Kept as properties for the
// way back: the text colour, POSITION, FOLDED, attributes, a rich-text title's HTML and details.
// Counted in the ledger as dropped: fonts, edge styles, clouds, hooks (Freeplane's styles, images).
import type { Failure, Graph, Json } from '@plexus/model'
import { relationWords } from '@plexus/model'
import { fail } from './fail.ts'
import { LINKS_PAST, Ledger } from './ledger.ts'
import {
  centralTopic,
  fullTitle,
  hexColor,
  titleOf,
  type Outline,
  type Relation,
  type Topic,
} from './outline.ts'
import { attr, escText, htmlText, list, open, readXml, rootElement, wrongXml, type XmlNode } from './xml.ts'

const ARRAYS = new Set([
  'node',
  'icon',
  'richcontent',
  'arrowlink',
  'attribute',
  'font',
  'edge',
  'cloud',
  'hook',
])
const DROPPED: Record<string, [string, string, string?]> = {
  font: ['freemind-font', 'FreeMind font'],
  edge: ['freemind-edge-style', 'FreeMind edge style'],
  cloud: ['freemind-cloud', 'FreeMind cloud'],
  hook: [
    'freemind-hook',
    'FreeMind hook (style, image or plugin)',
    'FreeMind hooks (style, image or plugin)',
  ],
}
/** A Plexus id written as a FreeMind ID (an XML name cannot start with a digit). */
const ID_PREFIX = 'ID_plexus_'

export function readFreeMind(text: string): Outline | Failure {
  const doc = readXml(text, 'freemind', ARRAYS, ['richcontent'])
  if (!doc.ok) return doc
  const root = rootElement(doc.doc)
  if (!root) return fail('invalid_argument', 'freemind: the file has no elements; expected <map><node …>')
  if (root.name !== 'map') return wrongXml('a FreeMind/Freeplane map (<map><node …>)', root.name)
  const ledger = new Ledger()
  const relations: Relation[] = []
  let n = 0
  const read = (x: XmlNode, path: string): Topic => {
    n++
    const rich = list(x.richcontent)
    const html = (type: string): string | undefined => {
      const r = rich.find((c) => (attr(c, 'TYPE') ?? '').toUpperCase() === type)
      return r ? String(r['#text'] ?? '') : undefined
    }
    const nodeHtml = html('NODE')
    const raw =
      attr(x, 'TEXT') ?? attr(x, 'LOCALIZED_TEXT') ?? (nodeHtml !== undefined ? htmlText(nodeHtml) : '')
    const { title, properties } = titleOf(raw, ledger)
    const props: Record<string, Json> = { ...properties }
    if (nodeHtml !== undefined && attr(x, 'TEXT') === undefined) {
      props.freemind_html = nodeHtml
      ledger.add(
        'freemind-rich-text',
        'rich-text title',
        'read as plain text (the HTML kept as a property)',
        1,
        'rich-text titles',
      )
    }
    const details = html('DETAILS')
    if (details !== undefined) props.freemind_details = htmlText(details)
    const note = html('NOTE')
    const notes = note !== undefined ? htmlText(note) : undefined
    const textColor = attr(x, 'COLOR')
    if (textColor) props.freemind_color = textColor
    for (const a of ['POSITION', 'FOLDED', 'STYLE']) {
      const v = attr(x, a)
      if (v) props[`freemind_${a.toLowerCase()}`] = v
    }
    const attributes: Array<[string, string]> = []
    let kind: string | undefined
    for (const a of list(x.attribute)) {
      const name = attr(a, 'NAME')
      if (!name) continue
      if (name === 'plexus_kind' && /^[a-z][a-z0-9_]{0,63}$/.test(attr(a, 'VALUE') ?? ''))
        kind = attr(a, 'VALUE')
      else attributes.push([name, attr(a, 'VALUE') ?? ''])
    }
    if (attributes.length) {
      props.attributes = storedAttributes(attributes)
      ledger.add(
        'freemind-attribute',
        'FreeMind attribute',
        'kept as properties',
        Object.keys(attributes).length,
      )
    }
    for (const [tag, [k, noun, plural]] of Object.entries(DROPPED))
      ledger.add(k, noun, 'dropped', list(x[tag]).length, plural)
    const bg = attr(x, 'BACKGROUND_COLOR')
    const color = hexColor(bg)
    if (bg && !color)
      ledger.add('color', 'colour that is not a hex colour', 'dropped', 1, 'colours that are not hex colours')
    const icons = list(x.icon)
      .map((i) => attr(i, 'BUILTIN'))
      .filter((i): i is string => !!i)
    const id = attr(x, 'ID')
    const key = id ?? `${path}/${n}`
    for (const a of list(x.arrowlink)) {
      const to = attr(a, 'DESTINATION')
      if (!to) continue
      const label = attr(a, 'MIDDLE_LABEL') ?? attr(a, 'SOURCE_LABEL') ?? attr(a, 'TARGET_LABEL')
      relations.push({ from: key, to, ...(label ? { label } : {}), at: `freemind arrowlink from ${key}` })
    }
    const link = attr(x, 'LINK')
    return {
      key,
      ...(id?.startsWith(ID_PREFIX) ? { id: id.slice(ID_PREFIX.length) } : {}),
      title,
      ...(notes ? { notes } : {}),
      ...(link ? { links: [link] } : {}),
      ...(color ? { color } : {}),
      ...(icons.length ? { icons } : {}),
      ...(kind ? { kind } : {}),
      ...(Object.keys(props).length ? { properties: props } : {}),
      children: list(x.node).map((c) => read(c, key)),
    }
  }
  const roots = list(root.node.node).map((c) => read(c, ''))
  if (!roots.length)
    return fail('invalid_argument', 'freemind: <map> has no <node>; expected <map><node TEXT="…">')
  return { source: 'freemind', roots, relations, ledger }
}

const notesHtml = (notes: string): string =>
  `<html><head/><body>${notes
    .split('\n')
    // Runs of spaces survive HTML's collapsing as no-break spaces (read back as spaces).
    .map((l) => `<p>${escText(l).replace(/ {2}/g, ' &#160;').replace(/^ /, '&#160;')}</p>`)
    .join('')}</body></html>`

export function writeFreeMind(o: Outline, g: Graph): string {
  const central = centralTopic(g, o)
  const out = new Map<string, Relation[]>()
  for (const r of o.relations) out.set(r.from, [...(out.get(r.from) ?? []), r])
  const lines = ['<map version="1.0.1">']
  const write = (t: Topic, depth: number): void => {
    const pad = '  '.repeat(depth + 1)
    const p = t.properties ?? {}
    const s = (k: string): string | undefined => (typeof p[k] === 'string' ? (p[k] as string) : undefined)
    if ((t.links?.length ?? 0) > 1)
      o.ledger.add(
        'extra-link',
        'link past the first of a node',
        'dropped (FreeMind gives one LINK)',
        1,
        LINKS_PAST,
      )
    lines.push(
      open('node', {
        TEXT: fullTitle(t),
        ID: ID_PREFIX + t.key,
        LINK: t.links?.[0],
        BACKGROUND_COLOR: t.color,
        COLOR: s('freemind_color'),
        POSITION: depth === 1 ? s('freemind_position') : undefined,
        FOLDED: s('freemind_folded'),
        STYLE: s('freemind_style'),
      }).replace(/^/, pad) + '>',
    )
    if (t.notes) lines.push(`${pad}  <richcontent TYPE="NOTE">${notesHtml(t.notes)}</richcontent>`)
    for (const i of t.icons ?? []) lines.push(`${pad}  ${open('icon', { BUILTIN: i })}/>`)
    for (const [k, v] of attributesOf(p.attributes))
      lines.push(`${pad}  ${open('attribute', { NAME: k, VALUE: String(v) })}/>`)
    if (t.kind) lines.push(`${pad}  ${open('attribute', { NAME: 'plexus_kind', VALUE: t.kind })}/>`)
    for (const r of out.get(t.key) ?? []) {
      const words = r.label ?? (r.type && r.type !== 'relates_to' ? relationWords(r.type) : undefined)
      lines.push(`${pad}  ${open('arrowlink', { DESTINATION: ID_PREFIX + r.to, MIDDLE_LABEL: words })}/>`)
    }
    for (const c of t.children) write(c, depth + 1)
    lines.push(`${pad}</node>`)
  }
  write(central, 0)
  // Relations to or from topics outside the tree cannot happen: every live node is in it.
  lines.push('</map>', '')
  return lines.join('\n')
}

/**
 * A node's FreeMind attributes as stored: an object of name: value, as a person reads them in the
 * inspector, unless that would lose one — a name given twice (FreeMind allows it), or `__proto__` and
 * `constructor`, which no stored object can hold as keys (validate.ts) — then a list of [name, value].
 */
function storedAttributes(pairs: Array<[string, string]>): Json {
  const names = new Set(pairs.map(([k]) => k))
  const plain = names.size === pairs.length && !names.has('__proto__') && !names.has('constructor')
  return plain ? Object.fromEntries(pairs) : pairs
}

/** Either stored form of a node's attributes, as [name, value] pairs in order; anything else, none. */
function attributesOf(v: Json | undefined): Array<[string, Json]> {
  if (Array.isArray(v))
    return v.flatMap((p) =>
      Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' ? [[p[0], p[1]!] as [string, Json]] : [],
    )
  return v && typeof v === 'object' ? Object.entries(v) : []
}
