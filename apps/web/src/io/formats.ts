// The text formats come from the model, like every other read and write of the graph.
import type { Format } from '@plexus/model'

export { FORMATS, exportGraph, formatOfFile, importGraph, unsupportedFile } from '@plexus/model'
export type { Format } from '@plexus/model'

export const FORMAT_INFO: Record<Format, { label: string; ext: string; mime: string }> = {
  json: { label: 'JSON (lossless)', ext: 'json', mime: 'application/json' },
  mermaid: { label: 'Mermaid', ext: 'mmd', mime: 'text/plain' },
  dsl: { label: 'Plexus DSL', ext: 'txt', mime: 'text/plain' },
  canvas: { label: 'JSON Canvas', ext: 'canvas', mime: 'application/json' },
}
