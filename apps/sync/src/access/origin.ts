/**
 * Host and Origin checks against DNS rebinding and cross-site use, for HTTP and WebSocket alike.
 *
 * A page on evil.example that rebinds its name to 127.0.0.1 reaches the server as same-origin in the
 * browser's eyes, but its requests still say `Host: evil.example`; so the Host must be a name this
 * server answers to. A foreign page talking to us directly says so in `Origin`; requests without
 * Origin come from programs, not pages, and pass. A page passes when it is this server's own origin
 * (its Origin names the Host it addressed) or is listed in `allowedOrigins` ("*" allows all). Other
 * loopback ports are not trusted: any local program can serve a page there (the web app's dev
 * server proxies to this one, so its requests arrive same-origin).
 *
 * On a wildcard bind (0.0.0.0, ::) the names the server answers to are loopback, the machine's host
 * name and its interface addresses, plus `allowedHosts`.
 */
import { hostname, networkInterfaces } from 'node:os'

export interface GuardOptions {
  /** Host names (no port) requests may be addressed to, or 'any' (PLEXUS_ALLOWED_HOSTS=*). */
  allowedHosts: readonly string[] | 'any'
  /** Full origins (`https://plexus.example:8443`) allowed besides same-origin and loopback. */
  allowedOrigins: readonly string[]
}

export type GuardResult = { ok: true } | { ok: false; message: string }

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1'])

export function isLoopbackHost(name: string): boolean {
  const n = bare(name)
  return LOOPBACK_NAMES.has(n) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(n) || n.endsWith('.localhost')
}

/** The host names a server bound to `bindHost` answers to by default. */
export function defaultAllowedHosts(bindHost: string, extra: readonly string[]): readonly string[] | 'any' {
  if (extra.includes('*')) return 'any'
  const wildcard = bindHost === '0.0.0.0' || bindHost === '::' || bindHost === ''
  const hosts = new Set([...LOOPBACK_NAMES, ...extra.map(bare)])
  if (!wildcard) hosts.add(bare(bindHost))
  else for (const name of machineNames()) hosts.add(name)
  return [...hosts]
}

/** The host name and every interface address of this machine: what a wildcard bind is reached by. */
function machineNames(): string[] {
  const names = [bare(hostname())]
  for (const list of Object.values(networkInterfaces())) {
    for (const i of list ?? []) names.push(bare(i.address.replace(/%.*$/, '')))
  }
  return names
}

export class Guard {
  private readonly hosts: Set<string> | 'any'
  private readonly origins: Set<string>

  constructor(options: GuardOptions) {
    this.hosts = options.allowedHosts === 'any' ? 'any' : new Set(options.allowedHosts.map(bare))
    this.origins = new Set(options.allowedOrigins.map((o) => (o === '*' ? o : o.toLowerCase())))
  }

  check(host: string | undefined, origin: string | undefined): GuardResult {
    const hostName = host ? hostnameOf(host) : null
    if (hostName === null) return { ok: false, message: 'missing or invalid Host header' }
    if (this.hosts !== 'any' && !this.hosts.has(hostName) && !isLoopbackHost(hostName)) {
      return {
        ok: false,
        message: `Host "${host}" is not served here (DNS rebinding protection); allow it with PLEXUS_ALLOWED_HOSTS`,
      }
    }
    if (origin === undefined) return { ok: true }
    let parsed: URL
    try {
      parsed = new URL(origin)
    } catch {
      return { ok: false, message: `Origin "${origin}" is not allowed` }
    }
    const full = parsed.origin.toLowerCase()
    if (this.origins.has('*') || this.origins.has(full)) return { ok: true }
    if (parsed.host.toLowerCase() === host!.toLowerCase()) return { ok: true }
    return { ok: false, message: `Origin "${origin}" is not allowed; allow it with PLEXUS_ALLOWED_ORIGINS` }
  }
}

function hostnameOf(host: string): string | null {
  try {
    return bare(new URL(`http://${host}`).hostname)
  } catch {
    return null
  }
}

function bare(name: string): string {
  return name.toLowerCase().replace(/^\[(.*)\]$/, '$1')
}
