import type { WebsocketProvider } from 'y-websocket'

/**
 * Cross-tab sync that costs nothing while a tab is alone.
 *
 * The stock provider's BroadcastChannel link (`connectBc`) sends the whole document (sync step 2,
 * `encodeStateAsUpdate`) as soon as it starts: for a large graph a long task right after the page
 * opens, usually for no listener. Here the provider is built with the link off, and each tab says
 * `hello` on a small channel of its own (`plexus-tabs:<graph>`). A tab that hears another one links its
 * provider and answers `here`; the newcomer links on each answer from a tab it has not linked with
 * yet (its step 1 and step 2 then reach a tab that is already listening, whatever order the two
 * channels deliver in). Two tabs link whether or not either is connected to the server.
 */

type TabMessage = { type: 'hello'; from: string } | { type: 'here'; from: string; to: string }

/** What this keeps of a BroadcastChannel (the DOM's and Node's both fit). */
interface Channel {
  postMessage(m: TabMessage): void
  close(): void
}

function parse(data: unknown): TabMessage | null {
  if (typeof data !== 'object' || data === null) return null
  const m = data as Record<string, unknown>
  if (typeof m.from !== 'string') return null
  if (m.type === 'hello') return { type: 'hello', from: m.from }
  if (m.type === 'here' && typeof m.to === 'string') return { type: 'here', from: m.from, to: m.to }
  return null
}

export class TabLink {
  private channel: Channel | null = null
  private readonly self = Math.random().toString(36).slice(2) + Date.now().toString(36)
  private readonly peers = new Set<string>()
  /** Set once another tab has been heard: the provider's link is wanted from then on. */
  linked = false

  constructor(
    private readonly provider: WebsocketProvider,
    private readonly name: string,
  ) {}

  /** Opens the small channel and announces this tab. Idempotent; a no-op where BroadcastChannel is missing. */
  join(): void {
    if (this.channel || typeof BroadcastChannel !== 'function') return
    const channel = new BroadcastChannel(`plexus-tabs:${this.name}`)
    channel.onmessage = (e: { data: unknown }) => {
      const m = parse(e.data)
      if (m) this.receive(m)
    }
    this.channel = channel
    this.post({ type: 'hello', from: this.self })
  }

  /**
   * The provider's `disconnect()` also drops its BroadcastChannel link; tabs that found each other
   * keep syncing while offline, so the link is made again (sending the state once more).
   */
  relink(): void {
    if (this.linked) this.link()
  }

  close(): void {
    this.channel?.close()
    this.channel = null
  }

  private receive(m: TabMessage): void {
    if (m.from === this.self) return
    if (m.type === 'hello') {
      // Listen first, then answer: the newcomer's state, sent on the answer, finds this tab subscribed.
      if (!this.linked || !this.provider.bcconnected) this.link()
      this.peers.add(m.from)
      this.post({ type: 'here', from: this.self, to: m.from })
    } else if (m.to === this.self && !this.peers.has(m.from)) {
      this.peers.add(m.from)
      this.link()
    }
  }

  private link(): void {
    this.linked = true
    this.provider.disableBc = false
    this.provider.connectBc()
  }

  private post(m: TabMessage): void {
    this.channel?.postMessage(m)
  }
}
