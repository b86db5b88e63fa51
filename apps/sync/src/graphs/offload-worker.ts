/**
 * The worker thread's side of offload.ts: takes one job at a time, says it started (a hook tests
 * and benchmarks wait on, never a clock), runs it and answers. An error in a job is its answer,
 * not the worker's end.
 */
import { parentPort } from 'node:worker_threads'
import { runJob, type Job } from './offload-jobs.ts'

export type FromWorker =
  | { id: number; type: 'started' }
  | { id: number; type: 'done'; result: ReturnType<typeof runJob> }
  | { id: number; type: 'failed'; message: string }

const port = parentPort
if (!port) throw new Error('offload-worker.ts runs in a worker thread (offload.ts starts it)')
port.on('message', ({ id, job }: { id: number; job: Job }) => {
  port.postMessage({ id, type: 'started' } satisfies FromWorker)
  let answer: FromWorker
  try {
    answer = { id, type: 'done', result: runJob(job) }
  } catch (error) {
    answer = { id, type: 'failed', message: error instanceof Error ? error.message : String(error) }
  }
  const transfer: ArrayBuffer[] = []
  if (answer.type === 'done') {
    const r = answer.result
    // Handed over, not copied, when the bytes are their buffer's whole.
    for (const bytes of r.kind === 'compact' ? [r.snapshot] : r.parts)
      if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength)
        transfer.push(bytes.buffer as ArrayBuffer)
  }
  port.postMessage(answer, transfer)
})
