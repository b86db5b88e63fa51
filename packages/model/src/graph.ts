import * as Y from 'yjs'
import { checkDirection } from './appearance.ts'
import { indexOf, type GraphView } from './graph-index.ts'
import { writtenNode, type WrittenNode } from './views.ts'
import {
  GRAPH_ID,
  SCHEMA_VERSION,
  layout,
  migrate,
  propertiesMap,
  readMeta,
  setSchema,
  type YNode,
} from './schema.ts'
import type { Change, Failure, FailureReason, GraphMeta, HistoryEvent, Json, Result } from './types.ts'
import { DEFAULT_KIND } from './vocabulary.ts'
import { LIMITS } from './limits.ts'
import { skeleton, skeletonClient, skeletonRoot } from './skeleton.ts'

/** What the model needs from the world, passed in so the same code runs in a tab, a server or an agent. */
export interface Env {
  /** Who is writing: the name history shows. */
  actor: string
  /** Milliseconds since the epoch. */
  now: () => number
  /** A fresh id, unique across peers. */
  newId: () => string
  /**
   * The agent session writing, when there is one (memory's session_id): recorded on each history event,
   * so two sessions of one actor can tell each other's changes apart.
   */
  session?: string
}

/** A handle: one document, one actor. Writes carry `origin`, so an UndoManager can track only them. */
export interface Graph {
  readonly doc: Y.Doc
  readonly env: Env
  /** What the graph holds, read-only (the model's own code reaches the full index through `indexOf`). */
  readonly index: GraphView
  readonly origin: object
}

export function openGraph(doc: Y.Doc, env: Env): Graph {
  return { doc, env, index: indexOf(doc), origin: { actor: env.actor } }
}

export function fail(reason: FailureReason, message: string, extra: Partial<Failure> = {}): Failure {
  return { ok: false, reason, message, ...extra }
}

export function meta(g: Graph): GraphMeta {
  return readMeta(g.doc)
}

export interface InitOptions {
  id: string
  title?: string
  goal?: string
  kind?: 'project' | 'user'
}

/**
 * Creates the meta map and the root node of a new graph, or migrates an existing one. Idempotent: an
 * existing graph keeps its root and title.
 *
 * A new graph's structure (meta's id, root and schema, the root's map and its nested types) is its
 * skeleton (skeleton.ts): the same Yjs items on every peer, so two peers that make one graph id apart
 * hold one root when they meet. The rest (title, goal, kind, who made it and when, the root's summary
 * and kind, and its `create` event) this peer writes as its own fields of that root, in the same
 * transaction: the server refuses a node that arrives without its history event, so the skeleton never
 * travels alone. Two peers' writes then meet field by field, as two renames of one node do, and
 * history holds both `create` events.
 *
 * The goal is `meta.goal` alone, a plain field where two makings meet as one value. It is not put
 * into the root's notes: they are one shared text, so every peer's goal would be kept there run
 * together, past the notes' limit for long goals, and the server would refuse for good the update
 * that brought the second one. Without a title, the title is the goal's first line (`titleOf`); a title
 * given is made one line (`oneLine`).
 *
 * The making of a graph is not an undo step: its transaction carries `MAKING`, not `g.origin`, which
 * the UndoManager tracks. An undo would take the root's fields away and leave the shared skeleton.
 */
export function initGraph(g: Graph, opts: InitOptions): Result<{ root: string; created: boolean }> {
  if (!GRAPH_ID.test(opts.id)) {
    return fail(
      'invalid_graph_id',
      `graph id ${JSON.stringify(opts.id)} is not valid: use 1-64 characters from a-z, 0-9, '.', '_' and '-', starting with a letter or digit`,
    )
  }
  const m = meta(g)
  if (m.schema !== 0) {
    const mig = migrate(g.doc, g.origin)
    if (!mig.ok) return mig
    if (m.root) return { ok: true, root: m.root, created: false }
  }
  const { meta: ymeta } = layout(g.doc)
  const now = g.env.now()
  const root = skeletonRoot(opts.id)
  const title = oneLine(opts.title ?? '') || titleOf(opts.goal ?? '') || opts.id
  const client = skeletonClient(opts.id)
  // A peer whose own client id is the skeleton's would write its fields as the skeleton's next items,
  // which another peer's skeleton does not hold: corrupt. Yjs changes a clashing id the same way.
  if (g.doc.clientID === client) g.doc.clientID = (client ^ 0x9e3779b9) >>> 0
  g.doc.transact((tr) => {
    Y.applyUpdate(g.doc, skeleton(opts.id))
    // applyUpdate marks the transaction remote; it is this peer's own write (and a remote one that
    // grows this peer's client id makes Yjs take another id, as if someone else were using it).
    tr.local = true
    // A document that held meta before (an import's) may keep its own value of a key the skeleton
    // writes too (two first writes to one key: Yjs orders them by client id): this peer says it again.
    if (ymeta.get('id') !== opts.id) ymeta.set('id', opts.id)
    if (ymeta.get('root') !== root) ymeta.set('root', root)
    if (readMeta(g.doc).schema < SCHEMA_VERSION) setSchema(ymeta, SCHEMA_VERSION)
    ymeta.set('title', title)
    ymeta.set('goal', opts.goal ?? '')
    ymeta.set('kind', opts.kind ?? 'project')
    ymeta.set('created_at', now)
    ymeta.set('created_by', g.env.actor)
    const w = new Writer(g)
    const node = w.node(root)
    node.set('summary', title)
    node.set('kind', 'goal')
    node.set('created_at', w.now)
    node.set('created_by', g.env.actor)
    w.record(root, 'create', [
      { field: 'summary', before: null, after: title },
      { field: 'kind', before: null, after: 'goal' },
    ])
    w.flush()
  }, MAKING)
  return { ok: true, root, created: true }
}

/**
 * A goal as a title: its first line with text on it, trimmed and clipped to the title's limit between
 * two characters. A goal is text (line breaks, up to the notes' limit); a title is one line, and the
 * server refuses anything else as `meta.title` or the root's summary.
 */
function titleOf(goal: string): string {
  let line = ''
  for (const l of goal.split(/\r\n|\r|\n/)) if ((line = l.trim()) !== '') break
  return clipTitle(line)
}

/**
 * A title given (initGraph's `title`, setMeta's): one line, as the server's rules require, so its
 * line breaks and blank runs become one space each; clipped like titleOf.
 */
function oneLine(title: string): string {
  return clipTitle(title.replace(/\s+/g, ' ').trim())
}

/** `line` within the title's limit, cut between two characters, never inside one. */
function clipTitle(line: string): string {
  if (line.length <= LIMITS.summary) return line
  const cut = /[\ud800-\udbff]/.test(line[LIMITS.summary - 1]!) ? LIMITS.summary - 1 : LIMITS.summary
  return line.slice(0, cut).trimEnd()
}

/** The origin of the transaction that makes a new graph (initGraph): no UndoManager tracks it. */
export const MAKING: unique symbol = Symbol('plexus: a new graph made')

export function setMeta(
  g: Graph,
  fields: { title?: string; goal?: string; direction?: GraphMeta['direction'] | null },
): Result<{ meta: GraphMeta }> {
  if (fields.direction !== undefined && fields.direction !== null) {
    const bad = checkDirection(fields.direction, 'direction')
    if (bad) return bad
  }
  const { meta: ymeta } = layout(g.doc)
  g.doc.transact(() => {
    if (fields.title !== undefined) ymeta.set('title', oneLine(fields.title))
    if (fields.goal !== undefined) ymeta.set('goal', fields.goal)
    if (fields.direction === null) ymeta.delete('direction')
    else if (fields.direction !== undefined) ymeta.set('direction', fields.direction)
  }, g.origin)
  return { ok: true, meta: meta(g) }
}

const MAX_HISTORY_VALUE = 240

function clip(v: Json): Json {
  if (typeof v === 'string' && v.length > MAX_HISTORY_VALUE) return v.slice(0, MAX_HISTORY_VALUE) + '…'
  if (v && typeof v === 'object') {
    const s = JSON.stringify(v)
    if (s.length > MAX_HISTORY_VALUE) return s.slice(0, MAX_HISTORY_VALUE) + '…'
  }
  return v
}

export type NewNodeFields = WrittenNode

/** Plain fields a node leaves out while they hold their default (readNode supplies it). */
const DEFAULTS: Record<string, Json> = { kind: DEFAULT_KIND, resolved: false }

/**
 * Writes inside one transaction and records what it wrote as history events, pushed once at the end.
 * Callers validate first: a Writer never refuses.
 */
export class Writer {
  private readonly events: HistoryEvent[] = []
  /** The events of this writer by node: a node has one per action, and rarely more than two actions. */
  private readonly open = new Map<string, HistoryEvent[]>()
  readonly now: number

  constructor(readonly g: Graph) {
    this.now = g.env.now()
  }

  node(id: string): YNode {
    const m = indexOf(this.g.doc).y.nodes.get(id)
    if (!m) throw new Error(`Writer: node ${id} is not in the document`)
    // The caller may write to the map: a view noted by createNode no longer says what it holds.
    indexOf(this.g.doc).wroteNode(id, m, undefined)
    return m
  }

  private event(id: string, action: string): HistoryEvent {
    let list = this.open.get(id)
    for (const e of list ?? []) if (e.action === action) return e
    const e: HistoryEvent = {
      id: this.g.env.newId(),
      ts: this.now,
      actor: this.g.env.actor,
      node: id,
      action,
      changes: [],
    }
    if (this.g.env.session) e.session = this.g.env.session
    if (list) list.push(e)
    else this.open.set(id, (list = [e]))
    this.events.push(e)
    return e
  }

  /** `whole` keeps long values unclipped, for changes that code reads back (restore reads forget's children). */
  record(id: string, action: string, changes: Change[] = [], opts: { whole?: boolean } = {}): void {
    const e = this.event(id, action)
    const whole = (v: Json): Json => v
    // Summaries are kept whole (at most LIMITS.summary): graph_* `as_of` (time.ts) reads the past from them.
    for (const c of changes) {
      const keep = opts.whole || c.field === 'summary' ? whole : clip
      e.changes.push({ field: c.field, before: keep(c.before), after: keep(c.after) })
    }
  }

  /** `at`: the node's created_at, when not this write's `now` (createNodes `ordered`). */
  newNode(id: string, f: NewNodeFields, action = 'create', at = this.now): YNode {
    const m = new Y.Map<unknown>()
    indexOf(this.g.doc).y.nodes.set(id, m)
    m.set('summary', f.summary)
    m.set('notes', new Y.Text(f.notes || undefined))
    // A new node writes only what it has: absent fields read as null, or as their default (kind
    // concept, not resolved, rev 1, updated as created; see readNode). Every field left out is one
    // Yjs item fewer per node, in memory, on the wire and in every load. The nested types are always
    // written: two peers creating one lazily would each make their own, and one would be lost.
    if (f.kind && f.kind !== DEFAULT_KIND) m.set('kind', f.kind)
    if (f.parent) m.set('parent', f.parent)
    if (f.resolved) m.set('resolved', true)
    if (f.state !== undefined && f.state !== null) m.set('state', f.state)
    m.set('properties', propertiesMap(f.properties))
    const links = new Y.Map<boolean>()
    m.set('links', links)
    for (const l of f.links ?? []) links.set(l, true)
    m.set('evidence', new Y.Array())
    if (typeof f.x === 'number') m.set('x', f.x)
    if (typeof f.y === 'number') m.set('y', f.y)
    if (f.shape) m.set('shape', f.shape)
    if (f.color) m.set('color', f.color)
    if (typeof f.width === 'number') m.set('width', f.width)
    if (typeof f.height === 'number') m.set('height', f.height)
    if (f.aliases?.length) m.set('aliases', f.aliases)
    m.set('created_at', at)
    m.set('created_by', this.g.env.actor)
    const changes: Change[] = [{ field: 'summary', before: null, after: f.summary }]
    if (f.parent) changes.push({ field: 'parent', before: null, after: f.parent })
    if (f.kind && f.kind !== DEFAULT_KIND) changes.push({ field: 'kind', before: null, after: f.kind })
    this.record(id, action, changes)
    return m
  }

  /**
   * newNode for a node nothing else writes to in this transaction except through `node(id)`: the index
   * takes the view built here from the values instead of reading every field back from the map.
   */
  createNode(id: string, f: WrittenNode, action = 'create', at = this.now): void {
    const m = this.newNode(id, f, action, at)
    indexOf(this.g.doc).wroteNode(id, m, writtenNode(id, f, at, this.g.env.actor))
  }

  /** Sets a plain field, recording the change when the value differs. */
  set(id: string, field: string, value: Json, action = 'update'): boolean {
    const m = this.node(id)
    const before = (m.get(field) ?? (Object.hasOwn(DEFAULTS, field) ? DEFAULTS[field] : null) ?? null) as Json
    if (before === value) return false
    m.set(field, value)
    this.record(id, action, [{ field, before, after: value }])
    return true
  }

  /** Bumps `rev` and the updated stamps once per node per Writer. */
  touch(id: string): void {
    if (this.touched.has(id)) return
    this.touched.add(id)
    const m = this.node(id)
    const rev = m.get('rev')
    m.set('rev', (typeof rev === 'number' ? rev : 1) + 1)
    m.set('updated_at', this.now)
    m.set('updated_by', this.g.env.actor)
  }

  private readonly touched = new Set<string>()

  flush(): void {
    // Not push: Y.Array.push walks from the array's first item to its last unless an index lookup
    // has left a search marker, which history's appends never do; that costs a walk of every
    // transaction ever recorded. An insert at the end keeps a marker there and starts from it.
    const history = indexOf(this.g.doc).y.history
    if (this.events.length) history.insert(history.length, this.events)
    this.events.length = 0
    this.open.clear()
  }
}

/** Runs `fn` in one transaction with a Writer and pushes the history it recorded. */
export function write<T>(g: Graph, fn: (w: Writer) => T): T {
  let out!: T
  g.doc.transact(() => {
    const w = new Writer(g)
    out = fn(w)
    w.flush()
  }, g.origin)
  return out
}
