import { updateEdgeProperties, type EdgeView, type Graph } from '@plexus/model'
import { report } from '../canvas/commands.ts'
import { KeyValues } from './KeyValues.tsx'

/**
 * An edge's properties under its relation (an agent's task status, priority, who found what), what
 * seed 002's agents write with update_edge_properties.
 */
export function EdgeProperties({ g, e, readOnly }: { g: Graph; e: EdgeView; readOnly?: boolean }) {
  return (
    <KeyValues
      entries={Object.entries(e.properties)}
      set={(p) => {
        const r = updateEdgeProperties(g, e.id, p)
        if (!r.ok) report(r)
      }}
      testId="edge-prop"
      what="edge property"
      collapsed
      readOnly={readOnly}
    />
  )
}
