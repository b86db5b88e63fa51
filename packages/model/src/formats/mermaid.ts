import { edgesByNode } from '../analysis-graph.ts'
import { fail, meta, type Graph } from '../graph.ts'
import type { Failure, Result } from '../types.ts'
import { Collector, RELATES_TO, checkText, relationOf, type NodeDecl, type Parsed } from './facts.ts'

/*
 * Mermaid flowcharts in and out. Read: `flowchart`/`graph` with any direction; nodes `A`, `A[..]`,
 * `A(..)`, `A{..}`, `A((..))`, `A([..])`, `A[[..]]`, `A[(..)]`, `A{{..}}`, `A>..]`, `A[/../]`,
 * `A@{ label: ".." }`, quoted labels and #entity; codes; `A:::cls` (the class becomes the kind); links
 * `-->`, `---`, `-.->`, `==>`, `--o`, `--x`, `<-->`, longer ones, `-- text -->`, `-->|text|`; chains and
 * `A & B --> C`; `subgraph id [Title] ... end` (the subgraph is a node, its members its children);
 * `%%` comments; classDef, class, style, linkStyle, click and direction lines are ignored. A link's text
 * becomes the edge type (`depends on` -> depends_on; none -> relates_to); `contains`/`parent_of` and
 * `part_of`/`child_of` make tree links, as in the DSL. `~~~` (an invisible layout link) makes nothing.
 */

const OTHER_DIAGRAM =
  /^(sequenceDiagram|classDiagram|stateDiagram|erDiagram|gantt|pie|journey|gitGraph|mindmap|timeline|quadrantChart|requirementDiagram|C4\w*|sankey\S*|xychart\S*|block\S*|packet\S*|architecture\S*|kanban)\b/
const HEADER = /^(?:flowchart|graph)(?:[ \t]+(?:TB|TD|BT|RL|LR))?[ \t]*(?:;|$)/i
const IGNORED = /^(?:classDef|class|style|linkStyle|click|direction|accTitle|accDescr|title)\b/
const ID_CHAR = /[\p{L}\p{N}_]/u
const SHAPES: Array<[string, string[]]> = [
  ['(((', [')))']],
  ['((', ['))']],
  ['([', ['])']],
  ['[[', [']]']],
  ['[(', [')]']],
  ['[/', ['/]', '\\]']],
  ['[\\', ['\\]', '/]']],
  ['{{', ['}}']],
  ['[', [']']],
  ['(', [')']],
  ['{', ['}']],
  ['>', [']']],
]
const PLAIN_LINK = /<?(?:-{2,}>|-{3,}|-{2,}[ox](?![\p{L}\p{N}_])|={2,}>|={3,}|-\.+->|-\.+-|~~~)/uy
const TEXT_LINK =
  /<?(?:--|==|-\.)\s+(.+?)\s*(?:-{2,}>|-{3,}|={2,}>|={3,}|\.-+>|\.-+|-{2,}[ox](?![\p{L}\p{N}_]))/uy
const PIPE = /\s*\|([^|]*)\|/y
const KIND = /^[\p{L}\p{N}_-]+$/u

const NAMED: Record<string, string> = {
  quot: '"',
  amp: '&',
  lt: '<',
  gt: '>',
  apos: "'",
  nbsp: ' ',
  num: '#',
}

/** Label text as a one-line name: entity codes decoded, <br> and runs of space as one space. */
export function mermaidText(raw: string): string {
  let s = raw.trim()
  if (s.startsWith('"') && s.endsWith('"') && s.length >= 2) s = s.slice(1, -1)
  if (s.startsWith('`') && s.endsWith('`') && s.length >= 2) s = s.slice(1, -1)
  return s
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/#(\d{1,7}|[a-z]+);/gi, (m, c: string) => {
      if (/^\d/.test(c)) {
        const cp = Number(c)
        return cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : m
      }
      return NAMED[c.toLowerCase()] ?? m
    })
    .replace(/\s+/g, ' ')
    .trim()
}

class LineReader {
  i = 0
  constructor(
    readonly s: string,
    readonly at: string,
  ) {}
  space(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++
  }
  sticky(re: RegExp): RegExpExecArray | null {
    re.lastIndex = this.i
    const m = re.exec(this.s)
    if (m) this.i = re.lastIndex
    return m
  }
  err(what: string): Failure {
    const rest = this.s.slice(this.i, this.i + 40)
    return fail(
      'parse_error',
      `${this.at}: ${what} at ${rest ? JSON.stringify(rest) : 'the end of the line'}`,
    )
  }
}

/** One node reference with its optional shape, label and class. */
function readNode(r: LineReader, c: Collector): NodeDecl | Failure {
  const start = r.i
  while (r.i < r.s.length) {
    const ch = r.s[r.i]!
    if (ID_CHAR.test(ch) || ((ch === '-' || ch === '.') && ID_CHAR.test(r.s[r.i + 1] ?? ''))) r.i++
    else break
  }
  if (r.i === start) return r.err('expected a node id, e.g. A or A[Label],')
  const key = r.s.slice(start, r.i)
  let label: string | undefined
  if (r.s.startsWith('@{', r.i)) {
    const end = r.s.indexOf('}', r.i)
    if (end < 0) return r.err('unclosed @{ … }')
    const body = r.s.slice(r.i + 2, end)
    const m = /label\s*:\s*(?:"([^"]*)"|([^,}]*))/.exec(body)
    if (m) label = mermaidText(m[1] ?? m[2] ?? '')
    r.i = end + 1
  } else {
    const save = r.i
    r.space()
    const shape = SHAPES.find(([open]) => r.s.startsWith(open, r.i))
    if (!shape) r.i = save
    else {
      r.i += shape[0].length
      let body: string
      const q = /\s*"([^"]*)"\s*/y
      q.lastIndex = r.i
      const quoted = q.exec(r.s)
      const close = quoted && shape[1].find((cl) => r.s.startsWith(cl, q.lastIndex))
      if (quoted && close) {
        body = quoted[1]!
        r.i = q.lastIndex + close.length
      } else {
        const ends = shape[1].map((cl) => [r.s.indexOf(cl, r.i), cl.length] as const).filter(([p]) => p >= 0)
        if (!ends.length) return r.err(`unclosed ${shape[0]} (expected ${shape[1].join(' or ')})`)
        const [p, len] = ends.reduce((a, b) => (b[0] < a[0] ? b : a))
        body = r.s.slice(r.i, p)
        r.i = p + len
      }
      label = mermaidText(body)
    }
  }
  let kind: string | undefined
  const cls = /:::([\p{L}\p{N}_-]+)/uy
  cls.lastIndex = r.i
  const cm = cls.exec(r.s)
  if (cm) {
    r.i = cls.lastIndex
    if (KIND.test(cm[1]!)) kind = cm[1]
  }
  const n = c.node(key, key, r.at, kind)
  if (!('ok' in n) && label) n.name = label
  return n
}

/** Reads a flowchart. A failure names the line; nothing about the graph is touched. */
export function parseMermaid(text: string): Result<Parsed> {
  const big = checkText(text, 'mermaid')
  if (big) return big
  const c = new Collector()
  const groups: NodeDecl[] = []
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  let n = 0
  if (lines.findIndex((l) => l.trim() !== '') === lines.findIndex((l) => l.trim() === '---')) {
    n = lines.findIndex((l) => l.trim() === '---')
    const end = lines.findIndex((l, k) => k > n && l.trim() === '---')
    if (end < 0) return fail('parse_error', `line ${n + 1}: front matter opened with --- is never closed`)
    n = end + 1
  }
  let header = false
  for (; n < lines.length; n++) {
    const at = `line ${n + 1}`
    let line = lines[n]!.trim()
    if (line === '' || line.startsWith('%%')) continue
    if (!header) {
      header = true
      const other = OTHER_DIAGRAM.exec(line)
      if (other)
        return fail(
          'parse_error',
          `${at}: only flowcharts can be imported (flowchart TD, graph LR); this is a ${other[1]}`,
        )
      const h = HEADER.exec(line)
      if (h) line = line.slice(h[0].length).trim()
      if (!line) continue
    }
    const r = new LineReader(line, at)
    const inGroup = (d: NodeDecl): void => {
      const g = groups[groups.length - 1]
      if (g && g.key !== d.key) c.parents.push({ child: d.key, parent: g.key, at })
    }
    while (r.i < line.length) {
      r.space()
      if (r.i >= line.length) break
      if (line[r.i] === ';') {
        r.i++
        continue
      }
      const rest = line.slice(r.i)
      if (IGNORED.test(rest)) break
      if (/^end\b/.test(rest)) {
        if (!groups.pop()) return fail('parse_error', `${at}: 'end' without a subgraph to close`)
        r.i += 3
        continue
      }
      const sg = /^subgraph\b\s*(.*)$/.exec(rest)
      if (sg) {
        const title = sg[1]!.replace(/;\s*$/, '').trim()
        const m = /^([\p{L}\p{N}_.-]+)\s*\[(.*)\]$/u.exec(title)
        const key = m ? m[1]! : title.startsWith('"') ? mermaidText(title) : title
        if (!key) return fail('parse_error', `${at}: subgraph needs a name: subgraph id [Title]`)
        const d = c.node(key, key, at)
        if ('ok' in d) return d
        if (m || title.startsWith('"')) d.name = mermaidText(m ? m[2]! : title)
        inGroup(d)
        groups.push(d)
        break
      }
      // A statement: node groups joined by links.
      let left: NodeDecl[] | null = null
      let link: { rel: string; label?: string; invisible: boolean } | null = null
      for (;;) {
        const group: NodeDecl[] = []
        for (;;) {
          r.space()
          const d = readNode(r, c)
          if ('ok' in d) return d
          inGroup(d)
          group.push(d)
          r.space()
          if (line[r.i] !== '&') break
          r.i++
        }
        if (left && link && !link.invisible)
          for (const a of left) for (const b of group) c.relate(a, link.rel, b, at, link.label)
        r.space()
        if (r.i >= line.length || line[r.i] === ';') break
        const plain = r.sticky(PLAIN_LINK)
        const texted = plain ? null : r.sticky(TEXT_LINK)
        if (!plain && !texted) return r.err('expected a link like --> or the end of the statement')
        const pipe = r.sticky(PIPE)
        const label = mermaidText(pipe ? pipe[1]! : texted ? texted[1]! : '')
        const rel = label ? relationOf(label) : RELATES_TO
        // Keep the words as the edge's label only when the type lost something of them.
        const keep = label && label.toLowerCase() !== rel ? label : undefined
        link = { rel, invisible: plain?.[0] === '~~~', ...(keep ? { label: keep } : {}) }
        left = group
      }
    }
  }
  if (groups.length)
    return fail('parse_error', `the subgraph '${groups[groups.length - 1]!.name}' is never closed with 'end'`)
  return c.result()
}

/** Mermaid entity codes for what would end a quoted label or be read as markup. */
export function mermaidLabel(s: string): string {
  // eslint-disable-next-line no-control-regex
  const flat = s.replace(/[\u0000-\u001f\u007f]+/g, ' ')
  return flat.replace(/[#"<>&`]/g, (ch) => `#${ch.codePointAt(0)};`)
}

const CLASS = /^[A-Za-z][A-Za-z0-9_-]*$/

/**
 * The live graph as a flowchart: the tree as `-->|contains|` links, edges with their type as the link
 * text (relates_to unlabeled), kinds as classes. At most `limit` nodes (default 1000), in tree order;
 * a comment says what was left out. Ids are n0, n1, ...: safe whatever the node ids hold.
 */
export function toMermaid(
  g: Graph,
  opts: { limit?: number; direction?: 'TD' | 'LR' | 'BT' | 'RL' } = {},
): string {
  const limit = Math.max(1, Math.min(Math.floor(opts.limit ?? 1000), 10_000))
  const s = g.index.struct()
  const root = meta(g).root
  const order: string[] = []
  const stack = [...s.roots].sort((a, b) => (a === root ? 1 : b === root ? -1 : a < b ? 1 : -1))
  let total = 0
  while (stack.length) {
    const id = stack.pop()!
    total++
    if (order.length < limit) order.push(id)
    const kids = s.children.get(id) ?? []
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!)
  }
  const short = new Map(order.map((id, i) => [id, `n${i}`]))
  const lines = [`flowchart ${opts.direction ?? 'TD'}`]
  const links: string[] = []
  for (const id of order) {
    const n = g.index.nodes.get(id)!
    const cls = n.kind !== 'concept' && CLASS.test(n.kind) ? `:::${n.kind}` : ''
    lines.push(`  ${short.get(id)}["${mermaidLabel(n.summary.trim() ? n.summary : id)}"]${cls}`)
    const p = s.parent.get(id)
    if (p && short.has(p)) links.push(`  ${short.get(p)} -->|contains| ${short.get(id)}`)
  }
  let dropped = 0
  const out = edgesByNode(g.index)
  for (const id of order) {
    for (const e of out.get(id) ?? []) {
      const to = short.get(e.to)
      if (!to) dropped++
      else links.push(`  ${short.get(id)} -->${e.type === RELATES_TO ? '' : `|${e.type}|`} ${to}`)
    }
  }
  lines.push(...links)
  if (total > order.length) {
    lines.push(
      `  %% ${total - order.length} more nodes and ${dropped} edges to them are not shown (limit ${limit})`,
    )
  }
  return lines.join('\n') + '\n'
}
