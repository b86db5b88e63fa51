import { normalColor } from '../appearance.ts'
import { fail } from '../graph.ts'
import type { Failure, Json, Result } from '../types.ts'
import { LIMITS, typeName } from '../validate.ts'
import { ENDS, SIDES, type CanvasNode } from './canvas-types.ts'
import { Collector, IMPORT_LIMITS, checkText, type Parsed } from './facts.ts'
import { RELATES_TO, relationOf } from '../vocabulary.ts'

/*
 * JSON Canvas 1.0 (Obsidian, jsoncanvas.org), both ways, with nothing the spec does not name.
 * In: text cards (first line the name, a heading mark kept aside, the rest notes), file and link
 * cards (named by path or URL, kept as the node's `card`, `file`, `subpath` or `url` properties), group
 * cards (shape `group`; whatever sits inside one becomes its child); every card's position, size and
 * colour; edges with their label (its words also give the edge type), sides, ends and colour. Card
 * ids are stored as aliases (`canvas:<id>`), so a re-import finds the same nodes.
 * Out: the same cards and edges, at the node's position (or a simple tree layout when it has none);
 * the root is left out when no edge touches it. The tree is written only through groups' geometry.
 */

export type { Canvas, CanvasEdge, CanvasNode } from './canvas-types.ts'
export { toCanvas, toCanvasData } from './canvas-write.ts'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v)
const TYPES = new Set(['text', 'file', 'link', 'group'])

/** A card's name and notes: the first line (a markdown heading mark kept aside), then the rest as written. */
function splitText(text: string): {
  name: string
  notes?: string
  heading?: string
  untitled?: boolean
  gap?: number
} {
  const t = text.replace(/\r\n?/g, '\n')
  const nl = t.indexOf('\n')
  const first = nl < 0 ? t : t.slice(0, nl)
  const rest = nl < 0 ? '' : t.slice(nl + 1)
  // The heading mark, then the rest trimmed (a lazy `(.*?)\s*$` re-read the blanks at each character).
  const mark = /^\s*#{1,6}\s+/.exec(first)?.[0]
  const name = first.slice(mark?.length ?? 0).trim()
  if (!name) {
    if (!rest.trim()) return { name: 'Untitled card', untitled: true }
    return { name: 'Untitled card', notes: t }
  }
  if (name.length > LIMITS.summary) return { name: name.slice(0, 200) + '…', notes: t }
  const heading = mark ?? (first !== name ? first.slice(0, first.indexOf(name)) : undefined)
  if (first.endsWith(' ') || first.endsWith('\t')) return { name, notes: t }
  // Notes start after the blank line(s) that follow the name; a gap other than one blank line is kept.
  const notes = rest.replace(/^\n+/, '')
  const gap = rest.length - notes.length + 1
  return {
    name,
    ...(notes ? { notes } : {}),
    ...(heading ? { heading } : {}),
    ...(notes && gap !== 2 ? { gap } : {}),
  }
}

/**
 * A text card as splitText reads it, with the blank lines before its first line (`lead`) and the
 * whitespace after its only line (`trail`) kept aside: the card is named by its first non-blank line
 * and the export writes its text back unchanged.
 */
function splitCard(text: string): ReturnType<typeof splitText> & { lead?: string; trail?: string } {
  const t = text.replace(/\r\n?/g, '\n')
  let start = 0
  for (let nl = t.indexOf('\n'); nl >= 0 && t.slice(start, nl).trim() === ''; nl = t.indexOf('\n', start))
    start = nl + 1
  if (!t.slice(start).trim()) return splitText(t)
  const body = t.slice(start)
  const named = splitText(body)
  const lead = start > 0 ? { lead: t.slice(0, start) } : {}
  const core = (named.heading ?? '') + named.name
  const rest = body.startsWith(core) ? body.slice(core.length) : null
  if (named.notes === undefined && !named.untitled && rest && !rest.trim())
    return { ...named, ...lead, trail: rest }
  return { ...named, ...lead }
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

/** An Excalidraw scene given as `format`, refused by name with what to do; null when it is not one. */
export function excalidrawScene(format: string, data: Record<string, unknown>): Failure | null {
  if (data.type !== 'excalidraw' && !(Array.isArray(data.elements) && !('nodes' in data))) return null
  return fail(
    'invalid_argument',
    `${format}: this is an Excalidraw scene: not supported. Excalidraw exports pictures (PNG, SVG) only, so draw the graph as a Mermaid flowchart or on an Obsidian canvas and import that.`,
  )
}

/**
 * A JSON object that is some other tool's file, refused with what it is and what to do: JSON Canvas
 * makes `nodes` and `edges` optional, so without this any object would import as an empty canvas.
 */
function notACanvas(data: Obj): Failure | null {
  const scene = excalidrawScene('canvas', data)
  if (scene) return scene
  if (data.format === 'plexus')
    return fail('invalid_argument', 'canvas: this is a Plexus JSON export; import it as json (a .json file).')
  if (!('nodes' in data) && !('edges' in data) && Object.keys(data).length > 0)
    return fail(
      'invalid_argument',
      `canvas: not a JSON Canvas: expected an object with a nodes array and an edges array (jsoncanvas.org), got an object with ${Object.keys(
        data,
      )
        .slice(0, 5)
        .map((k) => JSON.stringify(k))
        .join(', ')}`,
    )
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
  const other = notACanvas(data)
  if (other) return other
  const rawNodes = data.nodes ?? []
  const rawEdges = data.edges ?? []
  if (!Array.isArray(rawNodes)) return fail('invalid_argument', 'canvas.nodes: expected an array')
  if (!Array.isArray(rawEdges)) return fail('invalid_argument', 'canvas.edges: expected an array')
  if (rawNodes.length > IMPORT_LIMITS.nodes || rawEdges.length > IMPORT_LIMITS.edges)
    return fail(
      'too_large',
      `canvas: ${rawNodes.length} nodes and ${rawEdges.length} edges; one import takes at most ${IMPORT_LIMITS.nodes} and ${IMPORT_LIMITS.edges}. Split it into several imports.`,
    )
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
    const props: Record<string, Json> = {}
    let named: ReturnType<typeof splitCard>
    if (v.type === 'text') named = splitCard(v.text!)
    else if (v.type === 'group') {
      named = v.label?.trim() ? { name: v.label.trim() } : { name: 'Group', untitled: true }
      if (typeof v.background === 'string' && v.background) props.background = v.background
      if (typeof v.backgroundStyle === 'string' && v.backgroundStyle)
        props.background_style = v.backgroundStyle
    } else {
      const ref = (v.type === 'file' ? v.file! : v.url!).trim()
      named = { name: ref || 'Untitled card' }
      props.card = v.type
      if (v.type === 'file') {
        props.file = v.file!
        if (typeof v.subpath === 'string' && v.subpath) props.subpath = v.subpath
      } else props.url = v.url!
    }
    if (named.untitled) props.untitled = true
    if (named.heading) props.canvas_heading = named.heading
    if (named.gap !== undefined) props.canvas_gap = named.gap
    if (named.lead) props.canvas_lead = named.lead
    if (named.trail) props.canvas_trail = named.trail
    const d = c.node(v.id, named.name, at)
    if ('ok' in d) return d
    const color = v.color === undefined ? null : normalColor(v.color)
    if (v.color !== undefined && !color)
      c.skipped.push(
        `${at}.color: ${JSON.stringify(v.color)} is not a hex colour or a preset "1"-"6"; the card is kept without it`,
      )
    Object.assign(d, {
      x: v.x,
      y: v.y,
      id: v.id,
      alias: `canvas:${v.id}`,
      ...(v.width > 0 ? { width: v.width } : {}),
      ...(v.height > 0 ? { height: v.height } : {}),
      ...(color ? { color } : {}),
      ...(v.type === 'group' ? { shape: 'group' } : {}),
      ...(named.notes ? { notes: named.notes } : {}),
      ...(Object.keys(props).length ? { properties: props } : {}),
    })
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
    const props: Record<string, Json> = {}
    if (typeof e.id === 'string' && e.id) props.canvas_id = e.id
    for (const [k, p, ok] of [
      ['fromSide', 'from_side', SIDES],
      ['toSide', 'to_side', SIDES],
      ['fromEnd', 'from_end', ENDS],
      ['toEnd', 'to_end', ENDS],
    ] as const) {
      if (e[k] === undefined) continue
      if (typeof e[k] === 'string' && ok.has(e[k])) props[p] = e[k]
      else
        c.skipped.push(
          `${at}.${k}: ${JSON.stringify(e[k])} is not one of ${[...ok].join(', ')}; the edge is kept without it`,
        )
    }
    if (e.color !== undefined) {
      const col = normalColor(e.color)
      if (col) props.color = col
      else
        c.skipped.push(
          `${at}.color: ${JSON.stringify(e.color)} is not a hex colour or a preset "1"-"6"; the edge is kept without it`,
        )
    }
    c.edge(
      c.get(e.fromNode as string)!,
      rel,
      c.get(e.toNode as string)!,
      at,
      label && label !== rel ? label : undefined,
      props,
    )
  }
  return c.result()
}
