/**
 * Security headers on every HTTP answer (hono's secureHeaders): a Content-Security-Policy that runs
 * only the server's own scripts (no inline script, no eval) and lets no page frame the app, plus
 * nosniff, no Referer, and the cross-origin isolation headers. WebSocket upgrades do not pass here.
 *
 * Styles allow 'unsafe-inline': React Flow positions nodes with style attributes. Images allow
 * data: and blob: (PNG/SVG export). Sync connects to the page's own host, named explicitly as ws:
 * and wss: for browsers whose 'self' does not cover WebSocket schemes.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'

const ownSockets = (c: Context) => {
  const host = c.req.header('host')
  return host && /^[a-z0-9.[\]:-]+$/i.test(host) ? `ws://${host} wss://${host}` : ''
}

export function securityHeaders(): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ownSockets],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'no-referrer',
    xContentTypeOptions: true,
    // Plain HTTP on loopback is the default; HSTS there would be ignored, and wrong behind a proxy
    // that has not set up TLS for every name.
    strictTransportSecurity: false,
  })
}
