import { MAX_ALIASES, checkAlias } from './appearance.ts'
import { indexOf } from './graph-index.ts'
import { connect, disconnect } from './edges.ts'
import { createNodes } from './create.ts'
import { fail, write, type Graph } from './graph.ts'
import { restructure } from './restructure.ts'
import type { Json, NodeView, Result } from './types.ts'
import { updateNodes } from './update.ts'
import { checkJson, checkString } from './validate.ts'
import { mergeNoteLines } from './text.ts'
import { isLive } from './views.ts'
import { MEMORY_ALIAS, nodeByAlias } from './names.ts'

export { MEMORY_ALIAS }
import { DEFAULT_KIND } from './vocabulary.ts'

// Agent memory (seed 004) on a Plexus graph. A memory node is an ordinary node: the gist is its
// summary, its notes are the lines of its notes, what it touches are its links. The id the agent chose
// (kebab-case) is kept as the alias `kg:<id>`, so the node keeps a Plexus id unique across graphs and
// `kg_read(id)` still finds it. Edges may end at things that are not nodes (file paths): such an end
// becomes a node of kind `file` (or a placeholder named by the id), which a later put_node fills in.
//
// Tiers are fields of the node: `tier` is absent (active), `archived` or `orphaned`. Nothing is
// dropped: a stale, rarely read node is archived by `sweepTiers`, an archived node with no edges left
// is orphaned, and any read or write makes it active again. `read_at` and `reads` record reads.

/** A node neither written nor read for this long is stale. */
export const ARCHIVE_AFTER_MS = 30 * 24 * 60 * 60 * 1000
/** A stale node read at least this often stays active: it is still in use. */
export const KEEP_IF_READS = 5
export const MEMORY_ID = /^[a-z0-9][a-z0-9._/-]{0,199}$/

export type Tier = 'active' | 'archived' | 'orphaned'

export function tierOf(n: NodeView): Tier {
  return n.tier === 'archived' || n.tier === 'orphaned' ? n.tier : 'active'
}

/** The caller's id of a memory node: its `kg:` alias, else its Plexus id. */
export function memoryId(n: NodeView): string {
  const a = n.aliases?.find((x) => x.startsWith(MEMORY_ALIAS))
  return a ? a.slice(MEMORY_ALIAS.length) : n.id
}

/**
 * The live node an agent's id names, written bare or as `kg:<id>`, or a Plexus id; two peers that
 * created one id while apart: the smallest Plexus id, on every peer.
 */
export function findMemory(g: Graph, id: string): NodeView | undefined {
  return (
    nodeByAlias(g, MEMORY_ALIAS + id) ??
    g.index.live(id) ??
    (id.startsWith(MEMORY_ALIAS) ? nodeByAlias(g, id) : undefined)
  )
}

const looksLikePath = (s: string): boolean => /[/\\]/.test(s) || /\.[a-z0-9]{1,8}$/i.test(s)

export interface MemoryNodeInput {
  id: string
  gist: string
  notes?: string[]
  touches?: string[]
}

/** A memory's notes as the agent wrote them: one note a line, blank lines dropped. */
export const memoryNotes = (text: string): string[] => text.split('\n').filter((l) => l.trim() !== '')

/**
 * Creates or updates a node by the agent's id: the gist replaced, notes and touches merged (new lines
 * and paths appended, none lost), an archived node made active. One transaction.
 */
export function putMemoryNode(
  g: Graph,
  input: MemoryNodeInput,
): Result<{ id: string; node_id: string; created: boolean; unarchived: boolean }> {
  const bad =
    checkId(input.id, 'id') ??
    checkString(input.gist, 'gist', 2000, { line: true }) ??
    (input.notes ?? []).reduce<ReturnType<typeof checkString>>(
      (b, l, i) => b ?? checkString(l, `notes[${i}]`, 16_000),
      null,
    )
  if (bad) return bad
  const existing = findMemory(g, input.id)
  let out!: Result<{ id: string; node_id: string; created: boolean; unarchived: boolean }>
  g.doc.transact(() => {
    if (existing) {
      const notes = mergeNoteLines(existing.notes, input.notes ?? [])
      const add = (input.touches ?? []).filter((t) => !existing.links.includes(t))
      const r = updateNodes(g, [
        {
          id: existing.id,
          summary: input.gist,
          ...(notes !== existing.notes ? { notes } : {}),
          ...(add.length ? { add_links: add } : {}),
          ...(existing.kind === 'file' && !looksLikePath(input.id) ? { kind: DEFAULT_KIND } : {}),
        },
      ])
      if (!r.ok) {
        out = r
        return
      }
      const unarchived = tierOf(existing) !== 'active'
      if (unarchived) setTier(g, existing.id, 'active')
      out = { ok: true, id: input.id, node_id: existing.id, created: false, unarchived }
      return
    }
    const r = createNodes(
      g,
      [{ summary: input.gist, notes: (input.notes ?? []).join('\n'), links: input.touches ?? [] }],
      { mode: 'force' },
    )
    if (!r.ok) {
      out = r
      return
    }
    const nodeId = r.created[0]!.id
    addAlias(g, nodeId, input.id)
    out = { ok: true, id: input.id, node_id: nodeId, created: true, unarchived: false }
  }, g.origin)
  return out
}

function checkId(id: unknown, path: string) {
  if (typeof id !== 'string' || !MEMORY_ID.test(id)) {
    return fail(
      'invalid_argument',
      `${path}: ${JSON.stringify(typeof id === 'string' ? id.slice(0, 80) : id)} is not a memory id; use kebab-case with a domain hint, e.g. auth-token-refresh (a-z, 0-9, '-', '.', '/', up to 200 characters)`,
    )
  }
  return null
}

function addAlias(g: Graph, nodeId: string, id: string): void {
  write(g, (w) => {
    const m = w.node(nodeId)
    const raw = m.get('aliases')
    const have = Array.isArray(raw) ? raw.filter((a): a is string => typeof a === 'string') : []
    // The memory id last, so it survives the cap an import applies (the oldest aliases go first).
    const others = have
      .filter((a) => !a.startsWith(MEMORY_ALIAS) && !checkAlias(a, ''))
      .slice(-(MAX_ALIASES - 1))
    m.set('aliases', [...others, MEMORY_ALIAS + id])
  })
}

function setTier(g: Graph, nodeId: string, tier: Tier): void {
  write(g, (w) => {
    if (tier === 'active') {
      const m = w.node(nodeId)
      const before = (m.get('tier') as Json | undefined) ?? null
      if (before === null) return
      m.delete('tier')
      w.record(nodeId, 'update', [{ field: 'tier', before, after: null }])
    } else w.set(nodeId, 'tier', tier)
  })
}

/**
 * An edge's end: a memory node, or a node made for a path or an id that has none yet. The new node's
 * alias is written by the caller after the edge: an alias write leaves the node unreadable to other
 * operations until the transaction ends.
 */
function endpoint(g: Graph, id: string): { id: string; alias?: string } | ReturnType<typeof fail> {
  const n = findMemory(g, id)
  if (n) return { id: n.id }
  const path = looksLikePath(id)
  if (!path) {
    const bad = checkId(id, 'endpoint')
    if (bad) return bad
  }
  const r = createNodes(
    g,
    [{ summary: id, kind: path ? 'file' : DEFAULT_KIND, ...(path ? { links: [id] } : {}) }],
    { mode: 'force' },
  )
  if (!r.ok) return r
  return { id: r.created[0]!.id, alias: id }
}

export interface MemoryEdgeInput {
  from: string
  to: string
  rel: string
  notes?: string[]
}

/** Creates or updates the edge `from -rel-> to`; ends may be memory ids or file paths. Notes merge. */
export function putMemoryEdge(
  g: Graph,
  input: MemoryEdgeInput,
): Result<{ edge_id: string; created: boolean }> {
  for (const k of ['from', 'to'] as const) {
    const bad = checkString(input[k], k, 2048, { line: true })
    if (bad) return bad
  }
  if (typeof input.rel !== 'string' || !/^[a-z0-9][a-z0-9_-]{0,63}$/.test(input.rel)) {
    return fail(
      'invalid_argument',
      `rel: ${JSON.stringify(input.rel)} must be a kebab-case verb, e.g. depends-on, reads-config`,
    )
  }
  // Ends are checked before anything is written; the model's operations each see the last one's
  // writes only once its transaction has ended, so the new ends, the edge and the aliases are written
  // one after another. Only a failing store could leave an end without its edge.
  for (const k of ['from', 'to'] as const) {
    if (!findMemory(g, input[k]) && !looksLikePath(input[k])) {
      const bad = checkId(input[k], k)
      if (bad) return bad
    }
  }
  const ea = endpoint(g, input.from)
  if ('ok' in ea) return ea
  const eb = endpoint(g, input.to)
  if ('ok' in eb) return eb
  const [a, b] = [ea.id, eb.id]
  const before = g.index.edgesOf(a, 'out').find((e) => e.other === b && e.type === input.rel)
  const have = Array.isArray(before?.properties.notes) ? (before.properties.notes as string[]) : []
  const notes = [...have]
  for (const l of input.notes ?? []) if (!notes.includes(l)) notes.push(l)
  const r = connect(g, [
    { from: a, to: b, type: input.rel, ...(notes.length ? { properties: { notes } } : {}) },
  ])
  if (!r.ok) return r
  if (r.rejected.length) return fail(r.rejected[0]!.reason, r.rejected[0]!.message)
  for (const e of [ea, eb]) if (e.alias) addAlias(g, e.id, e.alias)
  return { ok: true, edge_id: r.added[0] ?? r.updated[0] ?? before!.id, created: r.added.length > 0 }
}

/** Forgets a memory node (soft: history keeps it) and reports the edges that went with it. */
export function deleteMemoryNode(g: Graph, id: string): Result<{ node_id: string; edges_removed: number }> {
  const n = findMemory(g, id)
  if (!n) return fail('not_found', `no memory node ${JSON.stringify(id.slice(0, 200))}`)
  const edges = g.index.edgesOf(n.id, 'out').length + g.index.edgesOf(n.id, 'in').length
  const r = restructure(g, [{ type: 'forget', node: n.id }])
  if (!r.ok) return r
  return { ok: true, node_id: n.id, edges_removed: edges }
}

/** Deletes the edge whose ends and relation match exactly; false when there is none. */
export function deleteMemoryEdge(
  g: Graph,
  input: { from: string; to: string; rel: string },
): Result<{ deleted: boolean }> {
  const a = findMemory(g, input.from)
  const b = findMemory(g, input.to)
  const e =
    a && b ? g.index.edgesOf(a.id, 'out').find((x) => x.other === b.id && x.type === input.rel) : undefined
  if (!e) return { ok: true, deleted: false }
  const r = disconnect(g, [{ id: e.id }])
  return r.ok ? { ok: true, deleted: r.removed.length > 0 } : r
}

/** A read in full: counted, and an archived or orphaned node promoted to active. */
export function readMemory(g: Graph, id: string): Result<{ node: NodeView; promoted: boolean }> {
  const n = findMemory(g, id)
  if (!n) return fail('not_found', `no memory node ${JSON.stringify(id.slice(0, 200))}`)
  const promoted = tierOf(n) !== 'active'
  write(g, (w) => {
    const m = w.node(n.id)
    m.set('read_at', w.now)
    m.set('reads', (typeof m.get('reads') === 'number' ? (m.get('reads') as number) : 0) + 1)
  })
  if (promoted) setTier(g, n.id, 'active')
  return { ok: true, node: g.index.nodes.get(n.id)!, promoted }
}

/**
 * The archive rules, applied at the start of a session: an active node neither written nor read for
 * ARCHIVE_AFTER_MS and read fewer than KEEP_IF_READS times is archived; an archived node with no live
 * edge is orphaned. The graph's root and `file` ends stay as they are. Deterministic for one `now`.
 */
export function sweepTiers(g: Graph): { archived: string[]; orphaned: string[] } {
  const { archived, orphaned } = tiersDue(g)
  if (archived.length || orphaned.length) {
    g.doc.transact(() => {
      for (const id of archived) if (!orphaned.includes(id)) setTier(g, id, 'archived')
      for (const id of orphaned) setTier(g, id, 'orphaned')
    }, g.origin)
  }
  return { archived, orphaned }
}

/**
 * What `sweepTiers` would archive and orphan now, writing nothing: a reader's view of the tiers as the
 * rules say they are, on a graph it may not write.
 */
export function tiersDue(g: Graph): { archived: string[]; orphaned: string[] } {
  const now = g.env.now()
  const root = indexOf(g.doc).y.meta.get('root')
  const archived: string[] = []
  const orphaned: string[] = []
  for (const n of g.index.nodes.values()) {
    if (!isLive(n) || n.id === root || n.kind === 'file') continue
    const t = tierOf(n)
    const last = Math.max(n.updated_at, n.read_at ?? 0)
    const linked = g.index.edgesOf(n.id, 'out').length + g.index.edgesOf(n.id, 'in').length > 0
    if (t === 'active' && now - last > ARCHIVE_AFTER_MS && (n.reads ?? 0) < KEEP_IF_READS) {
      archived.push(n.id)
      if (!linked) orphaned.push(n.id)
    } else if (t === 'archived' && !linked) orphaned.push(n.id)
  }
  return { archived, orphaned }
}

// Memory sessions and task progress live beside working sets in `checkpoints`, under `kg/`: they sync
// and persist with the graph, so a new session (or another server) reads them back.

export type MemorySession = {
  id: string
  actor: string
  cwd: string
  project: string
  started_at: number
  /** History cursors as of this session's last kg_sync, by graph level. */
  synced: Record<string, string>
}

const SESSION_ID = /^[A-Za-z0-9_-]{4,64}$/
const TASK_ID = /^[\w.:-]{1,128}$/

export function readMemorySession(g: Graph, id: string): MemorySession | null {
  if (!SESSION_ID.test(id)) return null
  const v = indexOf(g.doc).y.checkpoints.get(`kg/session/${id}`) as Partial<MemorySession> | undefined
  if (!v || typeof v !== 'object' || typeof v.project !== 'string') return null
  const synced: Record<string, string> = {}
  if (v.synced && typeof v.synced === 'object')
    for (const [k, c] of Object.entries(v.synced)) if (typeof c === 'string') synced[k] = c
  return {
    id,
    actor: String(v.actor ?? ''),
    cwd: String(v.cwd ?? ''),
    project: v.project,
    started_at: Number(v.started_at ?? 0),
    synced,
  }
}

export function writeMemorySession(g: Graph, s: MemorySession): Result<{ session: MemorySession }> {
  if (!SESSION_ID.test(s.id))
    return fail('invalid_argument', `session_id ${JSON.stringify(s.id)} is not a session id`)
  const bad = checkString(s.cwd, 'cwd', 4096, { line: true })
  if (bad) return bad
  const { id, ...stored } = s
  g.doc.transact(() => indexOf(g.doc).y.checkpoints.set(`kg/session/${id}`, stored), g.origin)
  return { ok: true, session: s }
}

export type Progress = {
  task_id: string
  state: Json
  updated_at: number
  updated_by: string
  session: string | null
}

/** A task's progress as last written, in any session. */
export function readProgress(g: Graph, taskId: string): Result<{ progress: Progress | null }> {
  if (typeof taskId !== 'string' || !TASK_ID.test(taskId))
    return fail(
      'invalid_argument',
      `task_id ${JSON.stringify(taskId)} must be 1-128 letters, digits, '_', '.', ':' or '-'`,
    )
  const v = indexOf(g.doc).y.checkpoints.get(`kg/progress/${taskId}`) as Partial<Progress> | undefined
  if (!v || typeof v !== 'object') return { ok: true, progress: null }
  return {
    ok: true,
    progress: {
      task_id: taskId,
      state: (v.state ?? null) as Json,
      updated_at: Number(v.updated_at ?? 0),
      updated_by: String(v.updated_by ?? ''),
      session: typeof v.session === 'string' ? v.session : null,
    },
  }
}

/** Replaces a task's progress with `state` (JSON, at most 64 KiB). */
export function writeProgress(g: Graph, taskId: string, state: Json): Result<{ progress: Progress }> {
  const r = readProgress(g, taskId)
  if (!r.ok) return r
  const bad = checkJson(state, 'state')
  if (bad) return bad
  const p: Progress = {
    task_id: taskId,
    state,
    updated_at: g.env.now(),
    updated_by: g.env.actor,
    session: g.env.session ?? null,
  }
  const { task_id: _t, ...stored } = p
  void _t
  g.doc.transact(() => indexOf(g.doc).y.checkpoints.set(`kg/progress/${taskId}`, stored), g.origin)
  return { ok: true, progress: p }
}
