const UNITS: Array<[number, Intl.RelativeTimeFormatUnit]> = [
  [60, 'second'],
  [60, 'minute'],
  [24, 'hour'],
  [7, 'day'],
  [4.35, 'week'],
  [12, 'month'],
  [Infinity, 'year'],
]
const fmt = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })

/** "3 minutes ago", "yesterday". */
export function ago(ms: number, now = Date.now()): string {
  if (!ms) return 'never'
  let v = (ms - now) / 1000
  if (Math.abs(v) < 10) return 'just now'
  for (const [size, unit] of UNITS) {
    if (Math.abs(v) < size) return fmt.format(Math.round(v), unit)
    v /= size
  }
  return new Date(ms).toLocaleDateString()
}

export function stamp(ms: number): string {
  return new Date(ms).toLocaleString()
}
