/**
 * Bad input on the WebSocket: every kind in ws-inputs.ts, `badInputsPerKind` times each, against one
 * `plexus serve` with small limits (so oversized messages and floods stay cheap), while a stock
 * client (the canary) stays connected to the attacked graph.
 *
 * Each input goes over its own connection (ws-probe.ts). Checked for every input: a refusal carries
 * a code and a reason (or an HTTP status and a body), and the kind's one right answer when it has
 * one; nothing refused changes the graph (of a refused flood, only the updates before the limit may
 * land); after anything accepted the model still opens the graph; and the canary is never
 * disconnected and comes to hold what the server holds. After each kind: the canary's new write
 * reaches a fresh client and the server holds no leftover connection. At the end the server
 * restarts and must hold the last state and every canary write.
 */
import { join } from 'node:path'
import { connect, createNodes, initGraph, openGraph } from '@plexus/model'
import * as Y from 'yjs'
import { Canary, stockClient, synced } from './canary.ts'
import { ServerProcess } from './server.ts'
import { openConnections, readGraph, storedGraphs, strictDigest, type GraphState } from './state.ts'
import { Rng, until, type Phase, type PhaseContext } from './suite.ts'
import { GENERATORS, WS_KINDS, type BadInput, type WsKind } from './ws-inputs.ts'
import { attempt, readPresence, type Outcome } from './ws-probe.ts'

const GRAPH = 'ws-input'
const TOKENS = { canary: 'canary-token-0001', mallory: 'mallory-token-0001', auditor: 'auditor-token-0001' }
const LIMITS = { maxMessageBytes: 64 * 1024, rate: 20, burst: 40, awarenessIds: 8 }
/** Failures printed per kind; the rest are counted. */
const SHOWN = 12

interface Tally {
  tried: number
  rejected: number
  accepted: number
  abandoned: number
  failures: number
}

export const wsInputPhase: Phase = async (ctx) => {
  const server = new ServerProcess({
    dataDir: join(ctx.tmp, 'data'),
    env: {
      PLEXUS_TOKENS: `canary:write:${TOKENS.canary},mallory:write:${TOKENS.mallory},auditor:read:${TOKENS.auditor}`,
      PLEXUS_MAX_MESSAGE_BYTES: String(LIMITS.maxMessageBytes),
      PLEXUS_RATE: String(LIMITS.rate),
      PLEXUS_BURST: String(LIMITS.burst),
    },
  })
  const failures: string[] = []
  const figures: Record<string, number | string> = {}
  await server.start()
  const canary = new Canary(server.wsUrl, GRAPH, TOKENS.canary, 'canary')
  const restore = canary.catchObserverErrors()
  try {
    await run(ctx, server, canary, failures, figures)
  } finally {
    restore()
    canary.destroy()
    await server.stop()
  }
  failures.push(...server.crashFailures(ctx.seed))
  return { name: 'ws-input', figures, failures, crashes: server.crashes.length }
}

async function run(
  ctx: PhaseContext,
  server: ServerProcess,
  canary: Canary,
  failures: string[],
  figures: Record<string, number | string>,
): Promise<void> {
  const read = () => readGraph(server.wsUrl, GRAPH, { token: TOKENS.auditor })
  if (!(await synced(canary.connection))) throw new Error('the canary did not sync')
  seedGraph(canary, new Rng(ctx.seed).fork(99))
  await until(async () => (await read()).digest === canary.digest, 10_000)
  let baseline = await read()
  ctx.log(`graph seeded: ${baseline.update.length} bytes; ${ctx.profile.badInputsPerKind} inputs per kind`)

  const root = new Rng(ctx.seed)
  let total = 0
  for (const [k, kind] of WS_KINDS.entries()) {
    const rng = root.fork(k)
    const tally: Tally = { tried: 0, rejected: 0, accepted: 0, abandoned: 0, failures: 0 }
    const fail = (i: number, input: BadInput | null, text: string) => {
      tally.failures++
      if (tally.failures <= SHOWN) {
        failures.push(`seed ${ctx.seed}, ${kind} #${i}${input ? ` (${input.what})` : ''}: ${text}`)
      }
    }
    const started = Date.now()
    let presence = await readPresence(server.wsUrl, GRAPH, TOKENS.auditor)
    for (let i = 0; i < ctx.profile.badInputsPerKind; i++) {
      const input = GENERATORS[kind](
        rng,
        {
          graph: GRAPH,
          state: baseline.update,
          canary: presence.get(canary.clientID) ?? { clientID: canary.clientID, clock: 0, state: null },
          maxMessageBytes: LIMITS.maxMessageBytes,
          burst: LIMITS.burst,
          maxAwarenessIds: LIMITS.awarenessIds,
        },
        i,
      )
      const failHere = (text: string) => fail(i, input, text)
      canary.phase = `${kind} #${i}`
      tally.tried++
      const outcome = await attempt(server, { graph: GRAPH, token: TOKENS.mallory }, input, baseline).catch(
        (error: unknown): Outcome => ({
          type: 'no answer',
          detail: `the client failed: ${String(error)}`,
        }),
      )
      const after = await read()
      judge(input, outcome, baseline, after, tally, failHere)
      if (after.digest !== baseline.digest && modelError(baseline.update) === null) {
        const error = modelError(after.update)
        if (error)
          failHere(
            `${outcome.type}, and now the model cannot open the graph (every tab and agent on it fails): ${error}`,
          )
      }
      baseline = await settle(canary, after, read, failHere, baseline)
      if (kind === 'awareness spoofing') {
        presence = await readPresence(server.wsUrl, GRAPH, TOKENS.auditor)
        const mine = presence.get(canary.clientID)
        // What the canary set, as the server stamps it: its token's identity, not an agent.
        const local = canary.connection.awareness.getLocalState() as { user?: object } | null
        const expected = local && { ...local, user: { ...local.user, identity: 'canary', kind: 'person' } }
        if (JSON.stringify(mine?.state ?? null) !== JSON.stringify(expected)) {
          failHere(
            `the canary's presence is now ${JSON.stringify(mine?.state ?? null)}, not ${JSON.stringify(expected)}`,
          )
        }
      }
    }
    total += tally.tried
    baseline = await checkCanary(server, canary, kind, read, (text) => fail(-1, null, text))
    if (tally.failures > SHOWN)
      failures.push(`seed ${ctx.seed}, ${kind}: ${tally.failures - SHOWN} more failures like these`)
    const abandoned = tally.abandoned ? ` (+${tally.abandoned} abandoned mid-frame)` : ''
    figures[`${kind}: tried/rejected/accepted`] =
      `${tally.tried}/${tally.rejected}/${tally.accepted}${abandoned}`
    ctx.log(
      `${kind}: ${tally.tried} tried, ${tally.rejected} rejected, ${tally.accepted} accepted, ${tally.failures} failures, ${Date.now() - started} ms`,
    )
  }
  figures['bad inputs tried'] = total

  // Restart: the stored state must be the last state the server showed, with every canary write.
  canary.disconnect()
  await server.stop()
  await server.start()
  const restarted = await read()
  if (restarted.digest !== baseline.digest) {
    failures.push(
      `seed ${ctx.seed}: after a restart the graph is ${restarted.digest}, before it was ${baseline.digest}`,
    )
  }
  const doc = new Y.Doc()
  Y.applyUpdate(doc, restarted.update)
  const lost = canary.written.filter((id) => !doc.getMap('nodes').has(id))
  if (lost.length)
    failures.push(`seed ${ctx.seed}: canary writes missing after a restart: ${lost.join(', ')}`)
  figures['canary writes'] = canary.written.length
  figures['updates lost'] = lost.length
  const graphs = await storedGraphs(server.url, TOKENS.auditor)
  if (graphs.join() !== GRAPH)
    failures.push(`seed ${ctx.seed}: stored graphs are [${graphs.join(', ')}], expected only ${GRAPH}`)
}

/** Some structure for corrupt updates to land in: a root, tasks, dependencies. */
function seedGraph(canary: Canary, rng: Rng): void {
  const init = initGraph(canary.g, { id: GRAPH, goal: 'Survive bad input' })
  if (!init.ok) throw new Error(init.message)
  const made = createNodes(
    canary.g,
    Array.from({ length: 30 }, (_, i) => ({
      summary: `task ${i} ${rng.int(1e6)}`,
      kind: 'task',
      notes: 'n'.repeat(rng.int(400)),
    })),
  )
  if (!made.ok) throw new Error(made.message)
  const ids = made.created.map((c) => c.id)
  connect(
    canary.g,
    ids.slice(1).map((id, i) => ({ from: id, to: ids[rng.int(i + 1)]!, type: 'depends_on' })),
  )
}

function judge(
  input: BadInput,
  outcome: Outcome,
  before: GraphState,
  after: GraphState,
  tally: Tally,
  fail: (text: string) => void,
): void {
  switch (outcome.type) {
    case 'no answer':
      fail(outcome.detail)
      return
    case 'abandoned':
      tally.abandoned++
      return
    case 'accepted':
      tally.accepted++
      if (input.expect === 'reject')
        fail(
          `accepted; expected a refusal${input.code ? ` with ${input.code}` : ''}${heldOrApplied(input, after)}`,
        )
      return
    case 'rejected': {
      tally.rejected++
      const { code, reason, via } = outcome
      const said = via === 'http' ? `HTTP ${code} "${reason.slice(0, 80)}"` : `close ${code} "${reason}"`
      if (input.expect === 'accept') fail(`refused (${said}); expected it to be accepted`)
      if (!reason.trim()) fail(`refused without saying why (${said})`)
      if (via === 'http' && (code < 400 || code > 499)) fail(`refused with ${said}; a bad request is a 4xx`)
      if (input.code !== undefined && code !== input.code)
        fail(`refused with ${said}; expected ${input.code}`)
      if (input.flood) checkFlood(input.flood, before, after, fail)
      else if (after.digest !== before.digest) {
        fail(`refused (${said}) but the graph changed: ${before.digest} -> ${after.digest}`)
      }
    }
  }
}

/**
 * After an input: the canary, connected throughout, holds what the server holds. (An update that
 * fails halfway makes the server reload the graph and close its peers; the canary then reconnects
 * and resyncs, and that disconnect is reported against this input.) Returns the settled state.
 */
async function settle(
  canary: Canary,
  after: GraphState,
  read: () => Promise<GraphState>,
  fail: (text: string) => void,
  before: GraphState,
): Promise<GraphState> {
  let state = after
  // Nothing changed and nobody was disconnected: the canary holds what it held.
  if (after.digest === before.digest && canary.disconnects.length === 0 && canary.connection.synced) {
    return after
  }
  const agree = async () => {
    if (!canary.connection.synced) return false
    if (canary.digest === state.digest) return true
    state = await read()
    return canary.digest === state.digest
  }
  const agreed = await until(agree, 3000, 10)
  for (const d of canary.disconnects.splice(0)) fail(`the canary was disconnected (${d.code} "${d.reason}")`)
  const errors = canary.observerErrors.splice(0)
  if (errors.length) fail(`the canary's model threw applying what the server relayed: ${errors[0]}`)
  if (agreed) {
    // The same changes may still read differently: what the canary built up live and what the
    // server's stored state gives when loaded again (a restart, a peer syncing from nothing).
    const reloaded = new Y.Doc()
    Y.applyUpdate(reloaded, state.update)
    const kinds = rootKinds(canary.doc, reloaded)
    if (contentOf(reloaded, kinds) !== contentOf(canary.doc, kinds))
      fail('the server state, loaded again, reads differently from the document built up live')
    reloaded.destroy()
    return state
  }
  fail(`the canary and the server disagree: server ${state.digest}, canary ${canary.digest}`)
  // Go on from a converged state: a reconnect syncs both ways.
  canary.disconnect()
  canary.reconnect()
  if (!(await until(agree, 10_000, 20))) fail('the canary and the server still disagree after a reconnect')
  return state
}

/**
 * For an input that carries one update: whether the graph now holds it, or the server answered without
 * applying it (it holds back updates that build on what it lacks until the client's sync step 2, which
 * this client never sends: the state the input was built on was not the server's).
 */
function heldOrApplied(input: BadInput, after: GraphState): string {
  if (!input.update) return ''
  const has = Y.decodeStateVector(Y.encodeStateVectorFromUpdate(after.update))
  const needs = Y.decodeStateVector(Y.encodeStateVectorFromUpdate(input.update))
  const applied = [...needs].every(([client, clock]) => (has.get(client) ?? 0) >= clock)
  return applied
    ? ' (the graph now holds it)'
    : ' (not applied: the server held it back, so it built on changes the server did not have)'
}

/** A refused flood of updates may leave the ones before the limit applied, and none after it. */
function checkFlood(
  flood: NonNullable<BadInput['flood']>,
  before: GraphState,
  after: GraphState,
  fail: (text: string) => void,
): void {
  const sv = Y.decodeStateVector(Y.encodeStateVectorFromUpdate(after.update))
  const applied = sv.get(flood.client) ?? 0
  if (applied >= flood.updates.length) fail(`refused, yet all ${applied} updates of the flood were applied`)
  const doc = new Y.Doc()
  Y.applyUpdate(doc, before.update)
  for (const update of flood.updates.slice(0, applied)) Y.applyUpdate(doc, update)
  const expected = strictDigest(Y.encodeStateAsUpdate(doc))
  doc.destroy()
  if (after.digest !== expected) {
    fail(
      `the graph after the flood is not the graph before plus its first ${applied} updates: ${after.digest}`,
    )
  }
}

/**
 * After a kind: the canary was never disconnected, writes, a fresh client sees the write, all three
 * hold the same state, and the server holds only the canary's connection. Returns the new state.
 */
async function checkCanary(
  server: ServerProcess,
  canary: Canary,
  kind: WsKind,
  read: () => Promise<GraphState>,
  fail: (text: string) => void,
): Promise<GraphState> {
  for (const d of canary.disconnects.splice(0)) fail(`the canary was disconnected (${d.code} "${d.reason}")`)
  const errors = canary.observerErrors.splice(0)
  if (errors.length)
    fail(
      `the canary's model threw ${errors.length} time(s) applying updates the server relayed: ${errors[0]}`,
    )
  if (!(await synced(canary.connection))) fail('the canary is not connected')
  let id: string
  try {
    id = canary.write(`canary after ${kind}`)
  } catch (error) {
    fail(String(error))
    return read()
  }
  const fresh = stockClient(server.wsUrl, GRAPH, TOKENS.auditor)
  try {
    const seen = await until(() => fresh.doc.getMap('nodes').has(id), 10_000, 10)
    if (!seen) fail(`a fresh client does not see the canary's write ${id}`)
    let state = await read()
    const converged = await until(async () => {
      state = await read()
      const d = strictDigest(Y.encodeStateAsUpdate(fresh.doc))
      return state.digest === canary.digest && state.digest === d
    }, 10_000)
    if (!converged) {
      fail(
        `not converged: server ${state.digest}, canary ${canary.digest}, fresh client ${strictDigest(Y.encodeStateAsUpdate(fresh.doc))}`,
      )
    }
    fresh.destroy()
    const left = await until(async () => (await openConnections(server.url)) === 1, 5000)
    if (!left)
      fail(
        `the server holds ${await openConnections(server.url)} connections; only the canary's should be open`,
      )
    return state
  } finally {
    fresh.destroy()
  }
}

/** Why the model cannot open a graph in this state, or null when it can. */
function modelError(update: Uint8Array): string | null {
  const doc = new Y.Doc()
  try {
    Y.applyUpdate(doc, update)
    openGraph(doc, { actor: 'auditor', now: Date.now, newId: () => 'n_auditor0000' })
    return null
  } catch (error) {
    return String(error)
  } finally {
    doc.destroy()
  }
}

type RootKind = 'map' | 'array' | 'text'

/** What kind each root is: as the live document names it, else a map when it has keys, else a list. */
function rootKinds(live: Y.Doc, other: Y.Doc): Map<string, RootKind> {
  const kinds = new Map<string, RootKind>()
  for (const name of new Set([...live.share.keys(), ...other.share.keys()])) {
    const t = live.share.get(name)
    const keyed = (d: Y.Doc) => (d.share.get(name)?._map.size ?? 0) > 0
    kinds.set(
      name,
      t instanceof Y.Map
        ? 'map'
        : t instanceof Y.Text
          ? 'text'
          : t instanceof Y.Array
            ? 'array'
            : keyed(live) || keyed(other)
              ? 'map'
              : 'array',
    )
  }
  return kinds
}

/** Every root's content as JSON, map keys sorted (the order keys were set in is not content). */
function contentOf(doc: Y.Doc, kinds: Map<string, RootKind>): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
          )
        : v
  const read = (name: string, kind: RootKind) =>
    kind === 'map'
      ? doc.getMap(name).toJSON()
      : kind === 'text'
        ? doc.getText(name).toJSON()
        : doc.getArray(name).toJSON()
  return JSON.stringify(
    [...kinds].sort(([a], [b]) => (a < b ? -1 : 1)).map(([n, k]) => [n, sorted(read(n, k))]),
  )
}
