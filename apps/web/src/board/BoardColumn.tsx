import type { ReactNode } from 'react'

/**
 * One column of a board (readiness or tasks by status): its heading with a count, its hint and its
 * cards, marked while a card is dragged over it. Both boards draw their columns with it.
 */
export function BoardColumn({
  column,
  tone,
  title,
  hint,
  count,
  over,
  testId,
  children,
}: {
  column: string
  tone: string
  title: string
  hint: string
  count: number
  over: boolean
  testId: string
  children: ReactNode
}) {
  return (
    <section
      className={`board-col st-${tone}${over ? ' is-drop' : ''}`}
      aria-label={title}
      data-testid={testId}
      data-column={column}
    >
      <header>
        <span className="dot" />
        <h2>{title}</h2>
        <span className="count">{count}</span>
      </header>
      <p className="muted small">{hint}</p>
      {children}
    </section>
  )
}
