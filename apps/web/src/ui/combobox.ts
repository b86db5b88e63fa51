import type { Dispatch, KeyboardEvent, SetStateAction } from 'react'

/**
 * Keys of a text box with a result list under it: arrows move the highlighted result (clamped to the
 * list), Enter picks it, Escape is the caller's (close the overlay, or clear the query).
 */
export function comboboxKeys(
  count: number,
  active: number,
  setActive: Dispatch<SetStateAction<number>>,
  choose: (i: number) => void,
  escape: (e: KeyboardEvent) => void,
): (e: KeyboardEvent) => void {
  return (e) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      setActive((a) => Math.min(count - 1, a + 1))
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      setActive((a) => Math.max(0, a - 1))
    } else if (e.key === 'Enter') {
      e.preventDefault()
      choose(active)
    } else if (e.key === 'Escape') escape(e)
  }
}
