/**
 * What every part of the suite shares: the profile (short for CI, long for the published figures),
 * the seeded random source, the result a phase returns, and state digests for "unchanged" checks.
 */
import * as Y from 'yjs'

export interface Profile {
  name: 'short' | 'long' | 'multi'
  /**
   * Load: WebSocket clients that write (each runs the model, as a tab does), clients that only
   * read (plain Yjs, as a tab left open), MCP agents and graphs, and how long the load runs. All
   * clients share one process and one core, so writers are the expensive ones.
   */
  clients: number
  readers: number
  agents: number
  graphs: number
  loadSeconds: number
  /** Writes per second per WebSocket client, per agent. */
  clientRate: number
  agentRate: number
  /** SIGKILLs during the fault run. */
  kills: number
  /** Bad inputs per generator. */
  badInputsPerKind: number
}

export const PROFILES: Record<Profile['name'], Profile> = {
  short: {
    name: 'short',
    clients: 16,
    readers: 12,
    agents: 4,
    graphs: 3,
    loadSeconds: 20,
    clientRate: 4,
    agentRate: 2,
    kills: 3,
    badInputsPerKind: 60,
  },
  multi: {
    name: 'multi',
    clients: 12,
    readers: 12,
    agents: 4,
    graphs: 3,
    loadSeconds: 30,
    clientRate: 4,
    agentRate: 2,
    kills: 4,
    badInputsPerKind: 0,
  },
  long: {
    name: 'long',
    clients: 40,
    readers: 100,
    agents: 8,
    graphs: 6,
    loadSeconds: 300,
    clientRate: 2,
    agentRate: 2,
    kills: 30,
    badInputsPerKind: 1500,
  },
}

export interface PhaseContext {
  profile: Profile
  seed: number
  /** A fresh directory this phase may use. */
  tmp: string
  log(line: string): void
}

export interface PhaseResult {
  name: string
  /** Figures to print and publish: counts, milliseconds, bytes. */
  figures: Record<string, number | string>
  /** Each failure says what was expected and what happened; any failure fails the suite. */
  failures: string[]
  /** Unexpected server exits. */
  crashes: number
}

export type Phase = (ctx: PhaseContext) => Promise<PhaseResult>

/** A small fast PRNG (mulberry32): every generator in the suite draws from one of these. */
export class Rng {
  private state: number
  constructor(seed: number) {
    this.state = seed >>> 0
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0)
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  int(n: number): number {
    return Math.floor(this.next() * n)
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!
  }
  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n)
    for (let i = 0; i < n; i++) out[i] = this.int(256)
    return out
  }
  /** A child generator for one actor, so actors do not perturb each other's sequences. */
  fork(salt: number): Rng {
    return new Rng((this.int(0xffffffff) ^ Math.imul(salt + 1, 0x9e3779b1)) >>> 0)
  }
}

/**
 * What a document holds, independent of encoding order: its state vector and delete set. Two
 * states with the same digest hold the same changes.
 */
export function digestOfUpdate(update: Uint8Array): string {
  const sv = [...Y.decodeStateVector(Y.encodeStateVectorFromUpdate(update)).entries()].sort(
    (a, b) => a[0] - b[0],
  )
  const { ds } = Y.decodeUpdate(update)
  const deletes = [...ds.clients.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([client, items]) => `${client}:${mergeRanges(items.map((i) => [i.clock, i.len] as const))}`)
  return `sv ${sv.map(([c, k]) => `${c}=${k}`).join(',')} | ds ${deletes.join(';')}`
}

export function digestOfDoc(doc: Y.Doc): string {
  return digestOfUpdate(Y.encodeStateAsUpdate(doc))
}

function mergeRanges(ranges: ReadonlyArray<readonly [number, number]>): string {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0])
  const out: Array<[number, number]> = []
  for (const [clock, len] of sorted) {
    const last = out.at(-1)
    if (last && clock <= last[0] + last[1]) last[1] = Math.max(last[1], clock + len - last[0])
    else out.push([clock, len])
  }
  return out.map(([c, l]) => `${c}+${l}`).join(',')
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Polls `check` until it returns true or `timeoutMs` passes; returns whether it came true. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 50) {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    if (await check()) return true
    await sleep(everyMs)
  }
  return check()
}
