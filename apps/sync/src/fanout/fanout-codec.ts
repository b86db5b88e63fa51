/**
 * The bytes of one fan-out message between servers (fanout.ts), binary end to end:
 *
 *   version (u8) · sender id length (u8) · sender id · message number (f64) · seq (f64) ·
 *   update count (u32) · per update: length (u32) · bytes
 *
 * A message carries a whole stored batch as the list of its updates, not one merged update:
 * `Y.mergeUpdates` on every batch took a fifth of a busy server's time (bench/multi.bench.ts), and
 * the receiver applies the list in one transaction, which relays it to its peers as one update.
 *
 * Hand-written rather than a general serializer: six fixed fields and a list of byte strings, and `decode` checks every length before reading, so a garbled or
 * foreign message is ignored rather than half applied.
 */

/** Bumped when the layout changes: a server ignores messages of another version. */
export const FANOUT_VERSION = 2

export interface FanoutMessage {
  /** The server that sent it (a server ignores its own). */
  from: string
  /** The sender's message number for this graph: a skip means a message was missed. */
  n: number
  /** Store sequence number of the last update; -1 asks receivers to read the graph again. */
  seq: number
  updates: readonly Uint8Array[]
}

export function encodeFanout(message: FanoutMessage): Buffer {
  const id = Buffer.from(message.from)
  if (id.length > 255) throw new Error('fan-out sender id longer than 255 bytes')
  let size = 2 + id.length + 20
  for (const u of message.updates) size += 4 + u.length
  const out = Buffer.allocUnsafe(size)
  let at = out.writeUInt8(FANOUT_VERSION, 0)
  at = out.writeUInt8(id.length, at)
  at += id.copy(out, at)
  at = out.writeDoubleBE(message.n, at)
  at = out.writeDoubleBE(message.seq, at)
  at = out.writeUInt32BE(message.updates.length, at)
  for (const u of message.updates) {
    at = out.writeUInt32BE(u.length, at)
    out.set(u, at)
    at += u.length
  }
  return out
}

/** The message, or null when it is not one of this version or its lengths do not add up. */
export function decodeFanout(bytes: Buffer): FanoutMessage | null {
  if (bytes.length < 2 || bytes.readUInt8(0) !== FANOUT_VERSION) return null
  const idLength = bytes.readUInt8(1)
  let at = 2 + idLength
  if (bytes.length < at + 20) return null
  const from = bytes.toString('utf8', 2, at)
  const n = bytes.readDoubleBE(at)
  const seq = bytes.readDoubleBE(at + 8)
  const count = bytes.readUInt32BE(at + 16)
  at += 20
  const updates: Uint8Array[] = []
  for (let i = 0; i < count; i++) {
    if (bytes.length < at + 4) return null
    const length = bytes.readUInt32BE(at)
    at += 4
    if (bytes.length < at + length) return null
    // A copy: the Redis client may reuse the buffer it parsed into, and Yjs keeps views of binary
    // content it applies.
    updates.push(new Uint8Array(bytes.subarray(at, at + length)))
    at += length
  }
  if (at !== bytes.length) return null
  return { from, n, seq, updates }
}
