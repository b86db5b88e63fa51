// GraphML (yEd, Gephi, networkx, igraph, Cytoscape): nodes and edges with their `<data>` keys. A node's
// name is its `label`/`name`/`title` key (or yEd's NodeLabel), else its id; `notes`/`description`,
// `url`/`link`, `color`, `kind`, `x`/`y` keys map to those fields; every other key is kept as a
// `graphml_<name>` property (typed as the key declares) and written back. Edges are relations: their
// `type` (or `relation`) key is the relation type, `label` its words, other keys edge properties. The
// tree is a nested `<graph>` inside a node, or the `parent` key Plexus writes. Read with
// fast-xml-parser (see xml.ts for why). Dropped and counted: hyperedges, ports.
import type { Failure, Json } from '@plexus/model'
import { fail } from './fail.ts'
import { LINKS_PAST, Ledger } from './ledger.ts'
import { hexColor, titleOf, walk, type Outline, type Relation, type Topic } from './outline.ts'
import { attr, escText, list, open, readXml, rootElement, textOf, wrongXml, type XmlNode } from './xml.ts'

const ARRAYS = new Set(['key', 'graph', 'node', 'edge', 'data', 'hyperedge', 'port'])
const NAME = ['label', 'name', 'title', 'text']
const NOTES = ['notes', 'note', 'description', 'desc']
const LINK = ['url', 'link', 'href', 'uri']

interface Key {
  name: string
  type: string
  default?: string
}

function typed(v: string, type: string): Json {
  if (type === 'int' || type === 'long' || type === 'float' || type === 'double') {
    const n = Number(v)
    return Number.isFinite(n) ? n : v
  }
  if (type === 'boolean') return v.trim().toLowerCase() === 'true'
  return v
}

/** yEd keeps a node's text in `<y:ShapeNode><y:NodeLabel>`: the first label anywhere under the data. */
function deepLabel(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null) return undefined
  for (const [k, x] of Object.entries(v as XmlNode)) {
    if (/(^|:)(NodeLabel|EdgeLabel)$/.test(k)) {
      const t = list(x)
        .map(textOf)
        .find((s) => s.trim())
      if (t) return t
    }
    const inner = Array.isArray(x) ? x.map(deepLabel).find(Boolean) : deepLabel(x)
    if (inner) return inner
  }
  return undefined
}

export function readGraphML(text: string): Outline | Failure {
  const doc = readXml(text, 'graphml', ARRAYS)
  if (!doc.ok) return doc
  const root = rootElement(doc.doc)
  if (!root) return fail('invalid_argument', 'graphml: the file has no elements; expected <graphml><graph>…')
  if (root.name !== 'graphml') return wrongXml('a GraphML graph (<graphml><graph>…)', root.name)
  const ledger = new Ledger()
  const keys = new Map<string, Key>()
  for (const k of list(root.node.key)) {
    const id = attr(k, 'id')
    if (!id) continue
    const def = k.default !== undefined ? textOf(k.default) : undefined
    keys.set(id, {
      name: attr(k, 'attr.name') ?? id,
      type: attr(k, 'attr.type') ?? 'string',
      ...(def !== undefined ? { default: def } : {}),
    })
  }
  const kept = new Set<string>()
  const fields = (x: XmlNode, forWhat: 'node' | 'edge') => {
    const out = new Map<string, { value: Json; raw: string; data: XmlNode }>()
    for (const d of list(x.data)) {
      const id = attr(d, 'key') ?? ''
      const k = keys.get(id) ?? { name: id, type: 'string' }
      const raw = textOf(d)
      out.set(k.name, { value: typed(raw, k.type), raw, data: d })
    }
    for (const [id, k] of keys) {
      if (k.default === undefined || out.has(k.name)) continue
      const el = list(root.node.key).find((e) => attr(e, 'id') === id)
      const f = el ? attr(el, 'for') : undefined
      if (f === forWhat || f === 'all')
        out.set(k.name, { value: typed(k.default, k.type), raw: k.default, data: {} })
    }
    return out
  }
  const pick = (f: ReturnType<typeof fields>, names: string[]): string | undefined => {
    for (const [k, v] of f) if (names.includes(k.toLowerCase()) && v.raw.trim()) return v.raw
    return undefined
  }
  const topics = new Map<string, Topic>()
  const order: Array<{ topic: Topic; parent?: string; parentKey?: string }> = []
  const relations: Relation[] = []
  const readGraph = (gr: XmlNode, parent?: string): void => {
    for (const n of list(gr.node)) {
      const id = attr(n, 'id')
      if (!id) continue
      const f = fields(n, 'node')
      const label = pick(f, NAME) ?? list(n.data).map(deepLabel).find(Boolean) ?? id
      const { title, properties } = titleOf(label, ledger)
      const props: Record<string, Json> = { ...properties }
      const notes = pick(f, NOTES)
      const link = pick(f, LINK)
      const colorRaw = pick(f, ['color', 'fill', 'colour'])
      const color = hexColor(colorRaw)
      const kind = pick(f, ['kind'])
      const icons = pick(f, ['icons'])
      const num = (k: string): number | undefined => {
        const v = f.get(k)?.value
        return typeof v === 'number' ? v : undefined
      }
      const mapped = new Set([
        ...NAME,
        ...NOTES,
        ...LINK,
        'color',
        'fill',
        'colour',
        'kind',
        'icons',
        'x',
        'y',
        'parent',
      ])
      for (const [k, v] of f) {
        if (mapped.has(k.toLowerCase()) && (k.toLowerCase() !== 'color' || color)) continue
        if (!v.raw.trim() && Object.keys(v.data).some((x) => !x.startsWith('@_') && x !== '#text')) {
          // Graphics data (yEd's shapes): not a value.
          ledger.add(
            'graphml-graphics',
            'GraphML graphics value (yEd shapes)',
            'dropped',
            1,
            'GraphML graphics values (yEd shapes)',
          )
          continue
        }
        props[`graphml_${k}`] = v.value
        kept.add(`node:${k}`)
      }
      let iconList: string[] | undefined
      try {
        const parsed: unknown = icons ? JSON.parse(icons) : undefined
        if (Array.isArray(parsed)) iconList = parsed.filter((i): i is string => typeof i === 'string')
      } catch {
        props.graphml_icons = icons!
      }
      ledger.add('graphml-port', 'GraphML port', 'dropped', list(n.port).length)
      const x = num('x')
      const y = num('y')
      const t: Topic = {
        key: id,
        id,
        title,
        ...(notes ? { notes } : {}),
        ...(link ? { links: [link] } : {}),
        ...(color ? { color } : {}),
        ...(kind && /^[a-z][a-z0-9_]{0,63}$/.test(kind) ? { kind } : {}),
        ...(iconList?.length ? { icons: iconList } : {}),
        ...(x !== undefined && y !== undefined ? { x, y } : {}),
        ...(Object.keys(props).length ? { properties: props } : {}),
        children: [],
      }
      if (!topics.has(id)) topics.set(id, t)
      else
        ledger.add(
          'duplicate-id',
          'node with an id used before',
          'left out',
          1,
          'nodes with an id used before',
        )
      order.push({
        topic: t,
        ...(parent ? { parent } : {}),
        ...(pick(f, ['parent']) ? { parentKey: pick(f, ['parent'])! } : {}),
      })
      for (const sub of list(n.graph)) readGraph(sub, id)
    }
    for (const e of list(gr.edge)) {
      const from = attr(e, 'source')
      const to = attr(e, 'target')
      if (!from || !to) continue
      const f = fields(e, 'edge')
      const type = pick(f, ['type', 'relation'])
      const label = pick(f, ['label']) ?? list(e.data).map(deepLabel).find(Boolean)
      const props: Record<string, Json> = {}
      for (const [k, v] of f) {
        if (['type', 'relation', 'label'].includes(k.toLowerCase())) continue
        if (!v.raw.trim()) continue
        props[`graphml_${k}`] = v.value
        kept.add(`edge:${k}`)
      }
      if (attr(e, 'id')) props.graphml_id = attr(e, 'id')!
      relations.push({
        from,
        to,
        ...(type ? { type } : {}),
        ...(label ? { label } : {}),
        properties: props,
        at: `graphml edge ${attr(e, 'id') ?? `${from}->${to}`}`,
      })
    }
    ledger.add('graphml-hyperedge', 'GraphML hyperedge', 'dropped', list(gr.hyperedge).length)
  }
  const graphs = list(root.node.graph)
  if (!graphs.length) return fail('invalid_argument', 'graphml: <graphml> has no <graph>')
  for (const gr of graphs) readGraph(gr)
  ledger.add('graphml-data-key', 'GraphML data key', 'kept as properties', kept.size)
  const roots: Topic[] = []
  for (const { topic, parent, parentKey } of order) {
    if (topics.get(topic.key) !== topic) continue
    const p = parent ?? parentKey
    const up = p !== undefined ? topics.get(p) : undefined
    // A parent key that names no node, or would loop, leaves the node at the top.
    let loops = false
    for (let cur = p, n = 0; cur !== undefined && n <= order.length; n++) {
      if (cur === topic.key) loops = true
      const o = order.find((x) => x.topic.key === cur)
      cur = o?.parent ?? o?.parentKey
      if (loops) break
    }
    if (up && !loops) up.children.push(topic)
    else roots.push(topic)
  }
  return { source: 'graphml', roots, relations, ledger }
}

export function writeGraphML(o: Outline): string {
  const nodeKeys = new Map<string, string>()
  const edgeKeys = new Map<string, string>()
  const nodeTypes = new Map<string, string>()
  const base: Array<[string, string, string]> = [
    ['label', 'string', 'label'],
    ['notes', 'string', 'notes'],
    ['url', 'string', 'url'],
    ['color', 'string', 'color'],
    ['kind', 'string', 'kind'],
    ['icons', 'string', 'icons'],
    ['parent', 'string', 'parent'],
    ['x', 'double', 'x'],
    ['y', 'double', 'y'],
  ]
  for (const [name, type, id] of base) {
    nodeKeys.set(name, id)
    nodeTypes.set(name, type)
  }
  const typeOf = (v: Json): string =>
    typeof v === 'number' ? 'double' : typeof v === 'boolean' ? 'boolean' : 'string'
  const all = [...walk(o.roots)]
  for (const t of all)
    for (const [k, v] of Object.entries(t.properties ?? {}))
      if (k.startsWith('graphml_') && !nodeKeys.has(k.slice(8))) {
        nodeKeys.set(k.slice(8), `n_${nodeKeys.size}`)
        nodeTypes.set(k.slice(8), typeOf(v))
      }
  const edgeTypes = new Map<string, string>([
    ['type', 'string'],
    ['label', 'string'],
  ])
  edgeKeys.set('type', 'e_type')
  edgeKeys.set('label', 'e_label')
  for (const r of o.relations)
    for (const [k, v] of Object.entries(r.properties ?? {})) {
      const name = k.startsWith('graphml_') ? k.slice(8) : k
      if (name === 'id' || edgeKeys.has(name)) continue
      edgeKeys.set(name, `e_${edgeKeys.size}`)
      edgeTypes.set(name, typeOf(v))
    }
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">',
  ]
  for (const [name, id] of nodeKeys)
    lines.push(`  ${open('key', { id, for: 'node', 'attr.name': name, 'attr.type': nodeTypes.get(name) })}/>`)
  for (const [name, id] of edgeKeys)
    lines.push(`  ${open('key', { id, for: 'edge', 'attr.name': name, 'attr.type': edgeTypes.get(name) })}/>`)
  lines.push('  <graph id="G" edgedefault="directed">')
  const data = (key: string, v: Json | undefined): string =>
    v === undefined || v === null
      ? ''
      : `<data key="${key}">${escText(typeof v === 'string' ? v : String(typeof v === 'object' ? JSON.stringify(v) : v))}</data>`
  const parentOf = new Map<string, string>()
  for (const t of all) for (const c of t.children) parentOf.set(c.key, t.key)
  let dropped = 0
  for (const t of all) {
    const p = t.properties ?? {}
    const extras = Object.entries(p)
      .filter(([k]) => k.startsWith('graphml_'))
      .map(([k, v]) => data(nodeKeys.get(k.slice(8))!, v))
      .join('')
    dropped += Object.keys(p).filter(
      (k) => !k.startsWith('graphml_') && k !== 'text' && k !== 'untitled',
    ).length
    if ((t.links?.length ?? 0) > 1)
      o.ledger.add('extra-link', 'link past the first of a node', 'dropped (one url key)', 1, LINKS_PAST)
    lines.push(
      `    ${open('node', { id: t.key })}>` +
        data('label', typeof p.text === 'string' ? p.text : t.title) +
        data('notes', t.notes || undefined) +
        data('url', t.links?.[0]) +
        data('color', t.color) +
        data('kind', t.kind) +
        data('icons', t.icons?.length ? JSON.stringify(t.icons) : undefined) +
        data('parent', parentOf.get(t.key)) +
        data('x', t.x) +
        data('y', t.y) +
        extras +
        '</node>',
    )
  }
  o.ledger.add(
    'properties',
    'node property',
    'left out (GraphML keeps the keys it read)',
    dropped,
    'node properties',
  )
  o.relations.forEach((r, i) => {
    const props = r.properties ?? {}
    const extras = Object.entries(props)
      .filter(([k]) => k !== 'graphml_id')
      .map(([k, v]) => data(edgeKeys.get(k.startsWith('graphml_') ? k.slice(8) : k)!, v))
      .join('')
    const id = typeof props.graphml_id === 'string' ? props.graphml_id : `e${i}`
    lines.push(
      `    ${open('edge', { id, source: r.from, target: r.to })}>${data('e_type', r.type)}${data('e_label', r.label)}${extras}</edge>`,
    )
  })
  lines.push('  </graph>', '</graphml>', '')
  return lines.join('\n')
}
