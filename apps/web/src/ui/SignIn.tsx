import { useEffect, useState, type FormEvent } from 'react'
import {
  checkSignIn,
  closePrompt,
  keptToken,
  openPrompt,
  signIn,
  signOut,
  useSignIn,
} from '../sync/sign-in.ts'
import { focusCanvas } from './focus.ts'

/**
 * The sign-in prompt (sync/sign-in.ts decides when): paste a token, the server checks it, the page
 * reloads with it. It takes the keyboard while open; "Not now" or Escape gives it back to the canvas
 * (apps/web/README.md, "Who has the keyboard": a dialog).
 */
export function SignInPrompt() {
  const { refusal, prompting } = useSignIn()
  const [pasted, setPasted] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const close = () => {
    closePrompt()
    focusCanvas()
  }
  useEffect(() => {
    if (!prompting) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close()
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [prompting])
  if (!prompting || !refusal) return null
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    setBusy(true)
    const r = await signIn(pasted)
    setBusy(false)
    if (!r.ok) setError(r.message)
  }
  const shown =
    error ?? (refusal === 'rejected' ? 'Token not accepted: the one kept on this device was refused.' : null)
  return (
    <div className="overlay" role="presentation">
      <form
        className="sign-in"
        role="dialog"
        aria-modal="true"
        aria-label="Sign in"
        data-testid="sign-in"
        onSubmit={(e) => void submit(e)}
      >
        <h2>Sign in to {location.host}</h2>
        <p className="muted">
          This server needs a token to open and sync graphs. Paste the token its owner gave you; it is kept on
          this device for this server only.
        </p>
        <label className="sign-in-field">
          <span>Token</span>
          <input
            className="input"
            type="password"
            autoComplete="off"
            spellCheck={false}
            autoFocus
            value={pasted}
            onChange={(e) => {
              setPasted(e.target.value)
              setError(null)
            }}
          />
        </label>
        {shown && (
          <p className="sign-in-error" role="alert">
            {shown}
          </p>
        )}
        <div className="sign-in-actions">
          <button type="button" className="btn ghost" onClick={close}>
            Not now
          </button>
          <button className="btn primary" disabled={busy}>
            Sign in
          </button>
        </div>
      </form>
    </div>
  )
}

/** Who this browser is signed in as, with sign-out; or a way back to the prompt when it is not. */
export function Account() {
  const { refusal, name } = useSignIn()
  useEffect(() => {
    const ask = new AbortController()
    void checkSignIn(ask.signal)
    return () => ask.abort()
  }, [])
  if (refusal)
    return (
      <button className="btn" onClick={openPrompt} data-testid="sign-in-open">
        Sign in
      </button>
    )
  if (!name && !keptToken()) return null
  return (
    <span className="account">
      <span className="muted small" data-testid="signed-in-as" title="The token's name on this server">
        {name ? `Signed in as ${name}` : 'Signed in'}
      </span>
      <button className="btn ghost small" onClick={signOut} data-testid="sign-out">
        Sign out
      </button>
    </span>
  )
}
