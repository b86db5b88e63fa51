import * as Y from 'yjs'
import { withoutClaims } from '../claims.ts'
import { fail, meta, write, type Graph } from '../graph.ts'
import { MAX_ALIASES, checkAlias, checkColor, checkDirection, checkShape, checkSize } from '../appearance.ts'
import { isHistoryEvent } from '../history.ts'
import { GRAPH_ID, SCHEMA_VERSION, edgeId, layout, putEdge, setSchema } from '../schema.ts'
import type { Change, EdgeView, Failure, GraphMeta, HistoryEvent, Json, NodeView, Result } from '../types.ts'
import { plainMap } from '../views.ts'
import {
  LIMITS,
  checkJson,
  checkKind,
  checkLinks,
  checkProperties,
  checkString,
  typeName,
} from '../validate.ts'
import { RELATES_TO } from '../vocabulary.ts'
import { excalidrawScene } from './canvas.ts'
import { CLASS_DEFS, LINK_STYLE_DEFAULT } from './facts.ts'

/** The lossless format: every node (forgotten and merged ones too), every edge, checkpoints, optionally history. */
export interface PlexusJSON {
  format: 'plexus'
  schema: number
  meta: ExportedMeta
  nodes: NodeView[]
  edges: EdgeView[]
  checkpoints: Record<string, Json>
  history?: HistoryEvent[]
}

export const JSON_IMPORT_LIMITS = {
  nodes: 200_000,
  edges: 500_000,
  history: 1_000_000,
  evidence: 10_000,
} as const
const ID_MAX = 256

/** The graph's meta with what imports keep beside it: Mermaid's class definitions and default link style. */
export type ExportedMeta = GraphMeta & {
  [CLASS_DEFS]?: Record<string, string>
  [LINK_STYLE_DEFAULT]?: string
}

/** The meta keys a format import keeps (apply.ts), read as they are stored. */
function formatMeta(g: Graph): Pick<ExportedMeta, typeof CLASS_DEFS | typeof LINK_STYLE_DEFAULT> {
  const m = layout(g.doc).meta
  const defs = m.get(CLASS_DEFS)
  const link = m.get(LINK_STYLE_DEFAULT)
  return {
    ...(isObj(defs) ? { [CLASS_DEFS]: { ...(defs as Record<string, string>) } } : {}),
    ...(typeof link === 'string' ? { [LINK_STYLE_DEFAULT]: link } : {}),
  }
}

const byId = <T extends { id: string }>(a: T, b: T): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

export function exportJSON(g: Graph, opts: { history?: boolean } = {}): PlexusJSON {
  const y = layout(g.doc)
  const out: PlexusJSON = {
    format: 'plexus',
    schema: SCHEMA_VERSION,
    meta: { ...meta(g), ...formatMeta(g) },
    nodes: [...g.index.nodes.values()].sort(byId),
    edges: [...g.index.edges.values()].sort(byId),
    checkpoints: plainMap(y.checkpoints as Y.Map<unknown>),
  }
  if (opts.history) out.history = y.history.toArray().filter(isHistoryEvent)
  return out
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v)
const bad = (path: string, want: string, v: unknown): Failure =>
  fail('invalid_argument', `${path}: expected ${want}, got ${typeName(v)}`)
const num = (v: unknown, path: string, nullable = false): Failure | null =>
  (nullable && v === null) || (typeof v === 'number' && Number.isFinite(v))
    ? null
    : bad(path, nullable ? 'a number or null' : 'a number', v)
const str = (v: unknown, path: string, nullable = false): Failure | null =>
  nullable && v === null ? null : checkString(v, path, ID_MAX, { line: true, empty: true })
/** Optional fields may be left out (a hand-written file); present ones must be right. */
const opt = (o: Obj, k: string, check: (v: unknown) => Failure | null): Failure | null =>
  k in o ? check(o[k]) : null

function checkNode(raw: unknown, i: number): Failure | null {
  if (!isObj(raw)) return bad(`nodes[${i}]`, 'a node object', raw)
  const idc = checkString(raw.id, `nodes[${i}].id`, ID_MAX, { line: true })
  if (idc) return idc
  const at = `nodes[${i}] (${raw.id as string})`
  const ev = (v: unknown): Failure | null => {
    if (!Array.isArray(v)) return bad(`${at}.evidence`, 'an array', v)
    if (v.length > JSON_IMPORT_LIMITS.evidence)
      return fail('too_large', `${at}.evidence: more than ${JSON_IMPORT_LIMITS.evidence} entries`)
    for (const [j, e] of v.entries()) {
      const p = `${at}.evidence[${j}]`
      if (!isObj(e)) return bad(p, '{type, ref, agent, timestamp}', e)
      const c =
        checkString(e.type, `${p}.type`, LIMITS.kind, { line: true, empty: true }) ??
        checkString(e.ref, `${p}.ref`, LIMITS.value, { empty: true }) ??
        checkString(e.agent, `${p}.agent`, ID_MAX, { line: true, empty: true }) ??
        num(e.timestamp, `${p}.timestamp`)
      if (c) return c
    }
    return null
  }
  return (
    checkString(raw.summary, `${at}.summary`, LIMITS.summary, { line: true, empty: true }) ??
    opt(raw, 'notes', (v) => checkString(v, `${at}.notes`, LIMITS.notes, { empty: true })) ??
    opt(raw, 'kind', (v) => checkKind(v, `${at}.kind`)) ??
    opt(raw, 'parent', (v) => str(v, `${at}.parent`, true)) ??
    opt(raw, 'resolved', (v) =>
      typeof v === 'boolean' ? null : bad(`${at}.resolved`, 'true or false', v),
    ) ??
    opt(raw, 'state', (v) => checkJson(v, `${at}.state`)) ??
    opt(raw, 'properties', (v) => checkProperties(v, `${at}.properties`, false)) ??
    opt(raw, 'links', (v) => checkLinks(v, `${at}.links`)) ??
    opt(raw, 'evidence', ev) ??
    opt(raw, 'shape', (v) => checkShape(v, `${at}.shape`)) ??
    opt(raw, 'color', (v) => checkColor(v, `${at}.color`)) ??
    opt(raw, 'width', (v) => checkSize(v, `${at}.width`)) ??
    opt(raw, 'height', (v) => checkSize(v, `${at}.height`)) ??
    opt(raw, 'aliases', (v) => aliases(v, `${at}.aliases`)) ??
    opt(raw, 'tier', (v) =>
      v === 'archived' || v === 'orphaned' ? null : bad(`${at}.tier`, "'archived' or 'orphaned'", v),
    ) ??
    opt(raw, 'read_at', (v) => num(v, `${at}.read_at`)) ??
    opt(raw, 'order', (v) => num(v, `${at}.order`)) ??
    opt(raw, 'side', (v) =>
      v === 'left' || v === 'right' ? null : bad(`${at}.side`, "'left' or 'right'", v),
    ) ??
    opt(raw, 'reads', (v) =>
      Number.isSafeInteger(v) && (v as number) >= 1 ? null : bad(`${at}.reads`, 'a whole number from 1', v),
    ) ??
    (['x', 'y', 'deleted_at'] as const).reduce<Failure | null>(
      (c, k) => c ?? opt(raw, k, (v) => num(v, `${at}.${k}`, true)),
      null,
    ) ??
    (['created_at', 'updated_at', 'rev'] as const).reduce<Failure | null>(
      (c, k) => c ?? opt(raw, k, (v) => num(v, `${at}.${k}`)),
      null,
    ) ??
    (['created_by', 'updated_by'] as const).reduce<Failure | null>(
      (c, k) => c ?? opt(raw, k, (v) => str(v, `${at}.${k}`)),
      null,
    ) ??
    (['deleted_by', 'merged_into'] as const).reduce<Failure | null>(
      (c, k) => c ?? opt(raw, k, (v) => str(v, `${at}.${k}`, true)),
      null,
    )
  )
}

function aliases(v: unknown, path: string): Failure | null {
  if (!Array.isArray(v) || v.length > MAX_ALIASES)
    return bad(path, `a list of at most ${MAX_ALIASES} aliases`, v)
  for (const [i, a] of v.entries()) {
    const c = checkAlias(a, `${path}[${i}]`)
    if (c) return c
  }
  return null
}

function checkEdge(raw: unknown, i: number): Failure | null {
  if (!isObj(raw)) return bad(`edges[${i}]`, 'an edge object', raw)
  const at = `edges[${i}]`
  const c =
    str(raw.from, `${at}.from`) ??
    str(raw.to, `${at}.to`) ??
    opt(raw, 'type', (v) => checkKind(v, `${at}.type`)) ??
    opt(raw, 'label', (v) => checkString(v, `${at}.label`, 200, { line: true, empty: true })) ??
    opt(raw, 'properties', (v) => checkProperties(v, `${at}.properties`, false)) ??
    opt(raw, 'created_at', (v) => num(v, `${at}.created_at`)) ??
    opt(raw, 'created_by', (v) => str(v, `${at}.created_by`))
  if (c) return c
  const want = edgeId(raw.from as string, (raw.type as string | undefined) ?? RELATES_TO, raw.to as string)
  if ('id' in raw && raw.id !== want) {
    return fail(
      'invalid_argument',
      `${at}.id: ${JSON.stringify(raw.id)} should be ${JSON.stringify(want)}: an edge id is from>type>to`,
    )
  }
  return null
}

function checkMeta(raw: unknown): Failure | null {
  if (!isObj(raw)) return bad('meta', 'an object', raw)
  if (typeof raw.id !== 'string' || !GRAPH_ID.test(raw.id))
    return fail('invalid_argument', `meta.id: ${JSON.stringify(raw.id)} is not a graph id`)
  return (
    opt(raw, 'title', (v) => checkString(v, 'meta.title', LIMITS.summary, { line: true, empty: true })) ??
    opt(raw, 'goal', (v) => checkString(v, 'meta.goal', LIMITS.notes, { empty: true })) ??
    opt(raw, 'root', (v) => str(v, 'meta.root', true)) ??
    opt(raw, 'kind', (v) =>
      v === 'project' || v === 'user' ? null : bad('meta.kind', "'project' or 'user'", v),
    ) ??
    opt(raw, 'created_at', (v) => num(v, 'meta.created_at')) ??
    opt(raw, 'created_by', (v) => str(v, 'meta.created_by')) ??
    opt(raw, 'direction', (v) => checkDirection(v, 'meta.direction')) ??
    opt(raw, CLASS_DEFS, (v) => {
      if (!isObj(v)) return bad(`meta.${CLASS_DEFS}`, 'an object of class name to style', v)
      for (const [k, d] of Object.entries(v)) {
        const c =
          checkString(k, `meta.${CLASS_DEFS} key`, ID_MAX, { line: true }) ??
          checkString(d, `meta.${CLASS_DEFS}.${k}`, LIMITS.value, { line: true, empty: true })
        if (c) return c
      }
      return null
    }) ??
    opt(raw, LINK_STYLE_DEFAULT, (v) =>
      checkString(v, `meta.${LINK_STYLE_DEFAULT}`, LIMITS.value, { line: true, empty: true }),
    )
  )
}

export interface JSONImportResult {
  created: number
  /** Ids already in the graph: left as they are (at most 50 listed; `existingCount` has them all). */
  existing: string[]
  existingCount: number
  edges: number
  /** Edges whose endpoint is neither in the file nor in the graph: not written. */
  dangling: number
  checkpoints: number
  /** Whether the file's meta (title, goal, root) was written: only into a graph that had none. */
  meta: boolean
  /**
   * Nodes whose claim (`_claimed_by` and its lease) the file held and the import left out: a claim
   * is made by claiming in this graph, never brought in (at most 50 listed).
   */
  claims: string[]
}

/**
 * Writes a PlexusJSON into `g` in one transaction, or nothing if anything in it is wrong (the failure
 * names the node or edge and field). Nodes and edges keep their ids and every field, bookkeeping
 * included, except who wrote them and who holds them: `created_by` and `updated_by` name the importer
 * (its `import` event says what came in; the file's own history comes along with `history`), and a
 * claim in the file is left out (reported in `claims`). Never overwrites: a node, edge or checkpoint whose id the graph already has is left as it
 * is and reported (`existing`); the meta is written only into a graph that has none. So importing an
 * export into an empty document gives back the same nodes and edges, and importing twice is harmless.
 */
export function importJSON(
  g: Graph,
  data: unknown,
  opts: { history?: boolean } = {},
): Result<JSONImportResult> {
  if (isObj(data) && data.format !== 'plexus') {
    const scene = excalidrawScene('json', data)
    if (scene) return scene
    // JSON Canvas has no `format` or `schema`; a Plexus file with another `format` keeps its message.
    const canvasKeys = data.format === undefined && data.schema === undefined
    if (canvasKeys && Array.isArray(data.nodes) && (data.edges === undefined || Array.isArray(data.edges)))
      return fail('invalid_argument', 'json: this is a JSON Canvas; import it as canvas (a .canvas file).')
  }
  if (!isObj(data) || data.format !== 'plexus')
    return fail('invalid_argument', "not a Plexus export: expected an object with format: 'plexus'")
  if (typeof data.schema !== 'number' || data.schema > SCHEMA_VERSION || data.schema < 1) {
    return fail(
      'unsupported_schema',
      `this file uses schema ${String(data.schema)}; this version of Plexus reads schema 1 to ${SCHEMA_VERSION}`,
    )
  }
  const { nodes, edges } = data
  if (!Array.isArray(nodes)) return bad('nodes', 'an array', nodes)
  const edgeList = edges ?? []
  if (!Array.isArray(edgeList)) return bad('edges', 'an array', edges)
  const cps = data.checkpoints ?? {}
  if (!isObj(cps)) return bad('checkpoints', 'an object', cps)
  const history = opts.history ? (data.history ?? []) : []
  if (!Array.isArray(history)) return bad('history', 'an array', history)
  for (const [what, list, max] of [
    ['nodes', nodes, JSON_IMPORT_LIMITS.nodes],
    ['edges', edgeList, JSON_IMPORT_LIMITS.edges],
    ['history', history, JSON_IMPORT_LIMITS.history],
  ] as const) {
    if (list.length > max)
      return fail('too_large', `${what}: ${list.length} entries; one import takes at most ${max}`)
  }
  const writeMeta = meta(g).id === '' && data.meta !== undefined
  if (data.meta !== undefined) {
    const m = checkMeta(data.meta)
    if (m) return m
  }
  const seen = new Map<string, number>()
  for (const [i, n] of nodes.entries()) {
    const c = checkNode(n, i)
    if (c) return c
    const id = (n as NodeView).id
    if (seen.has(id))
      return fail('invalid_argument', `nodes[${i}].id: ${id} is also nodes[${seen.get(id)}].id`)
    seen.set(id, i)
  }
  const edgeIds = new Set<string>()
  for (const [i, e] of edgeList.entries()) {
    const c = checkEdge(e, i)
    if (c) return c
    const v = e as EdgeView
    const id = edgeId(v.from, v.type ?? RELATES_TO, v.to)
    if (edgeIds.has(id)) return fail('invalid_argument', `edges[${i}]: edge ${id} appears twice`)
    edgeIds.add(id)
  }
  for (const [k, v] of Object.entries(cps)) {
    const c =
      checkString(k, 'checkpoints key', ID_MAX, { line: true }) ??
      checkJson(v, `checkpoints.${k}`, LIMITS.notes)
    if (c) return c
  }
  for (const [i, h] of history.entries()) {
    const c = checkJson(h, `history[${i}]`)
    if (c) return c
  }

  const y = layout(g.doc)
  const fresh = (nodes as NodeView[]).filter((n) => !y.nodes.has(n.id))
  const existing = (nodes as NodeView[]).filter((n) => y.nodes.has(n.id)).map((n) => n.id)
  const known = (id: string): boolean => seen.has(id) || y.nodes.has(id)
  const newEdges = (edgeList as EdgeView[]).filter(
    (e) => !y.edges.has(edgeId(e.from, e.type ?? RELATES_TO, e.to)),
  )
  const placed = newEdges.filter((e) => known(e.from) && known(e.to))
  const newCps = Object.entries(cps).filter(([k]) => !y.checkpoints.has(k))
  const claims: string[] = []
  write(g, (w) => {
    if (writeMeta) {
      const m = data.meta as Partial<GraphMeta>
      setSchema(y.meta, SCHEMA_VERSION)
      y.meta.set('id', m.id!)
      y.meta.set('title', m.title ?? m.id!)
      y.meta.set('goal', m.goal ?? '')
      y.meta.set('kind', m.kind ?? 'project')
      y.meta.set('root', m.root ?? null)
      y.meta.set('created_at', m.created_at ?? w.now)
      y.meta.set('created_by', g.env.actor)
    }
    if (data.meta !== undefined) keepFormatMeta(y.meta, data.meta as ExportedMeta)
    if (history.length) y.history.push(history as Json[])
    for (const n of fresh) {
      const { kept, dropped } = withoutClaims(n.properties ?? {})
      if (dropped.length) claims.push(n.id)
      const m = w.newNode(n.id, { ...n, properties: kept, x: n.x ?? null, y: n.y ?? null }, 'import')
      const keep: Array<[keyof NodeView, Json]> = [
        ['created_at', n.created_at ?? w.now],
        ['updated_at', n.updated_at ?? w.now],
        ['created_by', g.env.actor],
        ['updated_by', g.env.actor],
        ['rev', n.rev ?? 1],
        ['deleted_at', n.deleted_at ?? null],
        ['deleted_by', n.deleted_by ?? null],
        ['merged_into', n.merged_into ?? null],
      ]
      for (const [k, v] of keep) m.set(k, v)
      // The stamps the file brought, in the import's event: the graph read as of any moment from the
      // import on shows them, as the live read does (time.ts settle), not the import's own moment.
      const stamps: Change[] = []
      const updatedAt = n.updated_at ?? w.now
      if (updatedAt !== (n.created_at ?? w.now))
        stamps.push({ field: 'updated_at', before: null, after: updatedAt })
      if (n.rev !== undefined && n.rev !== 1) stamps.push({ field: 'rev', before: null, after: n.rev })
      if (stamps.length) w.record(n.id, 'import', stamps)
      // Memory's bookkeeping (memory.ts): written only when the node has it, as memory writes it.
      for (const k of ['tier', 'read_at', 'reads'] as const) if (n[k] !== undefined) m.set(k, n[k])
      // A drop's place among siblings and half of the map: the same map is derived when opened.
      for (const k of ['order', 'side'] as const) if (n[k] !== undefined) m.set(k, n[k])
      const ev = m.get('evidence') as Y.Array<Json>
      if (n.evidence?.length) ev.push(n.evidence.map((e) => ({ ...e })))
    }
    for (const e of placed) {
      const type = e.type ?? RELATES_TO
      putEdge(
        y.edges,
        {
          from: e.from,
          type,
          to: e.to,
          label: e.label ?? '',
          created_at: e.created_at ?? w.now,
          created_by: g.env.actor,
        },
        e.properties ?? {},
      )
      w.record(e.from, 'import', [{ field: `edge:${type}`, before: null, after: e.to }])
    }
    for (const [k, v] of newCps) y.checkpoints.set(k, v as Json)
  })
  return {
    ok: true,
    created: fresh.length,
    existing: existing.slice(0, 50),
    existingCount: existing.length,
    edges: placed.length,
    dangling: newEdges.length - placed.length,
    checkpoints: newCps.length,
    meta: writeMeta,
    claims: claims.slice(0, 50),
  }
}

/**
 * The graph-wide things a Mermaid import keeps, as a Mermaid import writes them: the direction and the
 * default link style only into a graph that has none, class definitions the graph does not have yet.
 * So a backup restored into a fresh graph (initialised or not) exports the same Mermaid.
 */
function keepFormatMeta(ymeta: Y.Map<unknown>, m: ExportedMeta): void {
  if (m.direction && ymeta.get('direction') === undefined) ymeta.set('direction', m.direction)
  const defs = m[CLASS_DEFS]
  if (defs) {
    const had = ymeta.get(CLASS_DEFS)
    const have: Record<string, string> = isObj(had) ? { ...(had as Record<string, string>) } : {}
    const add = Object.entries(defs).filter(([k]) => !(k in have))
    if (add.length || had === undefined) ymeta.set(CLASS_DEFS, { ...have, ...Object.fromEntries(add) })
  }
  const link = m[LINK_STYLE_DEFAULT]
  if (link !== undefined && ymeta.get(LINK_STYLE_DEFAULT) === undefined) ymeta.set(LINK_STYLE_DEFAULT, link)
}

/** Parses and imports a JSON text; a syntax error is a failure, not an exception. */
export function parsePlexusJSON(text: string): Result<{ data: unknown }> {
  try {
    return { ok: true, data: JSON.parse(text.replace(/^\uFEFF/, '')) as unknown }
  } catch (e) {
    return fail('parse_error', `json: not valid JSON (${e instanceof Error ? e.message : String(e)})`)
  }
}
