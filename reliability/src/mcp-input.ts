/**
 * Bad input on `/mcp`: every kind in mcp-inputs.ts, `badInputsPerKind` times each, sent raw with
 * fetch at one graph, while a well-behaved agent (the official SDK client) works on another graph
 * throughout and on the attacked graph between kinds.
 *
 * Checked for every call: the server answers (never a 5xx or a dropped connection); a refusal is a
 * 4xx with a body, a JSON-RPC error or an `isError` tool result, with a message that names what was
 * wrong and does not echo kilobytes of the input back; nothing refused changes the graph (a
 * refused batch never half-applies); markup is accepted and stored verbatim. At the end the server
 * restarts and must hold the last state and every write the agents were told was done.
 */
import { join } from 'node:path'
import { openGraph } from '@plexus/model'
import * as Y from 'yjs'
import { listTools, send, type BadCall, type Verdict } from './mcp-calls.ts'
import { GENERATORS, MCP_KINDS } from './mcp-inputs.ts'
import { AGENT_GRAPH, Background } from './mcp-background.ts'
import { Agent } from './peers.ts'
import { ServerProcess } from './server.ts'
import { readGraph, storedGraphs, type GraphState } from './state.ts'
import { Rng, percentile, type Phase, type PhaseContext } from './suite.ts'

const GRAPH = 'mcp-input'
/**
 * Where markup goes: accepted writes, kept out of the attacked graph, in a new graph every so many
 * calls, so that reading a graph back costs the same at the end of a long run as at its start.
 */
const markupGraph = (i: number) => `mcp-markup-${Math.floor(i / 200)}`
/** Failures printed per kind; the rest are counted. */
const SHOWN = 12
/** A refusal longer than this is echoing the input back into the agent's context. */
const MAX_MESSAGE = 4000

interface Tally {
  tried: number
  rejected: number
  accepted: number
  failures: number
}

export const mcpInputPhase: Phase = async (ctx) => {
  const server = new ServerProcess({ dataDir: join(ctx.tmp, 'data') })
  const failures: string[] = []
  const figures: Record<string, number | string> = {}
  await server.start()
  const rng = new Rng(ctx.seed)
  const agent = new Agent('well-behaved-agent', () => server.url, rng.fork(1000))
  const background = new Background(new Agent('background-agent', () => server.url, rng.fork(1001)))
  try {
    await run(ctx, server, agent, background, failures, figures)
  } finally {
    await background.stop()
    await agent.close()
    await server.stop()
  }
  failures.push(...server.crashFailures(ctx.seed))
  return { name: 'mcp-input', figures, failures, crashes: server.crashes.length }
}

async function run(
  ctx: PhaseContext,
  server: ServerProcess,
  agent: Agent,
  background: Background,
  failures: string[],
  figures: Record<string, number | string>,
): Promise<void> {
  const read = () => readGraph(server.wsUrl, GRAPH)
  const written: string[] = []
  /** Graphs the phase made besides its two. */
  const extraGraphs: string[] = []
  await seed(agent, written)
  const tools = await listTools(server.url)
  await background.start()
  let baseline = await read()
  ctx.log(
    `graph seeded: ${baseline.update.length} bytes; ${tools.length} tools; ${ctx.profile.badInputsPerKind} calls per kind`,
  )

  const root = new Rng(ctx.seed)
  let total = 0
  let slowest = { ms: 0, what: '' }
  for (const [k, kind] of MCP_KINDS.entries()) {
    const rng = root.fork(k)
    const tally: Tally = { tried: 0, rejected: 0, accepted: 0, failures: 0 }
    const fail = (text: string) => {
      tally.failures++
      if (tally.failures <= SHOWN) failures.push(`seed ${ctx.seed}, ${kind} ${text}`)
    }
    const started = Date.now()
    const markup = kind === 'markup in text'
    let target = GRAPH
    const readTarget = () => readGraph(server.wsUrl, target)
    let state = baseline
    let nodes = nodeIds(state.update)
    for (let i = 0; i < ctx.profile.badInputsPerKind; i++) {
      if (markup && target !== markupGraph(i)) {
        target = markupGraph(i)
        const open = await agent.call('graph_open', { project: target, goal: 'Hold markup as text' })
        if (!open.ok) throw new Error(`graph_open ${target}: ${open.text}`)
        extraGraphs.push(target)
        state = await readTarget()
      }
      const call = GENERATORS[kind](rng, { graph: target, tools, nodes }, i)
      const failHere = (text: string) => fail(`#${i} (${call.what}): ${text}`)
      tally.tried++
      const t0 = performance.now()
      const verdict = await send(server.url, call)
      const ms = performance.now() - t0
      if (ms > slowest.ms) slowest = { ms, what: `${kind}: ${call.what}` }
      const after = await readTarget()
      judge(call, verdict, state, after, tally, failHere)
      if (verdict.type === 'accepted' && call.stores) {
        await checkStored(agent, target, call, verdict, after, failHere)
      }
      if (after.digest !== state.digest) nodes = nodeIds(after.update)
      state = after
    }
    total += tally.tried
    // The well-behaved agent, on the attacked graph: a write and a read of it must succeed.
    const summary = `agent after ${kind}`
    const made = await agent.call('graph_plan', { project: GRAPH, nodes: [{ summary }], mode: 'force' })
    const id = (made.data.created as Array<{ id?: string }> | undefined)?.[0]?.id
    if (!made.ok || !id) fail(`: the well-behaved agent could not write: ${made.text}`)
    else {
      written.push(id)
      const seen = await agent.call('graph_query', { project: GRAPH, filter: { text: summary } })
      const found = (seen.data.nodes as Array<{ id?: string }> | undefined) ?? []
      if (!seen.ok || !found.some((x) => x.id === id))
        fail(`: the well-behaved agent's write ${id} is not found: ${seen.text}`)
    }
    baseline = await read()
    if (tally.failures > SHOWN)
      failures.push(`seed ${ctx.seed}, ${kind}: ${tally.failures - SHOWN} more failures like these`)
    figures[`${kind}: tried/rejected/accepted`] = `${tally.tried}/${tally.rejected}/${tally.accepted}`
    ctx.log(
      `${kind}: ${tally.tried} tried, ${tally.rejected} rejected, ${tally.accepted} accepted, ${tally.failures} failures, ${Date.now() - started} ms`,
    )
  }
  figures['bad inputs tried'] = total
  figures['slowest bad call (ms)'] = Math.round(slowest.ms)
  ctx.log(`slowest bad call: ${Math.round(slowest.ms)} ms, ${slowest.what}`)

  await background.stop()
  for (const f of background.errors.slice(0, SHOWN))
    failures.push(`seed ${ctx.seed}: the background agent: ${f}`)
  figures['agent calls'] = background.latencies.length
  figures['agent errors'] = background.errors.length
  figures['agent p50 (ms)'] = Math.round(percentile(background.latencies, 50))
  figures['agent p99 (ms)'] = Math.round(percentile(background.latencies, 99))
  figures['agent max (ms)'] = Math.round(Math.max(0, ...background.latencies))

  // Restart: the last state, every write an agent was told was done, and no graph bad input made.
  await server.stop()
  await server.start()
  const restarted = await read()
  if (restarted.digest !== baseline.digest) {
    failures.push(
      `seed ${ctx.seed}: after a restart ${GRAPH} is ${restarted.digest}, before it was ${baseline.digest}`,
    )
  }
  const here = new Set(nodeIds(restarted.update))
  const there = new Set(nodeIds((await readGraph(server.wsUrl, AGENT_GRAPH)).update))
  const lost = [
    ...written.filter((id) => !here.has(id)),
    ...background.written.filter((id) => !there.has(id)),
  ]
  if (lost.length)
    failures.push(`seed ${ctx.seed}: agent writes missing after a restart: ${lost.slice(0, 20).join(', ')}`)
  figures['agent writes'] = written.length + background.written.length
  figures['updates lost'] = lost.length
  const graphs = await storedGraphs(server.url)
  const expected = [AGENT_GRAPH, GRAPH, ...extraGraphs].sort()
  if (graphs.join() !== expected.join()) {
    failures.push(
      `seed ${ctx.seed}: stored graphs are [${graphs.map((g) => g.slice(0, 40)).join(', ')}], expected [${expected.join(', ')}]`,
    )
  }
}

async function seed(agent: Agent, written: string[]): Promise<void> {
  const open = await agent.call('graph_open', { project: GRAPH, goal: 'Survive bad input' })
  if (!open.ok) throw new Error(`graph_open: ${open.text}`)
  const nodes = Array.from({ length: 30 }, (_, i) => ({
    ref: `t${i}`,
    summary: `task ${i}`,
    kind: 'task',
    ...(i > 0 ? { depends_on: [`t${Math.floor(i / 2)}`] } : {}),
  }))
  const plan = await agent.call('graph_plan', { project: GRAPH, nodes })
  if (!plan.ok) throw new Error(`graph_plan: ${plan.text}`)
  for (const c of plan.data.created as Array<{ id: string }>) written.push(c.id)
}

function judge(
  call: BadCall,
  verdict: Verdict,
  before: GraphState,
  after: GraphState,
  tally: Tally,
  fail: (text: string) => void,
): void {
  if (verdict.type === 'broken') {
    fail(verdict.detail)
    return
  }
  if (verdict.type === 'accepted') {
    tally.accepted++
    if (call.expect === 'reject') fail(`accepted (HTTP ${verdict.status}); expected a refusal`)
    return
  }
  tally.rejected++
  const { status, message } = verdict
  if (call.expect === 'accept')
    fail(`refused (HTTP ${status}: ${message.slice(0, 200)}); expected it to be accepted`)
  if (!message.trim()) fail(`refused with HTTP ${status} and no message`)
  for (const word of call.mention ?? []) {
    if (!message.toLowerCase().includes(word.toLowerCase()))
      fail(`the refusal does not name "${word}": ${message.slice(0, 300)}`)
  }
  if (message.length > MAX_MESSAGE) {
    fail(
      `the refusal is ${message.length} characters long (it echoes the input back): ${message.slice(0, 120)}...`,
    )
  }
  if (after.digest !== before.digest)
    fail(`refused, but the graph changed: ${before.digest} -> ${after.digest}`)
}

/** Markup is text: what an accepted call stored must read back verbatim, from the document and via MCP. */
async function checkStored(
  agent: Agent,
  graph: string,
  call: BadCall,
  verdict: Extract<Verdict, { type: 'accepted' }>,
  after: GraphState,
  fail: (text: string) => void,
): Promise<void> {
  const stores = call.stores!
  const structured = verdict.result?.structuredContent as { created?: Array<{ id?: string }> } | undefined
  const id = structured?.created?.[0]?.id
  if (!id) {
    fail(`accepted, but no node was created: ${JSON.stringify(verdict.result).slice(0, 200)}`)
    return
  }
  const doc = new Y.Doc()
  Y.applyUpdate(doc, after.update)
  const stored = openGraph(doc, { actor: 'auditor', now: Date.now, newId: () => 'n_auditor' }).index.live(id)
  const viaMcp = await agent.call('graph_context', { project: graph, node_id: id })
  const shown = viaMcp.data.node as
    { summary?: string; notes?: string; properties?: Record<string, unknown> } | undefined
  for (const [where, node] of [
    ['stored', stored],
    ['graph_context', shown],
  ] as const) {
    if (node?.summary !== stores.summary)
      fail(`${where} summary is ${JSON.stringify(node?.summary)}, not ${JSON.stringify(stores.summary)}`)
    if (stores.notes !== undefined && node?.notes !== stores.notes) {
      fail(`${where} notes are ${JSON.stringify(node?.notes)}, not ${JSON.stringify(stores.notes)}`)
    }
    if (stores.property && node?.properties?.[stores.property[0]] !== stores.property[1]) {
      fail(
        `${where} property is ${JSON.stringify(node?.properties?.[stores.property[0]])}, not ${JSON.stringify(stores.property[1])}`,
      )
    }
  }
  doc.destroy()
}

function nodeIds(update: Uint8Array): string[] {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, update)
  const ids = [...doc.getMap('nodes').keys()]
  doc.destroy()
  return ids
}
