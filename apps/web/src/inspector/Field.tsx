import { useRef, useState, type ReactNode } from 'react'

/** A labelled inspector row. */
export function Field({
  label,
  children,
  htmlFor,
}: {
  label: string
  children: ReactNode
  htmlFor?: string
}) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
    </div>
  )
}

/**
 * A text input that edits a document value: it shows the live value until focused, then the person's
 * draft, and commits on Enter or blur (Escape restores the live value).
 */
export function CommitInput({
  value,
  onCommit,
  id,
  placeholder,
  list,
  testId,
  multiline,
  disabled,
}: {
  value: string
  onCommit: (v: string) => void
  id?: string
  placeholder?: string
  list?: string
  testId?: string
  multiline?: boolean
  /** Why the value cannot be changed here (shown as the tooltip), or null/undefined when it can. */
  disabled?: string | null
}) {
  const [draft, setDraftState] = useState<string | null>(null)
  const latest = useRef<string | null>(null)
  const setDraft = (v: string | null) => {
    latest.current = v
    setDraftState(v)
  }
  const commit = () => {
    const d = latest.current
    if (d !== null && d !== value) onCommit(d)
    setDraft(null)
  }
  const props = {
    id,
    className: 'input',
    value: draft ?? value,
    placeholder,
    'data-testid': testId,
    disabled: !!disabled,
    title: disabled ?? undefined,
    onChange: (e: { target: { value: string } }) => setDraft(e.target.value),
    onBlur: commit,
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'Enter' && (!multiline || e.ctrlKey || e.metaKey)) {
        e.preventDefault()
        commit()
      } else if (e.key === 'Escape') {
        setDraft(null)
        ;(e.target as HTMLElement).blur()
      }
    },
  }
  return multiline ? <textarea {...props} rows={6} /> : <input {...props} list={list} />
}
