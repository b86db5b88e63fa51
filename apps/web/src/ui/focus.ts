// Where the keyboard goes back to. The rule that decides who holds the keyboard is written once, in
// canvas/useCanvasKeys.ts (and apps/web/README.md, "Who has the keyboard"); this file holds the two
// facts every view needs for it, so no view looks the canvas up or judges a field on its own.

/** Input types that take text; other inputs (a checkbox, a button) are controls, like a button. */
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'time'])

/** Whether keys pressed on `t` are its own: a text box, a select, a slider, something content-editable. */
export function editable(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null
  if (!el || !('tagName' in el)) return false
  if (el.isContentEditable || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true
  // A slider's arrow keys are its own too (the timeline's: each steps to the next moment).
  const type = (el as HTMLInputElement).type
  return el.tagName === 'INPUT' && (TEXT_INPUTS.has(type) || type === 'range')
}

/** Whether `t` is inside an open dialog (help, search) or menu, which handle their own keys. */
export function inOverlay(t: EventTarget | null): boolean {
  const el = t as Element | null
  return !!el && typeof el.closest === 'function' && !!el.closest('[role=dialog], [role=menu]')
}

/** Gives the keyboard to the canvas (without scrolling the page to it). */
export function focusCanvas(): void {
  document.querySelector<HTMLElement>('.canvas-wrap')?.focus({ preventScroll: true })
}
