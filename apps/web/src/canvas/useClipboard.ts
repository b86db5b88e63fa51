import { useEffect, type RefObject } from 'react'
import { allowed } from './actions.ts'
import {
  CLIP_MIME,
  copySelection,
  fromOutline,
  paste,
  parsePayload,
  remembered,
  toOutline,
} from './clipboard.ts'
import { deleteSelection } from './commands.ts'
import { editable } from '../ui/focus.ts'
import type { Workspace } from './workspace.ts'

/**
 * Copy, cut and paste on the canvas. They arrive as clipboard events, so they work with the system
 * clipboard across tabs; a paste lands at the pointer (`pointer`, screen coordinates) when it is known.
 */
export function useClipboard(
  ws: Workspace,
  wrap: RefObject<HTMLDivElement | null>,
  pointer: RefObject<{ x: number; y: number } | null>,
): void {
  useEffect(() => {
    const onCopy = (e: ClipboardEvent, cut: boolean) => {
      if (editable(e.target) || !wrap.current?.contains(document.activeElement)) return
      const p = copySelection(ws)
      if (!p || !e.clipboardData) return
      e.preventDefault()
      if (cut && !allowed(ws, 'clipboard.cut')) return
      e.clipboardData.setData(CLIP_MIME, JSON.stringify(p))
      e.clipboardData.setData('text/plain', toOutline(p))
      if (cut) deleteSelection(ws)
    }
    const copy = (e: ClipboardEvent) => onCopy(e, false)
    const cut = (e: ClipboardEvent) => onCopy(e, true)
    const onPaste = (e: ClipboardEvent) => {
      if (editable(e.target) || !wrap.current?.contains(document.activeElement)) return
      const data = e.clipboardData
      const text = data?.getData('text/plain') ?? ''
      const mine = remembered()
      const p =
        parsePayload(data?.getData(CLIP_MIME) ?? '') ??
        (mine && toOutline(mine) === text ? mine : null) ??
        parsePayload(text) ??
        fromOutline(text)
      if (!p) return
      e.preventDefault()
      if (!allowed(ws, 'clipboard.paste')) return
      const at = pointer.current ? ws.rf?.screenToFlowPosition(pointer.current) : null
      paste(ws, p, at ?? null)
    }
    document.addEventListener('copy', copy)
    document.addEventListener('cut', cut)
    document.addEventListener('paste', onPaste)
    return () => {
      document.removeEventListener('copy', copy)
      document.removeEventListener('cut', cut)
      document.removeEventListener('paste', onPaste)
    }
  }, [ws, wrap, pointer])
}
