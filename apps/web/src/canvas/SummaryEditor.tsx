import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useUI } from '../store.ts'
import { focusCanvas } from '../ui/focus.ts'
import { editKey, editorDrawn, finishEdit, type EditKey } from './editing.ts'
import { useWorkspace } from './workspace.ts'

/**
 * Inline editing of a node's summary. Enter or Escape or leaving the field commits; Tab commits and adds
 * a child, Shift+Enter commits and adds a sibling, so a whole outline can be typed without the mouse.
 * The keys are editing.ts's, which also keeps the keys typed before this editor was drawn.
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

  const end = (then: 'leave' | 'child' | 'sibling' | 'blur') => {
    if (done.current) return
    done.current = true
    finishEdit(ws, id, ref.current?.value ?? text, then)
  }

  // The keyboard is the editor's from the moment it is on screen (a layout effect: before any key).
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    el.focus({ preventScroll: true })
    if (initial === null) el.select()
    else el.setSelectionRange(el.value.length, el.value.length)
  }, [initial])

  // Taken off screen with the edit still open (React Flow draws only what is in view: a glide to the
  // next node or a pan carries it away), it leaves what it held as the keys typed ahead, so the keys
  // that follow go on from it and the editor drawn next opens with it (issue 31: a name typed while
  // the view glided came out as its last letters). The keyboard goes back to the canvas, which hands
  // the label its keys until the editor is drawn again (editing.ts).
  const opened = useRef({ summary, initial })
  opened.current = { summary, initial }
  useLayoutEffect(
    () => () => {
      const el = ref.current
      if (done.current || !el || useUI.getState().editing?.id !== id) return
      const { summary, initial } = opened.current
      const typed = el.value === summary && initial === null ? null : el.value
      if (typed !== initial) useUI.getState().setEditing({ id, initial: typed })
      if (document.activeElement === el) focusCanvas()
    },
    [id],
  )

  // A key that reached the canvas while this editor is on screen is typed here, as if it had been.
  useLayoutEffect(() =>
    editorDrawn({
      id,
      take: (k: EditKey, key: string) => {
        const el = ref.current
        if (!el) return
        el.focus({ preventScroll: true })
        if (k === 'text' || k === 'erase') {
          const [a, b] = [el.selectionStart, el.selectionEnd]
          if (k === 'text') el.setRangeText(key, a, b, 'end')
          else el.setRangeText('', a === b ? Math.max(0, a - 1) : a, b, 'end')
          setText(el.value)
        } else end(k)
      },
    }),
  )

  useEffect(() => {
    const el = ref.current
    if (!el) return
    el.style.height = '0px'
    el.style.height = `${el.scrollHeight}px`
  }, [text])

  return (
    <textarea
      ref={ref}
      className="pnode-editor nodrag nopan nowheel"
      aria-label="Node summary"
      value={text}
      rows={1}
      spellCheck
      onChange={(e) => setText(e.target.value.replace(/\n/g, ' '))}
      onBlur={() => end('blur')}
      onKeyDown={(e) => {
        e.stopPropagation()
        const k = editKey(e)
        if (k === 'leave' || k === 'child' || k === 'sibling') {
          e.preventDefault()
          end(k)
        }
      }}
    />
  )
}
