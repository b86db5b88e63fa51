import { allEvents, listCheckpoints, previewGraphRestore, restoreGraphAsOf } from '@plexus/model'
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useWorkspace } from '../canvas/workspace.ts'
import { useGraphVersion } from '../graph/hooks.ts'
import { describeActor } from '../identity.ts'
import { useUI } from '../store.ts'
import { focusCanvas } from '../ui/focus.ts'
import { Icon } from '../ui/Icon.tsx'
import { stamp } from '../ui/time.ts'
import { action, contextOf, perform } from '../canvas/actions.ts'
import { claims } from '../canvas/keymap.ts'
import { actorsOf, checkpointStops, describeMoment, stopsOf } from './moments.ts'
import { nothingToRestore, restoreOnCanvas, restoreQuestion, restoreRefusal } from './restore.ts'

/**
 * How long the slider must rest before the map follows it. Each moment shown rebuilds the graph as it
 * was (docAsOf, then the canvas's model of it): tens of ms on a few hundred nodes, seconds on ten
 * thousand (docs/time-travel.md), so a drag does not rebuild it per step. The label follows at once;
 * releasing the pointer or a key shows the moment without waiting.
 */
const REST_MS = 150

/** Back to the graph as it is, the keyboard with the canvas. */
export function backToNow(): void {
  useUI.getState().setTimelineOpen(false)
  focusCanvas()
}

const changes = (n: number) => (n === 1 ? '1 change' : `${n} changes`)

/**
 * The timeline (issue 30): a bar over the canvas with a slider over the moments history recorded, from
 * the graph's making to now (moments.ts), the named checkpoints marked on it, and who to follow. Moving
 * it shows the map as it was (usePast.ts), read-only; its right end, Escape or "Back to now" return.
 * At a past moment, "Restore the graph to this moment" (or Alt+R) asks, then writes the whole graph
 * back as it was then as one new change (RestoreAsk below).
 */
export function TimelineBar() {
  const ws = useWorkspace()
  const g = ws.session.g
  const version = useGraphVersion(g)
  const pastAt = useUI((s) => s.pastAt)
  const [actor, setActor] = useState<string>('')
  const [pending, setPending] = useState<number | null>(null)
  const slider = useRef<HTMLInputElement>(null)
  const rest = useRef<ReturnType<typeof setTimeout> | null>(null)

  const { events, checkpoints } = useMemo(() => {
    void version
    return { events: allEvents(g), checkpoints: listCheckpoints(g) }
  }, [g, version])
  const stops = useMemo(() => stopsOf(events, actor || undefined), [events, actor])
  const marks = useMemo(() => checkpointStops(checkpoints, stops), [checkpoints, stops])
  const last = stops.length - 1
  // Where the slider is: where the person put it, else at the moment shown, else now (its right end).
  const shownIndex =
    pastAt === null
      ? last
      : Math.max(
          0,
          stops.findLastIndex((t) => t <= pastAt),
        )
  const index = pending ?? shownIndex
  const at = pending === null ? pastAt : pending >= last ? null : stops[pending]!

  useEffect(() => () => clearTimeout(rest.current ?? undefined), [])
  // Opening the timeline gives it the keyboard: arrows step through the moments.
  useEffect(() => slider.current?.focus({ preventScroll: true }), [])

  const commit = (i: number | null = pending) => {
    if (rest.current) clearTimeout(rest.current)
    rest.current = null
    setPending(null)
    if (i === null) return
    useUI.getState().setPastAt(i >= last ? null : stops[i]!)
  }
  const move = (i: number) => {
    setPending(i)
    if (rest.current) clearTimeout(rest.current)
    rest.current = setTimeout(() => commit(i), REST_MS)
  }
  /** The timeline.restore action (Alt+R on the canvas), from the bar's button and keys alike. */
  const askRestore = () => perform(action('timeline.restore'), contextOf(ws))
  const onKeyDown = (e: KeyboardEvent) => {
    // The canvas's own Alt+R (the timeline.restore action), which does not hear the bar's keys.
    if (claims(action('timeline.restore'), e.nativeEvent, contextOf(ws))) {
      e.preventDefault()
      e.stopPropagation()
      askRestore()
      return
    }
    if (e.key !== 'Escape') return
    e.preventDefault()
    e.stopPropagation()
    backToNow()
  }

  const desc = describeMoment(events, at ?? Infinity)
  const who = desc.lastBy ? describeActor(desc.lastBy).name : null
  const mark = marks.find((m) => m.at === at)
  const label =
    at === null
      ? `Now — ${changes(stopsOf(events).length)} recorded${who ? `, last by ${who}` : ''}`
      : `As of ${stamp(at)}${mark ? ` (checkpoint “${mark.name}”)` : ''} — ${changes(desc.changesAgo)} ago${who ? `, last by ${who}` : ''}`
  const actors = useMemo(() => actorsOf(events), [events])
  const refusal = useUI((s) => restoreRefusal(s.readOnlyBy))
  const asked = useUI((s) => s.restoreAsked)

  return (
    <div
      className="timeline-stack"
      role="region"
      aria-label="Timeline"
      data-testid="timeline"
      onKeyDown={onKeyDown}
    >
      <div className="timeline">
        <div className="timeline-row">
          <Icon name="clock" />
          <div className="timeline-track">
            <input
              ref={slider}
              type="range"
              min={0}
              max={Math.max(0, last)}
              step={1}
              value={Math.max(0, index)}
              disabled={stops.length < 2}
              aria-label="Moment"
              aria-valuetext={label}
              data-testid="timeline-slider"
              onChange={(e) => move(Number(e.target.value))}
              onPointerUp={() => commit()}
              onKeyUp={() => commit()}
            />
            {marks.map((m) => (
              <button
                key={m.name}
                type="button"
                className={`timeline-mark ${m.at === at ? 'on' : ''}`}
                style={{ left: `${last > 0 ? (m.index / last) * 100 : 0}%` }}
                title={`Checkpoint “${m.name}” (${stamp(m.at)})`}
                aria-label={`Checkpoint ${m.name}`}
                data-testid="timeline-checkpoint"
                onClick={() => {
                  commit(null)
                  useUI.getState().setPastAt(m.at)
                }}
              />
            ))}
          </div>
        </div>
        <div className="timeline-row">
          <span className="timeline-label" data-testid="timeline-label" aria-live="polite">
            {label}
          </span>
          {actors.length > 1 && (
            <select
              className="timeline-actor"
              value={actor}
              aria-label="Changes by"
              data-testid="timeline-actor"
              onChange={(e) => setActor(e.target.value)}
            >
              <option value="">Everyone</option>
              {actors.map((a) => (
                <option key={a} value={a}>
                  {describeActor(a).name}
                </option>
              ))}
            </select>
          )}
          <button type="button" className="btn" data-testid="timeline-now" onClick={backToNow}>
            Back to now
          </button>
        </div>
        {pastAt !== null && pending === null && (
          <div className="timeline-row">
            <button
              type="button"
              className="btn timeline-restore"
              data-testid="timeline-restore"
              disabled={refusal !== null}
              title={
                refusal
                  ? `Cannot restore: ${refusal}`
                  : 'Put the whole graph back as it was at this moment, as one new change (Alt+R)'
              }
              aria-keyshortcuts="Alt+R"
              onClick={askRestore}
            >
              <Icon name="history" />
              Restore the graph to this moment
            </button>
            <span className="timeline-hint muted small" data-testid="timeline-restore-hint">
              {refusal
                ? `Off: ${refusal}.`
                : 'Puts the whole graph back as it was then, as one new change (Alt+R). Asks first.'}
            </span>
          </div>
        )}
        {asked && pastAt !== null && !refusal && (
          <RestoreAsk at={pastAt} onCancel={() => slider.current?.focus({ preventScroll: true })} />
        )}
      </div>
      <PastBanner />
    </div>
  )
}

/** Under the bar while the canvas shows a past moment: what it is, and the way back. */
function PastBanner() {
  const reason = useUI((s) => s.readOnlyBy.past)
  if (!reason) return null
  return (
    <div className="past-banner" role="status" data-testid="past-banner">
      <Icon name="history" />
      <span>{reason}</span>
    </div>
  )
}

/**
 * The question before a restore of the whole graph: what it would bring back, remove and change,
 * computed on a copy before anything is written (previewGraphRestore), then Restore or Cancel.
 * Restore writes it on the live graph as one undo step, closes the timeline and says what it did.
 */
function RestoreAsk({ at, onCancel }: { at: number; onCancel: () => void }) {
  const ws = useWorkspace()
  const g = ws.session.g
  const version = useGraphVersion(g)
  const yes = useRef<HTMLButtonElement>(null)
  const preview = useMemo(() => {
    void version
    return previewGraphRestore(g, { at })
  }, [g, at, version])
  useEffect(() => yes.current?.focus({ preventScroll: true }), [])
  const cancel = () => {
    useUI.getState().setRestoreAsked(false)
    onCancel()
  }
  const restore = () => {
    if (restoreOnCanvas(ws, at, () => restoreGraphAsOf(g, { at }), 'the graph')) backToNow()
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return
    e.preventDefault()
    e.stopPropagation()
    cancel()
  }
  return (
    <div
      className="timeline-ask"
      role="alertdialog"
      aria-label="Restore the graph"
      aria-describedby="timeline-ask-text"
      data-testid="timeline-restore-confirm"
      onKeyDown={onKeyDown}
    >
      <span id="timeline-ask-text">{preview.ok ? restoreQuestion(preview, at) : preview.message}</span>
      <button
        ref={yes}
        type="button"
        className="btn primary"
        data-testid="timeline-restore-yes"
        disabled={!preview.ok || nothingToRestore(preview)}
        onClick={restore}
      >
        Restore
      </button>
      <button type="button" className="btn" data-testid="timeline-restore-no" onClick={cancel}>
        Cancel
      </button>
    </div>
  )
}
