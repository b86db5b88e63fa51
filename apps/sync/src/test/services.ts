/**
 * Real services for multi-server tests, each started by the test on a free port and stopped by
 * it: a Redis of its own (so restarting it disturbs nobody else), nginx in front of several
 * servers, and a TCP proxy that can cut a server off from PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, connect, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const REDIS_SERVER = process.env.PLEXUS_REDIS_SERVER ?? 'redis-server'
export const NGINX = process.env.PLEXUS_NGINX ?? '/usr/sbin/nginx'
/** deploy/nginx: the rules the compose file's nginx uses, shared with the tests. */
export const NGINX_RULES = fileURLToPath(new URL('../../../../deploy/nginx/', import.meta.url))
/** The rule files of deploy/nginx that the tests' nginx includes (http block, server block). */
export const NGINX_RULE_FILES = { http: 'plexus-http.conf', locations: 'plexus-locations.conf' } as const
/** The upstream name the rules proxy to (`proxy_pass http://plexus`). */
export const NGINX_UPSTREAM = 'plexus'

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })
}

/** Resolves once something accepts connections on `port`; throws after `timeoutMs`. */
// A process starting at load 15 can take several times its quiet start: the limit only ends a hang.
export async function waitPort(port: number, what = 'a server', timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const sock = connect(port, '127.0.0.1')
      sock.once('connect', () => {
        sock.destroy()
        resolve(true)
      })
      sock.once('error', () => resolve(false))
    })
    if (ok) return
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} on port ${port}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

function stopChild(child: ChildProcess | null, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill(signal)
  })
}

export interface RedisService {
  url: string
  port: number
  stop(): Promise<void>
  start(): Promise<void>
}

/** A Redis of its own, without persistence (a restart loses every message, as a crash would). */
export async function startRedis(): Promise<RedisService> {
  const port = await freePort()
  let child: ChildProcess | null = null
  const start = async () => {
    child = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    )
    await waitPort(port, 'redis-server')
  }
  await start()
  return { url: `redis://127.0.0.1:${port}`, port, start, stop: () => stopChild(child, 'SIGKILL') }
}

export interface NginxService {
  port: number
  url: string
  /** The master process (its worker is its child), for a bench that reads their CPU time. */
  pid: number
  /** With `placed`: a port per upstream, in order, each reaching only that server through the same rules. */
  each: number[]
  stop(): Promise<void>
}

export interface NginxOptions {
  /** Listen once per upstream as well, so a client can be placed on a given server. */
  placed?: boolean
  /** Idle connections kept open to each upstream group (nginx's `keepalive`); none by default. */
  keepalive?: number
}

/**
 * nginx spreading HTTP and WebSocket connections round robin over `upstreams` with deploy/nginx's
 * rules; with `placed`, also one port per upstream that goes only to that server.
 */
export async function startNginx(upstreams: number[], options: NginxOptions = {}): Promise<NginxService> {
  const locations = readFileSync(join(NGINX_RULES, NGINX_RULE_FILES.locations), 'utf8')
  const passAll = `proxy_pass http://${NGINX_UPSTREAM};`
  if (!locations.includes(passAll)) throw new Error('startNginx: deploy/nginx rules changed')
  const port = await freePort()
  const each = options.placed ? await Promise.all(upstreams.map(() => freePort())) : []
  const dir = mkdtempSync(join(tmpdir(), 'plexus-nginx-'))
  const keepalive = options.keepalive ? `\n    keepalive ${options.keepalive};` : ''
  const group = (name: string, ports: number[]) =>
    `  upstream ${name} {\n${ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}${keepalive}\n  }`
  const block = (listen: number, name: string) =>
    `  server {\n    listen 127.0.0.1:${listen};\n${locations.replace(passAll, `proxy_pass http://${name};`)}\n  }`
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${NGINX_RULES}${NGINX_RULE_FILES.http};
${group(NGINX_UPSTREAM, upstreams)}
${each.map((_p, i) => group(`${NGINX_UPSTREAM}_${i}`, [upstreams[i]!])).join('\n')}
${block(port, NGINX_UPSTREAM)}
${each.map((p, i) => block(p, `${NGINX_UPSTREAM}_${i}`)).join('\n')}
}
`,
  )
  // nginx says why it cannot start on stderr (before its error log is open).
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  // An nginx that cannot start ends the wait at once, saying why (it waited out the port's limit and
  // then failed the run with an uncaught spawn error when nginx was not installed).
  const ended = new Promise<never>((_resolve, reject) => {
    child.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        new Error(
          e.code === 'ENOENT'
            ? `${NGINX} is missing: apt-get install -y nginx-light (scripts/test installs it)`
            : `nginx did not start: ${e.message}`,
        ),
      ),
    )
    child.once('exit', (code, signal) =>
      reject(new Error(`nginx exited as it started (code ${code}, signal ${signal}); its reason is above`)),
    )
  })
  const listening = (async () => {
    await waitPort(port, 'nginx')
    for (const p of each) await waitPort(p, 'nginx')
  })()
  // Whichever loses the race is settled later, unheard.
  ended.catch(() => {})
  listening.catch(() => {})
  await Promise.race([listening, ended])
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    each,
    stop: async () => {
      await stopChild(child, 'SIGQUIT')
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export interface TcpProxy {
  port: number
  /** Refuses new connections and drops open ones: the target is unreachable. */
  cut(): Promise<void>
  /** Listens again on the same port. */
  restore(): Promise<void>
  close(): Promise<void>
}

/** A TCP proxy to `targetPort` on loopback that a test can cut and restore. */
export async function tcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let server: Server | null = null
  let port = 0
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(targetPort, '127.0.0.1')
        sockets.add(client).add(upstream)
        client.pipe(upstream).pipe(client)
        const end = () => {
          client.destroy()
          upstream.destroy()
          sockets.delete(client)
          sockets.delete(upstream)
        }
        client.on('error', end).on('close', end)
        upstream.on('error', end).on('close', end)
      })
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port
        resolve()
      })
    })
  const cut = async () => {
    const s = server
    server = null
    for (const sock of sockets) sock.destroy()
    sockets.clear()
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()))
  }
  await listen()
  return { port, cut, restore: listen, close: cut }
}
