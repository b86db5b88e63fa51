/**
 * The agent's cache as a storage adapter (@plexus/store-contract): the copy of each graph that
 * `plexus mcp` keeps on disk so tools work while the server is away. Checked by the same contract
 * suite as the server's stores (file-store.test.ts).
 *
 * Hand-written because nothing fits: the cache must be plain files several agent processes share
 * with no server between them, and an embedded database (SQLite) would add a native module to every
 * agent. The layout keeps each write one atomic step:
 *
 *   <dir>/<graph>.graph/log/<seq>            one update per file, created complete (written aside, then
 *                                            hard-linked in, which fails if another process took the seq)
 *   <dir>/<graph>.graph/snapshot-<through>   everything up to <through>; written aside, then renamed
 *   <dir>/<graph>.graph/summary              what the last compaction stored with the snapshot
 *   <dir>/<graph>.yjs                        the cache of earlier builds: read as a snapshot through 0
 *
 * A compaction interrupted half way leaves a second snapshot or log files it already holds; loading
 * merges snapshots and skips log files at or below the snapshot, and Yjs updates merge idempotently,
 * so nothing reads wrong. Two processes compacting one graph would each delete what the other's
 * snapshot holds: a lock file (`compact.lock`, holding the pid) lets one compact while the other
 * skips (the log stays, and the next compaction folds it).
 */
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  closeSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { join } from 'node:path'
import type { Compaction, GraphRecord, StorageAdapter, StoredGraph } from '@plexus/store-contract'
import * as Y from 'yjs'

const GRAPH_SUFFIX = '.graph'
const LEGACY_SUFFIX = '.yjs'
const SNAPSHOT = 'snapshot-'

interface OnDisk {
  /** Snapshot files (with the legacy cache file) and the highest sequence number they hold. */
  snapshots: string[]
  through: number
  /** Log files by sequence number, oldest first. */
  log: Array<{ seq: number; file: string }>
}

export class FileStore implements StorageAdapter {
  private tmp = 0

  constructor(readonly dir: string) {
    // Whole graphs live here: only the owner may list or read them, as the server's data files
    // (server.ts). A folder an older build made 0755 is tightened.
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    chmodSync(dir, 0o700)
  }

  append(graph: string, update: Uint8Array): number {
    const logDir = join(this.graphDir(graph), 'log')
    mkdirSync(logDir, { recursive: true, mode: 0o700 })
    const aside = this.aside(graph)
    writeFileSync(aside, update, { mode: 0o600 })
    try {
      for (;;) {
        const seq = lastSeqOf(this.scan(graph)) + 1
        try {
          linkSync(aside, join(logDir, String(seq)))
          return seq
        } catch (error) {
          // Another process took this sequence number between the scan and the link: scan again.
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
        }
      }
    } finally {
      unlinkSync(aside)
    }
  }

  /** Keeps the batch as one merged update: one file is one atomic step (the contract's `batches: 'merged'`). */
  appendMany(graph: string, updates: readonly Uint8Array[]): number {
    if (!updates.length) throw new Error('appendMany needs at least one update')
    return this.append(graph, updates.length === 1 ? updates[0]! : Y.mergeUpdates([...updates]))
  }

  load(graph: string): StoredGraph | null {
    const disk = this.scan(graph)
    if (!disk.snapshots.length && !disk.log.length) return null
    const snaps = disk.snapshots.map((f) => readFileSync(f))
    const updates = disk.log.filter((e) => e.seq > disk.through).map((e) => readFileSync(e.file))
    const snapshot = snaps.length ? (snaps.length === 1 ? snaps[0]! : Y.mergeUpdates(snaps)) : null
    return {
      snapshot: snapshot && new Uint8Array(snapshot),
      updates: updates.map((u) => new Uint8Array(u)),
      lastSeq: lastSeqOf(disk),
      bytes: [...snaps, ...updates].reduce((n, b) => n + b.length, 0),
    }
  }

  compact(graph: string, { snapshot, throughSeq, summary }: Compaction): void {
    const dir = this.graphDir(graph)
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    const unlock = lock(join(dir, 'compact.lock'))
    if (!unlock) return
    try {
      const disk = this.scan(graph)
      const folded = disk.log.filter((e) => e.seq <= throughSeq)
      // Another process's updates up to throughSeq may not be in `snapshot`: fold them in too.
      const parts = [...disk.snapshots, ...folded.map((e) => e.file)].map((f) => readFileSync(f))
      const merged = parts.length ? Y.mergeUpdates([...parts, snapshot]) : snapshot
      const through = Math.max(throughSeq, disk.through)
      const target = join(dir, `${SNAPSHOT}${through}`)
      this.replace(graph, target, merged)
      if (summary !== undefined) this.replace(graph, join(dir, 'summary'), Buffer.from(summary))
      for (const f of disk.snapshots) if (f !== target) unlinkSync(f)
      for (const e of disk.log) if (e.seq <= through) unlinkSync(e.file)
    } finally {
      unlock()
    }
  }

  has(graph: string): boolean {
    const disk = this.scan(graph)
    return disk.snapshots.length > 0 || disk.log.length > 0
  }

  list(): GraphRecord[] {
    const ids = new Set<string>()
    for (const f of readdirSync(this.dir)) {
      if (f.endsWith(GRAPH_SUFFIX)) ids.add(decodeURIComponent(f.slice(0, -GRAPH_SUFFIX.length)))
      else if (f.endsWith(LEGACY_SUFFIX)) ids.add(decodeURIComponent(f.slice(0, -LEGACY_SUFFIX.length)))
    }
    const out: GraphRecord[] = []
    for (const id of [...ids].sort()) {
      const disk = this.scan(id)
      const files = [...disk.snapshots, ...disk.log.filter((e) => e.seq > disk.through).map((e) => e.file)]
      if (!files.length) continue
      const stats = files.map((f) => statSync(f))
      const summaryFile = join(this.graphDir(id), 'summary')
      out.push({
        id,
        updatedAt: Math.max(...stats.map((s) => s.mtimeMs)),
        bytes: stats.reduce((n, s) => n + s.size, 0),
        pendingUpdates: files.length - disk.snapshots.length,
        summary: existsSync(summaryFile) ? readFileSync(summaryFile, 'utf8') : null,
      })
    }
    return out
  }

  remove(graph: string): boolean {
    const had = this.has(graph)
    rmSync(this.graphDir(graph), { recursive: true, force: true })
    rmSync(this.legacyFile(graph), { force: true })
    return had
  }

  close(): void {}

  private graphDir(graph: string): string {
    if (!graph) throw new Error('a graph id is needed to store a graph')
    // Encoded, so an id holding '/' or '..' stays one directory inside the cache.
    return join(this.dir, encodeURIComponent(graph) + GRAPH_SUFFIX)
  }

  private legacyFile(graph: string): string {
    return join(this.dir, `${encodeURIComponent(graph)}${LEGACY_SUFFIX}`)
  }

  /** A file name no other process or call uses, in the graph's directory (same filesystem: link and rename work). */
  private aside(graph: string): string {
    return join(this.graphDir(graph), `.tmp-${process.pid}-${++this.tmp}`)
  }

  private replace(graph: string, target: string, bytes: Uint8Array): void {
    const aside = this.aside(graph)
    writeFileSync(aside, bytes, { mode: 0o600 })
    renameSync(aside, target)
  }

  private scan(graph: string): OnDisk {
    const dir = this.graphDir(graph)
    const disk: OnDisk = { snapshots: [], through: 0, log: [] }
    if (existsSync(this.legacyFile(graph))) disk.snapshots.push(this.legacyFile(graph))
    if (!existsSync(dir)) return disk
    for (const f of readdirSync(dir)) {
      if (!f.startsWith(SNAPSHOT)) continue
      disk.snapshots.push(join(dir, f))
      disk.through = Math.max(disk.through, Number(f.slice(SNAPSHOT.length)))
    }
    const logDir = join(dir, 'log')
    if (existsSync(logDir)) {
      for (const f of readdirSync(logDir)) {
        const seq = Number(f)
        if (Number.isSafeInteger(seq) && seq > 0) disk.log.push({ seq, file: join(logDir, f) })
      }
      disk.log.sort((a, b) => a.seq - b.seq)
    }
    return disk
  }
}

function lastSeqOf(disk: OnDisk): number {
  return Math.max(disk.through, disk.log.at(-1)?.seq ?? 0)
}

/**
 * Takes the compaction lock, or returns null when a live process holds it. A lock left by a process
 * that died is taken over.
 */
function lock(file: string): (() => void) | null {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600)
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      if (holderAlive(file)) return null
      rmSync(file, { force: true })
    }
  }
  return null
}

function holderAlive(file: string): boolean {
  let pid: number
  try {
    pid = Number(readFileSync(file, 'utf8'))
  } catch {
    return false
  }
  if (!Number.isSafeInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
