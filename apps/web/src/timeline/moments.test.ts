import type { HistoryEvent } from '@plexus/model'
import { describe, expect, it } from 'vitest'
import { actorsOf, checkpointStops, describeMoment, stopsOf } from './moments.ts'

const ev = (ts: number, actor: string, node = 'a'): HistoryEvent => ({
  id: `${ts}-${actor}-${node}`,
  ts,
  actor,
  node,
  action: 'update',
  changes: [],
})

// One write can record several events (one per node) at the same time: one moment.
const events = [
  ev(100, 'person:ann', 'a'),
  ev(100, 'person:ann', 'b'),
  ev(200, 'planner'),
  ev(300, 'person:ann'),
  ev(400, 'planner'),
]

describe('timeline moments', () => {
  it('steps over each time history recorded a change, oldest first, ending at the latest (now)', () => {
    expect(stopsOf(events)).toEqual([100, 200, 300, 400])
    expect(stopsOf([])).toEqual([])
  })

  it('by one actor: their moments, and still now at the end', () => {
    expect(stopsOf(events, 'person:ann')).toEqual([100, 300, 400])
    expect(stopsOf(events, 'planner')).toEqual([200, 400])
    expect(actorsOf(events)).toEqual(['person:ann', 'planner'])
  })

  it('says how many changes ago a moment is and who made the last change by then', () => {
    expect(describeMoment(events, 200)).toEqual({ changesAgo: 2, lastBy: 'planner' })
    expect(describeMoment(events, 100)).toEqual({ changesAgo: 3, lastBy: 'person:ann' })
    // Between two changes: as of the earlier one.
    expect(describeMoment(events, 350)).toEqual({ changesAgo: 1, lastBy: 'person:ann' })
    expect(describeMoment(events, 400)).toEqual({ changesAgo: 0, lastBy: 'planner' })
    expect(describeMoment(events, 50)).toEqual({ changesAgo: 4, lastBy: null })
  })

  it('puts each checkpoint on the last stop at or before it', () => {
    const stops = [100, 200, 300, 400]
    expect(
      checkpointStops(
        [
          { name: 'late', created_at: 450 },
          { name: 'standup', created_at: 250 },
          { name: 'early', created_at: 50 },
        ],
        stops,
      ),
    ).toEqual([
      { name: 'early', at: 50, index: 0 },
      { name: 'standup', at: 250, index: 1 },
      { name: 'late', at: 450, index: 3 },
    ])
  })
})
