/**
 * Resources: per graph, the caller's working set, suggestions and checkpoints, as JSON. A subscription
 * watches the graph's document and sends `notifications/resources/updated` when what the resource
 * reads has actually changed (compared after a short debounce, so a burst of edits is one notice).
 */
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { ToolError, visibleGraphs, withGraph, type CallContext, type GraphDoc } from './context.ts'
import { listCheckpoints, workingSet } from '@plexus/model'
import { suggestions } from './tools/analyze.ts'
import { checkpoint, view } from './tools/session.ts'

const KINDS = {
  'working-set': 'Your working set in this graph: hot nodes in full, warm as id and summary',
  suggestions: 'Gaps, likely duplicates, orphans, next work and integrity problems',
  checkpoints: 'Named working-set checkpoints saved in this graph',
} as const
type Kind = keyof typeof KINDS
const isKind = (k: string | undefined): k is Kind => k !== undefined && Object.hasOwn(KINDS, k)

const URI = /^plexus:\/\/graph\/([a-z0-9][a-z0-9._-]{0,63})\/(working-set|suggestions|checkpoints)$/

export const resourceUri = (project: string, kind: Kind): string => `plexus://graph/${project}/${kind}`

export async function readResource(ctx: CallContext, project: string, kind: Kind): Promise<unknown> {
  return withGraph(ctx, project, (g) => {
    if (kind === 'working-set') {
      const r = workingSet(g, ctx.session)
      if (!r.ok) throw new ToolError(r.message)
      return view(g, r.working_set)
    }
    if (kind === 'suggestions') return suggestions(g)
    return { checkpoints: listCheckpoints(g).slice(0, 50).map(checkpoint) }
  })
}

export function registerResources(mcp: McpServer, ctx: () => CallContext): void {
  for (const kind of Object.keys(KINDS) as Kind[]) {
    const template = new ResourceTemplate(`plexus://graph/{project}/${kind}`, {
      list: async () => {
        const graphs = (await visibleGraphs(ctx())).slice(0, 50)
        return {
          resources: graphs.map((g) => ({
            uri: resourceUri(g.id, kind),
            name: `${g.id} ${kind}`,
            mimeType: 'application/json',
          })),
        }
      },
    })
    mcp.registerResource(
      kind,
      template,
      { description: KINDS[kind], mimeType: 'application/json' },
      async (uri, vars) => {
        const project = String(vars.project)
        const data = await readResource(ctx(), project, kind)
        return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(data) }] }
      },
    )
  }
  const subs = new Subscriptions(mcp, ctx)
  mcp.server.setRequestHandler(SubscribeRequestSchema, async (req) => {
    await subs.add(req.params.uri)
    return {}
  })
  mcp.server.setRequestHandler(UnsubscribeRequestSchema, (req) => {
    subs.remove(req.params.uri)
    return {}
  })
  const previous = mcp.server.onclose
  mcp.server.onclose = () => {
    subs.close()
    previous?.()
  }
}

interface Watch {
  project: string
  kind: Kind
  handle: GraphDoc
  onUpdate: () => void
  timer: NodeJS.Timeout | null
  last: string
}

const DEBOUNCE_MS = 250
/** Subscriptions one session holds: each keeps a graph loaded and observed (one session held 300). */
export const MAX_SUBSCRIPTIONS = 32

class Subscriptions {
  private readonly watches = new Map<string, Watch>()
  /**
   * URIs being subscribed (reading their first value): they count against the cap already. One taken
   * out meanwhile (unsubscribed, the session closed) is not kept when its reads return.
   */
  private readonly opening = new Set<string>()
  constructor(
    private readonly mcp: McpServer,
    private readonly ctx: () => CallContext,
  ) {}

  async add(uri: string): Promise<void> {
    if (this.watches.has(uri) || this.opening.has(uri)) return
    const [, project, kind] = URI.exec(uri) ?? []
    if (!project || !isKind(kind))
      throw new ToolError(
        `cannot subscribe to ${uri}: expected plexus://graph/<project>/working-set|suggestions|checkpoints`,
      )
    if (this.watches.size + this.opening.size >= MAX_SUBSCRIPTIONS)
      throw new ToolError(
        `this session holds its limit of ${MAX_SUBSCRIPTIONS} subscriptions: unsubscribe from one (resources/unsubscribe) before subscribing to ${uri}`,
      )
    this.opening.add(uri)
    let first: string
    let handle: GraphDoc
    try {
      // readResource goes through withGraph: the caller's role decides whether it may read.
      first = JSON.stringify(await readResource(this.ctx(), project, kind))
      if (!this.opening.has(uri)) return // unsubscribed, or the session closed, meanwhile
      // Holding the document open keeps it loaded (and observed) for as long as the subscription lasts.
      const opened = await this.ctx().source.open(project)
      if (!opened) throw new ToolError(`graph ${project} not found`, 'graph_not_found')
      handle = opened
    } catch (error) {
      this.opening.delete(uri)
      throw error
    }
    // A subscription the session no longer wants (it unsubscribed or closed during the awaits) would
    // hold its graph for the life of the server (issue 23, review): let it go instead.
    if (!this.opening.delete(uri)) return handle.release()
    const w: Watch = {
      project,
      kind,
      handle,
      timer: null,
      last: first,
      onUpdate: () => this.schedule(uri, w),
    }
    handle.doc.on('update', w.onUpdate)
    this.watches.set(uri, w)
  }

  remove(uri: string): void {
    this.opening.delete(uri)
    const w = this.watches.get(uri)
    if (!w) return
    this.watches.delete(uri)
    if (w.timer) clearTimeout(w.timer)
    w.handle.doc.off('update', w.onUpdate)
    w.handle.release()
  }

  close(): void {
    this.opening.clear()
    for (const uri of [...this.watches.keys()]) this.remove(uri)
  }

  private schedule(uri: string, w: Watch): void {
    if (w.timer) return
    w.timer = setTimeout(() => {
      w.timer = null
      if (this.watches.get(uri) !== w) return
      readResource(this.ctx(), w.project, w.kind).then(
        (data) => {
          const now = JSON.stringify(data)
          if (now === w.last) return
          w.last = now
          this.mcp.server.sendResourceUpdated({ uri }).catch(() => this.remove(uri))
        },
        () => this.remove(uri),
      )
    }, DEBOUNCE_MS)
    w.timer.unref?.()
  }
}
