/**
 * The HTTP app as tests build it: real `createApp`, a real store the test passes in, a registry that
 * unloads at once, no port. One place, so a dependency `createApp` gains is added once, not in every
 * test that builds the app by hand (app.test, claims-status.test and rest-vocabulary.test each did).
 */
import { join } from 'node:path'
import { Auth, type TokenEntry } from '../access/auth.ts'
import { Guard, defaultAllowedHosts } from '../access/origin.ts'
import type { ClaimArbiter } from '../claims/arbiter.ts'
import { summarize } from '../graphs/model-calls.ts'
import { Metrics } from '../graphs/metrics.ts'
import { DocRegistry, defaultDocsOptions } from '../graphs/registry.ts'
import { createApp } from '../http/app.ts'
import type { StorageAdapter } from '../storage/adapter.ts'

export interface TestAppOptions {
  /** Where the app's files live: `webDist` defaults to a folder under it that holds no web build. */
  dir: string
  tokens?: TokenEntry[]
  webDist?: string
  /** The claims route's arbiter, made from the app's registry; none leaves the route out. */
  claims?: (docs: DocRegistry) => ClaimArbiter
  uptime?: () => number
  connections?: () => number
}

export function testApp<S extends StorageAdapter>(store: S, options: TestAppOptions) {
  const metrics = new Metrics()
  const docs = new DocRegistry(store, metrics, { ...defaultDocsOptions, idleUnloadMs: 0, summarize })
  const app = createApp({
    docs,
    auth: new Auth(options.tokens ?? []),
    guard: new Guard({ allowedHosts: defaultAllowedHosts('127.0.0.1', []), allowedOrigins: [] }),
    metrics,
    version: '9.9.9',
    uptime: options.uptime ?? (() => 1),
    connections: options.connections ?? (() => 0),
    webDist: options.webDist ?? join(options.dir, 'no-web'),
    summarize,
    ...(options.claims ? { claims: options.claims(docs) } : {}),
  })
  /** A request as a browser on the server's own host sends it. */
  const request = (path: string, init: RequestInit = {}) =>
    app.request(path, { ...init, headers: { host: 'localhost:4100', ...(init.headers as object) } })
  return { app, docs, store, metrics, request }
}
