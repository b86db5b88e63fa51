/**
 * Spawns one bench server (bench/sync-server.child.ts) in its own process and talks to it over IPC:
 * shared by sync.bench.ts and relay.bench.ts. `PLEXUS_BENCH_CPU_PROF=<dir>` runs the server under
 * `node --cpu-prof` and writes its profile there when it stops.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export type ServerMode = 'plexus' | 'reference' | 'echo' | 'hocuspocus'

export interface Child {
  proc: ChildProcess
  port: number
  ask<T>(req: Record<string, unknown>): Promise<T>
  stop(): Promise<void>
}

const here = fileURLToPath(new URL('.', import.meta.url))

export async function spawnServer(mode: ServerMode, dataDir: string): Promise<Child> {
  const prof = process.env.PLEXUS_BENCH_CPU_PROF
  const proc = fork(join(here, 'sync-server.child.ts'), [mode, dataDir], {
    execArgv: [
      '--expose-gc',
      ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${join(prof, mode)}`] : []),
      '--import',
      import.meta.resolve('tsx'),
    ],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    let out = ''
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const m = /READY (\d+)/.exec(out)
      if (m) resolve(Number(m[1]))
    })
    proc.once('exit', (code) => reject(new Error(`${mode} server exited (${code})`)))
  })
  let next = 0
  const pending = new Map<number, (v: unknown) => void>()
  proc.on('message', (m: { id: number; result: unknown }) => pending.get(m.id)?.(m.result))
  return {
    proc,
    port,
    ask: <T>(req: Record<string, unknown>) =>
      new Promise<T>((resolve) => {
        const id = next++
        pending.set(id, resolve as (v: unknown) => void)
        proc.send({ ...req, id })
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        proc.once('exit', () => resolve())
        proc.kill('SIGTERM')
      }),
  }
}
