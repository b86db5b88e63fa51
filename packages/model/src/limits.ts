// Limits: generous for people and agents, small enough that no single call can bloat a shared document.
export const LIMITS = {
  batch: 2000,
  summary: 2000,
  notes: 256 * 1024,
  kind: 64,
  link: 2048,
  links: 256,
  propertyKey: 128,
  /** JSON-encoded size of one property value, of `state`, of an evidence ref. */
  value: 64 * 1024,
  properties: 256,
  depth: 32,
} as const
