/**
 * A SQLite store whose reads of chosen graphs wait at a gate: a test holds builds where they read
 * the stored graph (imports.ts) and knows from events, not a clock, how many are under way.
 */
import { SqliteStore } from '../storage/sqlite-store.ts'

export class GatedStore extends SqliteStore {
  /** Graphs whose stored reads wait until `open()`. */
  readonly held = new Set<string>()
  private readonly reads = new Map<string, () => void>()
  private readonly readers = new Map<string, Promise<void>>()
  private readonly passes = new Map<string, number>()
  private gate: Promise<void> | null = null
  private opened = () => {}

  closeGate(): void {
    this.gate = new Promise((resolve) => (this.opened = resolve))
  }
  open(): void {
    this.opened()
    this.gate = null
  }
  /** The next `n` reads of `graph` go through the closed gate (a first open's load, say); the one after waits. */
  pass(graph: string, n: number): void {
    this.passes.set(graph, n)
  }
  /** Resolves when a build has asked for `graph`'s stored bytes. */
  readOf(graph: string): Promise<void> {
    let p = this.readers.get(graph)
    if (!p) {
      p = new Promise((resolve) => this.reads.set(graph, resolve))
      this.readers.set(graph, p)
    }
    return p
  }
  override load(graph: string): ReturnType<SqliteStore['load']> {
    if (!this.gate || !this.held.has(graph)) return super.load(graph)
    const passes = this.passes.get(graph) ?? 0
    if (passes > 0) {
      this.passes.set(graph, passes - 1)
      return super.load(graph)
    }
    void this.readOf(graph)
    this.reads.get(graph)?.()
    // Read now, answered when the gate opens: what a slow store's reader gets (writes made while it
    // waits are not in it).
    const read = super.load(graph)
    return this.gate.then(() => read) as unknown as ReturnType<SqliteStore['load']>
  }
}
