import type { HistoryEvent } from '@plexus/model'

// The moments the timeline steps over, from the history the document holds (packages/model time.ts
// reads the same events to rebuild the past). Pure: the bar (Timeline.tsx) and its tests share it.
//
// One write records an event per node it touched, all at one time: a moment is a distinct time, not an
// event. The slider steps over moments, not over the clock: an afternoon of edits between two quiet
// days is most of the bar, not a sliver of it.

/**
 * Each time history recorded a change, oldest first (by `actor` alone, when given), ending at the
 * latest change of all, which is the graph as it is now. `events` are oldest first (`allEvents`).
 */
export function stopsOf(events: readonly HistoryEvent[], actor?: string): number[] {
  const out: number[] = []
  for (const e of events) {
    if (actor !== undefined && e.actor !== actor) continue
    if (out[out.length - 1] !== e.ts) out.push(e.ts)
  }
  const latest = events[events.length - 1]?.ts
  if (latest !== undefined && out[out.length - 1] !== latest) out.push(latest)
  return out
}

/** Who changed the graph, in the order each first did. */
export function actorsOf(events: readonly HistoryEvent[]): string[] {
  return [...new Set(events.map((e) => e.actor))]
}

/** How many changes (moments) were made after `at`, and by whom the last change at or before it. */
export function describeMoment(
  events: readonly HistoryEvent[],
  at: number,
): { changesAgo: number; lastBy: string | null } {
  let changesAgo = 0
  let lastBy: string | null = null
  let prev: number | undefined
  for (const e of events) {
    if (e.ts <= at) lastBy = e.actor
    else if (e.ts !== prev) changesAgo++
    prev = e.ts
  }
  return { changesAgo, lastBy }
}

/** Each named checkpoint on the last stop at or before it (the first stop when it is older), oldest first. */
export function checkpointStops(
  checkpoints: ReadonlyArray<{ name: string; created_at: number }>,
  stops: readonly number[],
): Array<{ name: string; at: number; index: number }> {
  return checkpoints
    .map((c) => {
      let index = 0
      while (index + 1 < stops.length && stops[index + 1]! <= c.created_at) index++
      return { name: c.name, at: c.created_at, index }
    })
    .sort((a, b) => a.at - b.at)
}
