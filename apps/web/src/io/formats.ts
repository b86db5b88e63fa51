// The text formats come from the model, like every other read and write of the graph.
import type { Format } from '@plexus/model'

export { FORMATS, exportGraph, importGraph } from '@plexus/model'
export type { Format } from '@plexus/model'

export const FORMAT_INFO: Record<Format, { label: string; ext: string; mime: string }> = {
  json: { label: 'JSON (lossless)', ext: 'json', mime: 'application/json' },
  mermaid: { label: 'Mermaid', ext: 'mmd', mime: 'text/plain' },
  dsl: { label: 'Plexus DSL', ext: 'txt', mime: 'text/plain' },
  canvas: { label: 'JSON Canvas', ext: 'canvas', mime: 'application/json' },
}

/** Guesses a format from a file name. */
export function formatOfFile(name: string): Format | null {
  const ext = name.toLowerCase().split('.').pop() ?? ''
  if (ext === 'json') return 'json'
  if (ext === 'mmd' || ext === 'mermaid') return 'mermaid'
  if (ext === 'canvas') return 'canvas'
  if (ext === 'txt' || ext === 'dsl' || ext === 'plexus') return 'dsl'
  return null
}
