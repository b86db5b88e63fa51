/**
 * What the load phases check, shared by the single-server load phase (load.ts) and the several-server
 * one (multi.ts): what the servers had confirmed before a kill, that every write is on the server after
 * the run, and which closes no kill explains. The phases differ in where they read the stored state.
 */
import * as Y from 'yjs'
import { writesTo, type Fleet } from './fleet.ts'
import type { Entry, SyncClient } from './peers.ts'
import { missingEntries } from './stored.ts'
import { readState } from './wire.ts'

/** Closes a killed or stopped server causes: abnormal closure (no close frame), going away. */
export const KILL_CLOSES = new Set([1006, 1005, 1001])

/**
 * What had been confirmed before a kill, by graph: each node a witness of `seenBy` had received through
 * a server, and each write an agent had been answered for.
 */
export function confirmedWrites(
  graphs: readonly string[],
  seenBy: ReadonlyMap<string, ReadonlySet<string>>,
  fleet: Pick<Fleet, 'agents' | 'agentGraph'>,
): Map<string, Entry[]> {
  const confirmed = new Map<string, Entry[]>()
  for (const g of graphs)
    confirmed.set(
      g,
      [...seenBy.get(g)!].map((node) => ({ node, at: 0 })),
    )
  fleet.agents.forEach((a, i) => confirmed.get(fleet.agentGraph(i))!.push(...a.ledger))
  return confirmed
}

/**
 * Reads each graph from the server at `wsUrl` and tells `fail` of every write a client made or an agent
 * was answered for that is not there.
 */
export async function checkWritesKept(
  wsUrl: string,
  fleet: Pick<Fleet, 'clients' | 'agents' | 'agentGraph'>,
  graphs: readonly string[],
  fail: (text: string) => void,
): Promise<{ checked: number; lost: number }> {
  let checked = 0
  let lost = 0
  for (const g of graphs) {
    const state = await readState(wsUrl, g)
    const doc = new Y.Doc()
    Y.applyUpdate(doc, state.update)
    const expected = writesTo(fleet, g)
    checked += expected.length
    const missing = missingEntries(doc, expected)
    lost += missing.length
    if (missing.length)
      fail(
        `${missing.length} writes to ${g} are missing after convergence (first: ${JSON.stringify(missing[0])})`,
      )
    doc.destroy()
  }
  return { checked, lost }
}

/** The closes of `peers` that no kill explains, as `name: code reason`. */
export function unexpectedCloses(peers: readonly SyncClient[]): string[] {
  return peers.flatMap((c) =>
    c.closes.filter((e) => !KILL_CLOSES.has(e.code)).map((e) => `${c.name}: ${e.code} ${e.reason}`),
  )
}
