// Who this browser is: a display name and a colour, kept on the device. The actor written into history
// is `person:<name>`, which tells people apart from agents and tools in every peer's history view.

export interface Identity {
  name: string
  color: string
}

const KEY = 'plexus.identity'
export const PALETTE = [
  '#e5484d',
  '#f76b15',
  '#ffb224',
  '#30a46c',
  '#12a594',
  '#0090ff',
  '#6e56cf',
  '#d6409f',
]
const NAMES = [
  'Ada',
  'Alan',
  'Grace',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'Ken',
  'Radia',
  'Tim',
  'Leslie',
  'Margaret',
]

function random(n: number): number {
  const a = new Uint32Array(1)
  crypto.getRandomValues(a)
  return a[0]! % n
}

export function loadIdentity(): Identity {
  try {
    const raw = localStorage.getItem(KEY)
    if (raw) {
      const v = JSON.parse(raw) as Partial<Identity>
      if (typeof v.name === 'string' && v.name && typeof v.color === 'string')
        return { name: v.name, color: v.color }
    }
  } catch {
    // storage unavailable or corrupt: make a new identity
  }
  const id: Identity = {
    name: `${NAMES[random(NAMES.length)]} ${100 + random(900)}`,
    color: PALETTE[random(PALETTE.length)]!,
  }
  saveIdentity(id)
  return id
}

export function saveIdentity(id: Identity): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(id))
  } catch {
    // private mode: the identity lives for this page only
  }
}

export const PERSON_PREFIX = 'person:'

export function actorOf(id: Identity): string {
  return PERSON_PREFIX + id.name
}

/** How an actor string reads in the UI, and whether it is a person. */
export function describeActor(actor: string): { name: string; person: boolean } {
  if (actor.startsWith(PERSON_PREFIX)) return { name: actor.slice(PERSON_PREFIX.length), person: true }
  return { name: actor, person: false }
}
