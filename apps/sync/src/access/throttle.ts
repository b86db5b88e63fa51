/**
 * Failed authentication, throttled per address: each address may fail `burst` times, then once per
 * `refillMs`; over that, every request from it is refused (429, or close 4529 on WebSocket) until
 * the bucket refills, whatever token it carries, so guessing costs time. Failures are logged with
 * the address and route, never the token, at most once per address per minute.
 */
export interface ThrottleOptions {
  /** Failures an address may make at once. */
  burst: number
  /** One more failure is allowed every this many milliseconds. */
  refillMs: number
  log: (line: string) => void
  now: () => number
}

export type Admission = { ok: true } | { ok: false; retryAfterS: number }

interface Bucket {
  tokens: number
  at: number
  failures: number
  loggedAt: number
}

export class LoginThrottle {
  private readonly buckets = new Map<string, Bucket>()

  constructor(private readonly options: ThrottleOptions) {}

  /** Whether a request from `address` may try to authenticate now. */
  admit(address: string): Admission {
    const b = this.bucket(address, false)
    if (!b || b.tokens >= 1) return { ok: true }
    return { ok: false, retryAfterS: Math.ceil(((1 - b.tokens) * this.options.refillMs) / 1000) }
  }

  /** Records a failed authentication (no token, or an unknown one). */
  failed(address: string, where: string): void {
    const b = this.bucket(address, true)!
    b.tokens = Math.max(0, b.tokens - 1)
    b.failures++
    const now = this.options.now()
    if (now - b.loggedAt >= 60_000) {
      b.loggedAt = now
      const throttled = b.tokens < 1 ? '; throttled' : ''
      this.options.log(
        `auth: failed authentication from ${address} on ${where} (${b.failures} so far${throttled})`,
      )
    }
  }

  private bucket(address: string, create: boolean): Bucket | undefined {
    const now = this.options.now()
    let b = this.buckets.get(address)
    if (b) {
      b.tokens = Math.min(this.options.burst, b.tokens + (now - b.at) / this.options.refillMs)
      b.at = now
      // A full bucket holds nothing worth keeping: forget the address.
      if (b.tokens >= this.options.burst && !create) {
        this.buckets.delete(address)
        return undefined
      }
    } else if (create) {
      if (this.buckets.size >= 100_000) this.buckets.delete(this.buckets.keys().next().value!)
      b = { tokens: this.options.burst, at: now, failures: 0, loggedAt: -Infinity }
      this.buckets.set(address, b)
    }
    return b
  }
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are one address. */
export function normalizeAddress(address: string | undefined): string {
  if (!address) return 'unknown'
  return address.startsWith('::ffff:') ? address.slice(7) : address
}
