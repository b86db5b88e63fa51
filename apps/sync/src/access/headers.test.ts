/**
 * Every HTTP answer carries the browser hardening headers (issue 13, finding 7): the app, the API,
 * refusals and /mcp alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testServer, type TestServer } from '../test/server-harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await testServer({ tokens: [{ name: 'rita', role: 'read', token: 'rita-token-123' }] })
})
afterAll(async () => server?.dispose())

describe('security headers', () => {
  const answers = () =>
    [
      ['the web app', fetch(`${server.url}/`)],
      ['health', fetch(`${server.url}/healthz`)],
      ['an API refusal', fetch(`${server.url}/api/graphs`)],
      [
        'an API answer',
        fetch(`${server.url}/api/graphs`, { headers: { authorization: 'Bearer rita-token-123' } }),
      ],
      [
        'a foreign origin refused',
        fetch(`${server.url}/healthz`, { headers: { origin: 'http://evil.example' } }),
      ],
      [
        '/mcp',
        fetch(`${server.url}/mcp`, {
          method: 'POST',
          headers: {
            authorization: 'Bearer rita-token-123',
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        }),
      ],
    ] as const

  it('sends a CSP without inline script that no page may frame, nosniff and no Referer', async () => {
    for (const [what, pending] of answers()) {
      const res = await pending
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp, what).toMatch(/frame-ancestors 'none'/)
      expect(csp, what).toMatch(/script-src 'self'(;|$)/)
      expect(csp, what).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/)
      expect(csp, what).toMatch(/object-src 'none'/)
      expect(res.headers.get('x-content-type-options'), what).toBe('nosniff')
      expect(res.headers.get('referrer-policy'), what).toBe('no-referrer')
      expect(res.headers.get('x-frame-options'), what).toBe('DENY')
    }
  })

  it('lets the page connect back to its own host over WebSocket', async () => {
    const res = await fetch(`${server.url}/`)
    const host = new URL(server.url).host
    expect(res.headers.get('content-security-policy')).toContain(
      `connect-src 'self' ws://${host} wss://${host}`,
    )
  })
})
