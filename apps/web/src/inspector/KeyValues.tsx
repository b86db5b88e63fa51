import type { Json } from '@plexus/model'
import { useState } from 'react'
import { Icon } from '../ui/Icon.tsx'
import { CommitInput } from './Field.tsx'

/** A property value as typed: JSON when it parses (numbers, true, lists), else the text itself. */
export function parseValue(text: string): Json {
  try {
    return JSON.parse(text) as Json
  } catch {
    return text
  }
}

export const showValue = (v: Json): string => (typeof v === 'string' ? v : JSON.stringify(v))

/**
 * Properties as key and value rows, each editable and removable, and a row to add one: a node's and
 * an edge's alike. `set` merges (null removes a key). `collapsed` hides the add row behind a button,
 * for lists with one of these per item.
 */
export function KeyValues({
  entries,
  set,
  testId,
  what = 'property',
  collapsed,
  readOnly,
}: {
  entries: Array<[string, Json]>
  set: (properties: Record<string, Json | null>) => void
  testId: string
  what?: string
  collapsed?: boolean
  readOnly?: boolean
}) {
  const [open, setOpen] = useState(!collapsed)
  const [key, setKey] = useState('')
  const [val, setVal] = useState('')
  const add = () => {
    const k = key.trim()
    if (!k) return
    set({ [k]: parseValue(val) })
    setKey('')
    setVal('')
    if (collapsed) setOpen(false)
  }
  return (
    <div className={`kv ${collapsed ? 'kv-compact' : ''}`} data-testid={testId}>
      {entries.map(([k, v]) => (
        <div className="kv-row" key={k}>
          <span className="kv-key" title={k}>
            {k}
          </span>
          <CommitInput
            value={showValue(v)}
            testId={`${testId}-${k}`}
            disabled={readOnly ? 'You can only read this graph' : null}
            onCommit={(t) => set({ [k]: parseValue(t) })}
          />
          <button
            className="icon-btn"
            title={`Remove ${k}`}
            disabled={readOnly}
            aria-label={`Remove ${what} ${k}`}
            onClick={() => set({ [k]: null })}
          >
            <Icon name="x" size={13} />
          </button>
        </div>
      ))}
      {readOnly ? null : open ? (
        <div className="kv-row add">
          <input
            className="input"
            placeholder="key"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            aria-label={`New ${what} key`}
          />
          <input
            className="input"
            placeholder="value"
            value={val}
            onChange={(e) => setVal(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && add()}
            aria-label={`New ${what} value`}
          />
          <button className="icon-btn" title={`Add ${what}`} aria-label={`Add ${what}`} onClick={add}>
            <Icon name="plus" size={13} />
          </button>
        </div>
      ) : (
        <button className="link-btn small" onClick={() => setOpen(true)}>
          + {what}
        </button>
      )}
    </div>
  )
}
