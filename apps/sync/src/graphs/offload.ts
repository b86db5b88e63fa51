/**
 * Whole-document work off the request thread: one worker thread (node:worker_threads), started on
 * first use and kept while jobs come, runs the jobs of offload-jobs.ts one after another. The live
 * Y.Doc stays on the main thread; a job gets the graph's stored bytes and answers with bytes.
 *
 * `onStart` tells who listens that a job has reached the worker (tests and the stall benchmark wait
 * on it rather than on a clock). A worker that dies fails the jobs it held; the next job starts a
 * new one.
 */
import { Worker } from 'node:worker_threads'
import { BuildQueue, defaultBuildLimits, type BuildLimits } from './build-queue.ts'
import type { Job, JobResult } from './offload-jobs.ts'
import type { FromWorker } from './offload-worker.ts'

interface Waiting {
  job: Job
  resolve(result: JobResult): void
  reject(error: Error): void
}

export interface OffloadOptions {
  /**
   * Builds whose input is shorter than this (characters, or bytes of a binary file) run on the
   * request thread: a worker's round trip costs more (imports.ts). Default 16 K; tests lower it.
   */
  inlineChars?: number
  /** Large builds held at once, per identity and in all (build-queue.ts). */
  builds?: Partial<BuildLimits>
}

export class Offload {
  /** Below this a build runs on the request thread (imports.ts). */
  readonly inlineChars: number
  /** Builds' turns per graph and the bound on large ones waiting for this worker (build-queue.ts). */
  readonly builds: BuildQueue
  private worker: Worker | null = null
  private nextId = 1
  private readonly waiting = new Map<number, Waiting>()
  private readonly startListeners = new Set<(job: Job) => void>()
  private closed = false

  constructor(options: OffloadOptions = {}) {
    this.inlineChars = options.inlineChars ?? 16 * 1024
    this.builds = new BuildQueue({ ...defaultBuildLimits, ...options.builds })
  }

  /** Called as each job starts in the worker. Returns an unsubscribe. */
  onStart(listener: (job: Job) => void): () => void {
    this.startListeners.add(listener)
    return () => this.startListeners.delete(listener)
  }

  /** Whether the worker is up (started by a job and not stopped since). */
  get started(): boolean {
    return this.worker !== null
  }

  /** Jobs sent and not yet answered. */
  get pending(): number {
    return this.waiting.size
  }

  run<K extends Job['kind']>(job: Extract<Job, { kind: K }>): Promise<Extract<JobResult, { kind: K }>> {
    if (this.closed) return Promise.reject(new Error('the server is stopping'))
    const worker = this.start()
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { job, resolve: resolve as (r: JobResult) => void, reject })
      // While a job waits the worker keeps the process alive; idle, it does not.
      worker.ref()
      worker.postMessage({ id, job })
    })
  }

  /** Stops the worker; jobs under way fail. */
  async close(): Promise<void> {
    this.closed = true
    const worker = this.worker
    this.worker = null
    if (worker) await worker.terminate()
    this.failAll(new Error('the server is stopping'))
  }

  private start(): Worker {
    if (this.worker) return this.worker
    const worker = new Worker(new URL('./offload-worker.mjs', import.meta.url), {
      // Not the parent's flags (a test runner's, an inspector's): the entry registers its loader.
      execArgv: [],
    })
    worker.on('message', (m: FromWorker) => this.answer(m))
    worker.on('error', (error) => this.failAll(error))
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = null
      this.failAll(new Error(`the offload worker stopped (exit code ${code})`))
    })
    worker.unref()
    this.worker = worker
    return worker
  }

  private answer(m: FromWorker): void {
    const w = this.waiting.get(m.id)
    if (!w) return
    if (m.type === 'started') {
      for (const listener of this.startListeners) listener(w.job)
      return
    }
    this.waiting.delete(m.id)
    if (this.waiting.size === 0) this.worker?.unref()
    if (m.type === 'done') w.resolve(m.result)
    else w.reject(new Error(m.message))
  }

  private failAll(error: Error): void {
    const all = [...this.waiting.values()]
    this.waiting.clear()
    for (const w of all) w.reject(error)
  }
}
