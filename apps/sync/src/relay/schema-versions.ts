/**
 * Which clients may write a graph, by the schema version they speak (docs/versions.md).
 *
 * A client says which document layout it writes with `?schema=N` on `/sync/:graph` (the stock
 * y-websocket client passes it in `params`). A client that says nothing is taken for a build from
 * before versions: schema 1. Every peer may read. A peer whose schema is below the document's is too
 * old to write it (an older build misreads what a newer one wrote: schema 1 reads compact edges as
 * dangling): its first change closes the connection with `SCHEMA_TOO_OLD` and a reason that says
 * to update. The code is in the 4400s, so the stock client stops reconnecting and keeps its changes
 * locally instead of resending them in a loop.
 */
import { CLOSE_CODES, OLDEST_SCHEMA, readMeta } from '@plexus/model'
import type * as Y from 'yjs'
import type { Rejection } from './relay.ts'

/** Close code for a change from a client older than the document (HTTP 426, Upgrade Required). */
export const SCHEMA_TOO_OLD = CLOSE_CODES['schema-too-old']
/** What a client that does not name its schema is taken to speak: the builds before versions. */
export const UNDECLARED_SCHEMA = 1
export const SCHEMA_PARAM = 'schema'
const MAX_SCHEMA = 1_000_000

export type Declared = { ok: true; schema: number } | { ok: false; reason: string }

/** The schema a connecting client speaks, from its URL. */
export function declaredSchema(url: URL): Declared {
  const raw = url.searchParams.get(SCHEMA_PARAM)
  if (raw === null) return { ok: true, schema: UNDECLARED_SCHEMA }
  const schema = /^\d{1,7}$/.test(raw) ? Number(raw) : NaN
  if (!Number.isInteger(schema) || schema < OLDEST_SCHEMA || schema > MAX_SCHEMA) {
    return {
      ok: false,
      reason: `invalid ${SCHEMA_PARAM} parameter: give the schema your client writes as a whole number, e.g. ?${SCHEMA_PARAM}=2`,
    }
  }
  return { ok: true, schema }
}

/** Refuses a change from a client whose schema is below the document's; null when it may write. */
export function refuseTooOld(doc: Y.Doc | number, speaks: number): Rejection | null {
  // A room passes the document's schema it keeps (relay.ts), read again only when `meta` changes.
  const schema = typeof doc === 'number' ? doc : readMeta(doc).schema
  if (speaks >= schema) return null
  return {
    ok: false,
    breach: 'schema_too_old',
    code: SCHEMA_TOO_OLD,
    // A close reason holds at most 123 bytes.
    reason: `update Plexus to edit this graph: it uses schema ${schema}, your client writes ${speaks}; not saved`,
  }
}
