import { useEffect, useRef, useState } from 'react'
import { useUI } from '../store.ts'
import { addChild, addSibling, rename } from './commands.ts'
import { useWorkspace } from './workspace.ts'

/**
 * Inline editing of a node's summary. Enter or Escape or leaving the field commits; Tab commits and adds
 * a child, Shift+Enter commits and adds a sibling, so a whole outline can be typed without the mouse.
 */
export function SummaryEditor({
  id,
  summary,
  initial,
}: {
  id: string
  summary: string
  initial: string | null
}) {
  const ws = useWorkspace()
  const [text, setText] = useState(initial ?? summary)
  const ref = useRef<HTMLTextAreaElement>(null)
  const done = useRef(false)

  useEffect(() => {
    const el = ref.current
    if (!el) return
    el.focus({ preventScroll: true })
    if (initial === null) el.select()
    else el.setSelectionRange(el.value.length, el.value.length)
  }, [initial])

  useEffect(() => {
    const el = ref.current
    if (!el) return
    el.style.height = '0px'
    el.style.height = `${el.scrollHeight}px`
  }, [text])

  const commit = () => {
    if (done.current) return
    done.current = true
    rename(ws, id, text)
    if (useUI.getState().editing?.id === id) useUI.getState().setEditing(null)
  }

  const leave = () => {
    commit()
    ;(document.querySelector('.canvas-wrap') as HTMLElement | null)?.focus({ preventScroll: true })
  }

  return (
    <textarea
      ref={ref}
      className="pnode-editor nodrag nopan nowheel"
      aria-label="Node summary"
      value={text}
      rows={1}
      spellCheck
      onChange={(e) => setText(e.target.value.replace(/\n/g, ' '))}
      onBlur={commit}
      onKeyDown={(e) => {
        e.stopPropagation()
        if (e.key === 'Escape' || (e.key === 'Enter' && !e.shiftKey)) {
          e.preventDefault()
          leave()
        } else if (e.key === 'Tab' && !e.shiftKey) {
          e.preventDefault()
          commit()
          addChild(ws, id)
        } else if (e.key === 'Enter' && e.shiftKey) {
          e.preventDefault()
          commit()
          addSibling(ws, id)
        }
      }}
    />
  )
}
