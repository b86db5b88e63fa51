/**
 * The real server, in its own process, as a user starts it (`plexus serve`), so that SIGKILL is a
 * real crash and a crash of the server cannot hide inside the suite's process.
 *
 * Every exit the suite did not cause is recorded as a crash with the server's last stderr lines.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export const REPO = fileURLToPath(new URL('../../', import.meta.url))
const CLI = fileURLToPath(new URL('../../apps/sync/src/cli/cli.ts', import.meta.url))

export interface ServerOptions {
  dataDir: string
  /** 0 picks a free port on the first start; restarts reuse the port the first start got. */
  port?: number
  host?: string
  env?: Record<string, string>
  args?: string[]
}

export interface Crash {
  code: number | null
  signal: NodeJS.Signals | null
  stderr: string
}

export class ServerProcess {
  private child: ChildProcess | null = null
  private expectingExit = false
  private stderrTail: string[] = []
  port: number
  readonly crashes: Crash[] = []
  /** Log lines that speak of an error or a failure, across restarts (the first 50). */
  readonly errorLines: string[] = []
  starts = 0
  kills = 0

  constructor(readonly options: ServerOptions) {
    this.port = options.port ?? 0
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  get wsUrl(): string {
    return `ws://127.0.0.1:${this.port}/sync`
  }

  get running(): boolean {
    return this.child !== null
  }

  get pid(): number | undefined {
    return this.child?.pid
  }

  /** Each crash as a failure line: how the server exited and the end of what it wrote to stderr. */
  crashFailures(seed: number): string[] {
    return this.crashes.map(
      (crash) =>
        `seed ${seed}: the server exited (code ${crash.code}, signal ${crash.signal}):\n${crash.stderr.slice(-2000)}`,
    )
  }

  /** The last lines the server wrote to stderr (its log), for "the server said why" checks. */
  get stderr(): string {
    return this.stderrTail.join('')
  }

  /** Starts the server and resolves once it prints its URL; rejects with its stderr if it exits first. */
  async start(): Promise<void> {
    if (this.child) throw new Error('server already running')
    const args = [
      '--import',
      'tsx',
      CLI,
      'serve',
      '--port',
      String(this.port),
      '--data',
      this.options.dataDir,
      ...(this.options.host ? ['--host', this.options.host] : []),
      ...(this.options.args ?? []),
    ]
    const child = spawn(process.execPath, args, {
      cwd: REPO,
      env: { ...process.env, PLEXUS_IDLE_UNLOAD_MS: '600000', ...this.options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child = child
    this.expectingExit = false
    this.starts++
    child.stderr?.setEncoding('utf8')
    child.stderr?.on('data', (chunk: string) => {
      this.stderrTail.push(chunk)
      for (const line of chunk.split('\n')) {
        if (/error|fail/i.test(line) && this.errorLines.length < 50) this.errorLines.push(line.slice(0, 500))
      }
      if (this.stderrTail.length > 200) this.stderrTail.splice(0, this.stderrTail.length - 200)
    })
    await new Promise<void>((resolve, reject) => {
      let out = ''
      const onData = (chunk: Buffer) => {
        out += chunk.toString('utf8')
        const match = /listening on http:\/\/[^:\s]+:(\d+)/.exec(out)
        if (match) {
          this.port = Number(match[1])
          child.stdout?.off('data', onData)
          child.stdout?.resume()
          resolve()
        }
      }
      child.stdout?.on('data', onData)
      child.once('exit', (code, signal) => {
        if (this.child === child) this.child = null
        if (!this.expectingExit) this.crashes.push({ code, signal, stderr: this.stderr })
        reject(new Error(`server exited before listening (code ${code}, signal ${signal}):\n${this.stderr}`))
      })
    })
  }

  /** SIGKILL: no shutdown code runs, as in a power cut of the process (not of the machine). */
  async kill(): Promise<void> {
    const child = this.child
    if (!child) return
    this.expectingExit = true
    this.kills++
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill('SIGKILL')
    await exited
    this.child = null
  }

  /** SIGTERM: the orderly stop a user's Ctrl+C gives (compacts, closes the store). */
  async stop(): Promise<void> {
    const child = this.child
    if (!child) return
    this.expectingExit = true
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    child.kill('SIGTERM')
    const code = await exited
    this.child = null
    if (code !== 0) this.crashes.push({ code, signal: null, stderr: this.stderr })
  }
}

/** Runs `plexus serve` expecting it to refuse to start; resolves with its exit code and stderr. */
export function runToExit(
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 20_000,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: REPO,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    let stdout = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')))
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`plexus ${args.join(' ')} did not exit within ${timeoutMs} ms:\n${stdout}${stderr}`))
    }, timeoutMs)
    // 'close', not 'exit': 'exit' can come before the last of stderr is read (an empty message).
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stderr, stdout })
    })
  })
}
