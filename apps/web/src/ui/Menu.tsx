import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { focusCanvas } from './focus.ts'

/** A button that opens a small menu of actions; closes on choice, Escape or a click elsewhere. */
export function Menu({
  label,
  icon,
  children,
  testId,
}: {
  label: string
  icon: ReactNode
  children: (close: () => void) => ReactNode
  testId?: string
}) {
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDivElement>(null)
  const id = useId()
  useEffect(() => {
    if (!open) return
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setOpen(false)
      focusCanvas() // a closed menu gives the keyboard back to the canvas (useCanvasKeys.ts)
    }
    document.addEventListener('pointerdown', onDown)
    document.addEventListener('keydown', onKey)
    ref.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus()
    return () => {
      document.removeEventListener('pointerdown', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])
  return (
    <div className="menu" ref={ref}>
      <button
        className="btn ghost"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        title={label}
        onClick={() => setOpen((o) => !o)}
        data-testid={testId}
      >
        {icon}
        <span className="btn-label">{label}</span>
      </button>
      {open && (
        <div className="menu-pop" role="menu" id={id}>
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  )
}

export function MenuItem({
  onClick,
  children,
  testId,
}: {
  onClick: () => void
  children: ReactNode
  testId?: string
}) {
  return (
    <button role="menuitem" className="menu-item" onClick={onClick} data-testid={testId}>
      {children}
    </button>
  )
}
