import { CLAIMED_AT, CLAIMED_BY, CLAIMED_UNTIL, type NodeView } from '@plexus/model'
import { describe, expect, it } from 'vitest'
import { nodeTag } from './svg.ts'

const node = (fields: Partial<NodeView>): NodeView => ({
  id: 'n_1',
  summary: 'Ship it',
  notes: '',
  kind: 'task',
  parent: null,
  resolved: false,
  state: null,
  properties: {},
  links: [],
  evidence: [],
  x: null,
  y: null,
  created_at: 0,
  updated_at: 0,
  created_by: 'a',
  updated_by: 'a',
  rev: 1,
  deleted_at: null,
  deleted_by: null,
  merged_into: null,
  ...fields,
})

describe('the exported picture', () => {
  const held = { [CLAIMED_BY]: 'ada', [CLAIMED_AT]: 1_000, [CLAIMED_UNTIL]: 5_000 }

  it('names the holder of a live claim, as the canvas does', () => {
    expect(nodeTag(node({ properties: held }), 4_999)).toBe('task · claimed by ada')
  })

  it('names nobody once the lease has lapsed or the work is done', () => {
    expect(nodeTag(node({ properties: held }), 5_000)).toBe('task')
    expect(nodeTag(node({ properties: held, resolved: true }), 2_000)).toBe('task')
  })

  it('leaves the default kind unsaid', () => {
    expect(nodeTag(node({ kind: 'concept' }), 0)).toBe('')
  })
})
