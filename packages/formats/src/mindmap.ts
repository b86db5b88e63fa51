// Mermaid `mindmap` diagrams. Read by hand, following Mermaid's own grammar (mindmap.jison and
// mindmapDb.ts): the mermaid package is several megabytes and needs a DOM, and the grammar is small
// (an indented tree of `id[text]`, `id(text)`, `id((text))`, `id))text((`, `id)text(`,
// `id{{text}}` or plain text, `::icon(…)` and `:::class` lines, `%%` comments). A node's parent is
// the last node indented less than it, as mindmapDb.getParent finds it; a second node at the root's
// level is refused as Mermaid refuses it. The corpus test checks node counts against Mermaid's parser.
// Mindmaps have no notes, links, colours or relations: an export counts those in its ledger.
import type { Failure, Graph } from '@plexus/model'
import { fail } from './fail.ts'
import { Ledger } from './ledger.ts'
import { centralTopic, fullTitle, titleOf, type Outline, type Topic } from './outline.ts'

const SHAPES: Array<[open: string, close: string, shape: string]> = [
  ['((', '))', 'circle'],
  ['))', '((', 'bang'],
  ['{{', '}}', 'hexagon'],
  ['(', ')', 'round'],
  [')', '(', 'cloud'],
  ['[', ']', 'rect'],
]
const BRACKETS: Record<string, [string, string]> = Object.fromEntries(SHAPES.map(([o, c, s]) => [s, [o, c]]))

/** Mermaid's entity codes (`#quot;`, `#35;`) as the characters they stand for. */
const decode = (s: string): string =>
  s
    .replace(/#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(
      /#(quot|amp|lt|gt|nbsp);/g,
      (_, n: string) => ({ quot: '"', amp: '&', lt: '<', gt: '>', nbsp: ' ' })[n as 'quot'],
    )

/** The text inside a node's brackets: a quoted string, a markdown string, or raw text. */
function label(raw: string): { text: string; markdown: boolean } {
  const t = raw.trim()
  const md = /^"`([\s\S]*)`"$/.exec(t)
  if (md) return { text: md[1]!, markdown: true }
  const q = /^"([\s\S]*)"$/.exec(t)
  return { text: decode(q ? q[1]! : t), markdown: false }
}

function parseNode(s: string): { id?: string; text: string; shape?: string; markdown: boolean } {
  const m = /^([^\s([{)]+?)?(\(\(|\)\)|\{\{|\(|\)|\[)([\s\S]*)$/.exec(s)
  if (m) {
    const open = m[2]!
    for (const [o, c, shape] of SHAPES) {
      if (o !== open || !m[3]!.endsWith(c)) continue
      const inner = m[3]!.slice(0, m[3]!.length - c.length)
      return { ...(m[1] ? { id: m[1] } : {}), ...label(inner), shape }
    }
  }
  return { ...label(s), markdown: false }
}

/**
 * A fenced ```` ```mermaid ```` (or `~~~mermaid`) block pasted from a README, as the Mermaid flowchart
 * reader takes it: the fence lines blanked (line numbers stay the file's), text after the closing
 * fence refused.
 */
function unfence(text: string): string | Failure {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  const open = lines.findIndex((l) => l.trim() !== '')
  const mark = open < 0 ? undefined : /^\s*(`{3,}|~{3,})\s*mermaid\s*$/i.exec(lines[open]!)?.[1]
  if (!mark) return text
  const closes = (l: string): boolean => {
    const t = l.trim()
    return t.length >= mark.length && t === mark[0]!.repeat(t.length)
  }
  const close = lines.findIndex((l, i) => i > open && closes(l))
  const extra = close < 0 ? -1 : lines.findIndex((l, i) => i > close && l.trim() !== '')
  if (extra >= 0)
    return fail(
      'invalid_argument',
      `mindmap: line ${extra + 1}: text after the closing ${mark} fence; import only the Mermaid between the fences`,
    )
  return lines.map((l, i) => (i === open || (close >= 0 && i >= close) ? '' : l)).join('\n')
}

export function readMindmap(source: string): Outline | Failure {
  const ledger = new Ledger()
  const text = unfence(source)
  if (typeof text !== 'string') return text
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '')
    .split(/\r?\n/)
  let i = 0
  while (i < lines.length && (!lines[i]!.trim() || lines[i]!.trim().startsWith('%%'))) i++
  if (!/^\s*mindmap\s*$/.test(lines[i] ?? ''))
    return fail(
      'invalid_argument',
      `mindmap: expected the header "mindmap" on the first line, found ${JSON.stringify((lines[i] ?? '').trim().slice(0, 40))}`,
    )
  const roots: Topic[] = []
  const stack: Array<{ level: number; topic: Topic }> = []
  const used = new Map<string, number>()
  let last: Topic | undefined
  for (i++; i < lines.length; i++) {
    const line = lines[i]!
    // A comment is a line of its own, as the exports write them; `%` in a label is written `#37;`.
    const body = /^\s*%%/.test(line) ? '' : line
    if (!body.trim()) continue
    const level = /^\s*/.exec(body)![0].replace(/\t/g, '    ').length
    const s = body.trim()
    const at = `line ${i + 1}`
    if (s.startsWith('::icon(')) {
      const icon = /^::icon\((.*)\)$/.exec(s)?.[1]
      if (last && icon) last.icons = [...(last.icons ?? []), icon.trim()]
      continue
    }
    if (s.startsWith(':::')) {
      if (last) last.properties = { ...last.properties, mindmap_class: s.slice(3).trim() }
      continue
    }
    const n = parseNode(s)
    const { title, properties } = titleOf(n.text.replace(/<br\s*\/?>/gi, '\n'), ledger)
    const base = n.id ?? title
    const seen = used.get(base) ?? 0
    used.set(base, seen + 1)
    const t: Topic = {
      key: seen ? `${base}#${seen + 1}` : base,
      ...(n.id ? { id: n.id } : {}),
      title,
      ...(properties || n.markdown
        ? { properties: { ...properties, ...(n.markdown ? { mindmap_markdown: true } : {}) } }
        : {}),
      children: [],
    }
    if (n.shape) (t as Topic & { shape?: string }).properties = { ...t.properties, mindmap_shape: n.shape }
    while (stack.length && stack[stack.length - 1]!.level >= level) stack.pop()
    const parent = stack[stack.length - 1]
    if (parent) parent.topic.children.push(t)
    else if (roots.length)
      return fail(
        'invalid_argument',
        `mindmap: ${at}: there can be only one root; "${title}" is not indented under "${roots[0]!.title}"`,
      )
    else roots.push(t)
    stack.push({ level, topic: t })
    last = t
  }
  if (!roots.length) return fail('invalid_argument', 'mindmap: the diagram has no nodes')
  return { source: 'mindmap', roots, relations: [], ledger }
}

const safeId = (k: string): string => k.replace(/[^A-Za-z0-9_-]/g, '_')
/** Inside `["…"]` Mermaid reads everything but a `"`, written as its entity code; line breaks as `<br/>`. */
// A backtick is coded too: `"`…`"` would read as a markdown string.
const quoted = (s: string): string =>
  `"${s.replace(/"/g, '#quot;').replace(/%/g, '#37;').replace(/`/g, '#96;').replace(/\n/g, '<br/>')}"`

export function writeMindmap(o: Outline, g: Graph): string {
  const lines = ['mindmap']
  const ids = new Set<string>()
  const write = (t: Topic, depth: number): void => {
    const pad = '  '.repeat(depth + 1)
    const shape = typeof t.properties?.mindmap_shape === 'string' ? t.properties.mindmap_shape : 'rect'
    const [open, close] = Object.hasOwn(BRACKETS, shape) ? BRACKETS[shape]! : ['[', ']']
    let id = safeId(t.key)
    for (let n = 2; ids.has(id); n++) id = `${safeId(t.key)}_${n}`
    ids.add(id)
    const text = fullTitle(t)
    const md = t.properties?.mindmap_markdown === true && !text.includes('`')
    lines.push(`${pad}${id}${open}${md ? `"\`${text}\`"` : quoted(text)}${close}`)
    for (const icon of t.icons ?? []) lines.push(`${pad}  ::icon(${icon.replace(/[()\n]/g, ' ')})`)
    if (typeof t.properties?.mindmap_class === 'string')
      lines.push(`${pad}  :::${t.properties.mindmap_class}`)
    for (const c of t.children) write(c, depth + 1)
  }
  write(centralTopic(g, o), 0)
  return lines.join('\n') + '\n'
}
