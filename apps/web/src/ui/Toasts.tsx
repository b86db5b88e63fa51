import { useUI } from '../store.ts'
import { Icon } from './Icon.tsx'

/** Messages: errors from the model, what resolving unblocked, what an import did. */
export function Toasts({ onNode }: { onNode?: (id: string) => void }) {
  const toasts = useUI((s) => s.toasts)
  const dismiss = useUI((s) => s.dismiss)
  return (
    <div className="toasts" role="region" aria-label="Messages" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast ${t.tone}`} data-testid="toast">
          <div className="toast-text">
            {t.text}
            {t.nodes && (
              <ul className="toast-nodes">
                {t.nodes.map((n) => (
                  <li key={n.id}>
                    <button className="link-btn" onClick={() => onNode?.(n.id)} data-testid="unblocked">
                      {n.summary}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {t.details && (
              <details className="toast-details" data-testid="toast-details">
                <summary>Details</summary>
                <ul>
                  {t.details.map((d, i) => (
                    <li key={i}>{d}</li>
                  ))}
                </ul>
              </details>
            )}
          </div>
          <button className="icon-btn" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
            <Icon name="x" size={13} />
          </button>
        </div>
      ))}
    </div>
  )
}
