import { edgesByNode } from '../analysis-graph.ts'
import { drawnTree } from '../drawn-order.ts'
import { meta, type Graph } from '../graph.ts'
import type { NodeView } from '../types.ts'
import { CLASS_DEFS, IMPORT_LIMITS, LINK_STYLE_DEFAULT } from './facts.ts'
import { DEFAULT_KIND, RELATES_TO } from '../vocabulary.ts'
import { layout } from '../schema.ts'
import { bracketsOf } from './mermaid-shapes.ts'
import { styleWithColor } from './mermaid-fill.ts'
import { mermaidLabel } from './mermaid-text.ts'

import { parseMermaid as parseFlowchart } from './mermaid-parse.ts'
import { fail } from '../graph.ts'
import type { Result } from '../types.ts'
import type { Parsed } from './facts.ts'
export { mermaidLabel, mermaidText } from './mermaid-text.ts'

/*
 * The live graph as a flowchart that reads like its source: the graph's direction; the tree as
 * `subgraph … end` blocks (the root is left out when no edge touches it: its children are the top
 * level); each node with its shape, its label as written (line breaks, markdown) and its class; each
 * edge with its arrow kind, its id and its text (the edge's label, else its type unless relates_to);
 * `style`, `class`, `click` and `linkStyle` lines (a link's number is its place in this export); a
 * node's colour as its fill (mermaid-fill.ts). A node keeps the Mermaid id it was imported with, else
 * its own id when Mermaid can read that, so a re-import finds the same nodes.
 */

const CLASS = /^[A-Za-z][A-Za-z0-9_-]*$/
const SAFE_ID = /^[A-Za-z_][A-Za-z0-9_]*$/
const RESERVED = new Set([
  'end',
  'subgraph',
  'graph',
  'flowchart',
  'style',
  'class',
  'classDef',
  'click',
  'linkStyle',
  'direction',
  'default',
  'title',
  'accTitle',
  'accDescr',
])

const prop = (n: { properties: Record<string, unknown> }, k: string): string | undefined =>
  typeof n.properties[k] === 'string' ? (n.properties[k] as string) : undefined

function labelOf(n: NodeView): string {
  const shown = prop(n, 'mermaid_label')
  if (shown !== undefined) return `"${mermaidLabel(shown, true) || ' '}"`
  return `"${mermaidLabel(n.summary.trim() ? n.summary : n.id)}"`
}

/** The class a node is written with: its kind, unless that is the default or not a Mermaid name. */
const classOf = (n: NodeView): string | undefined =>
  n.kind !== DEFAULT_KIND && CLASS.test(n.kind) ? n.kind : undefined

/** The graph's `classDef`s that the export can write back (one line each). */
function classDefs(g: Graph): Record<string, string> {
  const defs = layout(g.doc).meta.get(CLASS_DEFS)
  const out: Record<string, string> = {}
  if (defs && typeof defs === 'object')
    for (const [k, v] of Object.entries(defs as Record<string, unknown>))
      if (typeof v === 'string' && CLASS.test(k) && !/[\n;]/.test(v)) out[k] = v
  return out
}

function nodeText(id: string, n: NodeView): string {
  const data = prop(n, 'mermaid_data')
  const cls = classOf(n) ? `:::${n.kind}` : ''
  if (data !== undefined) return `${id}@{ ${data.replace(/\n/g, ' ')} }${cls}`
  const b = bracketsOf(n.shape === 'group' ? undefined : n.shape)
  if (!b) return `${id}@{ shape: ${n.shape}, label: ${labelOf(n)} }${cls}`
  return `${id}${b.open}${labelOf(n)}${b.close}${cls}`
}

export function toMermaid(
  g: Graph,
  opts: { limit?: number; direction?: 'TD' | 'LR' | 'BT' | 'RL' } = {},
): string {
  const limit = Math.max(1, Math.min(Math.floor(opts.limit ?? IMPORT_LIMITS.nodes), IMPORT_LIMITS.nodes))
  const m = meta(g)
  const s = g.index.struct()
  // Siblings in the order the map draws them (drawn-order.ts), the root first.
  const t = drawnTree(g.index, m.root)
  const out = edgesByNode(g.index)
  const root = m.root
  const rootTouched =
    !!root &&
    ((out.get(root)?.length ?? 0) > 0 || g.index.edgesOf(root, 'in').some((e) => g.index.live(e.other)))
  const skipRoot = !!root && s.roots.includes(root) && !rootTouched && (s.children.get(root)?.length ?? 0) > 0
  const order: string[] = []
  const starts = [...t.roots].reverse()
  const stack = skipRoot ? [...starts.filter((r) => r !== root), ...[...t.children(root!)].reverse()] : starts
  let total = 0
  while (stack.length) {
    const id = stack.pop()!
    total++
    if (order.length < limit) order.push(id)
    const kids = t.children(id)
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!)
  }
  const inOrder = new Set(order)
  const used = new Set<string>()
  const short = new Map<string, string>()
  order.forEach((id, i) => {
    const n = g.index.nodes.get(id)!
    const alias = n.aliases?.filter((a) => a.startsWith('mermaid:')).map((a) => a.slice(8))
    const pick = [...(alias ?? []), id, `n${i}`].find(
      (k) => SAFE_ID.test(k) && !RESERVED.has(k) && !used.has(k),
    )
    const k = pick ?? `n${i}_${used.size}`
    used.add(k)
    short.set(id, k)
  })
  const defs = classDefs(g)
  const lines = [`flowchart ${opts.direction ?? m.direction ?? 'TD'}`]
  const extra: string[] = []
  const write = (id: string, depth: number): void => {
    const n = g.index.nodes.get(id)!
    const pad = '  '.repeat(depth)
    const kids = t.children(id).filter((k) => inOrder.has(k))
    // The colour is written as the fill, unless the class or default fill already gives it.
    const cls = classOf(n)
    const style = styleWithColor(
      n.color,
      prop(n, 'mermaid_style'),
      cls && Object.hasOwn(defs, cls) ? defs[cls] : undefined,
      defs.default,
    )
    if (style) extra.push(`  style ${short.get(id)} ${style}`)
    const click = prop(n, 'mermaid_click')
    if (click && !click.includes('\n')) extra.push(`  click ${short.get(id)} ${click}`)
    if (!kids.length && n.shape !== 'group') {
      lines.push(pad + nodeText(short.get(id)!, n))
      return
    }
    lines.push(`${pad}subgraph ${short.get(id)} [${labelOf(n)}]`)
    if (cls) extra.push(`  class ${short.get(id)} ${cls}`)
    const dir = prop(n, 'mermaid_direction')
    if (dir && /^(TB|TD|BT|LR|RL)$/.test(dir)) lines.push(`${pad}  direction ${dir}`)
    for (const k of kids) write(k, depth + 1)
    lines.push(`${pad}end`)
  }
  for (const id of order) {
    const p = s.parent.get(id)
    if (!p || !inOrder.has(p)) write(id, 1)
  }
  let dropped = 0
  let links = 0
  const linkStyles: string[] = []
  const byDefault = layout(g.doc).meta.get(LINK_STYLE_DEFAULT)
  if (typeof byDefault === 'string' && !/[\n;]/.test(byDefault))
    linkStyles.push(`  linkStyle default ${byDefault}`)
  for (const id of order) {
    for (const e of out.get(id) ?? []) {
      const to = short.get(e.to)
      if (!to) {
        dropped++
        continue
      }
      const ev = g.index.edges.get(e.id)
      const props = ev?.properties ?? {}
      const arrow = typeof props.arrow === 'string' ? props.arrow : '-->'
      const eid = typeof props.mermaid_id === 'string' ? `${props.mermaid_id}@` : ''
      const text = ev?.label || (e.type === RELATES_TO ? '' : e.type)
      const pipe = text && !arrow.startsWith('~') ? `|"${mermaidLabel(text, true)}"|` : ''
      lines.push(`  ${short.get(id)} ${eid}${arrow}${pipe} ${to}`)
      const ls = props.mermaid_link_style
      if (typeof ls === 'string' && ls && !/[\n;]/.test(ls)) linkStyles.push(`  linkStyle ${links} ${ls}`)
      links++
    }
  }
  for (const [k, v] of Object.entries(defs)) extra.push(`  classDef ${k} ${v}`)
  lines.push(...extra, ...linkStyles)
  if (total > order.length) {
    lines.push(
      `  %% ${total - order.length} more nodes and ${dropped} edges to them are not shown (limit ${limit})`,
    )
  }
  return lines.join('\n') + '\n'
}

/**
 * Reads a Mermaid flowchart; a fenced ```` ```mermaid ```` (or `~~~mermaid`) block pasted from a README
 * is read as the flowchart inside it. The fence lines become blank, so line numbers in errors stay the
 * file's. Text after the closing fence is refused: it is not Mermaid.
 */
export function parseMermaid(text: string): Result<Parsed> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  const open = lines.findIndex((l) => l.trim() !== '')
  const fence = open < 0 ? null : /^\s*(`{3,}|~{3,})\s*mermaid\s*$/i.exec(lines[open]!)
  if (!fence) return parseFlowchart(text)
  const mark = fence[1]!
  const closes = (l: string): boolean => {
    const t = l.trim()
    return t.length >= mark.length && t === mark[0]!.repeat(t.length)
  }
  const close = lines.findIndex((l, i) => i > open && closes(l))
  const after = close < 0 ? [] : lines.slice(close + 1)
  if (after.some((l) => l.trim() !== ''))
    return fail(
      'parse_error',
      `line ${close + 2 + after.findIndex((l) => l.trim() !== '')}: text after the closing ${mark} fence; import only the Mermaid between the fences (without the \`\`\`mermaid fence lines, or with nothing after them)`,
    )
  const body = lines.map((l, i) => (i === open || (close >= 0 && i >= close) ? '' : l))
  return parseFlowchart(body.join('\n'))
}
