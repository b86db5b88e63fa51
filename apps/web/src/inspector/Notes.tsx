import { useEffect, useRef, useState } from 'react'
import { focusCanvas } from '../ui/focus.ts'
import { Icon } from '../ui/Icon.tsx'
import { Markdown } from './markdown.tsx'

/**
 * A node's notes: the rendered markdown, or an editor that has the keyboard as soon as it opens.
 * Ctrl/⌘+Enter saves and leaves, Escape leaves without saving, leaving the field saves. The inspector
 * mounts one per node (keyed by id), so an editor never stays open across a change of selection.
 */
export function Notes({ notes, onSave }: { notes: string; onSave: (v: string) => void }) {
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(notes)
  const ref = useRef<HTMLTextAreaElement>(null)
  const draftRef = useRef(notes)
  const open = useRef(false)

  useEffect(() => {
    if (!editing) return
    const el = ref.current
    if (!el) return
    el.focus({ preventScroll: true })
    el.setSelectionRange(el.value.length, el.value.length)
  }, [editing])

  const saved = useRef({ notes, onSave })
  saved.current = { notes, onSave }
  // Leaving by a change of selection (the component unmounts) keeps what was typed.
  useEffect(
    () => () => {
      const { notes: now, onSave: save } = saved.current
      if (open.current && draftRef.current !== now) save(draftRef.current)
    },
    [],
  )

  const start = () => {
    setDraft(notes)
    draftRef.current = notes
    open.current = true
    setEditing(true)
  }
  const finish = (save: boolean, toCanvas: boolean) => {
    if (!open.current) return
    open.current = false
    if (save && draftRef.current !== notes) onSave(draftRef.current)
    setEditing(false)
    if (toCanvas) focusCanvas()
  }

  return (
    <section className="insp-section">
      <div className="section-head">
        <h3>Notes</h3>
        <button className="btn small ghost" onClick={() => (editing ? finish(true, false) : start())}>
          <Icon name={editing ? 'file' : 'edit'} size={12} /> {editing ? 'Preview' : 'Edit'}
        </button>
      </div>
      {editing ? (
        <textarea
          ref={ref}
          className="input"
          rows={6}
          value={draft}
          aria-label="Notes"
          data-testid="notes-editor"
          placeholder="Markdown. Ctrl+Enter to save, Escape to cancel."
          onChange={(e) => {
            draftRef.current = e.target.value
            setDraft(e.target.value)
          }}
          onBlur={() => finish(true, false)}
          onKeyDown={(e) => {
            e.stopPropagation()
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault()
              finish(true, true)
            } else if (e.key === 'Escape') {
              e.preventDefault()
              finish(false, true)
            }
          }}
        />
      ) : notes ? (
        <div className="notes-view" onDoubleClick={start} data-testid="notes-view">
          <Markdown text={notes} />
        </div>
      ) : (
        <button className="notes-empty" onClick={start}>
          Add notes (markdown)…
        </button>
      )}
    </section>
  )
}
