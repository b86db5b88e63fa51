// OPML 2.0 outlines (outliners, feed readers, Workflowy, Dynalist, Logseq): the tree of `<outline>`s,
// `text` as the name, `_note` as notes (the outliners' convention), `url`/`htmlUrl`/`xmlUrl` as
// links. Every other attribute is kept as an `opml_<name>` property and written back. OPML has no
// relations and no colours: an export says so in its ledger. Plexus writes `_plexus_id` (and `_kind`)
// so its own export re-imports onto the same nodes; other files are matched by their place in the tree.
import type { Failure, Json } from '@plexus/model'
import { LINKS_PAST, Ledger } from './ledger.ts'
import { titleOf, type Outline, type Topic } from './outline.ts'
import { attr, escText, list, open, readXml, rootElement, wrongXml, type XmlNode } from './xml.ts'
import { fail } from './fail.ts'

const KNOWN = new Set(['text', 'title', '_note', 'url', 'htmlUrl', 'xmlUrl', '_plexus_id', '_kind'])
const LINKS = ['url', 'htmlUrl', 'xmlUrl']

export function readOPML(text: string): Outline | Failure {
  const doc = readXml(text, 'opml', new Set(['outline']))
  if (!doc.ok) return doc
  const root = rootElement(doc.doc)
  if (!root) return fail('invalid_argument', 'opml: the file has no elements; expected <opml><body>…')
  if (root.name !== 'opml') return wrongXml('an OPML outline (<opml><body>…)', root.name)
  const body = root.node.body
  if (body === undefined)
    return fail('invalid_argument', 'opml: <opml> has no <body>; expected <opml><body><outline …/>')
  const ledger = new Ledger()
  const used = new Set<string>()
  const read = (n: XmlNode, path: string): Topic => {
    const raw = attr(n, 'text') ?? attr(n, 'title') ?? ''
    const { title, properties } = titleOf(raw, ledger)
    const props: Record<string, Json> = { ...properties }
    for (const [k, v] of Object.entries(n)) {
      if (!k.startsWith('@_') || KNOWN.has(k.slice(2))) continue
      props[`opml_${k.slice(2)}`] = String(v)
      ledger.add('opml-attribute', 'OPML attribute', 'kept as properties', 1, 'OPML attributes')
    }
    // A path of titles, numbered among equal siblings, names a node of a file that has no ids.
    let key = attr(n, '_plexus_id') ?? `${path}/${title}`
    if (!attr(n, '_plexus_id')) for (let i = 2; used.has(key); i++) key = `${path}/${title}#${i}`
    used.add(key)
    const links = LINKS.map((l) => attr(n, l)).filter((l): l is string => !!l)
    const note = attr(n, '_note')
    const kind = attr(n, '_kind')
    return {
      key,
      title,
      ...(note ? { notes: note } : {}),
      ...(links.length ? { links } : {}),
      ...(kind && /^[a-z][a-z0-9_]{0,63}$/.test(kind) ? { kind } : {}),
      ...(Object.keys(props).length ? { properties: props } : {}),
      children: list(n.outline).map((c) => read(c, key)),
    }
  }
  const top = typeof body === 'object' && body !== null ? list((body as XmlNode).outline) : []
  return { source: 'opml', roots: top.map((n) => read(n, '')), relations: [], ledger }
}

export function writeOPML(o: Outline, title: string): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<opml version="2.0">',
    `  <head><title>${escText(title)}</title></head>`,
    '  <body>',
  ]
  const write = (t: Topic, depth: number): void => {
    const pad = '  '.repeat(depth + 2)
    const extra: Record<string, string> = {}
    for (const [k, v] of Object.entries(t.properties ?? {}))
      if (k.startsWith('opml_') && typeof v === 'string') extra[k.slice(5)] = v
    if ((t.links?.length ?? 0) > 1)
      o.ledger.add(
        'extra-link',
        'link past the first of a node',
        'dropped (OPML gives one url)',
        1,
        LINKS_PAST,
      )
    const head = open('outline', {
      text:
        typeof t.properties?.text === 'string' ? t.properties.text : t.properties?.untitled ? '' : t.title,
      ...(t.links?.length ? { type: extra.type ?? 'link', url: t.links[0] } : {}),
      _note: t.notes || undefined,
      _plexus_id: t.key,
      _kind: t.kind,
      ...extra,
    })
    if (!t.children.length) lines.push(`${pad}${head}/>`)
    else {
      lines.push(`${pad}${head}>`)
      for (const c of t.children) write(c, depth + 1)
      lines.push(`${pad}</outline>`)
    }
  }
  for (const r of o.roots) write(r, 0)
  lines.push('  </body>', '</opml>', '')
  return lines.join('\n')
}
