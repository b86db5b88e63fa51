/**
 * "Unchanged" for the bad-input phases: a digest of a graph's whole server state that also sees
 * structs the server holds but cannot integrate yet (pending: their dependencies are missing).
 * `digestOfUpdate` reads only the state vector and delete set, which pending structs do not move, so
 * an update the server parked while rejecting it would go unnoticed by it.
 */
import * as Y from 'yjs'
import { digestOfUpdate } from './suite.ts'
import { readState, type ConnectOptions } from './wire.ts'

export interface GraphState {
  update: Uint8Array
  digest: string
}

export function strictDigest(update: Uint8Array): string {
  const sv = Y.decodeStateVector(Y.encodeStateVectorFromUpdate(update))
  const pending: string[] = []
  for (const struct of Y.decodeUpdate(update).structs) {
    const { client, clock } = struct.id
    if (struct instanceof Y.Skip || clock < (sv.get(client) ?? 0)) continue
    pending.push(`${client}:${clock}+${struct.length}`)
  }
  const tail = pending.length ? ` | pending ${pending.sort().join(',')}` : ''
  return digestOfUpdate(update) + tail
}

/** The server's state of `graph`, read over the wire, with the strict digest. */
export async function readGraph(
  wsBase: string,
  graph: string,
  options: ConnectOptions = {},
): Promise<GraphState> {
  const { update } = await readState(wsBase, graph, options)
  return { update, digest: strictDigest(update) }
}

/** `GET /healthz`: the server's own count of open WebSocket connections. */
export async function openConnections(url: string): Promise<number> {
  const res = await fetch(`${url}/healthz`)
  const body = (await res.json()) as { connections?: number }
  return body.connections ?? -1
}

/** Ids of the graphs the server stores (`GET /api/graphs`). */
export async function storedGraphs(url: string, token?: string): Promise<string[]> {
  const res = await fetch(`${url}/api/graphs`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  if (!res.ok) throw new Error(`GET /api/graphs: HTTP ${res.status} ${await res.text()}`)
  const body = (await res.json()) as { graphs: Array<{ id: string }> }
  return body.graphs.map((g) => g.id).sort()
}
