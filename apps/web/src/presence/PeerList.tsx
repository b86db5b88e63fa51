import type { CSSProperties } from 'react'
import { Icon } from '../ui/Icon.tsx'
import { label, usePresence } from './presence.ts'

/** Who else is here, people and agents, as a row of initials in the top bar. */
export function PeerList({ me }: { me: { name: string; color: string } }) {
  const peers = usePresence((s) => s.peers)
  const shown = peers.slice(0, 6)
  return (
    <div className="peers" data-testid="peers" aria-label={`${peers.length + 1} here`}>
      <span className="peer me" style={{ '--c': me.color } as CSSProperties} title={`${me.name} (you)`}>
        {initials(me.name)}
      </span>
      {shown.map((p) => (
        <span
          key={p.clientId}
          className={`peer ${p.user.kind}`}
          style={{ '--c': p.user.color } as CSSProperties}
          title={label(p.user)}
        >
          {p.user.kind === 'agent' ? <Icon name="bot" size={13} /> : initials(p.user.name)}
        </span>
      ))}
      {peers.length > shown.length && <span className="peer more">+{peers.length - shown.length}</span>}
    </div>
  )
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/)
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?'
}
