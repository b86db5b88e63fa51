/**
 * The whole-document work the server does off its request thread (offload.ts runs these in a
 * worker): each job rebuilds the graph from its stored state (snapshot and log, bytes only) into a
 * document of its own, does the work there, and answers with bytes. The live document never leaves
 * the main thread; what a job returns is applied to it there (slices.ts) or stored as a snapshot.
 *
 * Plain functions of bytes in, bytes out: the worker entry calls them, and so can a test.
 */
import * as Y from 'yjs'
import type { FileInput } from '@plexus/formats'
import { openGraph } from '@plexus/model'
import { newId } from '@plexus/sync-client'
import { runBuild, type Build, type BuildAnswer, type BuildCaller } from '@plexus/tools'
import { importText, summarize, type Format, type ImportResult } from './model-calls.ts'
import { splitUpdate } from './slices.ts'

/** A graph as the store holds it: what `Store.load` answers, as plain bytes. */
export interface StoredBytes {
  snapshot: Uint8Array | null
  updates: Uint8Array[]
}

export type Job =
  | {
      kind: 'import'
      graph: string
      stored: StoredBytes
      format: Format
      /** The file: text, or the bytes of a binary format (XMind). */
      text: FileInput
      actor: string
      /** About how many bytes each part of the answer holds (slices.ts). */
      sliceBytes: number
    }
  | {
      kind: 'build'
      graph: string
      stored: StoredBytes
      /** A tool's build (packages/tools' builds.ts), written as `caller`. */
      build: Build
      caller: BuildCaller
      sliceBytes: number
    }
  | { kind: 'compact'; graph: string; stored: StoredBytes }

export type JobResult =
  | { kind: 'import'; result: ImportResult; parts: Uint8Array[] }
  | { kind: 'build'; result: BuildAnswer; parts: Uint8Array[] }
  | { kind: 'compact'; snapshot: Uint8Array; summary: string }

function replay(stored: StoredBytes): Y.Doc {
  const doc = new Y.Doc()
  // One transaction for the whole replay, as the registry loads a graph.
  doc.transact(() => {
    if (stored.snapshot) Y.applyUpdate(doc, stored.snapshot)
    for (const update of stored.updates) Y.applyUpdate(doc, update)
  })
  return doc
}

/**
 * Imports into a copy of the stored graph and answers with what the import added, as one update
 * against that copy cut into parts (decoding a large update is whole-document work too). The
 * copy's client id is its own (a fresh Y.Doc's): the live document may be written meanwhile under
 * its own id, and two writers never share one.
 */
function runImport(job: Extract<Job, { kind: 'import' }>): JobResult {
  const doc = replay(job.stored)
  try {
    const before = Y.encodeStateVector(doc)
    const result = importText(job.graph, doc, job.format, job.text, job.actor)
    const parts = result.ok ? splitUpdate(Y.encodeStateAsUpdate(doc, before), job.sliceBytes) : []
    return { kind: 'import', result, parts }
  } finally {
    doc.destroy()
  }
}

/**
 * A tool's build (an MCP import, facts) on a copy of the stored graph, answered as the import is: the
 * tool's result, and what the build added cut into parts. The copy writes as the caller (actor,
 * memory session) with this server's ids and clock, as the tool on the live graph would.
 */
function runToolBuild(job: Extract<Job, { kind: 'build' }>): JobResult {
  const doc = replay(job.stored)
  try {
    const before = Y.encodeStateVector(doc)
    const g = openGraph(doc, {
      actor: job.caller.actor,
      now: Date.now,
      newId,
      ...(job.caller.session ? { session: job.caller.session } : {}),
    })
    const result = runBuild(g, job.build)
    const parts = result.ok ? splitUpdate(Y.encodeStateAsUpdate(doc, before), job.sliceBytes) : []
    return { kind: 'build', result, parts }
  } finally {
    doc.destroy()
  }
}

/** The stored graph folded into one snapshot, with the summary stored beside it. */
function runCompact(job: Extract<Job, { kind: 'compact' }>): JobResult {
  const doc = replay(job.stored)
  try {
    return {
      kind: 'compact',
      snapshot: Y.encodeStateAsUpdate(doc),
      summary: JSON.stringify(summarize(job.graph, doc)),
    }
  } finally {
    doc.destroy()
  }
}

export function runJob(job: Job): JobResult {
  switch (job.kind) {
    case 'import':
      return runImport(job)
    case 'build':
      return runToolBuild(job)
    case 'compact':
      return runCompact(job)
  }
}
