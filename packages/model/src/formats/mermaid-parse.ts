import { fail } from '../graph.ts'
import { fillColor } from './mermaid-fill.ts'
import type { Failure, Json, Result } from '../types.ts'
import { Collector, checkText, type Fact, type NodeDecl, type Parsed } from './facts.ts'
import { RELATES_TO, relationOf } from '../vocabulary.ts'
import { BRACKETS, shapeOfName } from './mermaid-shapes.ts'
import { Src, pipeText, readBody, shapeData, statementBody } from './mermaid-lexer.ts'
import { mermaidText } from './mermaid-text.ts'

/*
 * Mermaid flowcharts in, read as Mermaid's own grammar (flow.jison) reads them. Statements end at a
 * newline or `;`, except after a link or `&`, or when the next line starts with a link. Nodes: `A`,
 * every bracket shape, `A@{ shape: …, label: … }`, quoted, multi-line and markdown labels, `:::class`
 * (the class becomes the kind). Links: `-->`, `---`, `-.->`, `==>`, `~~~`, with `<`/`o`/`x` ends and any
 * length, text as `-- text -->`, `== text ==>`, `-. text .->` or `-->|text|`, edge ids `e1@-->`. A
 * subgraph is a parent of the nodes first named in it (Mermaid keeps a node in its first subgraph);
 * `direction` inside one is kept on it; `style`, `class` and `click` are kept on the node; `linkStyle`
 * on the links it numbers (Mermaid numbers links in the order the file makes them, `A & B --> C` being
 * two), `linkStyle default` and classDef on the graph; accTitle and accDescr (one line or `{ … }`) are
 * read and left out.
 */

const OTHER_DIAGRAM =
  /^(sequenceDiagram|classDiagram|stateDiagram|erDiagram|gantt|pie|journey|gitGraph|mindmap|timeline|quadrantChart|requirementDiagram|C4\w*|sankey\S*|xychart\S*|block\S*|packet\S*|architecture\S*|kanban|zenuml|radar\S*|treemap\S*)\b/
const HEADER = /(?:flowchart-elk|flowchart|graph)(?:[ \t]+(TB|TD|BT|RL|LR|[<>^v])(?![\w-]))?[ \t]*;?/y
/** Mermaid's arrow shorthands for a direction. */
const ARROWS: Record<string, Dir> = { '>': 'LR', '<': 'RL', '^': 'BT', v: 'TB' }
const ID = /[\p{L}\p{N}_](?:[\p{L}\p{N}_]|[-.](?=[\p{L}\p{N}_]))*/uy
const EDGE_ID = /([^\s"@]+)@(?=[xo<]?[-=.~])/y
// As Mermaid's lexer: a link ends at its last -, =, >, o or x, whatever follows (`A--xB` is A --x B).
const LINK = /[ \t]*([xo<]?(?:-{2,}[-xo>]|={2,}[=xo>]|-?\.+-[xo>]?|~{3,}))/y
const START = /[ \t]*([xo<]?)(--|==|-\.)(?=[ \t"`]|[^-=.>xo])/y
// The lookbehinds let a search start only where a run of blanks (or dots) starts: a run that fails is
// read once, not again from each of its characters (quadratic on `-. ` and thousands of dots).
const END: Record<string, RegExp> = {
  '--': /(?<![ \t])[ \t]*(-{2,}[-xo>])/g,
  '==': /(?<![ \t])[ \t]*(={2,}[=xo>])/g,
  '-.': /(?<![ \t])[ \t]*(?<!\.)(\.+-[xo>]?)/g,
}
const KEYWORD =
  /(subgraph|end|direction|classDef|class|style|linkStyle|click|accTitle|accDescr|title)(?![\p{L}\p{N}_\-.])/uy
const DIRECTION = /[ \t]+(TB|TD|BT|RL|LR)\b/y
type Dir = NonNullable<Parsed['direction']>

interface State {
  c: Collector
  groups: NodeDecl[]
  home: Map<string, string>
  edgeIds: Set<string>
  /** Every link in Mermaid's numbering: the fact it made, or null when it made a tree link instead. */
  links: Array<Fact | null>
  /** `linkStyle` lines, resolved once every link is known (a line may come before the links it names). */
  linkStyles: Array<{ at: string; which: string; body: string }>
}

/**
 * `subgraph Exchange Core [Disruptor RingBuffer]`: an id with spaces before a bracketed title. Mermaid
 * shows the bracket text as the title, as for `subgraph id [Title]`.
 */
function spacedHeader(title: string): { key: string; title: string } | null {
  if (title.startsWith('"') || title.startsWith('`') || !title.endsWith(']')) return null
  const open = title.indexOf('[')
  const key = title.slice(0, Math.max(open, 0)).trim()
  if (open < 0 || !key || /["`\]]/.test(key) || title.indexOf('[', open + 1) >= 0) return null
  return { key, title: title.slice(open + 1, -1) }
}

function setLabel(d: NodeDecl, raw: string): void {
  const t = mermaidText(raw)
  d.name = t.name || d.key
  if (t.label !== undefined) (d.properties ??= {}).mermaid_label = t.label
  // A blank label (`join1{ }`): Mermaid draws no text, and the export writes none.
  else if (!t.name) (d.properties ??= {}).mermaid_label = ''
  else if (d.properties) delete d.properties.mermaid_label
}

/** One node with its shape, label, data and class; null when `X@{…}` was data for edge X. */
function readNode(r: Src, st: State): NodeDecl | Failure | null {
  const start = r.i
  const m = r.sticky(ID)
  if (!m) return r.err('expected a node id, e.g. A or A[Label],')
  const key = m[0]
  const at = r.at(start)
  if (r.s.startsWith('@{', r.i)) {
    let e = r.i + 2
    for (let inQ = false; e < r.s.length && (inQ || r.s[e] !== '}'); e++) if (r.s[e] === '"') inQ = !inQ
    if (e >= r.s.length) return r.err('unclosed @{ … }')
    const body = r.s.slice(r.i + 2, e).trim()
    r.i = e + 1
    if (st.edgeIds.has(key)) return null
    const d = st.c.node(key, key, at)
    if ('ok' in d) return d
    const data = shapeData(body)
    if (data.label !== undefined) setLabel(d, data.label)
    if (data.shape !== undefined) {
      const shape = shapeOfName(data.shape)
      if (shape) d.shape = shape
    }
    if (Object.keys(data).some((k) => k !== 'label' && k !== 'shape'))
      (d.properties ??= {}).mermaid_data = body
    return cls(r, d, st)
  }
  const b = BRACKETS.find((x) => r.s.startsWith(x.open, r.i))
  let d = st.c.node(key, key, at)
  if ('ok' in d) return d
  if (b) {
    // [/…/] and [/…\] open alike: the closer decides.
    const opens = BRACKETS.filter((x) => x.open === b.open)
    r.i += b.open.length
    const save = r.i
    let best: { body: string; end: number; shape: string | undefined } | null = null
    for (const o of opens) {
      r.i = save
      const body = readBody(r, o.close)
      if (typeof body === 'string' && (!best || r.i < best.end)) best = { body, end: r.i, shape: o.shape }
    }
    if (!best) {
      r.i = save
      return r.err(`unclosed ${b.open} (expected ${opens.map((o) => o.close).join(' or ')})`)
    }
    r.i = best.end
    setLabel(d, best.body)
    if (best.shape) d.shape = best.shape
    else delete d.shape
  }
  d = cls(r, d, st)
  return d
}

function cls(r: Src, d: NodeDecl, st: State): NodeDecl | Failure {
  const m = r.sticky(/:::([\p{L}\p{N}_-]+)/uy)
  if (m) {
    const k = st.c.node(d.key, d.name, r.at(), m[1])
    if ('ok' in k) return k
  }
  return d
}

function member(st: State, d: NodeDecl, at: string): void {
  const g = st.groups[st.groups.length - 1]
  if (!g || g.key === d.key || st.home.has(d.key)) return
  st.home.set(d.key, g.key)
  st.c.parents.push({ child: d.key, parent: g.key, at })
}

interface Link {
  arrow: string
  text?: string
  id?: string
}

function readLink(r: Src): Link | null {
  const save = r.i
  const id = r.sticky(EDGE_ID)?.[1]
  const plain = r.sticky(LINK)
  if (plain) {
    const pipe = pipeText(r)
    return { arrow: plain[1]!, ...(pipe !== null ? { text: pipe } : {}), ...(id ? { id } : {}) }
  }
  const st = r.sticky(START)
  if (st) {
    const m = r.next(END[st[2]!]!)
    const nl = r.s.indexOf('\n', r.i)
    if (m && (nl < 0 || m.index < nl || r.nextQuote() < m.index)) {
      const text = r.s.slice(r.i, m.index)
      r.i = m.index + m[0].length
      const arrow = st[1]! + (st[2] === '-.' ? '-' : '') + m[1]!
      return { arrow, text, ...(id ? { id } : {}) }
    }
  }
  r.i = save
  return null
}

function statement(r: Src, st: State): Failure | null {
  let left: NodeDecl[] | null = null
  let link: Link | null = null
  for (;;) {
    const group: NodeDecl[] = []
    for (;;) {
      r.inline()
      const at = r.at()
      const d = readNode(r, st)
      if (d === null) return null
      if ('ok' in d) return d
      member(st, d, at)
      group.push(d)
      r.inline()
      if (r.s[r.i] !== '&') break
      r.i++
      r.any()
    }
    if (left && link) {
      const text = link.text !== undefined ? mermaidText(link.text) : undefined
      const words = text?.label ?? text?.name ?? ''
      // Typed by its words (`<br/>` a space, as in a node's name); the label keeps the break.
      const rel = words ? relationOf(text?.name || words) : RELATES_TO
      const props: Record<string, Json> = {}
      if (link.arrow !== '-->') props.arrow = link.arrow
      if (link.id) props.mermaid_id = link.id
      const label = words && words !== rel ? words : undefined
      for (const a of left)
        for (const b of group) {
          const before = st.c.facts.length
          st.c.relate(a, rel, b, r.at(), label, Object.keys(props).length ? { ...props } : undefined)
          st.links.push(st.c.facts.length > before ? st.c.facts[st.c.facts.length - 1]! : null)
        }
    }
    r.inline()
    const save = r.i
    if (r.s[r.i] === '\n') r.any()
    const next = readLink(r)
    if (!next) {
      r.i = save
      if (r.i >= r.s.length || r.s[r.i] === '\n' || r.s[r.i] === ';' || r.s.startsWith('%%', r.i)) return null
      return r.err('expected a link like --> or the end of the statement')
    }
    if (next.id) st.edgeIds.add(next.id)
    link = next
    left = group
    r.any()
  }
}

/** Reads a flowchart. A failure names the line; nothing about the graph is touched. */
export function parseMermaid(text: string): Result<Parsed> {
  const big = checkText(text, 'mermaid')
  if (big) return big
  const r = new Src(text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'))
  const c = new Collector('mermaid')
  const st: State = { c, groups: [], home: new Map(), edgeIds: new Set(), links: [], linkStyles: [] }
  r.any()
  if (r.s.startsWith('---', r.i)) {
    const end = r.s.indexOf('\n---', r.i + 3)
    if (end < 0) return fail('parse_error', `${r.at()}: front matter opened with --- is never closed`)
    r.i = end + 4
  }
  for (;;) {
    r.any()
    if (!r.s.startsWith('%%', r.i)) break
    r.rest()
  }
  const other = OTHER_DIAGRAM.exec(r.s.slice(r.i, r.i + 40))
  if (other)
    return fail(
      'parse_error',
      `${r.at()}: only flowcharts can be imported (flowchart TD, graph LR); a ${other[1]} is not supported`,
    )
  const h = r.sticky(HEADER)
  if (h) c.direction = ARROWS[h[1] ?? ''] ?? (h[1] as Dir | undefined) ?? 'TB'
  for (;;) {
    r.any()
    if (r.i >= r.s.length) break
    if (r.s[r.i] === ';') {
      r.i++
      continue
    }
    if (r.s.startsWith('%%', r.i)) {
      r.rest()
      continue
    }
    const start = r.i
    const kw = r.sticky(KEYWORD)
    if (kw) {
      const bad = keyword(r, st, kw[1]!, start)
      if (bad) return bad
      continue
    }
    const bad = statement(r, st) ?? c.over(r.at(start))
    if (bad) return bad
  }
  if (st.groups.length)
    return fail(
      'parse_error',
      `the subgraph '${st.groups[st.groups.length - 1]!.name}' is never closed with 'end'`,
    )
  styleLinks(st)
  const parsed = c.result()
  if (parsed.ok) fillColours(parsed.nodes, parsed.classDefs)
  return parsed
}

/**
 * A node's colour from what Mermaid fills it with (mermaid-fill.ts): its own `style`, else its class's
 * `classDef`, else `classDef default`. The style lines stay on the node for the way back; the colour is
 * what the canvas and its exports draw.
 */
function fillColours(nodes: NodeDecl[], classDefs: Record<string, string> | undefined): void {
  for (const n of nodes) {
    if (n.color !== undefined) continue
    const cls =
      n.kind !== undefined && classDefs && Object.hasOwn(classDefs, n.kind) ? classDefs[n.kind] : undefined
    const style = n.properties?.mermaid_style
    const fill = fillColor(typeof style === 'string' ? style : undefined, cls, classDefs?.default)
    if (fill) n.color = fill
  }
}

function keyword(r: Src, st: State, kw: string, start: number): Failure | null {
  const at = r.at(start)
  const c = st.c
  switch (kw) {
    case 'end':
      if (!st.groups.pop()) return fail('parse_error', `${at}: 'end' without a subgraph to close`)
      return null
    case 'subgraph': {
      const line = r.rest().trimEnd()
      const title = (line.endsWith(';') ? line.slice(0, -1) : line).trim()
      const m = /^([^\s[\]"`]+)\s*\[(.*)\]$/u.exec(title)
      const sp = m ? null : spacedHeader(title)
      const key = m ? m[1]! : sp ? sp.key : title.startsWith('"') ? mermaidText(title).name : title
      if (!key) return fail('parse_error', `${at}: subgraph needs a name: subgraph id [Title]`)
      const d = c.node(key, key, at)
      if ('ok' in d) return d
      d.shape = 'group'
      if (m || sp || title.startsWith('"') || title.startsWith('`'))
        setLabel(d, m ? m[2]! : sp ? sp.title : title)
      member(st, d, at)
      st.groups.push(d)
      return null
    }
    case 'direction': {
      const m = r.sticky(DIRECTION)
      const g = st.groups[st.groups.length - 1]
      if (m && g) (g.properties ??= {}).mermaid_direction = m[1]!
      r.rest()
      return null
    }
    case 'style': {
      const m = /^[ \t]+([^\s,]+)[ \t]+(.+)$/.exec(r.rest())
      const d = m ? c.get(m[1]!) : undefined
      if (d) (d.properties ??= {}).mermaid_style = m![2]!.trim().replace(/;$/, '')
      return null
    }
    case 'class': {
      // Like `A:::cls`, a class is the node's kind; a second one is listed, not refused.
      const m = /^[ \t]+([^\s]+)[ \t]+([\p{L}\p{N}_-]+)/u.exec(r.rest())
      for (const k of m ? m[1]!.split(',') : []) {
        const d = c.get(k.trim())
        if (!d) continue
        if (d.kind !== undefined && d.kind !== m![2])
          c.skipped.push(`${at}: class ${m![2]} on ${d.key}, which has class ${d.kind}; one class is kept`)
        else c.node(d.key, d.name, at, m![2])
      }
      return null
    }
    case 'classDef': {
      // Kept for the graph (meta), so an export draws the classes its kinds name as the file did.
      const m = /^[ \t]+([\w,-]+)[ \t]+(.+)$/.exec(r.rest())
      const body = m ? statementBody(m[2]!, 1) : ''
      for (const name of m ? m[1]!.split(',') : []) if (name) (c.classDefs ??= {})[name] = body
      return null
    }
    case 'click': {
      // Kept as written (callback, URL, tooltip, target) for the export; Mermaid applies it only to a
      // node defined before the line, as here.
      const m = /^[ \t]+([^\s]+)[ \t]+(.*)$/.exec(r.rest())
      const action = m ? statementBody(m[2]!, 0).trim() : ''
      const ds = m ? m[1]!.split(',').map((k) => c.get(k)) : []
      if (!m || !action || !ds.length || ds.some((d) => !d))
        c.skipped.push(
          `${at}: click needs a node defined before it and an action, e.g. click A "https://…"; not kept`,
        )
      else for (const d of ds) (d!.properties ??= {}).mermaid_click = action
      return null
    }
    case 'linkStyle': {
      const m = /^[ \t]+(default|\d+(?:[ \t]*,[ \t]*\d+)*)[ \t]+(.+)$/.exec(r.rest())
      if (m) st.linkStyles.push({ at, which: m[1]!, body: statementBody(m[2]!, 1).trim() })
      else
        c.skipped.push(
          `${at}: linkStyle needs default or link numbers and a style, e.g. linkStyle 0 stroke:#f00; not kept`,
        )
      return null
    }
    case 'accDescr':
    case 'accTitle': {
      r.inline()
      if (r.s[r.i] === '{') {
        const e = r.s.indexOf('}', r.i)
        if (e < 0) return fail('parse_error', `${at}: ${kw} { is never closed with }`)
        r.i = e + 1
      } else r.rest()
      return null
    }
    default:
      r.rest()
      return null
  }
}

const INTERPOLATE = /^interpolate[ \t]+\S+/

/** Two linkStyle bodies for one link, as Mermaid applies them: the later curve and the later style. */
function mergeStyle(had: string | undefined, body: string): string {
  if (!had) return body
  const curve = INTERPOLATE.exec(body)?.[0] ?? INTERPOLATE.exec(had)?.[0]
  const style = body.replace(INTERPOLATE, '').trim() || had.replace(INTERPOLATE, '').trim()
  return [curve, style].filter(Boolean).join(' ')
}

/** Puts each `linkStyle` body on the links it numbers; a number past the last link is listed. */
function styleLinks(st: State): void {
  for (const { at, which, body } of st.linkStyles) {
    if (which === 'default') {
      st.c.linkStyleDefault = mergeStyle(st.c.linkStyleDefault, body)
      continue
    }
    for (const n of which.split(',').map((x) => Number(x.trim()))) {
      if (n >= st.links.length) {
        st.c.skipped.push(
          `${at}: linkStyle ${n} names no link (the file has ${st.links.length}, numbered from 0)`,
        )
        continue
      }
      const f = st.links[n]
      if (!f) {
        st.c.skipped.push(
          `${at}: linkStyle ${n} styles a link read as the tree (a parent), which has no style`,
        )
        continue
      }
      const had = f.properties?.mermaid_link_style
      f.properties = {
        ...f.properties,
        mermaid_link_style: mergeStyle(typeof had === 'string' ? had : undefined, body),
      }
    }
  }
}
