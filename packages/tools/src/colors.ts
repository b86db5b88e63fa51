/** An agent's colour in presence: the server's (apps/sync/src/http/mcp/agent-presence.ts) and the stdio agent's. */
const PALETTE = ['#e5484d', '#f76b15', '#ffc53d', '#46a758', '#12a594', '#0090ff', '#8e4ec6', '#d6409f']

/** A colour per agent name, the same on every call and every server. */
export function colorOf(name: string): string {
  let h = 2166136261
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619)
  return PALETTE[(h >>> 0) % PALETTE.length]!
}
