// XMind workbooks (`.xmind`): a zip holding `content.json` (XMind 2020 and later, XMind Zen) or
// `content.xml` (XMind 8 and earlier). Each sheet's central topic is a root; attached, detached
// (floating) and summary topics are children; notes (plain text), `href` links, markers (as icons),
// labels, the fill colour, and relationships (as relations, their title as the words) are kept.
// Unzipped with fflate: pure JavaScript, synchronous, no DOM or streams, about 8 kB for unzip+zip and
// faster than JSZip; its filter lets the reader refuse an oversized entry before inflating it (zip
// bombs). content.xml is read with fast-xml-parser (see xml.ts). Dropped and counted: styles other
// than the fill, images, boundaries, summaries' ranges, themes.
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import { JSON_LIMIT, relationWords, type Failure, type Graph, type Json } from '@plexus/model'
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
import { attr, list, readXml, rootElement, textOf, wrongXml, type XmlNode } from './xml.ts'

type J = Record<string, unknown>
const obj = (v: unknown): J => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as J) : {})
const arr = (v: unknown): J[] => (Array.isArray(v) ? v.map(obj) : [])
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

/** Floating and summary topics are read as children; the ledger says what they lost. */
function noteKept(ledger: Ledger, type: 'detached' | 'summary', n: number): void {
  if (type === 'detached')
    ledger.add(
      'xmind-detached',
      'floating XMind topic',
      'kept as a child of its sheet’s central topic',
      n,
      'floating XMind topics',
    )
  else
    ledger.add(
      'xmind-summary',
      'XMind summary',
      'kept as a child topic (its range dropped)',
      n,
      'XMind summaries',
    )
}

export function readXMind(bytes: Uint8Array): Outline | Failure {
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b)
    return fail(
      'invalid_argument',
      'xmind: expected an .xmind file (a zip with content.json or content.xml), but this is not a zip',
    )
  let files: Record<string, Uint8Array>
  let tooBig = ''
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        if (f.name !== 'content.json' && f.name !== 'content.xml') return false
        if (f.originalSize > JSON_LIMIT) tooBig = f.name
        return f.originalSize <= JSON_LIMIT
      },
    })
  } catch (e) {
    return fail(
      'invalid_argument',
      `xmind: the zip cannot be read: ${e instanceof Error ? e.message : String(e)}`,
    )
  }
  if (tooBig)
    return fail(
      'too_large',
      `xmind: ${tooBig} is larger than one import takes (${JSON_LIMIT} bytes). Split the map.`,
    )
  const ledger = new Ledger()
  if (files['content.json']) {
    let data: unknown
    try {
      data = JSON.parse(strFromU8(files['content.json']))
    } catch (e) {
      return fail(
        'invalid_argument',
        `xmind: content.json is not JSON: ${e instanceof Error ? e.message : String(e)}`,
      )
    }
    if (!Array.isArray(data)) return fail('invalid_argument', 'xmind: content.json is not a list of sheets')
    return fromJsonSheets(arr(data), ledger)
  }
  if (files['content.xml']) return fromXmlSheets(strFromU8(files['content.xml']), ledger)
  return fail(
    'invalid_argument',
    'xmind: the zip has neither content.json nor content.xml; expected an .xmind workbook',
  )
}

function fromJsonSheets(sheets: J[], ledger: Ledger): Outline | Failure {
  const roots: Topic[] = []
  const relations: Relation[] = []
  const read = (t: J, extra?: Record<string, Json>): Topic => {
    const { title, properties } = titleOf(str(t.title) ?? '', ledger)
    const props: Record<string, Json> = { ...properties, ...extra }
    const labels = Array.isArray(t.labels) ? t.labels.filter((l): l is string => typeof l === 'string') : []
    if (labels.length) props.xmind_labels = labels
    const style = obj(obj(t.style).properties)
    const fill = hexColor(style['svg:fill'])
    const others = Object.keys(style).filter((k) => k !== 'svg:fill').length
    ledger.add('xmind-style', 'XMind style property', 'dropped', others, 'XMind style properties')
    if (t.image) ledger.add('xmind-image', 'XMind image', 'dropped')
    const icons = arr(t.markers)
      .map((m) => str(m.markerId))
      .filter((m): m is string => !!m)
    const notes = str(obj(obj(t.notes).plain).content)
    const href = str(t.href)
    const ch = obj(t.children)
    ledger.add('xmind-boundary', 'XMind boundary', 'dropped', arr(t.boundaries).length, 'XMind boundaries')
    noteKept(ledger, 'summary', arr(ch.summary).length)
    noteKept(ledger, 'detached', arr(ch.detached).length)
    const id = str(t.id) ?? `${title}`
    return {
      key: id,
      id,
      title,
      ...(notes?.trim() ? { notes: notes.replace(/\r\n?/g, '\n') } : {}),
      ...(href ? { links: [href] } : {}),
      ...(fill ? { color: fill } : {}),
      ...(icons.length ? { icons } : {}),
      ...(Object.keys(props).length ? { properties: props } : {}),
      children: [
        ...arr(ch.attached).map((c) => read(c)),
        ...arr(ch.detached).map((c) => read(c, { xmind_detached: true })),
        ...arr(ch.summary).map((c) => read(c, { xmind_summary: true })),
      ],
    }
  }
  for (const s of sheets) {
    const root = obj(s.rootTopic)
    if (!Object.keys(root).length) continue
    roots.push(read(root))
    for (const r of arr(s.relationships)) {
      const from = str(r.end1Id)
      const to = str(r.end2Id)
      if (!from || !to) continue
      const title = str(r.title)
      relations.push({
        from,
        to,
        ...(title?.trim() ? { label: title.trim() } : {}),
        at: `xmind relationship ${str(r.id) ?? ''}`.trim(),
      })
    }
  }
  if (!roots.length) return fail('invalid_argument', 'xmind: content.json has no sheet with a central topic')
  return { source: 'xmind', roots, relations, ledger }
}

const ARRAYS = new Set([
  'sheet',
  'topic',
  'topics',
  'marker-ref',
  'label',
  'relationship',
  'boundary',
  'summary',
])

function fromXmlSheets(text: string, ledger: Ledger): Outline | Failure {
  const doc = readXml(text, 'xmind content.xml', ARRAYS)
  if (!doc.ok) return doc
  const root = rootElement(doc.doc)
  if (!root || root.name !== 'xmap-content')
    return wrongXml('an XMind 8 sheet (<xmap-content>)', root?.name ?? 'nothing')
  const roots: Topic[] = []
  const relations: Relation[] = []
  const read = (t: XmlNode, extra?: Record<string, Json>): Topic => {
    const { title, properties } = titleOf(textOf(t.title), ledger)
    const props: Record<string, Json> = { ...properties, ...extra }
    const labels = list(list(t.labels)[0]?.label).map(textOf).filter(Boolean)
    if (labels.length) props.xmind_labels = labels
    if (attr(t, 'style-id')) ledger.add('xmind-style', 'XMind style', 'dropped')
    const icons = list(list(t['marker-refs'])[0]?.['marker-ref'])
      .map((m) => attr(m, 'marker-id'))
      .filter((m): m is string => !!m)
    const notes = textOf(list(t.notes)[0]?.plain)
    const href = attr(t, 'xlink:href')
    ledger.add(
      'xmind-boundary',
      'XMind boundary',
      'dropped',
      list(list(t.boundaries)[0]?.boundary).length,
      'XMind boundaries',
    )
    const id = attr(t, 'id') ?? title
    const children: Topic[] = []
    for (const group of list(list(t.children)[0]?.topics)) {
      const type = attr(group, 'type')
      if (type === 'detached' || type === 'summary') noteKept(ledger, type, list(group.topic).length)
      const mark: Record<string, Json> | undefined =
        type === 'detached'
          ? { xmind_detached: true }
          : type === 'summary'
            ? { xmind_summary: true }
            : undefined
      for (const c of list(group.topic)) children.push(read(c, mark))
    }
    return {
      key: id,
      id,
      title,
      ...(notes.trim() ? { notes: notes.replace(/\r\n?/g, '\n') } : {}),
      ...(href ? { links: [href] } : {}),
      ...(icons.length ? { icons } : {}),
      ...(Object.keys(props).length ? { properties: props } : {}),
      children,
    }
  }
  for (const s of list(root.node.sheet)) {
    const top = list(s.topic)[0]
    if (!top) continue
    roots.push(read(top))
    for (const r of list(list(s.relationships)[0]?.relationship)) {
      const from = attr(r, 'end1')
      const to = attr(r, 'end2')
      const title = textOf(r.title).trim()
      if (from && to)
        relations.push({
          from,
          to,
          ...(title ? { label: title } : {}),
          at: `xmind relationship ${attr(r, 'id') ?? ''}`.trim(),
        })
    }
  }
  if (!roots.length) return fail('invalid_argument', 'xmind: content.xml has no sheet with a topic')
  return { source: 'xmind', roots, relations, ledger }
}

/** The graph as an XMind workbook: one sheet, content.json with manifest and metadata, as XMind writes them. */
export function writeXMind(o: Outline, g: Graph): Uint8Array {
  const topic = (t: Topic): J => {
    if ((t.links?.length ?? 0) > 1)
      o.ledger.add(
        'extra-link',
        'link past the first of a node',
        'dropped (XMind gives one link)',
        1,
        LINKS_PAST,
      )
    const p = t.properties ?? {}
    const kids = (flag: string, want: boolean) =>
      t.children.filter((c) => (c.properties?.[flag] === true) === want)
    // A summary topic needs a range XMind draws it over; without one it is written as attached.
    const attached = kids('xmind_detached', false)
    const detached = kids('xmind_detached', true)
    return {
      id: t.key,
      class: 'topic',
      title: fullTitle(t),
      ...(t.notes ? { notes: { plain: { content: t.notes } } } : {}),
      ...(t.links?.length ? { href: t.links[0] } : {}),
      ...(t.icons?.length ? { markers: t.icons.map((markerId) => ({ markerId })) } : {}),
      ...(Array.isArray(p.xmind_labels) ? { labels: p.xmind_labels } : {}),
      ...(t.color ? { style: { id: `style-${t.key}`, properties: { 'svg:fill': t.color } } } : {}),
      ...(attached.length || detached.length
        ? {
            children: {
              ...(attached.length ? { attached: attached.map(topic) } : {}),
              ...(detached.length ? { detached: detached.map(topic) } : {}),
            },
          }
        : {}),
    }
  }
  const central = centralTopic(g, o)
  const relationships = o.relations.map((r, i) => {
    const words = r.label ?? (r.type && r.type !== 'relates_to' ? relationWords(r.type) : undefined)
    return { id: `rel-${i}`, end1Id: r.from, end2Id: r.to, ...(words ? { title: words } : {}) }
  })
  const sheet = {
    id: 'sheet-1',
    class: 'sheet',
    title: central.title,
    rootTopic: topic(central),
    ...(relationships.length ? { relationships } : {}),
  }
  const files = {
    'content.json': strToU8(JSON.stringify([sheet])),
    'metadata.json': strToU8(JSON.stringify({ creator: { name: 'Plexus', version: '0.1.0' } })),
    'manifest.json': strToU8(JSON.stringify({ 'file-entries': { 'content.json': {}, 'metadata.json': {} } })),
  }
  return zipSync(files, { level: 6, mtime: new Date('2000-01-01T00:00:00Z') })
}
