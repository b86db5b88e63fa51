/**
 * The memory surface: seed 004's kg_* tools by their names and arguments, over `packages/model`'s
 * memory operations (memory.ts) on a user graph and a project graph (levels.ts).
 */
import { randomBytes } from 'node:crypto'
import * as Y from 'yjs'
import { z } from 'zod'
import {
  ToolError,
  asOfMarks,
  graphExists,
  momentAmong,
  must,
  requireRole,
  requireWrite,
  roleOn,
  visibleGraphs,
  withGraph,
  type CallContext,
} from '../context.ts'
import {
  changesSince,
  deleteMemoryEdge,
  deleteMemoryNode,
  drawnTree,
  findMemory,
  type Graph,
  historyCursor,
  type HistoryEvent,
  type Json,
  type Moment,
  memoryId,
  memoryNotes,
  meta,
  type NodeView,
  openGraph,
  putMemoryEdge,
  putMemoryNode,
  readMemory,
  readProgress,
  search,
  sweepTiers,
  tiersDue,
  tierOf,
  writeMemorySession,
  writeProgress,
} from '@plexus/model'
import { clip } from '../shape.ts'
import { MAX_TERMS, idMatches, queryTerms } from './terms.ts'
import { asOf, asOfOut, json, tool, type Tool, out } from '../tool.ts'
import { graphOfLevel, onLevel, projectGraphId, sessionOf, userGraphId, type Level } from './levels.ts'

const level = z.enum(['user', 'project'])
const sessionId = z.string().min(1).max(64)
const MAX_NODES = 300

const isMemoryNode = (g: Graph, n: NodeView, root = meta(g).root) =>
  n.id !== root && g.index.statusOf(n.id) !== 'deleted' && n.kind !== 'file'

function gist(n: NodeView): Record<string, Json> {
  const t = tierOf(n)
  return { id: memoryId(n), gist: clip(n.summary, 300), ...(t !== 'active' ? { tier: t } : {}) }
}

/** Every live edge of a memory graph, ends by the agent's ids (or the paths they stand for). */
function edgesOf(g: Graph, max: number): { edges: Json[]; total: number } {
  const out: Json[] = []
  let total = 0
  for (const n of g.index.nodes.values()) {
    if (g.index.statusOf(n.id) === 'deleted') continue
    for (const e of g.index.edgesOf(n.id, 'out')) {
      const to = g.index.live(e.other)
      if (!to) continue
      if (total++ >= max) continue
      const notes = Array.isArray(e.properties.notes) ? e.properties.notes : undefined
      out.push({ from: memoryId(n), to: memoryId(to), rel: e.type, ...(notes ? { notes } : {}) })
    }
  }
  return { edges: out, total }
}

/**
 * One level's full read for a session start: tiers swept, active gists, edges, health. `swept` is what
 * the read archived (a writer's, sweepTiers) or finds due (a reader's, tiersDue: read as archived, not
 * written, since the level is not the reader's to change). A read as of a moment passes NOTHING_SWEPT:
 * the tiers as they were then, nothing archived by the read.
 */
function levelRead(g: Graph, graph: string, swept: Swept): Record<string, Json> {
  const orphaned = new Set(swept.orphaned)
  const archived = new Set(swept.archived)
  const tierNow = (n: NodeView) =>
    orphaned.has(n.id) ? 'orphaned' : archived.has(n.id) ? 'archived' : tierOf(n)
  const nodes: Json[] = []
  const health = {
    nodes: 0,
    active: 0,
    archived: 0,
    orphaned: 0,
    edges: 0,
    archived_now: swept.archived.length,
  }
  const root = meta(g).root
  for (const n of g.index.nodes.values()) {
    if (!isMemoryNode(g, n, root)) continue
    health.nodes++
    health[tierNow(n)]++
  }
  // Listed in the order the map draws them (drawn-order.ts): a person who dragged one memory above
  // another sees it there, and so does the agent's next read. The walk stops at the list's cap.
  for (const id of drawnTree(g.index, root).all()) {
    if (nodes.length >= MAX_NODES) break
    const n = g.index.nodes.get(id)!
    if (isMemoryNode(g, n, root) && tierNow(n) === 'active') nodes.push(gist(n))
  }
  const e = edgesOf(g, 2 * MAX_NODES)
  health.edges = e.total
  return {
    graph,
    nodes,
    edges: e.edges,
    health,
    ...(health.active > nodes.length ? { more_nodes: health.active - nodes.length } : {}),
  }
}

function fullNode(g: Graph, n: NodeView, lvl: Level): Record<string, Json> {
  const out = g.index.edgesOf(n.id, 'out').flatMap((e) => {
    const o = g.index.live(e.other)
    return o ? [{ rel: e.type, to: memoryId(o) }] : []
  })
  const inn = g.index.edgesOf(n.id, 'in').flatMap((e) => {
    const o = g.index.live(e.other)
    return o ? [{ rel: e.type, from: memoryId(o) }] : []
  })
  return {
    level: lvl,
    id: memoryId(n),
    gist: n.summary,
    notes: memoryNotes(n.notes),
    touches: n.links,
    tier: tierOf(n),
    edges: { out: out.slice(0, 100), in: inn.slice(0, 100) },
    updated_at: new Date(n.updated_at).toISOString(),
    updated_by: n.updated_by,
  }
}

export const kgRead = tool({
  name: 'kg_read',
  description:
    'Start here. Without id: starts a session, returns session_id and both graphs (user, project) as gists and edges with health. With id: one node in full (promotes it if archived). as_of reads the past, writing nothing (no session).',
  input: {
    cwd: z.string().min(1).max(4096),
    id: z.string().max(2048).optional(),
    level: level.optional(),
    as_of: asOf,
  },
  // Without id: the session and both levels; with id: the memory (fullNode), promoted if it was archived.
  output: {
    session_id: out.string,
    user: out.record,
    project: out.record,
    level: out.string,
    id: out.string,
    gist: out.string,
    notes: z.unknown(),
    touches: out.list(z.unknown()),
    tier: out.string,
    edges: out.record,
    updated_at: out.string,
    updated_by: out.string,
    promoted: out.boolean,
    ...asOfOut,
  },
  access: 'mixed',
  annotations: { readOnly: false, idempotent: false },
  run: async (ctx, args) => {
    const user = userGraphId(ctx.actor)
    const project = projectGraphId(args.cwd)
    if (args.as_of !== undefined) return readPast(ctx, args.as_of, args.cwd, args.id, args.level)
    if (args.id !== undefined) {
      const order: Array<[Level, string]> =
        args.level === 'user'
          ? [['user', user]]
          : args.level === 'project'
            ? [['project', project]]
            : [
                ['project', project],
                ['user', user],
              ]
      for (const [lvl, graph] of order) {
        if (!(await graphExists(ctx, graph))) continue
        const hit = await withGraph(ctx, graph, (g, _touched, role) => {
          if (!findMemory(g, args.id!)) return null
          // A read counts and promotes the node: only where the caller writes.
          if (role === 'read') return fullNode(g, findMemory(g, args.id!)!, lvl)
          const r = must(readMemory(g, args.id!))
          return { ...fullNode(g, r.node, lvl), ...(r.promoted ? { promoted: true } : {}) }
        })
        if (hit) return hit
      }
      throw notFound(args.id, order)
    }
    // The session is stored in the caller's own graph; the project level is read as the caller's
    // role there allows (onLevel creates it only for a writer).
    await requireRole(ctx, user, 'starting a session')
    const sid = randomBytes(6).toString('hex')
    const scoped: CallContext = { ...ctx, writeSession: sid }
    const proj = await onLevel(
      scoped,
      project,
      'project',
      // A reader's session start reads the project level; the tiers due are not its to write.
      (g, _touched, role) => ({
        ...levelRead(g, project, role === 'read' ? tiersDue(g) : sweepTiers(g)),
        cursor: historyCursor(g),
      }),
      args.cwd.split(/[/\\]/).filter(Boolean).pop(),
    )
    const usr = await onLevel(scoped, user, 'user', (g) => {
      const read = { ...levelRead(g, user, sweepTiers(g)), cursor: historyCursor(g) }
      must(
        writeMemorySession(g, {
          id: sid,
          actor: ctx.actor,
          cwd: args.cwd,
          project,
          started_at: ctx.now(),
          synced: { user: read.cursor, project: proj.cursor },
        }),
      )
      return read
    })
    const { cursor: _a, ...userOut } = usr
    const { cursor: _b, ...projectOut } = proj
    void _a
    void _b
    return { session_id: sid, user: userOut, project: projectOut }
  },
})

/** The levels a read of one node looks in, in order: the one asked, or the project's then the user's. */
function levelsOf(ctx: CallContext, cwd: string, asked?: Level): Array<[Level, string]> {
  const user: [Level, string] = ['user', userGraphId(ctx.actor)]
  const project: [Level, string] = ['project', projectGraphId(cwd)]
  return asked === 'user' ? [user] : asked === 'project' ? [project] : [project, user]
}

const notFound = (id: string, order: Array<[Level, string]>) =>
  new ToolError(
    `no node ${JSON.stringify(clip(id, 80))} in ${order.map(([l]) => `the ${l} graph`).join(' or ')}; kg_search finds nodes by words`,
    'not_found',
  )

/** The levels' graphs there are, and the moment `as_of` names in them (momentAmong). */
async function pastOfLevels(
  ctx: CallContext,
  levels: Array<[Level, string]>,
  asOf: string,
): Promise<{ there: Array<[Level, string]>; moment: Moment }> {
  const there: Array<[Level, string]> = []
  for (const l of levels) if (await graphExists(ctx, l[1])) there.push(l)
  return {
    there,
    moment: await momentAmong(
      ctx,
      there.map(([, g]) => g),
      asOf,
    ),
  }
}

/** A level's read without the marks withGraph adds to it (asOfMarks): the call's answer carries them once. */
function unmarked(r: Record<string, Json>): Record<string, Json> {
  const { as_of: _at, as_of_checkpoint: _cp, ...rest } = r
  void _at
  void _cp
  return rest
}

/**
 * kg_read `as_of`: both levels, or one node in full, as they were at the moment; read-only, so no
 * session is started, nothing is promoted or counted as read, and a tier is not swept. A level whose
 * graph did not exist yet then reads as empty (a session start then would have found nothing there).
 */
async function readPast(
  ctx: CallContext,
  asOf: string,
  cwd: string,
  id: string | undefined,
  asked: Level | undefined,
): Promise<Record<string, Json>> {
  const reading = { ...ctx, writing: false }
  if (id !== undefined) {
    const order = levelsOf(ctx, cwd, asked)
    const { there, moment } = await pastOfLevels(ctx, order, asOf)
    for (const [lvl, graph] of there) {
      const hit = await withGraph(
        reading,
        graph,
        (g) => {
          const n = findMemory(g, id)
          return n ? fullNode(g, n, lvl) : null
        },
        { asOf: moment, unborn: () => null },
      )
      if (hit) return { ...unmarked(hit), ...asOfMarks(moment) }
    }
    throw notFound(id, order)
  }
  const { there, moment } = await pastOfLevels(ctx, levelsOf(ctx, cwd), asOf)
  const out: Record<string, Json> = {}
  for (const [lvl, graph] of levelsOf(ctx, cwd)) {
    const empty = () => levelRead(openGraph(new Y.Doc(), ctx), graph, NOTHING_SWEPT)
    out[lvl] = there.some(([, g]) => g === graph)
      ? unmarked(
          await withGraph(reading, graph, (g) => levelRead(g, graph, NOTHING_SWEPT), {
            asOf: moment,
            unborn: empty,
          }),
        )
      : empty()
  }
  return { user: out.user!, project: out.project!, ...asOfMarks(moment) }
}

type Swept = { archived: readonly string[]; orphaned: readonly string[] }
const NOTHING_SWEPT: Swept = { archived: [], orphaned: [] }

export const kgSearch = tool({
  name: 'kg_search',
  description: `Full-text search over ids, gists, notes and touches in the user and project graphs, all tiers; archived and orphaned hits are flagged (kg_read promotes them). At most ${MAX_TERMS} distinct words of the query are matched; ignored_terms counts the rest. as_of searches the past.`,
  input: {
    query: z.string().min(1).max(1000),
    session_id: sessionId.optional(),
    limit: z.number().int().min(1).max(50).optional(),
    as_of: asOf,
  },
  output: {
    results: out.list(
      out.item({
        level: out.string,
        id: out.string,
        gist: out.string,
        archived: out.boolean,
        score: out.number,
      }),
    ),
    ignored_terms: out.integer.optional(),
    ...asOfOut,
    /** as_of without a session: the graphs above as_of's bounds, left out of the search. */
    not_searched: out.list(out.item({ graph: out.string, reason: out.string })),
  },
  access: 'read',
  annotations: { readOnly: true },
  run: async (ctx, args) => {
    const graphs: Array<[Level, string]> = [['user', userGraphId(ctx.actor)]]
    if (args.session_id) graphs.push(['project', (await sessionOf(ctx, args.session_id)).project])
    else {
      // Best effort without a session: every other graph the caller can read, a bounded number.
      for (const info of (await visibleGraphs(ctx)).slice(0, 50))
        if (!info.id.startsWith('user.')) graphs.push(['project', info.id])
    }
    const limit = args.limit ?? 10
    const scored = new Map<string, { score: number; rec: Record<string, Json> }>()
    const { terms, ignored } = queryTerms(args.query)
    // as_of: every graph searched as it was at one moment; one that did not exist yet adds nothing.
    // Without a session (a best effort over every graph) one above as_of's bounds is left out and
    // named; a session's own two graphs are not left out: the call is refused.
    const past = args.as_of === undefined ? undefined : await pastOfLevels(ctx, graphs, args.as_of)
    const notSearched: Array<{ graph: string; reason: string }> = []
    for (const [lvl, graph] of past?.there ?? graphs) {
      if (!past && !(await graphExists(ctx, graph))) continue
      const at = past ? { asOf: past.moment, unborn: () => undefined } : {}
      const skip = (e: unknown) => {
        if (!(past && !args.session_id && e instanceof ToolError && e.reason === 'too_large')) throw e
        notSearched.push({ graph, reason: e.reason })
      }
      await withGraph(
        ctx,
        graph,
        (g) => {
          const add = (n: NodeView, rank: number) => {
            if (!isMemoryNode(g, n) && n.kind !== 'file') return
            const key = `${graph}/${n.id}`
            const prev = scored.get(key)
            const score = (prev?.score ?? 0) + 1 / (60 + rank)
            const t = tierOf(n)
            scored.set(key, {
              score,
              rec: {
                level: lvl,
                ...(args.session_id ? {} : { graph }),
                id: memoryId(n),
                gist: clip(n.summary, 300),
                notes: clip(n.notes, 400),
                archived: t !== 'active',
                orphaned: t === 'orphaned',
              },
            })
          }
          const hits = search(g, args.query, { limit: 50 })
          if (hits.ok)
            hits.items.forEach((h, i) => {
              const n = g.index.nodes.get(h.id)
              if (n) add(n, i)
            })
          // Ids are words too: each term found in an agent's id ranks the node once more.
          idMatches(g.index.nodes.values(), terms, add)
        },
        at,
      ).catch(skip)
    }
    const results = [...scored.values()]
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
      .map((x) => ({ ...x.rec, score: Math.round(x.score * 1e4) / 1e4 }))
    return {
      results,
      ...(ignored ? { ignored_terms: ignored } : {}),
      ...(past ? asOfMarks(past.moment) : {}),
      ...(notSearched.length ? { not_searched: notSearched } : {}),
    }
  },
})

export const kgPutNode = tool({
  name: 'kg_put_node',
  description:
    'Create or update a node by your kebab-case id: gist replaced, notes and touches merged, unarchived.',
  input: {
    session_id: sessionId,
    level,
    id: z.string().min(1).max(200),
    gist: z.string(),
    notes: z.array(z.string()).max(200).optional(),
    touches: z.array(z.string()).max(256).optional(),
  },
  output: { id: out.string, level: out.string, created: out.boolean, unarchived: out.boolean },
  access: 'write',
  annotations: { readOnly: false, idempotent: true },
  run: async (ctx, args) => {
    const s = await sessionOf(ctx, args.session_id)
    const scoped = { ...ctx, writeSession: s.id }
    return onLevel(scoped, graphOfLevel(ctx, s, args.level), args.level, (g, touched) => {
      const r = must(
        putMemoryNode(g, { id: args.id, gist: args.gist, notes: args.notes, touches: args.touches }),
      )
      touched.ids.push(r.node_id)
      return {
        id: r.id,
        level: args.level,
        created: r.created,
        ...(r.unarchived ? { unarchived: true } : {}),
      }
    })
  },
})

export const kgPutEdge = tool({
  name: 'kg_put_edge',
  description:
    'Create or update an edge; from and to may be node ids or file paths (no node needed). rel is a kebab-case verb.',
  input: {
    session_id: sessionId,
    level,
    from: z.string().min(1).max(2048),
    to: z.string().min(1).max(2048),
    rel: z.string().min(1).max(64),
    notes: z.array(z.string()).max(100).optional(),
  },
  output: { level: out.string, from: out.string, to: out.string, rel: out.string, created: out.boolean },
  access: 'write',
  annotations: { readOnly: false, idempotent: true },
  run: async (ctx, args) => {
    const s = await sessionOf(ctx, args.session_id)
    const scoped = { ...ctx, writeSession: s.id }
    return onLevel(scoped, graphOfLevel(ctx, s, args.level), args.level, (g) => {
      const r = must(putMemoryEdge(g, { from: args.from, to: args.to, rel: args.rel, notes: args.notes }))
      return { level: args.level, from: args.from, to: args.to, rel: args.rel, created: r.created }
    })
  },
})

/** The edge of `e` between two memory nodes, if there is one. */
function memoryEdge(g: Graph, e: { from: string; to: string; rel: string }) {
  const a = findMemory(g, e.from)
  const b = findMemory(g, e.to)
  return a && b ? g.index.edgesOf(a.id, 'out').find((x) => x.other === b.id && x.type === e.rel) : undefined
}

/**
 * Runs `fn` on the session's project graph, then its user graph, on the first that `holds` what the
 * call names. Where it is held is found by reading, so a level the caller only reads (or does not
 * reach) never stops it reaching the other, and `fn` is refused there (withGraph) rather than run.
 */
async function eitherLevel<T>(
  ctx: CallContext,
  sid: string,
  holds: (g: Graph) => boolean,
  fn: (g: Graph) => T,
): Promise<{ level: Level; out: T } | null> {
  const s = await sessionOf(ctx, sid)
  const scoped = { ...ctx, writeSession: s.id }
  for (const lvl of ['project', 'user'] as const) {
    const graph = graphOfLevel(ctx, s, lvl)
    if ((await roleOn(ctx, graph)) === null || !(await graphExists(ctx, graph))) continue
    if (!(await withGraph({ ...scoped, writing: false }, graph, holds))) continue
    return { level: lvl, out: await withGraph(scoped, graph, fn) }
  }
  return null
}

export const kgDeleteNode = tool({
  name: 'kg_delete_node',
  description: 'Delete a node and its edges, in whichever graph holds it. Kept in history.',
  input: { session_id: sessionId, id: z.string().min(1).max(2048) },
  output: { deleted: out.string, edges_removed: out.integer, level: out.string },
  access: 'write',
  annotations: { readOnly: false, destructive: true, idempotent: true },
  run: async (ctx, args) => {
    const r = await eitherLevel(
      ctx,
      args.session_id,
      (g) => findMemory(g, args.id) !== undefined,
      (g) => must(deleteMemoryNode(g, args.id)),
    )
    if (!r)
      throw new ToolError(
        `no node ${JSON.stringify(clip(args.id, 80))} in the project or user graph`,
        'not_found',
      )
    return { deleted: args.id, edges_removed: r.out.edges_removed, level: r.level }
  },
})

export const kgDeleteEdge = tool({
  name: 'kg_delete_edge',
  description: 'Delete the edge whose from, to and rel all match, in whichever graph holds it.',
  input: {
    session_id: sessionId,
    from: z.string().min(1).max(2048),
    to: z.string().min(1).max(2048),
    rel: z.string().min(1).max(64),
  },
  output: { deleted: out.boolean, level: out.string },
  access: 'write',
  annotations: { readOnly: false, destructive: true, idempotent: true },
  run: async (ctx, args) => {
    const r = await eitherLevel(
      ctx,
      args.session_id,
      (g) => memoryEdge(g, args) !== undefined,
      (g) => must(deleteMemoryEdge(g, { from: args.from, to: args.to, rel: args.rel })),
    )
    return r ? { deleted: true, level: r.level } : { deleted: false }
  },
})

/** What other sessions did in one graph since `cursor`: nodes changed and edges added or removed. */
function diff(g: Graph, events: HistoryEvent[]): Record<string, Json> {
  const nodes = new Map<string, Record<string, Json>>()
  const edges: Json[] = []
  for (const e of events) {
    const n = g.index.nodes.get(e.node)
    if (!n || n.id === meta(g).root) continue
    for (const c of e.changes) {
      if (!c.field.startsWith('edge:') || c.field.includes(':properties')) continue
      const other = g.index.nodes.get(String(c.after ?? c.before))
      if (!other) continue
      edges.push({
        from: memoryId(n),
        to: memoryId(other),
        rel: c.field.slice(5),
        change: c.after !== null ? 'added' : 'removed',
        by: e.actor,
      })
    }
    if (e.action === 'connect' || e.action === 'disconnect') continue
    const deleted = g.index.statusOf(n.id) === 'deleted'
    nodes.set(n.id, {
      id: memoryId(n),
      ...(deleted ? { deleted: true } : { gist: clip(n.summary, 300) }),
      by: e.actor,
      at: new Date(e.ts).toISOString(),
    })
  }
  return { nodes: [...nodes.values()].slice(0, 200), edges: edges.slice(0, 200) }
}

export const kgSync = tool({
  name: 'kg_sync',
  description:
    "What other sessions changed since this session's last sync (yours in other sessions included), by level.",
  input: { session_id: sessionId },
  output: { user: out.record, project: out.record },
  access: 'write',
  annotations: { readOnly: false, idempotent: false },
  run: async (ctx, args) => {
    const s = await sessionOf(ctx, args.session_id)
    const scoped = { ...ctx, writeSession: s.id }
    const out: Record<string, Json> = {}
    const synced = { ...s.synced }
    for (const lvl of ['user', 'project'] as const) {
      const graph = graphOfLevel(ctx, s, lvl)
      if (!(await graphExists(ctx, graph))) {
        out[lvl] = { nodes: [], edges: [] }
        continue
      }
      out[lvl] = await withGraph({ ...scoped, writing: false }, graph, (g) => {
        const r = must(changesSince(g, synced[lvl], { excludeSession: s.id, limit: 1000 }))
        synced[lvl] = r.cursor
        return { ...diff(g, r.events), ...(r.more ? { more: true } : {}) }
      })
    }
    await withGraph(scoped, userGraphId(ctx.actor), (g) => must(writeMemorySession(g, { ...s, synced })))
    return out
  },
})

export const kgProgress = tool({
  name: 'kg_progress',
  description:
    'Per-task progress that survives compaction and new sessions. Omit state to read it; give state to write it.',
  input: {
    session_id: sessionId,
    task_id: z.string().min(1).max(128),
    state: z.record(json).optional(),
    level: level.optional().describe('default user'),
  },
  output: { task_id: out.string, state: json, updated_at: out.string, updated_by: out.string },
  access: 'mixed',
  annotations: { readOnly: false, idempotent: true },
  run: async (ctx, args) => {
    const s = await sessionOf(ctx, args.session_id)
    const lvl = args.level ?? 'user'
    const scoped = { ...ctx, writeSession: s.id }
    const graph = graphOfLevel(ctx, s, lvl)
    return onLevel(scoped, graph, lvl, (g, _touched, role) => {
      if (args.state === undefined) {
        const p = must(readProgress(g, args.task_id)).progress
        return p
          ? {
              task_id: p.task_id,
              state: p.state,
              updated_at: new Date(p.updated_at).toISOString(),
              updated_by: p.updated_by,
            }
          : { task_id: args.task_id, state: null }
      }
      requireWrite(ctx, 'writing progress', graph, role)
      const p = must(writeProgress(g, args.task_id, args.state)).progress
      return { task_id: p.task_id, state: p.state, updated_at: new Date(p.updated_at).toISOString() }
    })
  },
})

export const MEMORY_TOOLS: readonly Tool[] = [
  kgRead,
  kgSearch,
  kgPutNode,
  kgPutEdge,
  kgDeleteNode,
  kgDeleteEdge,
  kgSync,
  kgProgress,
]
