/**
 * The server's counters, gauges and one latency histogram, rendered as Prometheus text (format
 * 0.0.4). Plain fields rather than a metrics library: the set is small and fixed.
 */
import type { Breach } from '../access/server-limits.ts'

/** Upper bounds in seconds for the persistence latency histogram. */
const PERSIST_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1]

export class Metrics {
  connections = 0
  connectionsTotal = 0
  documentsLoaded = 0
  documentLoads = 0
  documentUnloads = 0
  compactions = 0
  updatesIn = 0
  updatesOut = 0
  messagesIn = 0
  messagesOut = 0
  bytesIn = 0
  bytesOut = 0
  persistErrors = 0
  persistBatches = 0
  readOnlyDrops = 0
  httpRequests = 0
  readonly closes = new Map<Breach | 'internal', number>()
  private readonly persistBuckets = PERSIST_BUCKETS.map(() => 0)
  private persistCount = 0
  private persistSum = 0

  /** The last write storage refused, until a write succeeds again; /healthz reports it. */
  storageError: { message: string; at: number } | null = null

  storageFailed(error: unknown, now = Date.now()): void {
    this.persistErrors++
    this.storageError = { message: error instanceof Error ? error.message : String(error), at: now }
  }

  storageOk(): void {
    this.storageError = null
  }

  /** A connection closed for breaking a limit or the protocol. */
  breach(kind: Breach | 'internal'): void {
    this.closes.set(kind, (this.closes.get(kind) ?? 0) + 1)
  }

  observePersist(seconds: number): void {
    this.persistCount++
    this.persistSum += seconds
    for (let i = 0; i < PERSIST_BUCKETS.length; i++) {
      if (seconds <= PERSIST_BUCKETS[i]!) this.persistBuckets[i]!++
    }
  }

  render(extra: { uptimeSeconds: number; version: string }): string {
    const out: string[] = []
    const metric = (name: string, type: 'counter' | 'gauge', help: string, value: number) => {
      out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, `${name} ${value}`)
    }
    out.push('# HELP plexus_build_info Version of the running server.', '# TYPE plexus_build_info gauge')
    out.push(`plexus_build_info{version="${extra.version}"} 1`)
    metric('plexus_uptime_seconds', 'gauge', 'Seconds since the server started.', extra.uptimeSeconds)
    metric('plexus_connections', 'gauge', 'Open WebSocket connections.', this.connections)
    metric('plexus_connections_total', 'counter', 'WebSocket connections accepted.', this.connectionsTotal)
    metric('plexus_documents_loaded', 'gauge', 'Graphs held in memory.', this.documentsLoaded)
    metric('plexus_document_loads_total', 'counter', 'Graphs loaded from the store.', this.documentLoads)
    metric('plexus_document_unloads_total', 'counter', 'Idle graphs unloaded.', this.documentUnloads)
    metric('plexus_compactions_total', 'counter', 'Update logs folded into a snapshot.', this.compactions)
    metric('plexus_updates_in_total', 'counter', 'Document updates received and applied.', this.updatesIn)
    metric('plexus_updates_out_total', 'counter', 'Document updates sent to peers.', this.updatesOut)
    metric('plexus_messages_in_total', 'counter', 'WebSocket messages received.', this.messagesIn)
    metric('plexus_messages_out_total', 'counter', 'WebSocket messages sent.', this.messagesOut)
    metric('plexus_bytes_in_total', 'counter', 'WebSocket payload bytes received.', this.bytesIn)
    metric('plexus_bytes_out_total', 'counter', 'WebSocket payload bytes sent.', this.bytesOut)
    metric(
      'plexus_readonly_drops_total',
      'counter',
      'Updates dropped from read-only peers.',
      this.readOnlyDrops,
    )
    metric('plexus_persist_errors_total', 'counter', 'Writes the store refused.', this.persistErrors)
    metric(
      'plexus_persist_batches_total',
      'counter',
      'Group commits (one store write each).',
      this.persistBatches,
    )
    metric('plexus_http_requests_total', 'counter', 'HTTP requests served.', this.httpRequests)
    out.push(
      '# HELP plexus_connections_closed_total Connections closed for a breach, by reason.',
      '# TYPE plexus_connections_closed_total counter',
    )
    for (const [reason, count] of [...this.closes].sort(([a], [b]) => a.localeCompare(b))) {
      out.push(`plexus_connections_closed_total{reason="${reason}"} ${count}`)
    }
    out.push(
      '# HELP plexus_persist_seconds Time of one store write (a group commit of one or more updates).',
      '# TYPE plexus_persist_seconds histogram',
    )
    PERSIST_BUCKETS.forEach((le, i) =>
      out.push(`plexus_persist_seconds_bucket{le="${le}"} ${this.persistBuckets[i]}`),
    )
    out.push(`plexus_persist_seconds_bucket{le="+Inf"} ${this.persistCount}`)
    out.push(
      `plexus_persist_seconds_sum ${this.persistSum}`,
      `plexus_persist_seconds_count ${this.persistCount}`,
    )
    const mem = process.memoryUsage()
    metric('process_resident_memory_bytes', 'gauge', 'Resident set size.', mem.rss)
    metric('nodejs_heap_used_bytes', 'gauge', 'V8 heap in use.', mem.heapUsed)
    return out.join('\n') + '\n'
  }
}
