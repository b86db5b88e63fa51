import { edgesByNode } from '../analysis-graph.ts'
import { fail, meta, type Graph } from '../graph.ts'
import type { Failure, Result } from '../types.ts'
import { LIMITS, typeName } from '../validate.ts'
import { Collector, RELATES_TO, checkText, relationOf, type Parsed } from './facts.ts'

/*
 * JSON Canvas 1.0 (Obsidian, jsoncanvas.org). Out: one text card per live node (summary, a blank line,
 * notes), at the node's x/y or, when it has none, where a simple tree layout puts it; graph edges with
 * their type as the label; the tree as edges labelled `contains`; resolved cards green, blocked red; the
 * kind in an extra `kind` field that canvas apps keep and ignore. In: text cards (first line the name,
 * the rest notes), file and link cards (named by their path or URL, which also becomes a link), groups
 * (named by their label; whatever sits inside a group becomes its child), edges (label -> edge type,
 * `contains`/`part_of` -> tree, as in the DSL). Card ids are kept, so a canvas exported from Plexus and
 * edited elsewhere matches its nodes again on import (a card whose text still starts with the node's name).
 */

export interface CanvasNode {
  id: string
  type: 'text' | 'file' | 'link' | 'group'
  x: number
  y: number
  width: number
  height: number
  color?: string
  text?: string
  file?: string
  subpath?: string
  url?: string
  label?: string
  /** Not in the spec: the Plexus kind, when it is not `concept`. */
  kind?: string
}

export interface CanvasEdge {
  id: string
  fromNode: string
  toNode: string
  fromSide?: 'top' | 'right' | 'bottom' | 'left'
  toSide?: 'top' | 'right' | 'bottom' | 'left'
  fromEnd?: 'none' | 'arrow'
  toEnd?: 'none' | 'arrow'
  color?: string
  label?: string
}

export interface Canvas {
  nodes: CanvasNode[]
  edges: CanvasEdge[]
}

const WIDTH = 260
const COLUMN = 340
const ROW = 140

export function toCanvasData(g: Graph): Canvas {
  const s = g.index.struct()
  const root = meta(g).root
  const stack = [...s.roots].sort((a, b) => (a === root ? 1 : b === root ? -1 : a < b ? 1 : -1))
  const nodes: CanvasNode[] = []
  const edges: CanvasEdge[] = []
  let row = 0
  while (stack.length) {
    const id = stack.pop()!
    const n = g.index.nodes.get(id)!
    const text = n.notes ? `${n.summary}\n\n${n.notes}` : n.summary
    const lines = text.split('\n').reduce((sum, l) => sum + Math.max(1, Math.ceil(l.length / 32)), 0)
    const status = g.index.statusOf(id)
    nodes.push({
      id,
      type: 'text',
      text,
      x: Math.round(n.x ?? (s.depth.get(id) ?? 0) * COLUMN),
      y: Math.round(n.y ?? row * ROW),
      width: WIDTH,
      height: Math.min(60 + 24 * lines, 480),
      ...(status === 'resolved' ? { color: '4' } : status === 'blocked' ? { color: '1' } : {}),
      ...(n.kind !== 'concept' ? { kind: n.kind } : {}),
    })
    row++
    const p = s.parent.get(id)
    if (p) edges.push({ id: `tree:${id}`, fromNode: p, toNode: id, label: 'contains' })
    const kids = s.children.get(id) ?? []
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!)
  }
  const out = edgesByNode(g.index)
  for (const n of nodes)
    for (const e of out.get(n.id) ?? []) edges.push({ id: e.id, fromNode: n.id, toNode: e.to, label: e.type })
  return { nodes, edges }
}

export function toCanvas(g: Graph): string {
  return JSON.stringify(toCanvasData(g), null, '\t') + '\n'
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v)
const TYPES = new Set(['text', 'file', 'link', 'group'])

/** A card's name and notes: the first line (a markdown heading mark dropped), then the rest. */
function splitText(text: string): { name: string; notes?: string } {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  const first = lines.findIndex((l) => l.trim() !== '')
  if (first < 0) return { name: 'Untitled card' }
  let name = lines[first]!.replace(/^\s*#{1,6}\s+/, '').trim() || 'Untitled card'
  let notes = lines
    .slice(first + 1)
    .join('\n')
    .replace(/^\n+/, '')
  if (name.length > LIMITS.summary) {
    // A long first paragraph: keep it whole in the notes rather than refuse the canvas.
    notes = text
    name = name.slice(0, 200) + '…'
  }
  return notes ? { name, notes } : { name }
}

function checkCanvasNode(v: unknown, i: number, ids: Set<string>): Failure | null {
  const at = `nodes[${i}]`
  if (!isObj(v)) return fail('invalid_argument', `${at}: expected a node object, got ${typeName(v)}`)
  if (typeof v.id !== 'string' || v.id === '')
    return fail('invalid_argument', `${at}.id: expected a non-empty string`)
  if (ids.has(v.id))
    return fail('invalid_argument', `${at}.id: ${JSON.stringify(v.id)} is used by another node`)
  if (typeof v.type !== 'string' || !TYPES.has(v.type)) {
    return fail(
      'invalid_argument',
      `${at}.type: expected text, file, link or group, got ${JSON.stringify(v.type)}`,
    )
  }
  for (const k of ['x', 'y', 'width', 'height']) {
    if (typeof v[k] !== 'number' || !Number.isFinite(v[k]))
      return fail('invalid_argument', `${at}.${k}: expected a number`)
  }
  const field = v.type === 'text' ? 'text' : v.type === 'file' ? 'file' : v.type === 'link' ? 'url' : null
  if (field && typeof v[field] !== 'string')
    return fail('invalid_argument', `${at}.${field}: a ${v.type} node needs a string ${field}`)
  if (v.label !== undefined && typeof v.label !== 'string')
    return fail('invalid_argument', `${at}.label: expected a string`)
  return null
}

/** Reads a JSON Canvas. A failure names the node or edge; nothing about the graph is touched. */
export function parseCanvas(text: string): Result<Parsed> {
  const big = checkText(text, 'canvas')
  if (big) return big
  let data: unknown
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (e) {
    return fail('parse_error', `canvas: not valid JSON (${e instanceof Error ? e.message : String(e)})`)
  }
  if (!isObj(data))
    return fail('invalid_argument', `canvas: expected an object with nodes and edges, got ${typeName(data)}`)
  const rawNodes = data.nodes ?? []
  const rawEdges = data.edges ?? []
  if (!Array.isArray(rawNodes)) return fail('invalid_argument', 'canvas.nodes: expected an array')
  if (!Array.isArray(rawEdges)) return fail('invalid_argument', 'canvas.edges: expected an array')
  const ids = new Set<string>()
  for (const [i, v] of rawNodes.entries()) {
    const c = checkCanvasNode(v, i, ids)
    if (c) return c
    ids.add((v as CanvasNode).id)
  }
  const cards = rawNodes as CanvasNode[]
  const c = new Collector()
  for (const [i, v] of cards.entries()) {
    const at = `nodes[${i}]`
    const named =
      v.type === 'text'
        ? splitText(v.text!)
        : v.type === 'group'
          ? { name: v.label?.trim() || 'Group' }
          : { name: (v.type === 'file' ? v.file! : v.url!).trim() || 'Untitled card' }
    const kind = typeof v.kind === 'string' && /^[\p{L}\p{N}_-]+$/u.test(v.kind) ? v.kind : undefined
    const d = c.node(v.id, named.name, at, kind)
    if ('ok' in d) return d
    Object.assign(
      d,
      { x: v.x, y: v.y, id: v.id },
      'notes' in named && named.notes ? { notes: named.notes } : {},
    )
    if (v.type === 'file' || v.type === 'link')
      d.links = [v.type === 'file' ? v.file! + (v.subpath ?? '') : v.url!]
  }
  // Group membership by geometry: a card belongs to the smallest group its centre lies in.
  const groups = cards
    .filter((v) => v.type === 'group')
    .sort((a, b) => a.width * a.height - b.width * b.height)
  if (groups.length * cards.length <= 10_000_000) {
    for (const [i, v] of cards.entries()) {
      const cx = v.x + v.width / 2
      const cy = v.y + v.height / 2
      const area = v.width * v.height
      const home = groups.find(
        (g) =>
          g !== v &&
          g.width * g.height > area &&
          cx >= g.x &&
          cx <= g.x + g.width &&
          cy >= g.y &&
          cy <= g.y + g.height,
      )
      if (home) c.parents.push({ child: v.id, parent: home.id, at: `nodes[${i}]` })
    }
  }
  for (const [i, e] of rawEdges.entries()) {
    const at = `edges[${i}]`
    if (!isObj(e)) return fail('invalid_argument', `${at}: expected an edge object, got ${typeName(e)}`)
    for (const k of ['fromNode', 'toNode'] as const) {
      if (typeof e[k] !== 'string' || !ids.has(e[k]))
        return fail('invalid_argument', `${at}.${k}: no node with id ${JSON.stringify(e[k])}`)
    }
    if (e.label !== undefined && typeof e.label !== 'string')
      return fail('invalid_argument', `${at}.label: expected a string`)
    const label = typeof e.label === 'string' ? e.label.replace(/\s+/g, ' ').trim() : ''
    const rel = label ? relationOf(label) : RELATES_TO
    c.relate(
      c.get(e.fromNode as string)!,
      rel,
      c.get(e.toNode as string)!,
      at,
      label && label.toLowerCase() !== rel ? label : undefined,
    )
  }
  return c.result()
}
