import * as Y from 'yjs'
import { initGraph, openGraph, type Graph } from '../graph.ts'
import { createNodes } from '../create.ts'
import { connect, disconnect } from '../edges.ts'
import { restructure, type RestructureOp } from '../restructure.ts'
import { updateNodes, setPositions } from '../update.ts'
import { claim, counts, next, release } from '../readiness.ts'
import { query, board } from '../query.ts'
import { context, traverse } from '../context.ts'
import { changesSince, nodeHistory } from '../history.ts'
import { integrity } from '../integrity.ts'
import { counterIds } from '../ids.ts'
import { Clock, rng } from './harness.ts'

// A seeded simulation of several peers editing one graph while messages arrive late, out of order, or not
// at all until a partition heals. Every choice comes from one seed, so a failure replays exactly.

export interface Peer {
  name: string
  doc: Y.Doc
  g: Graph
  /** Updates this peer has not received yet, one FIFO queue per sender (a socket keeps order). */
  inbox: Map<string, Uint8Array[]>
}

export interface SimOptions {
  peers?: number
  steps?: number
}

export class Simulation {
  readonly rand: () => number
  readonly peers: Peer[] = []
  readonly clock = new Clock()
  /** Peer index -> partition group; messages only flow within a group. */
  private group: number[] = []
  readonly log: string[] = []

  constructor(
    readonly seed: number,
    opts: SimOptions = {},
  ) {
    this.rand = rng(seed)
    const n = opts.peers ?? 4 + Math.floor(this.rand() * 2)
    const first = new Y.Doc()
    first.clientID = 1000
    const g0 = openGraph(first, { actor: 'p0', now: this.clock.now, newId: counterIds('p0_') })
    initGraph(g0, { id: 'sim', title: 'Simulation' })
    const base = Y.encodeStateAsUpdate(first)
    for (let i = 0; i < n; i++) {
      const doc = i === 0 ? first : new Y.Doc()
      if (i > 0) {
        doc.clientID = 1000 + i
        Y.applyUpdate(doc, base)
      }
      const g =
        i === 0 ? g0 : openGraph(doc, { actor: `p${i}`, now: this.clock.now, newId: counterIds(`p${i}_`) })
      const peer: Peer = { name: `p${i}`, doc, g, inbox: new Map() }
      doc.on('update', (u: Uint8Array, origin: unknown) => {
        if (origin === 'remote') return
        this.peers.forEach((p, j) => {
          if (p === peer) return
          if (this.group[j] !== this.group[i]) return // lost: the partition drops it; reconnect resyncs
          const q = p.inbox.get(peer.name) ?? []
          q.push(u)
          p.inbox.set(peer.name, q)
        })
      })
      this.peers.push(peer)
      this.group.push(0)
    }
  }

  pick<T>(xs: readonly T[]): T | undefined {
    return xs.length ? xs[Math.floor(this.rand() * xs.length)] : undefined
  }

  /**
   * Delivers the oldest pending message on one random link. Links keep order, as a WebSocket does, but
   * which link goes next is random, so peers see each other's edits interleaved in any order.
   */
  deliverOne(): boolean {
    const links: Array<[Peer, string]> = []
    for (const p of this.peers)
      for (const [from, q] of [...p.inbox].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
        if (q.length) links.push([p, from])
    const link = this.pick(links)
    if (!link) return false
    const u = link[0].inbox.get(link[1])!.shift()!
    Y.applyUpdate(link[0].doc, u, 'remote')
    return true
  }

  partition(): void {
    this.regroup(this.peers.map(() => (this.rand() < 0.5 ? 0 : 1)))
    this.log.push(`partition ${this.group.join('')}`)
  }

  /**
   * Heals partitions. Reconnecting peers exchange what the other lacks (sync step 1 and 2, as y-websocket
   * does on reconnect), queued on the links behind anything still in flight.
   */
  heal(): void {
    this.regroup(this.peers.map(() => 0))
    this.log.push('heal')
  }

  private regroup(next: number[]): void {
    const was = this.group
    this.group = next
    for (const [i, a] of this.peers.entries()) {
      for (const [j, b] of this.peers.entries()) {
        if (i === j || was[i] === was[j] || next[i] !== next[j]) continue
        const q = b.inbox.get(a.name) ?? []
        q.push(Y.encodeStateAsUpdate(a.doc, Y.encodeStateVector(b.doc)))
        b.inbox.set(a.name, q)
      }
    }
  }

  randomNode(g: Graph, opts: { live?: boolean } = { live: true }): string | undefined {
    const ids = [...g.index.nodes.values()]
      .filter((n) => !opts.live || (n.deleted_at === null && n.merged_into === null))
      .map((n) => n.id)
    ids.sort()
    return this.pick(ids)
  }

  /** One random operation of any kind by one random peer. Failures are expected; exceptions are bugs. */
  step(): void {
    const p = this.pick(this.peers)!
    const g = p.g
    this.clock.tick(1 + Math.floor(this.rand() * 1000))
    const a = this.randomNode(g)
    const b = this.randomNode(g)
    const r = this.rand()
    let what: string
    if (r < 0.2) {
      const parent = this.rand() < 0.8 ? a : null
      const items = Array.from({ length: 1 + Math.floor(this.rand() * 3) }, (_, i) => ({
        ref: `r${i}`,
        summary:
          this.pick([
            'Design API',
            'Write tests',
            'Ship it',
            'Auth service',
            'User repository',
            'Docs',
            'Fix bug',
          ])! + (this.rand() < 0.5 ? ` ${Math.floor(this.rand() * 20)}` : ''),
        parent: i === 0 ? parent : undefined,
        parent_ref: i > 0 ? 'r0' : undefined,
        depends_on: b && this.rand() < 0.3 ? [b] : undefined,
        properties: this.rand() < 0.3 ? { priority: Math.floor(this.rand() * 4) } : undefined,
      }))
      what = `create ${items.length}`
      createNodes(g, items, { mode: this.pick(['auto', 'force', 'explore', 'enrich', 'strict'] as const) })
    } else if (r < 0.35 && a) {
      what = `update ${a}`
      updateNodes(g, [
        {
          id: a,
          ...(this.rand() < 0.5 ? { resolved: this.rand() < 0.6 } : {}),
          ...(this.rand() < 0.3 ? { summary: `edited ${Math.floor(this.rand() * 100)}` } : {}),
          ...(this.rand() < 0.3 ? { notes: `note ${Math.floor(this.rand() * 100)}` } : {}),
          ...(this.rand() < 0.3
            ? { properties: { priority: this.rand() < 0.2 ? null : Math.floor(this.rand() * 5) } }
            : {}),
          ...(this.rand() < 0.2 ? { add_evidence: [{ type: 'note', ref: 'seen' }] } : {}),
          ...(this.rand() < 0.2 ? { add_links: ['https://example.com/' + Math.floor(this.rand() * 5)] } : {}),
        },
      ])
    } else if (r < 0.5 && a && b) {
      what = `connect ${a} ${b}`
      connect(g, [{ from: a, to: b, type: this.rand() < 0.7 ? 'depends_on' : 'relates_to' }])
    } else if (r < 0.55 && a) {
      const e = this.pick([...g.index.edges.keys()].sort())
      what = `disconnect ${e}`
      if (e) disconnect(g, [{ id: e }])
    } else if (r < 0.68 && a) {
      what = `move ${a} -> ${b}`
      restructure(g, [{ type: 'move', node: a, parent: this.rand() < 0.9 ? (b ?? null) : null }])
    } else if (r < 0.74 && a && b) {
      what = `merge ${a} -> ${b}`
      restructure(g, [{ type: 'merge', node: a, into: b }])
    } else if (r < 0.8 && a) {
      what = `forget ${a}`
      restructure(g, [{ type: 'forget', node: a }])
    } else if (r < 0.84) {
      const d = this.randomNode(g, { live: false })
      const n = d ? g.index.nodes.get(d) : undefined
      what = `restore ${d}`
      if (n && (n.deleted_at !== null || n.merged_into !== null))
        restructure(g, [{ type: 'restore', node: n.id }])
    } else if (r < 0.87 && a) {
      what = `drop ${a}`
      restructure(g, [{ type: 'drop', node: a, reason: 'not needed' } as RestructureOp])
    } else if (r < 0.93) {
      what = 'next+claim'
      next(g, { count: 2, claim: this.rand() < 0.7 })
      if (a && this.rand() < 0.3) claim(g, a)
      if (a && this.rand() < 0.2) release(g, a)
    } else if (r < 0.96 && a) {
      what = `position ${a}`
      setPositions(g, [{ id: a, x: Math.floor(this.rand() * 1000), y: Math.floor(this.rand() * 1000) }])
    } else {
      what = 'bad input'
      const before = Y.encodeStateVector(p.doc)
      updateNodes(g, [{ id: 'missing', summary: 'x' }])
      createNodes(g, [{ summary: '' }])
      connect(g, [{ from: a ?? 'x', to: 'nope', type: 'depends_on' }])
      if (!equal(before, Y.encodeStateVector(p.doc))) throw new Error('rejected input changed the document')
    }
    this.log.push(`${p.name}: ${what}`)
  }

  /** Every read a peer can make; throws if any read throws or loops. */
  readAll(g: Graph): void {
    counts(g)
    next(g, { count: 5 })
    query(g, { filter: { resolved: false }, limit: 20 })
    board(g)
    integrity(g)
    changesSince(g, undefined, { limit: 50 })
    const some = this.randomNode(g)
    if (some) {
      context(g, some, { depth: 3 })
      traverse(g, some, {
        direction: 'both',
        depth: 3,
        types: ['depends_on', 'relates_to', 'child', 'parent'],
      })
      nodeHistory(g, some)
    }
  }

  run(steps: number): void {
    for (let i = 0; i < steps; i++) {
      const r = this.rand()
      if (r < 0.05) this.partition()
      else if (r < 0.1) this.heal()
      this.step()
      const deliveries = Math.floor(this.rand() * 4)
      for (let d = 0; d < deliveries; d++) this.deliverOne()
      if (this.rand() < 0.2) this.readAll(this.pick(this.peers)!.g)
    }
    this.heal()
    while (this.deliverOne()) {
      /* drain */
    }
  }
}

export function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}
