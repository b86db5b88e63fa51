import { useEffect } from 'react'
import { create } from 'zustand'
import type { GraphSession, PresenceState, PresenceUser } from '../sync/session.ts'

export interface Peer {
  clientId: number
  user: PresenceUser
  cursor: { x: number; y: number } | null
  selection: string[]
  /** For agents: the node they last touched. */
  node: string | null
}

export interface PeerRef {
  clientId: number
  name: string
  color: string
}

export interface NodePresence {
  /** People who have this node selected. */
  selectedBy: PeerRef[]
  /** Agents whose last touch was this node. */
  agents: PeerRef[]
}

interface PresenceStore {
  peers: Peer[]
  /** A Map: node ids come from other peers' awareness, and `obj[id]` reads Object.prototype's members. */
  byNode: ReadonlyMap<string, NodePresence>
}

/** Everyone else on this graph, from awareness. Each node reads only its own entry, which keeps its identity until it changes. */
export const usePresence = create<PresenceStore>()(() => ({ peers: [], byNode: new Map() }))

const COLOR = /^#[0-9a-f]{3,8}$/i

function clean(user: unknown): PresenceUser | null {
  if (!user || typeof user !== 'object') return null
  const u = user as Record<string, unknown>
  if (typeof u.name !== 'string' || !u.name) return null
  return {
    name: u.name.slice(0, 60),
    // A colour from another peer goes into a style: accept only plain hex colours.
    color: typeof u.color === 'string' && COLOR.test(u.color) ? u.color : '#8b8d98',
    kind: u.kind === 'agent' ? 'agent' : 'person',
    ...(typeof u.identity === 'string' && u.identity ? { identity: u.identity.slice(0, 64) } : {}),
  }
}

/** The chosen name, then the identity the server vouches for when it differs, then the badge. */
export function label(user: PresenceUser): string {
  const identity = user.identity && user.identity !== user.name ? ` · ${user.identity}` : ''
  return `${user.name}${identity}${user.kind === 'agent' ? ' (agent)' : ''}`
}

/** Everyone else in the awareness states, each as far as its state can be trusted. */
export function readPeers(states: ReadonlyMap<number, unknown>, own: number): Peer[] {
  const peers: Peer[] = []
  for (const [clientId, raw] of states) {
    if (clientId === own) continue
    const st = raw as PresenceState
    const user = clean(st.user)
    if (!user) continue
    const c = st.cursor
    peers.push({
      clientId,
      user,
      cursor: c && Number.isFinite(c.x) && Number.isFinite(c.y) ? { x: c.x, y: c.y } : null,
      selection: Array.isArray(st.selection)
        ? st.selection.filter((s): s is string => typeof s === 'string').slice(0, 500)
        : [],
      node: typeof st.node === 'string' ? st.node : null,
    })
  }
  return peers.sort((a, b) => a.clientId - b.clientId)
}

function same(a: NodePresence | undefined, b: NodePresence): boolean {
  if (!a) return false
  const eq = (x: PeerRef[], y: PeerRef[]) =>
    x.length === y.length &&
    x.every((p, i) => p.clientId === y[i]!.clientId && p.name === y[i]!.name && p.color === y[i]!.color)
  return eq(a.selectedBy, b.selectedBy) && eq(a.agents, b.agents)
}

/**
 * Who is at each node: people by selection, agents by their last touch. An entry equal to the one in
 * `prev` is `prev`'s object, so a node whose presence did not change does not render.
 */
export function nodePresence(
  peers: readonly Peer[],
  prev: ReadonlyMap<string, NodePresence>,
): Map<string, NodePresence> {
  const next = new Map<string, NodePresence>()
  const entry = (id: string) => {
    let e = next.get(id)
    if (!e) next.set(id, (e = { selectedBy: [], agents: [] }))
    return e
  }
  for (const p of peers) {
    const ref = { clientId: p.clientId, name: p.user.name, color: p.user.color }
    if (p.user.kind === 'agent' && p.node) entry(p.node).agents.push(ref)
    for (const id of p.selection) entry(id).selectedBy.push(ref)
  }
  for (const [id, v] of next) if (same(prev.get(id), v)) next.set(id, prev.get(id)!)
  return next
}

function publish(peers: Peer[]): void {
  usePresence.setState({ peers, byNode: nodePresence(peers, usePresence.getState().byNode) })
}

/** Mirrors the session's awareness into the presence store while mounted. */
export function usePresenceFeed(session: GraphSession | null): void {
  useEffect(() => {
    if (!session) return
    const aw = session.awareness
    const onChange = () => publish(readPeers(aw.getStates(), aw.clientID))
    aw.on('change', onChange)
    onChange()
    return () => {
      aw.off('change', onChange)
      usePresence.setState({ peers: [], byNode: new Map() })
    }
  }, [session])
}
